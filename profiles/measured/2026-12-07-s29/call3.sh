#!/bin/bash
# Session 29, call 3 (issue 22; carry .dev/bundle, setup.sh): call 2 cut to about 2 minutes for
# the session's last device minutes (call3.txt): DGEMM and SGEMM 8192 resident, cp.async stages
# (3) against db on the card's profile, cuBLAS (PyTorch, TF32 off) after.
source profiles/measured/2026-12-07-s29/setup.sh
{
  stages_base_sd
  variant d db=1
  variant d db=0 stages=3
  variant s db=1
  variant s db=0 stages=3
  variant d db=0 stages=2
  variant s db=0 stages=2
  cublas
} 2>&1 | tee $OUT/call3.txt
