#!/bin/bash
# Session 30, call 1 (H100, carry .dev/bundle: .dev/lib = 819420e): issue 22's untuned point,
# GEMM 8192 resident with only the built-in profiles (no BLASROUTE_PROFILE, no user or installed
# profile directory), then with the generic NVIDIA built-in alone (what a card no built-in names
# gets: parameters by architecture), beside cuBLAS; best of 3 each.
source profiles/measured/2026-12-07-s29/setup.sh
nobody() { env -u BLASROUTE_PROFILE HOME=/tmp/nohome XDG_DATA_HOME=/tmp/nohome "$@"; }
{
  cublas
  echo "== built-ins only"
  nobody .dev/bin/blasroute-info 2>&1 | grep -E "profile|^ *[sdcz]:" | head -12
  nobody timeout 200 .dev/bin/blasroute-bench --routine gemm --precision s,d,c,z --sizes 8192 \
    --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "^#|gemm"
  echo "== generic NVIDIA built-in (profiles/nvidia-gpu.profile)"
  BLASROUTE_PROFILE=profiles/nvidia-gpu.profile .dev/bin/blasroute-info 2>&1 | grep -E "profile|^ *[sdcz]:" | head -12
  BLASROUTE_PROFILE=profiles/nvidia-gpu.profile timeout 200 .dev/bin/blasroute-bench --routine gemm \
    --precision s,d,c,z --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "gemm"
  cublas
} 2>&1 | tee $OUT/call1.txt
pack
