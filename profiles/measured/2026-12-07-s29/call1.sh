#!/bin/bash
# Session 29, call 1 (issue 22; carry .dev/bundle with .dev/lib = 978591b and .dev/lib-old =
# d2c137c): session 28's call 4, most wanted first and each line written as it comes
# (call1.txt): DGEMM 8192 resident with cp.async stages (ee04f56) against db on the card's
# profile's [params.d], with m16n8k4 (mma 2) and m16n8k8 (mma 3); GEMM 8192 resident with
# operands read in place (d41514a) against d2c137c, every precision, in turns; cuBLAS (PyTorch,
# TF32 off) before and after; warp tiles of 32 x 64 with stages (cp.async holds no registers
# for the next tile, db's loads do); then what NVIDIA's compiler makes of the s and d kernels.
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
{
  stages_base
  cublas
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant d db=0 stages=3 mma=3
  variant d db=1 mma=3
  variant d db=0 stages=3 mdimc=8
  variant d db=0 stages=2 mwg=128 nwg=128
  variant d db=0 stages=3 mwg=128 nwg=64
  variant d db=0 stages=4 kwg=4 kwi=4 mdimc=8
  variant d db=0 stages=3 mdimc=8 ndimc=16
  variant d db=0 stages=2 mwg=64 nwg=256
  variant d db=0 stages=4 kwg=4 kwi=4 mwg=128 nwg=128
  bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z; bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z
  variant d db=1
  cublas
} 2>&1 | tee $OUT/call1.txt
sed -n '/^find \//,/^grep -h/p' profiles/measured/2026-12-06-s28/call2.sh > /tmp/dump.sh
source /tmp/dump.sh > /dev/null 2>&1
pack
