#!/bin/bash
# Session 30, call 2 (H200, carry .dev/bundle: .dev/lib = 1381fe8, .dev/lib-old = d2c137c):
#  1. issue 22's H200 figures: GEMM 8192, every precision, with the built-in profiles only,
#     resident, kernel alone and end to end from host arrays, cuBLAS before and after;
#  2. issue 20: the workload suite at order 4096 (getrf, potrf, gesv; cold and warm auto, cpu,
#     device), one repeat, as far as 330 s go.
source profiles/measured/2026-12-07-s29/setup.sh
nobody() { env -u BLASROUTE_PROFILE HOME=/tmp/nohome XDG_DATA_HOME=/tmp/nohome "$@"; }
{
  cublas
  nobody .dev/bin/blasroute-info 2>&1 | grep -E "device:|^ *[sdcz]:" | head -6
  nobody timeout 200 .dev/bin/blasroute-bench --routine gemm --precision s,d,c,z --sizes 8192 \
    --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "gemm"
  cublas
} 2>&1 | tee $OUT/call2.txt
suite h200-4096 330 --orders 4096 --workloads getrf,potrf,gesv --repeats 1 --min-seconds 0.5 \
  --helper-wait 30 2>&1 | tee -a $OUT/call2.txt
cp $OUT/suite-h200-4096-progress.txt $OUT/progress.txt 2>/dev/null
pack
