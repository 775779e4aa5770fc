#!/bin/bash
# Issue 20, eleventh session: the modes sweep (cpu, device, auto; best of 3 rounds) over the
# rows the c and z sweep of calls 1 to 3 missed and their neighbours, after the repeat of a
# disturbed try (the CPU tried twice in a row on the lowered count), plus s and d at 512
# (session 10's misses there). One device call (about 5 minutes):
#     bash profiles/measured/2026-11-26-issue20-s11/focus.sh [all|short]
# Carried: .gpu, .dev (this build). Dry run here: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
run() { # PRECISIONS ROUTINES SIZES NAME
  sizes=$3
  if [ "${DRY:-0}" = 1 ]; then sizes=64,128; export BLASROUTE_DEVICE=cpu; fi
  export BLASROUTE_CACHE_DIR=/tmp/brcache-focus-$4
  # The learned table and the programs of one warm-up pass first, as a program run before has.
  .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes 512 --modes auto \
      --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  BLASROUTE_TRACE=$OUT/trace-$4.csv timeout 250 .dev/bin/blasroute-bench --routine $2 \
      --precision $1 --sizes $sizes --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 \
      --no-cpu --no-clblast --no-nvblas --csv > $OUT/modes-$4.csv 2> $OUT/modes-$4.err
  echo "bench $4: exit $?" | tee -a $OUT/modes-$4.err
  gzip $OUT/trace-$4.csv
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$4.csv \
      | tee $OUT/modes-$4-summary.txt; }
case ${1:-all} in
  all)  # call 4 (d6d992c): the cz part ended at its 250 s in csyr2k's skinny rows
    run c,z syrk,herk,syr2k,her2k,trmm,trsm 128,256,512,8192x8192x64,8192x64x8192,64x8192x8192 cz
    run s,d gemm,symm,trmm,syr2k 256,512 sd ;;
  short)  # call 5: the rows call 4 missed, fewer sizes
    run c,z syrk,herk,syr2k,her2k 256,512,8192x8192x64,8192x64x8192 cz
    run c,z trmm 256,512,64x8192x8192 cz-trmm
    run s,d gemm,symm,trmm,syr2k 256,512 sd ;;
esac
pack
