#!/bin/bash
# Session 33, call 2 (carry .dev/bundle, .dev/lib = 84e207f's build), asked of nvidia-h200.
# On an H200: issue 22's figures beside cuBLAS (call 1's block), then issue 20's suite at 8192
# (getrf, potrf, gesv, geqrf; one repeat, --aa). On an H100 (the tool gives one when no H200
# comes): issue 20's modes sweep over the rows that lost before (session 25's focus rows: s and
# d GEMM, SYMM, rank-k, TRMM at 256 and 512; c and z rank-k at 256, 512 and 8192 x 64), on
# this build, a GPU host's view of routing that no H100 call has taken since session 25.
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
    timeout $5 .dev/bin/blasroute-bench --routine $3 --precision $2 --sizes $4 \
        --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast \
        --no-nvblas --csv > $OUT/modes-$1.csv 2> $OUT/modes-$1.err
    echo "sweep $1: exit $?"
    python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$1.csv |
        tee $OUT/modes-$1-summary.txt; }
  sweep sd s,d gemm,symm,syrk,syr2k,trmm 256,512 250
  sweep cz c,z syrk,herk,syr2k,her2k 256,512,8192x8192x64 260
fi
