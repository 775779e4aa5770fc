#!/bin/bash
# Session 28, call 3 (issue 22; about 4 minutes; carry .dev/bundle with .dev/lib-old): operands
# read in place where packing would copy them unchanged (this session's change, .dev/lib)
# against d2c137c (.dev/lib-old): GEMM 8192 resident, every precision, beside cuBLAS (PyTorch,
# TF32 off) before and after, the two libraries in turns; then what NVIDIA's compiler makes of
# the s and d kernels (call 2's second half: ptxas -v, SASS, where the machine has the tools).
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
bench() { LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
            --routine gemm --precision s,d,c,z --sizes 8192 --no-cpu --no-clblast --no-nvblas \
            --repeat 3 2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"; }
{
  cublas
  bench lib-old; bench lib; bench lib-old; bench lib
  cublas
} 2>&1 | tee $OUT/inplace.txt
sed -n '/^find \//,/^grep -h/p' profiles/measured/2026-12-06-s28/call2.sh > /tmp/dump.sh
source /tmp/dump.sh
pack
