#!/bin/bash
# Issue 22, session 16 (2026-11-27), nvidia-h100-x1, about 8 minutes, from the checkout root.
# Carry .gpu, .dev/lib and .dev/bin (42234ec: tensor-core tiles padded by 4 doubles). In one
# call, beside cuBLAS:
#  1. cuBLAS 8192 resident, every precision (cublas.py: PyTorch, TF32 off);
#  2. GEMM 8192 resident with no H100 profile anywhere (the built-in choice, compute
#     capability 9.0), every precision;
#  3. blasroute-tune --quick over every precision (the profile to ship for the H100), then
#     GEMM 8192 resident and end to end with it.
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | tee $OUT/cublas.txt
bench() { timeout 100 .dev/bin/blasroute-bench --routine gemm --precision s,d,c,z --sizes 8192 \
              --no-cpu --no-clblast --no-nvblas --repeat 3 "$@" 2> /dev/null |
              grep -E '^[sdcz]gemm'; }
bench | sed 's/^/built-in /' | tee $OUT/built-in.txt
timeout 330 .dev/bin/blasroute-tune --quick --no-cpu --output $OUT/tuned-H100.profile \
    > $OUT/tune.txt 2>&1
tail -7 $OUT/tune.txt
BLASROUTE_PROFILE=$OUT/tuned-H100.profile bench | sed 's/^/tuned /' | tee $OUT/tuned-bench.txt
