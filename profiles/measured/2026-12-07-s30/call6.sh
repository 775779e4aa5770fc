#!/bin/bash
# Session 30, call 6 (asked as nvidia-h200; carry .dev/bundle: .dev/lib = 1381fe8): issue 22's
# GEMM 8192, every precision, built-in profiles only (resident, kernel, end to end from host
# arrays), cuBLAS before and after; then DGEMM end to end alone, best of 5; then SGEMM at 8320
# beside cuBLAS (65 x 65 tiles of 128: 4225 work-groups, 16.0 waves of 2 on 132 units, where
# 8192's 4096 are 15.5: how much of SGEMM's gap to cuBLAS is the last wave's).
source profiles/measured/2026-12-07-s29/setup.sh
nobody() { env -u BLASROUTE_PROFILE HOME=/tmp/nohome XDG_DATA_HOME=/tmp/nohome "$@"; }
{
  cublas
  nobody .dev/bin/blasroute-info 2>&1 | grep -E "device:|^ *[sdcz]:" | head -6
  nobody timeout 200 .dev/bin/blasroute-bench --routine gemm --precision s,d,c,z --sizes 8192 \
    --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "gemm"
  nobody timeout 100 .dev/bin/blasroute-bench --routine gemm --precision d --sizes 8192 \
    --no-cpu --no-clblast --no-nvblas --repeat 5 2>/dev/null | grep -E "gemm"
  cublas
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8320 | grep sgemm
  nobody timeout 100 .dev/bin/blasroute-bench --routine gemm --precision s --sizes 8320 \
    --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "gemm"
} 2>&1 | tee $OUT/call6.txt
pack
