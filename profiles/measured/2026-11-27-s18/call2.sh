#!/bin/bash
# Session 18, call 2 (nvidia-h200, about 4 minutes; carry .gpu, .dev/lib, .dev/bin): issue 22,
# SGEMM 8192 resident beside cuBLAS. Call 1 put warp_m = 16 at 49.4 TFLOP/s against cuBLAS's
# 50.7 (0.975; warp_m 0: 48.3). Here warp_m with the other knobs the tile shape changes: a
# deeper K step (one barrier per 16 of K), half-height work-groups (more of them per SM),
# narrower B vectors, no register cap, single buffering.
source profiles/measured/gpu-common.sh
source profiles/measured/2026-11-27-s17/svariant.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
{
  svariant warp_m=16
  svariant warp_m=8
  svariant warp_m=16 kwg=16
  svariant warp_m=16 kwg=16 kwi=16
  svariant warp_m=8 kwg=16
  svariant warp_m=16 max_registers=0
  svariant warp_m=16 max_registers=168
  svariant warp_m=16 nwg=64 ndimc=8
  svariant warp_m=8 nwg=64 ndimc=8
  svariant warp_m=16 vwn=2
  svariant warp_m=16 vwm=2
  svariant warp_m=16 db=0
  svariant warp_m=16 kwi=4
  svariant warp_m=16
} | tee $OUT/sweep.txt
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
pack
