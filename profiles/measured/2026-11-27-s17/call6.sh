#!/bin/bash
# Session 17 (2026-11-27), call 6, nvidia-h200, about 2 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin. Issue 22: SGEMM 8192 resident on the shipped SIMT tile (128x128x8,
# 16x16 work-items, 4/4, double-buffered; 0.96 of cuBLAS in calls 1 to 4 of session 16 and call
# 1 here) under other register caps (max_registers: the profile's 128, none, 96, 112, 168) and
# with B read 8 wide, beside cuBLAS in the same run. (Its loop now calls svariant.sh, written
# after the run for next.sh: the same commands.)
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
source profiles/measured/2026-11-27-s17/svariant.sh
for t in max_registers=128 max_registers=0 max_registers=96 max_registers=112 \
         max_registers=168 vwn=8; do
  svariant $t
done | tee $OUT/sregs.txt
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
