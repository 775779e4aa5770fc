#!/bin/bash
# Issue 20, session 14: which part of auto mode costs reference-LAPACK dgesv 8192 0.2 s with
# every call on the CPU (gesv.sh: auto median 3.41 s against cpu 3.19; nothing opened).
# Interleaved on empty caches, three rounds: cpu; auto; auto with BLASROUTE_LEARN=0; with
# BLASROUTE_CPU_THREADS=keep; with BLASROUTE_THRESHOLD=100000 (every call below the minimum
# size: the rules alone); with BLASROUTE_WARMUP=savings (no hedge).
#     bash profiles/measured/2026-11-27-issue20-s14/gesv2.sh
# Carried: .gpu, .dev/lib, .dev/lapack, .dev/bin/lapack-stream.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  stream 8192 gesv cpu
  stream 8192 gesv auto
  stream 8192 gesv auto BLASROUTE_LEARN=0
  stream 8192 gesv auto BLASROUTE_CPU_THREADS=keep
  stream 8192 gesv auto BLASROUTE_THRESHOLD=100000
  stream 8192 gesv auto BLASROUTE_WARMUP=savings
done | tee $OUT/gesv2.txt
cat /sys/devices/system/clocksource/clocksource0/current_clocksource
pack
