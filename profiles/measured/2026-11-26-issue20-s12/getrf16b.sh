#!/bin/bash
# Issue 20, twelfth session: reference dgetrf 16384, every call on the CPU in auto mode too, yet
# auto 1.01 to 1.21 times cpu mode in calls 9 to 11. Interleaved: cpu, auto, auto with learning
# off, cpu, auto; each on an empty cache, its report's dgemm line.
#     bash profiles/measured/2026-11-26-issue20-s12/getrf16b.sh
source profiles/measured/gpu-common.sh
n=16384; [ "${DRY:-0}" = 1 ] && n=1024 && export BLASROUTE_DEVICE=cpu
one() { # NAME MODE VAR=VALUE...
  name=$1 mode=$2; shift 2; rm -rf /tmp/c-g16b
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-g16b BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 "$@" \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream $n getrf \
      > $OUT/$name.txt 2>&1
  echo "$name: $(head -1 $OUT/$name.txt | awk '{print $3}') s; $(grep 'report: dgemm' $OUT/$name.txt | cut -d, -f5-6)"; }
one cpu1 cpu
one auto1 auto
one auto-nolearn auto BLASROUTE_LEARN=0
one cpu2 cpu
one auto2 auto
pack
