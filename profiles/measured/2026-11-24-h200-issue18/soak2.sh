#!/bin/bash
# Issue 18's soak, second run, with the soak that takes each process's "start" figures once it
# is warm (every routine has completed 2 calls). `soak2.sh start` starts tests/soak (3
# processes of 8 threads, every routine and precision, sizes 1..1200, auto mode, every result
# checked against the reference BLAS) for 660 s in a session of its own and samples the GPU's
# memory and each process's VmRSS every 30 s; `soak2.sh collect` waits for it, copies what it
# wrote, then runs tests/fork_device in auto mode at order 1024 (the parent's large calls on
# the device, then 4 children, then the parent again). Carried: .gpu, .dev18 (lib/, soak,
# fork_device, ref/libblas.so.3). Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev18
export LD_LIBRARY_PATH=$D/lib:$LD_LIBRARY_PATH BLASROUTE_DEVICE=gpu BLASROUTE_MODE=auto \
  BLASROUTE_CACHE_DIR=/tmp/brcache BLASROUTE_REFERENCE_BLAS=$D/ref/libblas.so.3
if [ "$1" = start ]; then
  BLASROUTE_REPORT=1 setsid nohup $D/soak --threads 8 --processes 3 --seconds 660 \
    --max-size 1200 --progress 30 > /tmp/soak.out 2> /tmp/soak.err < /dev/null &
  for i in $(seq 18); do
    sleep 30
    rss=$(for p in $(pgrep -f "$D/soak"); do grep VmRSS /proc/$p/status | awk '{print $2}'; done | tr '\n' ' ')
    echo "$(date -u +%T) gpu $(nvidia-smi --query-gpu=memory.used --format=csv,noheader)" \
      "apps $(nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader | tr '\n' ' ')" \
      "rss_kib $rss"
  done > $OUT/gpu-memory2.txt
  cp /tmp/soak.out $OUT/soak2.out.txt; cp /tmp/soak.err $OUT/soak2.err.txt
else
  while pgrep -f "$D/soak" > /dev/null; do sleep 2; done
  cp /tmp/soak.out $OUT/soak2.out.txt; cp /tmp/soak.err $OUT/soak2.err.txt
  BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 timeout 280 $D/fork_device 1024 \
    > $OUT/fork-auto2.txt 2>&1; echo "exit status $?" >> $OUT/fork-auto2.txt
fi
