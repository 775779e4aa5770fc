#!/bin/bash
# Issue 20, prepared for the next session (not run: this session's device time ran out): how
# to keep the device path's host copies clear of OpenBLAS's spinning threads (run5, run6).
# For each reference-LAPACK stream at 8192, one run each on an empty cache: cpu and auto mode
# with OpenBLAS on 16, 12 and 8 threads, and with its threads sleeping at once
# (OPENBLAS_THREAD_TIMEOUT=4); device mode once. About 4 minutes. Carried: .gpu, .dev.
#     bash profiles/measured/2026-11-25-issue20-memo/run8.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
one() { # ROUTINE MODE VAR=VALUE...
  routine=$1 mode=$2; shift 2
  rm -rf /tmp/c-run8
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-run8 BLASROUTE_MODE=$mode "$@" \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 8192 $routine \
      | awk '{print $3}')
  echo "$routine $mode $* $s"; }
for r in geqrf getrf potrf gesv; do
  one $r device
  for t in 16 12 8; do
    one $r cpu OPENBLAS_NUM_THREADS=$t
    one $r auto OPENBLAS_NUM_THREADS=$t
  done
  one $r cpu OPENBLAS_THREAD_TIMEOUT=4
  one $r auto OPENBLAS_THREAD_TIMEOUT=4
done | tee $OUT/output.txt
