#!/bin/bash
# Session 32, call 5 (carry .dev/bundle, .dev/lib = ccbaca6 plus ptxas's report): DGEMM 8192 end
# to end from host arrays (issue 22's 28 TFLOP/s, H200) on this host: the staged copies' host
# side as the engine does it, with streaming stores, and with 12 and 16 copy threads; beta 0.5
# (C uploaded too) and 0. Two processes of the default, one of each other.
source profiles/measured/2026-12-07-s29/setup.sh
e2e() { # NAME BETA [VAR=VALUE...]
  local name=$1 beta=$2; shift 2
  env "$@" timeout 100 .dev/bin/blasroute-bench --routine gemm --precision d --sizes 8192 \
    --beta $beta --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
    grep -E '^dgemm' | sed "s/^/$name beta=$beta /"
}
{
  lscpu | grep -E "Model name|Socket|NUMA node\(s\)|L3"
  e2e default 0.5
  e2e streaming 0.5 BLASROUTE_TEST_COPY_STORES=streaming
  e2e threads12 0.5 BLASROUTE_TEST_COPY_THREADS=12
  e2e threads16 0.5 BLASROUTE_TEST_COPY_THREADS=16
  e2e default 0.5
  e2e default 0
  e2e streaming 0 BLASROUTE_TEST_COPY_STORES=streaming
  e2e threads16 0 BLASROUTE_TEST_COPY_THREADS=16
} 2>&1 | tee $OUT/call5.txt
