#!/bin/bash
# Session 28, call 6 (issue 22; about 3 minutes; carry .dev/bundle with .dev/lib = ee04f56 and
# .dev/lib-old = d2c137c): call 4 cut to the session's last device minutes, most wanted first,
# each line written as it comes (call6.txt): DGEMM 8192 resident with cp.async stages against db
# on the card's profile's [params.d]; SGEMM and DGEMM 8192 resident with operands read in place
# (ee04f56) against d2c137c; cuBLAS (PyTorch, TF32 off) at the end.
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
{
  stages_base
  variant d db=1
  variant d db=0 stages=3
  variant d db=0 stages=2
  variant d db=0 stages=3 mdimc=8
  bench_lib lib-old s,d; bench_lib lib s,d
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
} 2>&1 | tee $OUT/call6.txt
