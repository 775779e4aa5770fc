#!/bin/bash
# Issue 20, session 14, the build at the session's end: the numpy script at 4096 in every mode
# (gpu-common.sh modes: auto cold and warm, cpu, device cold and warm), and reference-LAPACK
# dgetrf 8192 in cpu and auto mode on empty caches, in turns.
#     bash profiles/measured/2026-11-27-issue20-s14/last.sh
# Carried: .gpu, .dev/lib (and for dgetrf .dev/lapack, .dev/bin/lapack-stream).
source profiles/measured/gpu-common.sh
modes numpy 4096 python3 scripts/workload_numpy.py 4096 | tee $OUT/numpy.txt
[ -f .dev/lapack/liblapack.so.3 ] && for i in 1 2; do stream 8192 getrf cpu; stream 8192 getrf auto; done | tee $OUT/getrf.txt
pack
