#!/bin/bash
# Issue 18 on the GPU machine, part 1: fork, exit and device-memory pressure. Run from the
# checkout root with .gpu (../shared/device/pack) and .dev18 (the binaries: lib/ this build,
# old/ the build before issue 18, fork_device, busy_device, pressure) carried; writes to $OUT.
set -u
source .gpu/env.sh
D=$PWD/.dev18
export BLASROUTE_DEVICE=gpu BLASROUTE_CACHE_DIR=/tmp/brcache
base=$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv > $OUT/gpu.txt
date -u >> $OUT/gpu.txt
# 1. fork: the parent's calls on the device, 4 forked children, the parent again.
for mode in device:1024 auto:2048; do
  LD_LIBRARY_PATH=$D/lib:$base BLASROUTE_MODE=${mode%:*} BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 \
    timeout 300 $D/fork_device ${mode#*:} > $OUT/fork-${mode%:*}.txt 2>&1
  echo "exit status $?" >> $OUT/fork-${mode%:*}.txt
done
# 2. exit(7) with 3 threads in device calls, this build and the one before.
for lib in lib old; do
  for d in 0 2000 20000 100000 300000 1000000; do
    LD_LIBRARY_PATH=$D/$lib:$base BLASROUTE_MODE=device timeout 20 $D/busy_device exit 3 $d > /tmp/o 2> /tmp/e
    echo "$lib delay ${d}us: status $? stdout $(wc -c < /tmp/o) bytes stderr: $(head -c 200 /tmp/e | tr '\n' ' ')"
  done
done > $OUT/exit.txt 2>&1
# 3. another process holds all but 2 GiB of the GPU's memory; DGEMM 8192 three times.
python3 - > $OUT/hog.txt 2>&1 <<'PY' &
import time, torch
free, total = torch.cuda.mem_get_info()
hold = torch.empty(free - 2 * 2**30, dtype=torch.uint8, device="cuda")
print(f"free {free / 2**30:.1f} GiB of {total / 2**30:.1f}; holding {hold.numel() / 2**30:.1f} GiB", flush=True)
open("/tmp/hog-ready", "w").close()
time.sleep(600)
PY
hog=$!
for i in $(seq 60); do [ -e /tmp/hog-ready ] && break; sleep 1; done
nvidia-smi --query-gpu=memory.total,memory.used,memory.free --format=csv >> $OUT/hog.txt
for lib in lib old; do
  LD_LIBRARY_PATH=$D/$lib:$base BLASROUTE_MODE=auto BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 \
    BLASROUTE_TRACE=$OUT/pressure-$lib.csv timeout 200 $D/pressure 8192 4 > $OUT/pressure-$lib.txt 2>&1
  echo "exit status $?" >> $OUT/pressure-$lib.txt
done
kill $hog
