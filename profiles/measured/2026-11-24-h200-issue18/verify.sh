#!/bin/bash
# Issue 18's "Done when" on the GPU machine, once more with the build that closes it (main at
# 415d6aa): fork (device and auto mode, order 1024), exit(7) with 3 threads in device calls,
# and DGEMM 8192 while PyTorch holds all but 2 GiB. Carried: .gpu, .dev18v (lib/ this build,
# fork_device, busy_device, pressure built against it). Writes to $OUT/verify-*.txt.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev18v
export LD_LIBRARY_PATH=$D/lib:$LD_LIBRARY_PATH BLASROUTE_DEVICE=gpu BLASROUTE_CACHE_DIR=/tmp/brcache
for mode in device auto; do
  BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 timeout 200 $D/fork_device 1024 \
    > $OUT/verify-fork-$mode.txt 2>&1; echo "exit status $?" >> $OUT/verify-fork-$mode.txt
done
for d in 0 2000 20000 100000 300000 1000000; do
  BLASROUTE_MODE=device timeout 20 $D/busy_device exit 3 $d > /tmp/o 2> /tmp/e
  echo "delay ${d}us: status $? stdout $(wc -c < /tmp/o) bytes stderr: $(head -c 200 /tmp/e | tr '\n' ' ')"
done > $OUT/verify-exit.txt 2>&1
rm -f /tmp/hog-ready
python3 - > $OUT/verify-hog.txt 2>&1 <<'PY' &
import time, torch
free, total = torch.cuda.mem_get_info()
hold = torch.empty(free - 2 * 2**30, dtype=torch.uint8, device="cuda")
print(f"free {free / 2**30:.1f} GiB of {total / 2**30:.1f}; holding {hold.numel() / 2**30:.1f} GiB", flush=True)
open("/tmp/hog-ready", "w").close()
time.sleep(300)
PY
hog=$!
for i in $(seq 90); do [ -e /tmp/hog-ready ] && break; sleep 1; done
nvidia-smi --query-gpu=memory.total,memory.used,memory.free --format=csv >> $OUT/verify-hog.txt
BLASROUTE_MODE=auto BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 timeout 200 $D/pressure 8192 4 \
  > $OUT/verify-pressure.txt 2>&1; echo "exit status $?" >> $OUT/verify-pressure.txt
kill $hog
