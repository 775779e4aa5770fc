#!/bin/bash
# Issue 19's GPU "Done when" with the closing build: ab8192.py without and with blasroute
# (auto mode, report on) in one call. Carried: .gpu, .dev (lib/libblasroute.so.0).
source .gpu/env.sh > /dev/null
S=profiles/measured/2026-11-25-issue19-linalg/ab8192.py
export BLASROUTE_CACHE_DIR=/tmp/brcache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c 'import numpy; print("numpy", numpy.__version__)'
echo "== without blasroute"; python3 $S
echo "== with blasroute"; LD_PRELOAD=$PWD/.dev/lib/libblasroute.so.0 BLASROUTE_REPORT=1 python3 $S
