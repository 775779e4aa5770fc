#!/bin/bash
# Issue 18's soak, third run: as soak2.sh (3 processes of 8 threads, every routine and
# precision, sizes 1..1200, auto mode, every result checked) but in the foreground for 540 s
# with MALLOC_ARENA_MAX=2, to tell glibc's per-thread arenas apart from a leak in the late
# VmRSS creep of the second run. Carried: .gpu, .dev18. Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev18
export LD_LIBRARY_PATH=$D/lib:$LD_LIBRARY_PATH BLASROUTE_DEVICE=gpu BLASROUTE_MODE=auto \
  BLASROUTE_CACHE_DIR=/tmp/brcache BLASROUTE_REFERENCE_BLAS=$D/ref/libblas.so.3 \
  MALLOC_ARENA_MAX=2
nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv > $OUT/soak3.gpu.txt
BLASROUTE_REPORT=1 timeout 590 $D/soak --threads 8 --processes 3 --seconds 540 \
  --max-size 1200 --progress 30 > $OUT/soak3.out.txt 2> $OUT/soak3.err.txt
echo "exit status $?" >> $OUT/soak3.out.txt
nvidia-smi --query-gpu=memory.used --format=csv >> $OUT/soak3.gpu.txt
