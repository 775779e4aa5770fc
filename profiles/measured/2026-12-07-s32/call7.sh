#!/bin/bash
# Session 32, call 7 (carry .dev/bundle, .dev/lib = beta C added on the host in SYMM, HEMM and
# the rank-k family too): end to end from host arrays at beta 0.5 against
# BLASROUTE_TEST_DEVICE_BETA=1 (C uploaded, as before), in turns, separate processes.
source profiles/measured/2026-12-07-s29/setup.sh
e2e() { # NAME ROUTINES PRECISIONS SIZES [VAR=VALUE...]
  local name=$1 r=$2 p=$3 sizes=$4; shift 4
  env "$@" timeout 150 .dev/bin/blasroute-bench --routine $r --precision $p --sizes $sizes \
    --beta 0.5 --no-cpu --no-clblast --no-nvblas --repeat 2 2> /dev/null |
    grep -E '^[sdcz](symm|hemm|syrk|herk|syr2k|her2k|gemm)' | sed "s/^/$name /"
}
{
  e2e host symm,syrk,syr2k d 8192
  e2e device symm,syrk,syr2k d 8192 BLASROUTE_TEST_DEVICE_BETA=1
  e2e host hemm,herk,her2k z 4096
  e2e device hemm,herk,her2k z 4096 BLASROUTE_TEST_DEVICE_BETA=1
  e2e host symm,syrk d 8192
  e2e device symm,syrk d 8192 BLASROUTE_TEST_DEVICE_BETA=1
} 2>&1 | tee $OUT/call7.txt
