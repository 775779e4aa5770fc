#!/bin/bash
# Session 28, call 4 (issue 22; about 8 minutes; carry .dev/bundle with .dev/lib = ee04f56 and
# .dev/lib-old = d2c137c). On the card that comes, beside cuBLAS (PyTorch, TF32 off) before and
# after:
#  1. operands read in place where packing would copy them unchanged (d41514a): GEMM 8192
#     resident, every precision, ee04f56 against d2c137c in turns;
#  2. DGEMM 8192 resident with cp.async stages (ee04f56's `stages`) in the tensor-core kernel,
#     on the card's profile's [params.d] (db = 1 beside them);
#  3. what NVIDIA's compiler makes of the s and d kernels (call 2's dump: ptxas -v, SASS).
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
{
  stages_base
  cublas
  bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z; bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant d db=0 stages=3 mdimc=8
  variant d db=0 stages=4 kwg=4 kwi=4 mdimc=8
  variant d db=0 stages=2 mwg=128 nwg=128
  variant d db=0 stages=3 mwg=128 nwg=64
  variant d db=1
  cublas
} 2>&1 | tee $OUT/call4.txt
sed -n '/^find \//,/^grep -h/p' profiles/measured/2026-12-06-s28/call2.sh > /tmp/dump.sh
source /tmp/dump.sh > /dev/null 2>&1
pack
