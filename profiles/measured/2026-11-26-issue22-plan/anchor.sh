#!/bin/bash
# Issue 22's measurement (prepared 2026-11-26, not yet run): blasroute's GEMM kernels with the
# data resident (blasroute-bench's br-res and br-kern) beside cuBLAS (cublas.py, PyTorch, TF32
# off) in one call, n = 4096 and 8192, every precision; on nvidia-h200 (its tuned profile) and
# nvidia-h100-x1 (no tuned profile: the built-in choice, since 73f36ee the tensor-core kernel for
# double precision on compute capability 8.0 and later). blasroute-info says which kernel each
# precision ran. Carried: .gpu, .dev/lib, .dev/bin. About 2 minutes.
source profiles/measured/gpu-common.sh
.dev/bin/blasroute-info 2> /dev/null | sed -n '/GEMM kernels/,/^$/p' | tee $OUT/kernels.txt
timeout 200 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 4096,8192 \
  | tee $OUT/cublas.txt
timeout 300 .dev/bin/blasroute-bench --routine gemm --precision s,d,c,z --sizes 4096,8192 \
  --no-cpu --no-clblast --no-nvblas --repeat 3 > $OUT/bench.txt 2> $OUT/bench.err
grep -E '^[sdcz]gemm' $OUT/bench.txt
