#!/bin/bash
# Session 32, call 2 (carry .dev/bundle, .dev/lib = ccbaca6 plus ptxas's report in
# BLASROUTE_VERBOSE): what ptxas says of gemm_tiled in d and z as the driver builds them (call 1
# read 132 bytes spilled in d, where session 29's offline ptxas on the same PTX said none), and
# DGEMM 8192 resident with the H100 profile's [params.d] given more registers.
source profiles/measured/2026-12-07-s29/setup.sh
report() { # PRECISION PROFILE
  BLASROUTE_PROFILE=$2 BLASROUTE_VERBOSE=1 BLASROUTE_MODE=device BLASROUTE_CACHE_DIR=/tmp/c-$RANDOM \
    timeout 60 .dev/bin/blasroute-bench --routine gemm --precision $1 --sizes 256 --no-cpu \
    --no-clblast --no-nvblas --repeat 1 2>&1 | grep -E "program: (ptxas|$1 |gemm)" | tr -s ' '
}
{
  report d profiles/nvidia-h100.profile
  report z profiles/nvidia-h100.profile
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep dgemm
  for r in 0 168 255; do
    python3 profiles/measured/2026-11-27-issue22-s16/with_params.py profiles/nvidia-h100.profile \
      /tmp/r.profile "[params.d]" max_registers=$r
    report d /tmp/r.profile | grep -v "program: d "
    variant d max_registers=$r
  done
} 2>&1 | tee $OUT/call2.txt
