#!/bin/bash
# Session 30, call 4 (H100, carry .dev/bundle: .dev/lib = 1381fe8): issue 22, DGEMM 8192
# resident around the H100 profile's [params.d] with db (call 1: cp.async stages lose, 34.8 to
# 39.9 against 45.2): warp tiles of 32 x 64, K 16, m16n8k8, 8 x 16 work-items; SGEMM with K 16
# under db; cuBLAS before and after.
source profiles/measured/2026-12-07-s29/setup.sh
{
  cublas
  variant d db=1
  variant d db=1 mwg=128 nwg=128
  variant d db=1 kwg=16
  variant d db=1 mma=3
  variant d db=1 mma=3 kwg=16
  variant d db=1 mdimc=8 ndimc=16
  variant d db=1 mwg=128 nwg=64
  variant s db=1 kwg=16
  variant d db=1
  cublas
} 2>&1 | tee $OUT/call4.txt
pack
