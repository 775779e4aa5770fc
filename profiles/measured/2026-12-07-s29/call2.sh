#!/bin/bash
# Session 29, call 2: call 1 cut to about 3 minutes, for the session's last device minutes (issue 22; carry .dev/bundle with .dev/lib = 819420e and .dev/lib-old =
# d2c137c), most wanted first, each line written as it comes (call1.txt), cuBLAS (PyTorch, TF32
# off) before and after:
#  1. DGEMM 8192 resident with cp.async stages (ee04f56) against db on the card's profile's
#     [params.d] (m16n8k4; m16n8k8 once);
#  2. SGEMM 8192 resident with cp.async stages in the SIMT kernel (819420e) against db on the
#     card's profile's [params.s], also with K 16 and 128 x 256 tiles (the copies hold no
#     registers, db's loads do);
#  3. DGEMM warp tiles of 32 x 64 under stages;
#  4. GEMM 8192 resident, every precision, with operands read in place (d41514a) against
#     d2c137c, in turns;
#  5. what NVIDIA's compiler makes of the s and d kernels (session 28's call 2 dump).
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
{
  stages_base
  # [params.s] given a stages line too, so that variant can change it.
  python3 - <<'PY'
text = open("/tmp/base.profile").read()
start = text.index("[params.s]\n")
end = text.find("\n[", start + 1)
end = len(text) if end < 0 else end
open("/tmp/base.profile", "w").write(text[:start] + text[start:end].rstrip("\n") +
                                     "\nstages = 0\n" + text[end:])
PY
  cublas
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant s db=1
  variant s db=0 stages=2
  variant s db=0 stages=3
  variant s db=0 stages=4
  bench_lib lib-old s,d; bench_lib lib s,d
  variant s db=0 stages=2 kwg=16
  variant d db=0 stages=3 mma=3
  cublas
} 2>&1 | tee $OUT/call2.txt
