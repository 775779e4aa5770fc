#!/bin/bash
# Issue 20 on the GPU machine: the tiny-call overhead (tiny-calls: dgemm_ 2x2 through blasroute
# and directly through OpenBLAS), and the reference-LAPACK call stream of lapack-stream
# (dgetrf and dpotrf of order N, LAPACK's own blocking) in cpu, device and auto mode: auto
# without learning (BLASROUTE_LEARN=0), then with learning from an empty table (first process)
# and again (the next process, starting from the table). Carried: .gpu, .dev (lib/:
# libblasroute.so.0, Debian's reference liblapack.so.3, libblas.so.3 -> the packed OpenBLAS;
# bin/: tiny-calls, lapack-stream). Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
N=${1:-8192}
export BLASROUTE_CACHE_DIR=/tmp/brcache
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc; } > $OUT/machine.txt 2>&1
for i in 1 2; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
# The kernels into the program cache first (not timed).
LD_PRELOAD=$L BLASROUTE_MODE=device .dev/bin/lapack-stream 1024 > /dev/null 2>&1
run() { # name, then variables
  name=$1; shift
  echo "== $name"
  env "$@" LD_PRELOAD=$L BLASROUTE_REPORT=1 BLASROUTE_TRACE=$OUT/trace-$name.csv \
      .dev/bin/lapack-stream $N 2> $OUT/report-$name.txt
  grep -E "report: d(gemm|trsm|syrk)," $OUT/report-$name.txt
}
{ echo "== openblas alone"; .dev/bin/lapack-stream $N
  run cpu BLASROUTE_MODE=cpu
  run device BLASROUTE_MODE=device
  run auto-nolearn BLASROUTE_MODE=auto BLASROUTE_LEARN=0
  run auto-learn1 BLASROUTE_MODE=auto BLASROUTE_LEARN=1
  run auto-learn2 BLASROUTE_MODE=auto BLASROUTE_LEARN=1
  ls $BLASROUTE_CACHE_DIR/learned-*.table && cat $BLASROUTE_CACHE_DIR/learned-*.table
} > $OUT/stream.txt 2>&1
cat $OUT/tiny.txt $OUT/stream.txt
