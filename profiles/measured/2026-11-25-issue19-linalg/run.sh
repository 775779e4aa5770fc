#!/bin/bash
# Issue 19, numpy.linalg and scipy.linalg on the GPU machine: the image's own pip numpy and SciPy,
# linalg.py unmodified, without blasroute and with LD_PRELOAD of libblasroute.so (auto mode,
# report on), and factor_only.py (scipy's lu_factor and cholesky on Fortran-ordered arrays), at
# n = 2048, 4096, 8192 and (fewer operations) 16384; one timeline of the factorizations at 8192.
# A first process compiles the kernels into the program cache. Carried: .gpu, .dev (lib/libblasroute.so.0).
# Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
L=$PWD/.dev/lib/libblasroute.so.0
S=profiles/measured/2026-11-25-issue19-linalg/linalg.py
export BLASROUTE_CACHE_DIR=/tmp/brcache
with() { LD_PRELOAD=$L BLASROUTE_REPORT=1 "$@"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader
  date -u; nproc
  python3 -c 'import numpy, scipy; print("numpy", numpy.__version__, "scipy", scipy.__version__)'
} > $OUT/machine.txt 2>&1
F=profiles/measured/2026-11-25-issue19-linalg/factor_only.py
# Compiles the kernels of both precisions into the program cache.
BLASROUTE_MODE=device with python3 $S 1024 solve > $OUT/warmup.txt 2>&1
for n in 2048 4096 8192; do
  echo "== without blasroute, n=$n"; python3 $S $n; python3 $F $n
  echo "== with blasroute, n=$n"; with python3 $S $n; with python3 $F $n
done > $OUT/linalg.txt 2>&1
{ echo "== with blasroute, n=16384"; with python3 $S 16384 solve,cholesky
  with python3 $F 16384
  echo "== without blasroute, n=16384"; python3 $S 16384 solve; python3 $F 16384; } \
  > $OUT/n16384.txt 2>&1
BLASROUTE_TIMELINE=$OUT/timeline-factor8192.csv with python3 $F 8192 > $OUT/timeline-run.txt 2>&1
grep -hE "^==|first|F-order|right|WRONG|report: [sdcz](getrf|gesv|potrf|getrs)" \
  $OUT/linalg.txt $OUT/n16384.txt
