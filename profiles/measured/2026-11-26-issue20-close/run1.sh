#!/bin/bash
# Issue 20, fourth session, first call (build caf1f28): whether a first process finds the GPU
# its kernel driver lists (verbose lines of one cold dgesv 4096), then close.sh's streams-8192
# (the present rule for OpenBLAS's threads against keep) and the suite at 4096 (best of 3).
# Carried: .gpu, .dev.    bash profiles/measured/2026-11-26-issue20-close/run1.sh
C=profiles/measured/2026-11-25-issue20-threads/close.sh
ls /proc/driver/nvidia/gpus/*/information && grep -h Model /proc/driver/nvidia/gpus/*/information
( source profiles/measured/gpu-common.sh > /dev/null
  rm -rf /tmp/c-guess
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-guess BLASROUTE_VERBOSE=1 \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 4096 gesv \
      > $OUT/guess-gesv.txt 2>&1
  grep -i "listed\|opened\|open" $OUT/guess-gesv.txt | head -5; tail -1 $OUT/guess-gesv.txt )
bash $C streams-8192
bash $C suite-4096
