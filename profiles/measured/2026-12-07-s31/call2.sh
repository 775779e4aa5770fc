#!/bin/bash
# Session 31, call 2 (carry .dev/bundle: .dev/lib = this session's last-wave cut, uncommitted
# tree on 1381fe8; .dev/lib-old = 1381fe8, no cut): what the driver says of each precision's
# gemm_tiled (the cut's width estimate), then SGEMM at 8192, 8320 and 16384 and D, C, Z at
# 8192, resident and kernel alone, new and old library side by side, cuBLAS before and after.
source profiles/measured/2026-12-07-s29/setup.sh
br() { # DIR PRECISIONS SIZES
  LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 150 .dev/bin/blasroute-bench \
    --routine gemm --precision $2 --sizes $3 --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"
}
{
  BLASROUTE_VERBOSE=1 BLASROUTE_MODE=device .dev/bin/blasroute-bench --routine gemm \
    --precision s,d,c,z --sizes 512 --no-cpu --no-clblast --no-nvblas --repeat 1 2>&1 |
    grep -E "program:|device: 0"
  timeout 80 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192,8320 | grep sgemm
  br lib s 8192,8320
  br lib-old s 8192,8320
  br lib s 8192,8320
  br lib-old s 8192,8320
  timeout 80 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192,8320 | grep sgemm
  cublas
  br lib d,c,z 8192
  br lib-old d,c,z 8192
  timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 16384 | grep sgemm
  br lib s 16384
  br lib-old s 16384
} 2>&1 | tee $OUT/call2.txt
pack
