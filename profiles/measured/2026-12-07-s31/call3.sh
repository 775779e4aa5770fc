#!/bin/bash
# Session 31, call 3 (call 2 cut short for the device time left; carry .dev/bundle: .dev/lib =
# 6127da1's library with the last-wave cut, .dev/lib-old = 1381fe8's, without): what the driver
# says of s and d's gemm_tiled, SGEMM 8192 and 8320 resident and kernel alone, new and old
# library after cuBLAS; then DGEMM 8192 new and old.
source profiles/measured/2026-12-07-s29/setup.sh
br() { # DIR PRECISIONS SIZES
  LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
    --routine gemm --precision $2 --sizes $3 --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"
}
{
  nvidia-smi --query-gpu=name --format=csv,noheader
  BLASROUTE_VERBOSE=1 BLASROUTE_MODE=device timeout 60 .dev/bin/blasroute-bench --routine gemm \
    --precision s,d --sizes 256 --no-cpu --no-clblast --no-nvblas --repeat 1 2>&1 |
    grep -E "program:"
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192,8320 | grep sgemm
  br lib s 8192,8320
  br lib-old s 8192,8320
  br lib d 8192
  br lib-old d 8192
} 2>&1 | tee $OUT/call3.txt
pack
