#!/bin/bash
# Session 33, call 4 (carry .dev/bundle: .dev/lib = 6e2cc5e, a routine's first CPU call and
# every try bounds; .dev/lib-old = 84e207f): issue 20's modes sweep of call 2 (s and d
# GEMM, SYMM, rank-k, TRMM at 256 and 512, after a pass at 512), traced, with each build in
# turn (on an H200: issue 22's figures, then one sweep a build).
source profiles/measured/2026-12-07-s29/setup.sh
# sweep NAME LIBDIR: the pass and the traced sweep with .dev/LIBDIR, into ${W:-$OUT} (session
# 34's call5.sh sources this file for it).
sweep() { # NAME LIBDIR
  local w=${W:-$OUT}
  export BLASROUTE_CACHE_DIR=/tmp/c-sweep-$1
  rm -rf $BLASROUTE_CACHE_DIR
  local lp=$PWD/.dev/$2:$LD_LIBRARY_PATH
  LD_LIBRARY_PATH=$lp BLASROUTE_TRACE=$w/pass-$1.csv .dev/bin/blasroute-bench \
      --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 512 --modes auto --repeat 1 \
      --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  LD_LIBRARY_PATH=$lp BLASROUTE_TRACE=$w/trace-$1.csv timeout 100 .dev/bin/blasroute-bench \
      --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 256,512 \
      --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast \
      --no-nvblas --csv > $w/modes-$1.csv 2> $w/modes-$1.err
  echo "sweep $1 ($2): exit $?"
  gzip $w/trace-$1.csv $w/pass-$1.csv
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $w/modes-$1.csv |
      tee $w/modes-$1-summary.txt | tail -1; }
# Sourced for sweep alone: nothing runs.
[ "${BASH_SOURCE[0]}" != "$0" ] && return
# On an H200: issue 22's figures beside cuBLAS first (call 1), and one sweep a build.
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh
fi
sweep new1 lib
sweep old1 lib-old
