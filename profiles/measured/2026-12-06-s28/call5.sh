#!/bin/bash
# Session 28, call 5 (issue 22; about 4 minutes; carry .dev/bundle with .dev/lib = ee04f56 and
# .dev/lib-old = d2c137c): call 4 cut to what the session's last device minutes allow. On the
# card that comes, beside cuBLAS (PyTorch, TF32 off) before and after:
#  1. operands read in place where packing would copy them unchanged (d41514a): GEMM 8192
#     resident, every precision, ee04f56 against d2c137c;
#  2. DGEMM 8192 resident with cp.async stages (ee04f56's `stages`) in the tensor-core kernel,
#     on the card's profile's [params.d] (db = 1 beside them).
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
card=profiles/nvidia-h100.profile
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && card=profiles/nvidia-h200.profile
# The card's profile with a `stages = 0` line in [params.d], for variant's key changes.
python3 - $card /tmp/base.profile <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("[params.d]\n")
end = text.find("\n[", start + 1)
end = len(text) if end < 0 else end
body = text[start:end].rstrip("\n") + "\nstages = 0\n"
open(sys.argv[2], "w").write(text[:start] + body + text[end:])
PY
export VARIANT_BASE=/tmp/base.profile
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
bench() { LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
            --routine gemm --precision s,d,c,z --sizes 8192 --no-cpu --no-clblast --no-nvblas \
            --repeat 3 2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"; }
{
  echo "card profile: $card"
  cublas
  bench lib-old; bench lib
  variant d db=1
  variant d db=0 stages=2
  variant d db=0 stages=3
  variant d db=0 stages=3 mdimc=8
  variant d db=0 stages=3 mwg=128 nwg=64
  cublas
} 2>&1 | tee $OUT/call5.txt
pack
