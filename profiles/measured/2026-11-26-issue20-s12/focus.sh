#!/bin/bash
# Issue 20, twelfth session: the modes sweep (cpu, device, auto; best of 3 rounds) over the rows
# where the CPU is faster but was measured only on its lowered thread count, after the bound
# (a try of the CPU on the lowered count teaches measured * share, br_learn_cpu_sample), plus
# the first call and the tiny calls of this build. One device call (under 10 minutes):
#     bash profiles/measured/2026-11-26-issue20-s12/focus.sh [sd|cz|all]
# Carried: .gpu, .dev (this build, with tests/first_call in .dev/bin). Dry run: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
run() { # PRECISIONS ROUTINES SIZES NAME LIMIT
  sizes=$3
  if [ "${DRY:-0}" = 1 ]; then sizes=64,128; export BLASROUTE_DEVICE=cpu; fi
  export BLASROUTE_CACHE_DIR=/tmp/brcache-focus-$4
  # The learned table and the programs of one warm-up pass first, as a program run before has.
  .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes 512 --modes auto \
      --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  BLASROUTE_TRACE=$OUT/trace-$4.csv timeout $5 .dev/bin/blasroute-bench --routine $2 \
      --precision $1 --sizes $sizes --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 \
      --no-cpu --no-clblast --no-nvblas --csv > $OUT/modes-$4.csv 2> $OUT/modes-$4.err
  echo "bench $4: exit $?" | tee -a $OUT/modes-$4.err
  gzip $OUT/trace-$4.csv
  # What the warm-up pass and the sweep left: the CPU calibration and the learned table.
  mkdir -p $OUT/cache-$4
  find $BLASROUTE_CACHE_DIR -maxdepth 2 \( -name 'cpu*.profile' -o -name 'learned*.table' \) \
      -exec cp {} $OUT/cache-$4/ \;
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$4.csv \
      | tee $OUT/modes-$4-summary.txt; }
firsts() { # the first call (tests/first_call, cpu mode) and tiny calls, this build
  for i in 1 2 3; do
    env LD_PRELOAD=$L BLASROUTE_MODE=cpu BLASROUTE_CACHE_DIR=/tmp/brcache-first \
        .dev/bin/first_call 0 0 | head -1; echo "first_call exit ${PIPESTATUS[0]}"
  done
  for i in 1 2; do .dev/bin/tiny-calls 2>&1 | tail -3; done; }
case ${1:-all} in
  sd)  firsts | tee $OUT/firsts.txt
       run s,d gemm,symm,syrk,syr2k,trmm 256,512,8192x8192x64 sd 420 ;;
  cz)  run c,z syrk,herk,syr2k,her2k,trmm 256,512,8192x8192x64,8192x64x8192 cz 500 ;;
  all) firsts | tee $OUT/firsts.txt
       run s,d gemm,symm,syrk,syr2k,trmm 256,512 sd 250
       run c,z syrk,herk,syr2k,her2k 256,512,8192x8192x64,8192x64x8192 cz 250 ;;
esac
pack
