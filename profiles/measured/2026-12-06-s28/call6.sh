#!/bin/bash
# Session 28, call 6 (issue 22; about 3 minutes; carry .dev/bundle with .dev/lib = ee04f56 and
# .dev/lib-old = d2c137c): call 5 cut again to the session's last device minutes, most wanted
# first, each line written as it comes (call6.txt): DGEMM 8192 resident with cp.async stages
# against db on the card's profile's [params.d]; SGEMM and DGEMM 8192 resident with operands
# read in place (ee04f56) against d2c137c; cuBLAS (PyTorch, TF32 off) at the end.
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin  # this call's bundle, not one a warm machine kept
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
card=profiles/nvidia-h100.profile
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && card=profiles/nvidia-h200.profile
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
bench() { LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 60 .dev/bin/blasroute-bench \
            --routine gemm --precision s,d --sizes 8192 --no-cpu --no-clblast --no-nvblas \
            --repeat 3 2> /dev/null | grep -E '^[sd]gemm' | sed "s/^/$1 /"; }
{
  echo "card profile: $card"
  variant d db=1
  variant d db=0 stages=3
  variant d db=0 stages=2
  variant d db=0 stages=3 mdimc=8
  bench lib-old; bench lib
  timeout 60 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep gemm
} 2>&1 | tee $OUT/call6.txt
