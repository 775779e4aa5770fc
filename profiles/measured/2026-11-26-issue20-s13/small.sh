#!/bin/bash
# Issue 20, thirteenth session: the small c/z rows under 0.95 in call 2 (cher2k 256 0.745,
# ztrmm 256 0.903, csyrk 256 0.912), where auto keeps the CPU but its CPU calls ran slower than
# cpu mode's and the device was tried every 30 calls or so. Each row timed by blasroute-bench
# (cpu, device, auto; 5 rounds, 250 ms pauses) as it is, with learning off (no tries), and with
# the CPU BLAS's thread count never lowered, each in a process of its own; traced.
#     bash profiles/measured/2026-11-26-issue20-s13/small.sh
# Carried: .gpu, .dev. Dry run: DRY=1 OUT=dir (PoCL).
source profiles/measured/gpu-common.sh
[ "${DRY:-0}" = 1 ] && export BLASROUTE_DEVICE=cpu
row() { # NAME PRECISION ROUTINE SIZE VAR=VALUE... (gpu-common.sh: bench_row)
  local name=$1 p=$2 r=$3 s=$4; shift 4
  bench_row small $name $p $r $s cpu,device,auto "$@"; }
for v in "default BLASROUTE_LEARN=1" "nolearn BLASROUTE_LEARN=0" "keep BLASROUTE_CPU_THREADS=keep"; do
  set -- $v
  row cher2k-$1 c her2k 256 $2
  row ztrmm-$1 z trmm 256 $2
  row csyrk-$1 c syrk 256 $2
done | tee $OUT/small.txt
gzip $OUT/small/*.csv
pack
