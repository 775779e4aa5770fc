#!/bin/bash
# Issue 19 on the GPU machine: the image's own pip numpy and SciPy (no rebuild), the script
# numpy_script.py unmodified, run without blasroute and with LD_PRELOAD of libblasroute.so
# (auto mode, the report on), twice with blasroute (the first run compiles the kernels into
# the program cache). Carried: .gpu, .dev19 (lib/: libblasroute.so.0). Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=$PWD/.dev19
S=profiles/measured/2026-11-24-h200-issue19/numpy_script.py
export BLASROUTE_CACHE_DIR=/tmp/brcache
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
  python3 -c 'import numpy, scipy; print("numpy", numpy.__version__, "scipy", scipy.__version__)'
  python3 -c 'import numpy; numpy.show_config()' 2>&1 | grep -iA3 "blas" | head -12
  nproc; } > $OUT/machine.txt 2>&1
( time python3 $S 1 ) > $OUT/without.txt 2>&1
for run in 1 2; do
  ( time LD_PRELOAD=$D/lib/libblasroute.so.0 BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 \
      python3 $S 1 ) > $OUT/with$run.txt 2>&1
done
