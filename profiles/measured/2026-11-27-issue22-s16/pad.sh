#!/bin/bash
# Issue 22, session 16 (2026-11-27), nvidia-h200, about 6 minutes, from the checkout root.
# Carry .gpu, .dev/bin, .dev/lib (the build with the tensor-core tiles' rows padded by 4
# doubles) and .dev/lib-old (8424c25: padded by 8, where a half-warp's fragment load met 2-way
# bank conflicts). In one call:
#  1. cuBLAS 8192 resident (cublas.py, PyTorch, TF32 off);
#  2. both builds, DGEMM and ZGEMM resident at 4096 and 8192: with the generic NVIDIA profile
#     (the built-in choice from compute capability 9.0: m16n8k4, d 64x128x8 double-buffered,
#     z 64x64x16), and DGEMM with the H200's own profile (m8n8k4, 64x64x16, tuned 2026-11-21);
#  3. blasroute-tune --quick --precision dz on the new build (it tries m16n8k4 and complex
#     double on the tensor cores, which the H200's profile predates), then DGEMM and ZGEMM 8192
#     with its profile: the [params.d] and [params.z] to ship for the H200 if they win.
source profiles/measured/gpu-common.sh
timeout 120 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | tee $OUT/cublas.txt
bench() { timeout 90 .dev/bin/blasroute-bench --routine gemm --no-cpu --no-clblast --no-nvblas \
              --repeat 3 "$@" 2> /dev/null | grep -E '^[dz]gemm'; }
for build in lib-old lib; do
  export LD_LIBRARY_PATH=$PWD/.dev/$build:$LD_LIBRARY_PATH
  BLASROUTE_PROFILE=$PWD/profiles/nvidia-gpu.profile bench --precision d,z --sizes 4096,8192 |
      sed "s/^/$build built-in /"
  bench --precision d --sizes 8192 | sed "s/^/$build h200-profile /"
done | tee $OUT/pad.txt
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
timeout 240 .dev/bin/blasroute-tune --quick --precision dz --no-cpu \
    --output $OUT/tuned-H200.profile > $OUT/tune.txt 2>&1
tail -5 $OUT/tune.txt
BLASROUTE_PROFILE=$OUT/tuned-H200.profile bench --precision d,z --sizes 8192 |
    tee $OUT/tuned-bench.txt
