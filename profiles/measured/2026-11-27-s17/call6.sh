#!/bin/bash
# Session 17 (2026-11-27), call 6, nvidia-h200, about 2 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin. Issue 22: SGEMM 8192 resident on the shipped SIMT tile (128x128x8,
# 16x16 work-items, 4/4, double-buffered; 0.96 of cuBLAS in calls 1 to 4 of session 16 and call
# 1 here) under other register caps (max_registers: the profile's 128, none, 96, 112, 168) and
# with B read 8 wide, beside cuBLAS in the same run.
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
for t in max_registers=128 max_registers=0 max_registers=96 max_registers=112 \
         max_registers=168 vwn=8; do
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py profiles/nvidia-h200.profile \
      /tmp/s.profile '[params.s]' $t
  info=$(BLASROUTE_PROFILE=/tmp/s.profile .dev/bin/blasroute-info 2> /dev/null |
         sed -n 's/^ *s: //p' | head -1)
  rate=$(BLASROUTE_PROFILE=/tmp/s.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
         --precision s --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
         awk '/^sgemm/ {print $7, $8, $NF}')
  echo "s $t: $rate [$info]"
done | tee $OUT/sregs.txt
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
