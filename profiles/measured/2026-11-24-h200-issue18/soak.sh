#!/bin/bash
# Issue 18's soak on the GPU machine: `soak.sh start` starts tests/soak (3 processes of 8
# threads, every routine and precision, sizes 1..1200, auto mode, every result checked against
# the reference BLAS) for 630 s in a session of its own, and samples the GPU's memory every
# 30 s while it runs; `soak.sh collect` waits for it and copies what it wrote. Carried:
# .gpu, .dev18 (lib/, soak, ref/libblas.so.3). Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev18
if [ "$1" = start ]; then
  LD_LIBRARY_PATH=$D/lib:$LD_LIBRARY_PATH BLASROUTE_DEVICE=gpu BLASROUTE_MODE=auto \
    BLASROUTE_REPORT=1 BLASROUTE_CACHE_DIR=/tmp/brcache BLASROUTE_REFERENCE_BLAS=$D/ref/libblas.so.3 \
    setsid nohup $D/soak --threads 8 --processes 3 --seconds 630 --max-size 1200 --progress 30 \
    > /tmp/soak.out 2> /tmp/soak.err < /dev/null &
  for i in $(seq 19); do
    sleep 30
    echo "$(date -u +%T) $(nvidia-smi --query-gpu=memory.used --format=csv,noheader)" \
      "$(nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader | tr '\n' ' ')"
  done > $OUT/gpu-memory.txt
  cp /tmp/soak.out /tmp/soak.err $OUT/
else
  while pgrep -f "$D/soak" > /dev/null; do sleep 2; done
  cp /tmp/soak.out /tmp/soak.err $OUT/
fi
