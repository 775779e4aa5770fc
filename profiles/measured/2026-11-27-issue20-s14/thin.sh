#!/bin/bash
# Issue 20, session 14: why auto's CPU calls of the thin rank-2k rows (cher2k, zsyr2k n = 64,
# k = 8192) took 1.45 ms against cpu mode's 1.07 to 1.45 in the same rounds of the c/z sweep
# (calls 3 and 4), all on the CPU. Each row in a process of its own (blasroute-bench cpu,
# device, auto; 5 rounds, 250 ms pauses; traced) as it is, with learning off, with the CPU
# BLAS's thread count never lowered, and with auto alone (no device column before it).
#     bash profiles/measured/2026-11-27-issue20-s14/thin.sh
# Carried: .gpu, .dev/lib, .dev/bin/blasroute-bench.
source profiles/measured/gpu-common.sh
row() { # NAME PRECISION ROUTINE MODES VAR=VALUE... (gpu-common.sh: bench_row)
  local name=$1 p=$2 r=$3 modes=$4; shift 4
  bench_row thin $name $p $r 8192x64x8192 $modes "$@"; }
for v in "default BLASROUTE_LEARN=1" "nolearn BLASROUTE_LEARN=0" "keep BLASROUTE_CPU_THREADS=keep"; do
  set -- $v
  row cher2k-$1 c her2k cpu,device,auto $2
  row zsyr2k-$1 z syr2k cpu,device,auto $2
done
row cher2k-alone c her2k cpu,auto BLASROUTE_LEARN=1
row zsyr2k-alone z syr2k cpu,auto BLASROUTE_LEARN=1
gzip $OUT/thin/*.csv
pack
