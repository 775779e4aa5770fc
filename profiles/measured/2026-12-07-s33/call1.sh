#!/bin/bash
# Session 33, call 1 (carry .dev/bundle, .dev/lib = 84e207f's build, the same code as 2dc561d),
# asked of nvidia-h200: issue 22's figures beside cuBLAS in one call: GEMM 8192 resident in s,
# d, z (best of 3), DGEMM 8192 end to end from host arrays at beta 0.5 and 0, and 8320 for s.
source profiles/measured/2026-12-07-s29/setup.sh
bench() { timeout 150 .dev/bin/blasroute-bench --no-cpu --no-clblast --no-nvblas \
            --repeat 3 "$@" 2> /dev/null | grep -E '^[sdcz]gemm'; }
{
  cublas
  bench --routine gemm --precision s,d,z --sizes 8192 --beta 0.5
  cublas
  bench --routine gemm --precision d --sizes 8192 --beta 0
  bench --routine gemm --precision s --sizes 8320 --beta 0.5
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8320 | grep sgemm
  cublas
} 2>&1 | tee $OUT/call1.txt
