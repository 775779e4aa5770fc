#!/bin/bash
# Session 23, nvidia-h200, about 2 minutes; carry .dev/bundle (83fdc05: calls beside a warm-up
# thread no longer measure the CPU BLAS). The modes sweep's rank-k rows as in
# ../2026-11-27-issue22-s16/rankk-modes.sh (cpu, device, auto, best of 3 rounds, after a
# warm-up pass at 512 on the same cache), the warm-up pass traced too, the CPU profile and
# learned table each left kept. ROUNDS=N: N rounds (call 11: 5, with 8274ba3's auto/best).
source profiles/measured/gpu-common.sh
run() { # PRECISIONS ROUTINES SIZES NAME
  export BLASROUTE_CACHE_DIR=/tmp/brcache-rk-$4; rm -rf $BLASROUTE_CACHE_DIR
  BLASROUTE_TRACE=$OUT/pass-$4.csv BLASROUTE_VERBOSE=1 .dev/bin/blasroute-bench --routine $2 \
      --precision $1 --sizes 512 --modes auto --repeat 1 --no-cpu --no-clblast --no-nvblas \
      > /dev/null 2> $OUT/pass-$4.err
  mkdir -p $OUT/cache-$4; cp $BLASROUTE_CACHE_DIR/cpu*.profile $OUT/cache-$4/pass.profile 2>/dev/null
  BLASROUTE_TRACE=$OUT/trace-$4.csv timeout 100 .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes $3 \
      --modes cpu,device,auto --repeat 1 --rounds ${ROUNDS:-3} --pause 250 --no-cpu --no-clblast \
      --no-nvblas --csv > $OUT/modes-$4.csv 2> $OUT/modes-$4.err
  cp $BLASROUTE_CACHE_DIR/cpu*.profile $BLASROUTE_CACHE_DIR/learned*.table $OUT/cache-$4/ 2>/dev/null
  grep -h "sgemm =\|dgemm =" $OUT/cache-$4/pass.profile
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$4.csv \
      | tee $OUT/modes-$4-summary.txt; }
run s,d syrk,syr2k 8192x8192x64 sd
run c,z herk,syr2k 8192x8192x64,8192x64x8192 cz
gzip -9 $OUT/*.csv
pack
