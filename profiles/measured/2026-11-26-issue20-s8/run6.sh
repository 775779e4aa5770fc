#!/bin/bash
# Issue 20, session 8, call 6 (nvidia-h200): run5 showed dgeqrf 16384's rank-32 updates
# (dgemm N,T) on the CPU between device products running 1.75 to 1.85 times their cpu-mode
# time, on the 8 threads the CPU BLAS keeps while a device is in use (cpu_threads.h). The same
# stream in auto mode with BLASROUTE_CPU_THREADS=keep (the CPU BLAS's threads never lowered)
# beside the default (share), each on an empty cache, at 16384 and 8192, traced.
source profiles/measured/gpu-common.sh
for n in 8192 16384; do
  for t in keep share; do
    rm -rf /tmp/c-q
    traced geqrf-$n auto-$t auto /tmp/c-q env BLASROUTE_CPU_THREADS=$t .dev/bin/lapack-stream $n geqrf
  done
  rm -rf /tmp/c-qc; traced geqrf-$n cpu cpu /tmp/c-qc .dev/bin/lapack-stream $n geqrf
done
pack
