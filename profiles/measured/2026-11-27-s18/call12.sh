#!/bin/bash
# Session 18, call 12 (nvidia-h200, about 2 minutes; carry .dev/bundle): issue 22, SGEMM 8192
# resident: the GEMM kernel is at cuBLAS's rate, the whole device work at 0.97 to 0.98 of it
# (calls 1, 2, 10): the copy kernels that lay A and B out take the difference (0.45 ms of
# 22.3). Their parameters in the H200 profile's [params.s], beside the shipped ones.
source profiles/measured/gpu-common.sh
source profiles/measured/2026-11-27-s17/svariant.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
{
  svariant warp_m=16
  svariant transpose_dim=32 transpose_wpt=2
  svariant transpose_dim=32 transpose_wpt=4
  svariant transpose_dim=32 transpose_wpt=8
  svariant transpose_dim=16 transpose_wpt=4
  svariant transpose_dim=16 transpose_wpt=1
  svariant copy_wpt=8
  svariant copy_wpt=2
  svariant copy_dim_x=32 copy_dim_y=8
  svariant copy_dim_x=64 copy_dim_y=4
  svariant warp_m=16
} | tee $OUT/copies.txt
pack
