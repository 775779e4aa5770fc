#!/bin/bash
# Issue 20, session 14: where a rank-k update of n = 8192, k = 64 spends its device time (the
# H200 profile predicts csyrk 16.4 ms, zherk 32.8; they took 29 to 37 and 55 to 79 in the c/z
# sweep), against the square n = k = 8192 whose prediction held (dsyrk, session 8 of issue 21).
# Timelines of one call each in device mode after a warm-up (blasroute-bench --modes device).
#     bash profiles/measured/2026-11-27-issue20-s14/rankk.sh
# Carried: .gpu, .dev/lib, .dev/bin/blasroute-bench.
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/c-rankk
for spec in "c syrk 8192x8192x64" "z herk 8192x8192x64" "d syrk 8192x8192x64" "c syrk 8192"; do
  set -- $spec
  BLASROUTE_TIMELINE=$OUT/timeline-$1$2-${3%%x*}-${3##*x}.csv timeout 60 .dev/bin/blasroute-bench \
      --routine $2 --precision $1 --sizes $3 --modes device --repeat 1 --rounds 2 --no-cpu \
      --no-clblast --no-nvblas 2>&1 | tail -1 | sed "s/^/$1$2 $3 /"
done | tee $OUT/rankk.txt
pack
