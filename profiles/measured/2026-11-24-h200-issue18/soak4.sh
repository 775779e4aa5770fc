#!/bin/bash
# Issue 18's soak, fourth run: where does the slow late VmRSS creep of soak2/soak3 come from?
# The same soak (3 processes of 8 threads, every routine and precision, every result checked)
# for 260 s in device mode (every call on the device, sizes 1..600) and then for 260 s in cpu
# mode (every call on the CPU BLAS, sizes 1..1200), with MALLOC_ARENA_MAX=2.
# Carried: .gpu, .dev18. Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev18
export LD_LIBRARY_PATH=$D/lib:$LD_LIBRARY_PATH BLASROUTE_DEVICE=gpu \
  BLASROUTE_CACHE_DIR=/tmp/brcache BLASROUTE_REFERENCE_BLAS=$D/ref/libblas.so.3 \
  MALLOC_ARENA_MAX=2
for run in device:600 cpu:1200; do
  mode=${run%:*}
  BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 timeout 285 $D/soak --threads 8 --processes 3 \
    --seconds 260 --max-size ${run#*:} --progress 20 > $OUT/soak4-$mode.out.txt 2> $OUT/soak4-$mode.err.txt
  echo "exit status $?" >> $OUT/soak4-$mode.out.txt
done
