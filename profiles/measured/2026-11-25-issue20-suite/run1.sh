#!/bin/bash
# Issue 20 on the GPU machine, first call: tiny calls, the interference study (where the time of
# a reference-LAPACK dgetrf of order 8192 goes, per routine and path, in cpu, device and auto
# mode, and with OpenBLAS's threads told to sleep at once), and the workload suite at orders
# 2048 and 8192. Carried: .gpu, .dev (lib/libblasroute.so.0; lapack/: Debian's reference
# liblapack.so.3; bin/: lapack-stream, tiny-calls; netlib/: Debian's xblat3s/d/c/z and their
# input). Writes to $OUT.
set -u
source .gpu/env.sh > /dev/null
D=profiles/measured/2026-11-25-issue20-suite
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc;
  lscpu | grep -E "Model name|Thread|Socket"; } > $OUT/machine.txt 2>&1
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
# Interference: one dgetrf 8192 per case, traced (the kernels compiled first, not timed).
export BLASROUTE_CACHE_DIR=/tmp/brcache
LD_PRELOAD=$L BLASROUTE_MODE=device LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
    .dev/bin/lapack-stream 1024 getrf > /dev/null 2>&1
case_run() { # name, then variables
  name=$1; shift
  echo "== $name: $*"
  env "$@" LD_PRELOAD=$L BLASROUTE_TRACE=$OUT/trace-$name.csv \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 8192 getrf
  python3 $D/trace_summary.py $OUT/trace-$name.csv
  gzip -f $OUT/trace-$name.csv
}
{ case_run cpu BLASROUTE_MODE=cpu
  case_run device BLASROUTE_MODE=device
  case_run device-sleepy BLASROUTE_MODE=device OPENBLAS_THREAD_TIMEOUT=4
  case_run auto BLASROUTE_MODE=auto
  case_run auto-again BLASROUTE_MODE=auto
} > $OUT/interference.txt 2>&1
unset BLASROUTE_CACHE_DIR
timeout 450 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
    --orders 2048,8192 --max-syevd 2048 --max-numpy 4096 --repeats 2 --out $OUT/suite.txt --keep $OUT/runs \
    > $OUT/suite-progress.txt 2>&1
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
cat $OUT/tiny.txt $OUT/interference.txt $OUT/suite-progress.txt | tail -120
