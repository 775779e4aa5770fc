#!/bin/bash
# Issues 21 and 22, session 16 (2026-11-27), nvidia-h200, about 5 minutes, from the checkout
# root. Carry .gpu, .dev/lib and .dev/bin (the build with the re-tuned H200 profile built in).
#  1. cuBLAS 8192 resident, every precision (cublas.py: PyTorch, TF32 off);
#  2. GEMM 8192, every precision: resident, end to end from pageable arrays and NVBLAS, beta 0.5;
#  3. dgemm and sgemm 8192 and 2048 end to end at beta 0 (C neither uploaded nor read);
#  4. every routine in double at 8192, end to end, beta 0.5 (issue 21's fractions of GEMM).
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | tee $OUT/cublas.txt
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
bench() { timeout 150 stdbuf -oL .dev/bin/blasroute-bench --no-cpu --no-clblast --repeat 3 \
              "$@" 2> /dev/null | grep -E '^[sdcz][a-z0-9]+ '; }
LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas \
    bench --routine gemm --precision s,d,c,z --sizes 8192 | tee $OUT/gemm.txt
bench --routine gemm --precision s,d --sizes 8192,2048 --beta 0 --no-nvblas |
    sed 's/^/beta0 /' | tee $OUT/beta0.txt
bench --routine all --precision d --sizes 8192 --no-nvblas --repeat 2 | tee $OUT/d-8192.txt
