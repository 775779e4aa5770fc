#!/bin/bash
# Session 34, call 5 (carry .dev/bundle: .dev/lib = 6e2cc5e, .dev/lib-old = 84e207f): session
# 33's call4.sh sweep (issue 20's modes sweep of s and d GEMM, SYMM, rank-k, TRMM at 256 and 512
# after a pass at 512, traced), alternating the builds twice each, every sweep's outputs added
# to one tar file as it ends (a call brings back at most 8 files; call 4 lost its traces). On
# an H200, issue 22's figures (session 33's call1.sh) first.
# Session 33's call4.sh, sourced: setup.sh and its sweep, here into $W, each sweep's outputs
# put into the tar as it ends (a call stopped at its limit still brings back the sweeps done).
source profiles/measured/2026-12-07-s33/call4.sh
sweep_into_tar() { # NAME LIBDIR
  sweep $1 $2
  (cd $W && tar rf $OUT/call5-out.tar *-$1*) && rm -f $W/*-$1*; }
W=$OUT/w; mkdir -p $W
if [ -z "$SWEEPS" ] && nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh
fi
# SWEEPS: NAME:LIBDIR pairs (call 6 runs one a build).
for s in ${SWEEPS:-new1:lib old1:lib-old new2:lib old2:lib-old}; do
  sweep_into_tar ${s%%:*} ${s#*:}
done
