#!/bin/bash
# Issue 20, session 8, call 2 (nvidia-h200): run1.sh's comparison again after the hedge left a
# core to the warm-up (commit bed6bea): numpy 8192 on an empty cache in auto mode (the hedge),
# device mode, cpu mode and auto mode with BLASROUTE_WARMUP=savings, in turn, rounds started until
# 300 s have passed; then auto and device mode again on the caches they left (warm).
# Carried: .gpu, .dev/lib, .dev/bin, .dev/lapack (this build).
source profiles/measured/gpu-common.sh
export BLASROUTE_VERBOSE=1
begin=$(date +%s)
left() { [ $(( $(date +%s) - begin )) -lt $1 ]; }
numpy() { # NAME MODE CACHE [VAR=VALUE...]
  local name=$1 mode=$2 cache=$3; shift 3
  local t0=$(date +%s.%N)
  traced numpy-8192 $name $mode $cache env "$@" python3 scripts/workload_numpy.py 8192
  echo "  (wall $(awk -v a=$t0 -v b=$(date +%s.%N) 'BEGIN { print b - a }') s)"; }
round=0
while left 300; do
  round=$((round + 1))
  rm -rf /tmp/c-a /tmp/c-s /tmp/c-d /tmp/c-c
  numpy auto-cold-$round auto /tmp/c-a
  numpy device-cold-$round device /tmp/c-d
  numpy cpu-$round cpu /tmp/c-c
  numpy savings-cold-$round auto /tmp/c-s BLASROUTE_WARMUP=savings
done 2>&1 | tee $OUT/numpy-8192.txt
{ left 500 && numpy auto-warm auto /tmp/c-a && left 540 && numpy device-warm device /tmp/c-d; } \
  2>&1 | tee -a $OUT/numpy-8192.txt
grep -h 'warm-up:\|opening the device\|program:\|threads instead' $OUT/numpy-8192/*.err | sort | uniq -c
for f in $OUT/numpy-8192/auto-cold-*.csv; do awk -F, 'NR == 2 { print FILENAME, $10, $11, $15, $16 }' $f; done
pack
