#!/bin/bash
# Session 18, call 11 (nvidia-h100-x1, about 1 minute; carry .dev/bundle, bundle.sh): issue 22,
# single precision's built-in parameters from compute capability 9.0 on (params.c: the Hopper
# profiles' tile), what a Hopper GPU without a profile gets: SGEMM 8192 resident with the
# shipped profile (br-kern) and with the built-ins (br-builtin), beside cuBLAS, on the H100.
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
for i in 1 2; do
  timeout 100 .dev/bin/blasroute-bench --routine gemm --precision s --sizes 8192 --no-cpu \
      --no-clblast --no-nvblas --builtin-params --repeat 3 2> /dev/null | grep -E '^routine|^sgemm'
done | tee $OUT/builtin.txt
.dev/bin/blasroute-info 2> /dev/null | grep -E '^ *[sd]:' | tee -a $OUT/builtin.txt
pack
