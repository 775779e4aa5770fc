#!/bin/bash
# Session 28, call 1, nvidia-h200 named; carry .dev/bundle. Which work depends on the card:
#  H200 (issue 20): the workload suite at 1024 and 2048 and the Netlib stream, cold and warm,
#    --aa, on this build (d2c137c), as session 27's call 1 on the H100.
#  otherwise (issue 22): SGEMM 8192 resident beside cuBLAS (PyTorch, TF32 off) before and after,
#    with the card's profile's [params.s] and register tiles of 8 x 16 and 16 x 8 per work-item
#    (never measured: sessions 17 and 18 tried 8 x 8 per work-item in several shapes only).
source profiles/measured/gpu-common.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  suite small 330 --orders 1024,2048 --workloads gesv,getrf,potrf,geqrf,syevd --repeats 3 --aa
  suite net 60 --workloads netlib --repeats 3 --aa
else
  source profiles/measured/2026-11-27-s17/svariant.sh
  export SVARIANT_BASE=profiles/nvidia-h100.profile
  cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
             grep gemm; }
  {
    cublas
    svariant warp_m=16
    svariant nwg=256
    svariant mwg=256
    svariant ndimc=8
    svariant mdimc=8 warp_m=8
    svariant nwg=256 vwn=8
    svariant mwg=256 vwm=8
    svariant nwg=256 kwi=4
    svariant warp_m=16
    cublas
  } 2>&1 | tee $OUT/svariants.txt
fi
pack
