#!/bin/bash
# Issue 21, session 15, call 2 (nvidia-h200, about 5 minutes), from the checkout root, carrying
# .gpu, .dev/lib, .dev/bin (this session's build with TRSM panels at least 2048 wide, and
# order50k built from order50k.c on the development machine):
#  1. dtrsm and strsm at 8192 and 2048 beside dgemm, sgemm, device mode, beta 0.5;
#  2. Done-when 4: dsyrk, dtrsm, dgemm and dsymm of order 50,000 through blasroute's Fortran
#     symbols in device mode with a device memory cap of 16 GiB (each operand is 20 GB), every
#     one checked on 4 sampled columns against the CPU BLAS (OpenBLAS).
source profiles/measured/gpu-common.sh
timeout 60 .dev/bin/blasroute-bench --routine gemm,trsm --precision d,s --sizes 8192,2048 \
    --repeat 2 --pause 50 --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep '^[ds]' |
    sed 's/^/trsm /'
for r in dsyrk dtrsm dgemm dsymm; do
  env BLASROUTE_MODE=device BLASROUTE_DEVICE_MEMORY=16G BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 \
      timeout 150 .dev/bin/order50k $L $BLASROUTE_CPU_BLAS $r 50000 4 > $OUT/$r-50000.txt \
      2> $OUT/$r-50000.err
  echo "$r exit $?"; cat $OUT/$r-50000.txt; grep 'report: d' $OUT/$r-50000.err | head -3
done
pack
