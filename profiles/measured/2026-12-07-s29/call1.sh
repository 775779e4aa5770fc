#!/bin/bash
# Session 29, call 1 (issue 22; carry .dev/bundle, setup.sh), most wanted first, each line
# written as it comes (call1.txt), cuBLAS (PyTorch, TF32 off) before and after:
#  1. DGEMM 8192 resident with cp.async stages (ee04f56) against db on the card's profile's
#     [params.d] (m16n8k4; m16n8k8 once);
#  2. SGEMM 8192 resident with cp.async stages in the SIMT kernel (819420e) against db on the
#     card's profile's [params.s], also with K 16 and 128 x 256 tiles (the copies hold no
#     registers, db's loads do);
#  3. DGEMM warp tiles of 32 x 64 under stages;
#  4. GEMM 8192 resident, every precision, with operands read in place (d41514a) against
#     d2c137c, in turns;
#  5. what NVIDIA's compiler makes of the s and d kernels (session 28's call 2 dump).
source profiles/measured/2026-12-07-s29/setup.sh
{
  stages_base_sd
  cublas
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant s db=1
  variant s db=0 stages=2
  variant s db=0 stages=3
  variant s db=0 stages=4
  variant s db=0 stages=2 kwg=16
  variant s db=0 stages=3 nwg=256
  variant d db=0 stages=3 mma=3
  variant d db=0 stages=3 mdimc=8 ndimc=16
  variant d db=0 stages=2 mwg=64 nwg=256
  variant d db=0 stages=4 kwg=4 kwi=4 mwg=128 nwg=128
  bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z; bench_lib lib-old s,d,c,z; bench_lib lib s,d,c,z
  variant d db=1
  variant s db=1
  cublas
} 2>&1 | tee $OUT/call1.txt
sed -n '/^find \//,/^grep -h/p' profiles/measured/2026-12-06-s28/call2.sh > /tmp/dump.sh
source /tmp/dump.sh > /dev/null 2>&1
pack
