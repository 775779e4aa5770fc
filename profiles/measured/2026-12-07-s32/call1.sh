#!/bin/bash
# Session 32, call 1 (carry .dev/bundle: .dev/lib = the library with the width of a wave from
# ptxas's registers, .dev/lib-old = 1381fe8's, without the cut): what ptxas says of each
# precision's gemm_tiled, compiled then from the cache; cuBLAS SGEMM 8192 and 8320; blasroute
# SGEMM with its own cut, with none (lib-old), with 1 and 2 columns forced in 2 slices; DGEMM
# and ZGEMM 8192 with and without.
source profiles/measured/2026-12-07-s29/setup.sh
br() { # DIR PRECISIONS SIZES [ENV...]
  local dir=$1 p=$2 sizes=$3; shift 3
  env "$@" LD_LIBRARY_PATH=$PWD/.dev/$dir:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
    --routine gemm --precision $p --sizes $sizes --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$dir $* /"
}
{
  for run in compiled cached; do
    BLASROUTE_VERBOSE=1 BLASROUTE_MODE=device LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH \
      timeout 90 .dev/bin/blasroute-bench --routine gemm --precision s,d,z --sizes 256 \
      --no-cpu --no-clblast --no-nvblas --repeat 1 2>&1 | grep -E "program:"
  done
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192,8320 | grep gemm
  br lib s 8192,8320
  br lib-old s 8192,8320
  br lib s 8192,8320 BLASROUTE_TEST_GEMM_TAIL=1
  br lib s 8192,8320 BLASROUTE_TEST_GEMM_TAIL=2
  br lib s 8192,8320
  br lib d,z 8192
  br lib-old d,z 8192
} 2>&1 | tee $OUT/call1.txt
