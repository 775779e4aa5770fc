#!/bin/bash
# Issue 19, numpy.linalg and scipy.linalg on the GPU machine: the image's own pip numpy and SciPy,
# linalg.py unmodified, without blasroute and with LD_PRELOAD of libblasroute.so (auto mode,
# report on), at n = 4096 and 8192; numpy.linalg.solve and cholesky at 8192 at several
# BLASROUTE_LAPACK_BLOCK sizes; both at 16384; one timeline of solve at 8192. A first process
# compiles the kernels into the program cache. Carried: .gpu, .dev (lib/libblasroute.so.0).
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
with python3 $S 1024 solve > $OUT/warmup.txt 2>&1
for n in 4096 8192; do
  echo "== without blasroute, n=$n"; python3 $S $n
  echo "== with blasroute, n=$n"; with python3 $S $n
done > $OUT/linalg.txt 2>&1
for block in 128 256 512; do
  echo "== with blasroute, BLASROUTE_LAPACK_BLOCK=$block"
  BLASROUTE_LAPACK_BLOCK=$block with python3 $S 8192 solve,cholesky
done > $OUT/blocks.txt 2>&1
{ echo "== with blasroute, n=16384"; with python3 $S 16384 solve,cholesky
  echo "== without blasroute, n=16384"; python3 $S 16384 solve; } > $OUT/n16384.txt 2>&1
BLASROUTE_TIMELINE=$OUT/timeline-solve8192.csv with python3 $S 8192 solve > $OUT/timeline-run.txt 2>&1
grep -hE "^==|first|right|WRONG|report: [sdcz](getrf|gesv|potrf|getrs|gemm|trsm|syrk)" \
  $OUT/linalg.txt $OUT/blocks.txt $OUT/n16384.txt
