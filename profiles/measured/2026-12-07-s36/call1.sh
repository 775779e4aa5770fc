#!/bin/bash
# Session 36, call 1 (carry .dev/bundle: .dev/lib = e6e50d8, behaviour as at 06a277a): on an
# H200, session 35's call 3 (issue 22's figures beside cuBLAS, then issue 20's suite at 8192);
# on an H100, session 35's call 4 (gesv 8192 traced, auto cold then warm, cpu mode between).
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s35/call3.sh
else
  bash profiles/measured/2026-12-07-s35/call4.sh
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
