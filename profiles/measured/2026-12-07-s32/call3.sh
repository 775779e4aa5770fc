#!/bin/bash
# Session 32, call 3 (carry .dev/bundle: .dev/lib = B of transb 'N' read in place along K,
# .dev/lib-cut = ccbaca6 with the cut and B's transposing copy, .dev/lib-old = 1381fe8): cuBLAS,
# then GEMM 8192 resident in every precision through each library, in turns, twice; SGEMM 8320.
source profiles/measured/2026-12-07-s29/setup.sh
br() { # DIR PRECISIONS SIZES
  LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
    --routine gemm --precision $2 --sizes $3 --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"
}
{
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
  for turn in 1 2; do
    br lib s,d,z 8192
    br lib-cut s,d,z 8192
  done
  br lib s 8320
  br lib-cut s 8320
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192,8320 | grep -E "sgemm|dgemm"
} 2>&1 | tee $OUT/call3.txt
