#!/bin/bash
# Issue 20, prepared for the next session (not run: this session's device time ran out):
# what OPENBLAS_THREAD_TIMEOUT=4 (OpenBLAS's threads sleep at once after a call instead of
# spinning for 2^28 cycles) costs the CPU BLAS alone:
# cpu mode with and without it, in turns, three times, on reference-LAPACK streams of 4096.
# Carried: .gpu, .dev (run2's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run7.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
for r in getrf potrf geqrf gesv; do
  for i in 1 2 3; do
    for t in 28 4; do
      s=$(env LD_PRELOAD=$L BLASROUTE_MODE=cpu OPENBLAS_THREAD_TIMEOUT=$t \
          LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 4096 $r | awk '{print $3}')
      echo "$r timeout=$t $s"
    done
  done
done | tee $OUT/output.txt
