#!/bin/bash
# Session 34, call 5 (carry .dev/bundle: .dev/lib = 6e2cc5e, .dev/lib-old = 84e207f): session
# 33's call4.sh sweep (issue 20's modes sweep of s and d GEMM, SYMM, rank-k, TRMM at 256 and 512
# after a pass at 512, traced), alternating the builds twice each, every sweep's outputs added
# to one tar file as it ends (a call brings back at most 8 files; call 4 lost its traces). On
# an H200, issue 22's figures (session 33's call1.sh) first.
source profiles/measured/2026-12-07-s29/setup.sh
sweep() { # NAME LIBDIR
  export BLASROUTE_CACHE_DIR=/tmp/c-sweep-$1
  rm -rf $BLASROUTE_CACHE_DIR
  local lp=$PWD/.dev/$2:$LD_LIBRARY_PATH
  LD_LIBRARY_PATH=$lp BLASROUTE_TRACE=$W/pass-$1.csv .dev/bin/blasroute-bench \
      --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 512 --modes auto --repeat 1 \
      --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  LD_LIBRARY_PATH=$lp BLASROUTE_TRACE=$W/trace-$1.csv timeout 100 .dev/bin/blasroute-bench \
      --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 256,512 \
      --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast \
      --no-nvblas --csv > $W/modes-$1.csv 2> $W/modes-$1.err
  echo "sweep $1 ($2): exit $?"
  gzip $W/trace-$1.csv $W/pass-$1.csv
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $W/modes-$1.csv |
      tee $W/modes-$1-summary.txt | tail -1
  # Into the tar at once: a call stopped at its limit still brings back the sweeps done.
  (cd $W && tar rf $OUT/call5-out.tar *-$1*) && rm -f $W/*-$1*; }
W=$OUT/w; mkdir -p $W
if [ -z "$SWEEPS" ] && nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh
fi
# SWEEPS: NAME:LIBDIR pairs (call 6 runs one a build).
for s in ${SWEEPS:-new1:lib old1:lib-old new2:lib old2:lib-old}; do sweep ${s%%:*} ${s#*:}; done
