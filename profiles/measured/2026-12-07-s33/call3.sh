#!/bin/bash
# Session 33, call 3 (carry .dev/bundle, .dev/lib = 84e207f's build), asked of nvidia-h200.
# On an H200: call 2's H200 branch (issue 22's figures, issue 20's suite at 8192). On an H100:
# call 2's modes sweep again over the rows it found more than 5% under the better column, now
# traced (every call's path, reason, predictions and what learning took), with the cache each
# left (CPU calibration, learned table), to see why auto lost there.
source profiles/measured/2026-12-07-s29/setup.sh
bench() { timeout 150 .dev/bin/blasroute-bench --no-cpu --no-clblast --no-nvblas \
            --repeat 3 "$@" 2> /dev/null | grep -E '^[sdcz]gemm'; }
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  {
    cublas
    bench --routine gemm --precision s,d,z --sizes 8192 --beta 0.5
    cublas
    bench --routine gemm --precision d --sizes 8192 --beta 0
  } 2>&1 | tee $OUT/issue22.txt
  suite h200-8192 380 --orders 8192 --workloads getrf,potrf,gesv,geqrf --repeats 1 --aa
else
  sweep() { # NAME PRECISIONS ROUTINES SIZES LIMIT
    export BLASROUTE_CACHE_DIR=/tmp/c-sweep-$1
    rm -rf $BLASROUTE_CACHE_DIR
    .dev/bin/blasroute-bench --routine $3 --precision $2 --sizes 512 --modes auto --repeat 1 \
        --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
    mkdir -p $OUT/cache-$1-pass
    find $BLASROUTE_CACHE_DIR -maxdepth 2 \( -name 'cpu*.profile' -o -name 'learned*.table' \) \
        -exec cp {} $OUT/cache-$1-pass/ \;
    BLASROUTE_TRACE=$OUT/trace-$1.csv timeout $5 .dev/bin/blasroute-bench --routine $3 \
        --precision $2 --sizes $4 --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 \
        --no-cpu --no-clblast --no-nvblas --csv > $OUT/modes-$1.csv 2> $OUT/modes-$1.err
    echo "sweep $1: exit $?"
    mkdir -p $OUT/cache-$1
    find $BLASROUTE_CACHE_DIR -maxdepth 2 \( -name 'cpu*.profile' -o -name 'learned*.table' \) \
        -exec cp {} $OUT/cache-$1/ \;
    gzip $OUT/trace-$1.csv
    python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$1.csv |
        tee $OUT/modes-$1-summary.txt; }
  sweep gst s,d gemm,syrk,trmm 256,512 200
  sweep sym s,d symm 256,512 100
  sweep zk c,z syrk,herk 256,8192x8192x64 150
  ls $OUT
fi
