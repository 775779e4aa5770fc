#!/bin/bash
# Prepared 2026-11-27 (session 19, not yet run), nvidia-h200, about 9 minutes; carry .dev/bundle
# (profiles/measured/bundle.sh of a current build). Each machine start cost this session 60 to
# 100 s of the device budget: few calls, each near the 600 s limit.
# Issue 20: call 7 found geqrf 8192's warm run at 4.71 s against 5.50 in cpu mode with the CPU
# BLAS's threads sleeping soon after a call (OPENBLAS_THREAD_TIMEOUT=20: 2^20 cycles, about
# 0.4 ms, instead of 2^28) and none lowered beside the device (BLASROUTE_CPU_THREADS=keep), one
# run each. Before blasroute sets these itself: the suite with them (every mode: cpu mode then
# measures what a user's CPU BLAS would do under blasroute's setting), against the numpy script,
# where a short timeout could cost most (mid-size products with Python between them).
#  1. numpy 2048 and 4096: plain, then with the two settings (cpu mode of each against OpenBLAS
#     alone: the numpy script without blasroute, --repeats 3).
#  2. The suite at 8192 (getrf, gesv, potrf, geqrf) with the two settings, --min-seconds 12.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then pack; exit 0; fi
for n in 2048 4096; do
  for i in 1 2 3; do
    echo "numpy $n alone $( { /usr/bin/time -f %e python3 scripts/workload_numpy.py $n > /dev/null; } 2>&1 | tail -1)"
  done
done | tee $OUT/numpy-alone.txt
suite numpy-plain 120 --orders 2048,4096 --workloads numpy
OPENBLAS_THREAD_TIMEOUT=20 BLASROUTE_CPU_THREADS=keep suite numpy-sleep 120 --orders 2048,4096 --workloads numpy
OPENBLAS_THREAD_TIMEOUT=20 BLASROUTE_CPU_THREADS=keep suite s8192-sleep 300 --orders 8192 \
  --workloads potrf,geqrf,getrf,gesv --min-seconds 12
pack
