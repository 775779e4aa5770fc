#!/bin/bash
# Session 32, call 8 (carry .dev/bundle, .dev/lib = 1e5c242), asked of nvidia-h200: issue 22's
# figures with this session's build: cuBLAS, GEMM 8192 resident in s, d, z, DGEMM 8192 end to
# end at beta 0.5.
source profiles/measured/2026-12-07-s29/setup.sh
{
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep -E "[sdz]gemm"
  timeout 120 .dev/bin/blasroute-bench --routine gemm --precision s,d,z --sizes 8192 --beta 0.5 \
    --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null | grep -E '^[sdz]gemm'
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep -E "[sdz]gemm"
} 2>&1 | tee $OUT/call8.txt
