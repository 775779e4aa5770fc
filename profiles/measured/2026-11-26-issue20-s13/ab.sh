#!/bin/bash
# Issue 20, thirteenth session: the suite's rows whose verdict the host's drift hid (getrf 16384,
# geqrf 8192: every auto call on the CPU, auto 1.01 to 1.15 of cpu mode in single runs while
# identical runs drifted 15% in two minutes), now interleaved so that a drift falls on both
# modes alike: cpu, auto cold, auto warm, cpu, cpu, auto cold, auto warm, cpu (each mode's mean
# position the same). Then numpy 4096 in every mode, verbose, with its memos (session 11: auto
# warm 1.24 of device warm, the device never opened).
#     bash profiles/measured/2026-11-26-issue20-s13/ab.sh [getrf|numpy|all|more]
# (more: geqrf 8192 in three such halves, potrf 8192 in two)
# Carried: .gpu, .dev (with lapack/). Dry run: DRY=1 OUT=dir (orders 1024 and 512, PoCL).
source profiles/measured/gpu-common.sh
g=16384 q=8192 p=4096; [ "${DRY:-0}" = 1 ] && g=1024 q=1024 p=512 && export BLASROUTE_DEVICE=cpu
one() { # ROUTINE ORDER MODE CACHE: one run, printing its seconds and the report's device calls
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$4 CUDA_CACHE_PATH=$4/nvidia BLASROUTE_MODE=$3 \
      BLASROUTE_REPORT=1 LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream $2 $1 > /tmp/one.out 2>&1
  echo "$1 $2 $3 $(head -1 /tmp/one.out | awk '{print $3}') device-calls $(grep -o 'device [0-9]*' \
      /tmp/one.out | awk '{s += $2} END {print s + 0}')"; }
ab() { # ROUTINE ORDER [HALVES]
  for half in $(seq ${3:-2}); do
    rm -rf /tmp/c-ab /tmp/c-cpu
    one $1 $2 cpu /tmp/c-cpu; one $1 $2 auto /tmp/c-ab; one $1 $2 auto /tmp/c-ab
    one $1 $2 cpu /tmp/c-cpu
  done | sed 's/^/ab /'; }
numpy_modes() {
  export BLASROUTE_VERBOSE=1
  modes numpy $p python3 scripts/workload_numpy.py $p
  modes numpy $p python3 scripts/workload_numpy.py $p | sed 's/^/again /'
  cp /tmp/c-numpy-$p/*.memo $OUT/numpy-$p/ 2>/dev/null
  unset BLASROUTE_VERBOSE; }
case ${1:-all} in
  getrf) ab getrf $g; ab geqrf $q ;;
  numpy) numpy_modes ;;
  more)  ab geqrf $q 3; ab potrf $q 2 ;;
  all)   ab getrf $g; ab geqrf $q; numpy_modes ;;
esac | tee $OUT/ab.txt
pack
