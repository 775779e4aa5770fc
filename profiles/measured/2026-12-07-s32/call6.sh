#!/bin/bash
# Session 32, call 6 (carry .dev/bundle, .dev/lib = beta C added on the host as C comes home,
# C never uploaded): GEMM end to end from host arrays (issue 22's DGEMM 8192 at 28 TFLOP/s)
# with beta 0.5, against the same library with BLASROUTE_TEST_DEVICE_BETA=1 (C uploaded, beta
# in the kernel, as before), in turns, in separate processes; beta 0 beside them.
source profiles/measured/2026-12-07-s29/setup.sh
e2e() { # NAME PRECISIONS SIZES BETA [VAR=VALUE...]
  local name=$1 p=$2 sizes=$3 beta=$4; shift 4
  env "$@" timeout 120 .dev/bin/blasroute-bench --routine gemm --precision $p --sizes $sizes \
    --beta $beta --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
    grep -E '^[sdcz]gemm' | sed "s/^/$name beta=$beta /"
}
{
  for turn in 1 2; do
    e2e host d 8192 0.5
    e2e device d 8192 0.5 BLASROUTE_TEST_DEVICE_BETA=1
  done
  e2e host d 8192 0
  e2e host s,z 8192,4096 0.5
  e2e device s,z 8192,4096 0.5 BLASROUTE_TEST_DEVICE_BETA=1
  e2e host d 4096,2048 0.5
  e2e device d 4096,2048 0.5 BLASROUTE_TEST_DEVICE_BETA=1
} 2>&1 | tee $OUT/call6.txt
