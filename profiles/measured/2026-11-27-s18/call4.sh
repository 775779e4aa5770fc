#!/bin/bash
# Session 18, call 4 (nvidia-h100-x1, about 2 minutes; carry .gpu, .dev/lib, .dev/bin): issue
# 22 on the H100: SGEMM 8192 resident with its shipped profile's [params.s] and warp_m 0, 8, 16
# (on the H200, 16 ran 2% faster than 0: the work-item's place from its flat local id), beside
# cuBLAS before and after.
source profiles/measured/gpu-common.sh
source profiles/measured/2026-11-27-s17/svariant.sh
export SVARIANT_BASE=profiles/nvidia-h100.profile
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
{
  svariant warp_m=0
  svariant warp_m=16
  svariant warp_m=8
  svariant warp_m=0
  svariant warp_m=16
} | tee $OUT/h100-warps.txt
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
pack
