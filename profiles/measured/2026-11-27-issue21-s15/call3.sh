#!/bin/bash
# Issue 21, session 15, call 3 (nvidia-h200, about 8 minutes), from the checkout root, carrying
# .gpu, .dev/lib, .dev/bin (build c6fdfdb: GEMM cut where the memory goes):
#  1. dgemm of order 50,000 under a 16 GiB device memory cap, checked on 4 sampled columns
#     (it ran past 150 s in call 2, before c6fdfdb);
#  2. c and z end to end at 8192 beside NVBLAS, beta 0.5: the routines call 1 had no time for
#     (syrk, herk, syr2k, her2k, trmm, trsm), with gemm again for the ratios in the same run.
source profiles/measured/gpu-common.sh
env BLASROUTE_MODE=device BLASROUTE_DEVICE_MEMORY=16G BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 \
    timeout 150 .dev/bin/order50k $L $BLASROUTE_CPU_BLAS dgemm 50000 4 > $OUT/dgemm-50000.txt \
    2> $OUT/dgemm-50000.err
echo "dgemm exit $?"; cat $OUT/dgemm-50000.txt; grep 'report: d' $OUT/dgemm-50000.err | head -3
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
timeout 390 stdbuf -oL .dev/bin/blasroute-bench --routine gemm,syrk,herk,syr2k,her2k,trmm,trsm \
    --precision c,z --sizes 8192 --repeat 2 --pause 50 --no-cpu --no-clblast \
    > $OUT/cz-8192.txt 2> $OUT/cz-8192.err
grep '^[cz]' $OUT/cz-8192.txt
pack
