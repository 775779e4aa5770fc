#!/bin/bash
# Session 26, about 6 minutes; carry .dev/bundle (eda803c). The suite at 4096 (every LAPACK
# workload) and the numpy script at 1024 and 4096, --aa (the sweep below was dropped for the device
# time left; kept for a later call: sweep s,d gemm,trmm 256,512 sd 120).
source profiles/measured/gpu-common.sh
suite mid 210 --orders 4096 --workloads gesv,getrf,potrf,geqrf,syevd --repeats 3 --aa
suite numpy 130 --orders 1024,4096 --workloads numpy --repeats 3 --aa
sweep() { # PRECISIONS ROUTINES SIZES NAME LIMIT (as focus.sh's run)
  export BLASROUTE_CACHE_DIR=/tmp/brcache-focus-$4
  .dev/bin/blasroute-bench --routine $2 --precision $1 --sizes 512 --modes auto \
      --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  BLASROUTE_TRACE=$OUT/trace-$4.csv timeout $5 .dev/bin/blasroute-bench --routine $2 \
      --precision $1 --sizes $3 --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 \
      --no-cpu --no-clblast --no-nvblas --csv > $OUT/modes-$4.csv 2> $OUT/modes-$4.err
  echo "bench $4: exit $?" | tee -a $OUT/modes-$4.err
  gzip $OUT/trace-$4.csv
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$4.csv \
      | tee $OUT/modes-$4-summary.txt; }
pack
