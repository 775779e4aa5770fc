#!/bin/bash
# Issue 20, session 16 (2026-11-27), nvidia-h200, about 2 minutes, from the checkout root:
# the modes sweep's rank-k rows that were under 0.95 in session 14 (n = 8192, k = 64, and
# the thin rank-2k), on this session's build (upper panels by columns since 5127805, the
# H200 profile's d and z re-tuned). cpu, device, auto; best of 3 rounds, after a warm-up pass
# (session 12's focus.sh, fewer rows). Carry .gpu, .dev/lib, .dev/bin. (Calls 7 and 8 ran it
# without the trace; it now keeps one, whose predicted_cpu_s says why auto chose each path.)
source profiles/measured/gpu-common.sh
run() { # PRECISIONS ROUTINES SIZES NAME
  export BLASROUTE_CACHE_DIR=/tmp/brcache-focus-$4
  .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes 512 --modes auto \
      --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  BLASROUTE_TRACE=$OUT/trace-$4.csv timeout 100 .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes $3 \
      --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast \
      --no-nvblas --csv > $OUT/modes-$4.csv 2> $OUT/modes-$4.err
  echo "bench $4: exit $?"
  # What the warm-up pass and the sweep left (the CPU calibration, the learned table): call 7
  # of session 17 predicted every s CPU call 70 to 80 times too slow and did not keep them.
  mkdir -p $OUT/cache-$4
  find $BLASROUTE_CACHE_DIR -maxdepth 2 \( -name 'cpu*.profile' -o -name 'learned*.table' \) \
      -exec cp {} $OUT/cache-$4/ \;
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$4.csv \
      | tee $OUT/modes-$4-summary.txt; }
run s,d syrk,syr2k 8192x8192x64 sd
run c,z herk,syr2k 8192x8192x64,8192x64x8192 cz
