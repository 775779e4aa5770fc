#!/bin/bash
# Session 29, call 2 (issue 22; carry .dev/bundle, setup.sh): call 1 cut to about 3 minutes for
# the session's last device minutes, each line written as it comes (call2.txt): DGEMM and SGEMM
# 8192 resident with cp.async stages against db on the card's profile, operands read in place
# against d2c137c in s and d, cuBLAS before and after.
source profiles/measured/2026-12-07-s29/setup.sh
{
  stages_base_sd
  cublas
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant s db=1
  variant s db=0 stages=2
  variant s db=0 stages=3
  variant s db=0 stages=4
  bench_lib lib-old s,d; bench_lib lib s,d
  variant s db=0 stages=2 kwg=16
  variant d db=0 stages=3 mma=3
  cublas
} 2>&1 | tee $OUT/call2.txt
