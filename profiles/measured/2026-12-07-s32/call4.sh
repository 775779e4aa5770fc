#!/bin/bash
# Session 32, call 4 (carry .dev/bundle: .dev/lib = ccbaca6 plus ptxas's report in
# BLASROUTE_VERBOSE, .dev/lib-old = 1381fe8, without the cut), asked of nvidia-h200 (issue 22's
# H200 figures; an H100 may come instead): cuBLAS GEMM 8192, then blasroute's GEMM 8192 in s, d
# and z (resident, kernel alone, end to end from host arrays), new and old library in turns.
source profiles/measured/2026-12-07-s29/setup.sh
br() { # DIR PRECISIONS SIZES
  LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 120 .dev/bin/blasroute-bench \
    --routine gemm --precision $2 --sizes $3 --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"
}
{
  BLASROUTE_VERBOSE=1 BLASROUTE_MODE=device timeout 60 .dev/bin/blasroute-bench --routine gemm \
    --precision s,d,z --sizes 256 --no-cpu --no-clblast --no-nvblas --repeat 1 2>&1 |
    grep -E "program: [sdz] |profile:"
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
  br lib s,d,z 8192
  br lib-old s,d,z 8192
  br lib s,d,z 8192
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
} 2>&1 | tee $OUT/call4.txt
