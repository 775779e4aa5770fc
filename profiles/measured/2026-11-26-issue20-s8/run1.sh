#!/bin/bash
# Issue 20, session 8, call 1 (nvidia-h200): a first run whose first call is its largest, with
# the CPU BLAS beginning such a call while the device opens on a warm-up thread (the hedge,
# BLASROUTE_WARMUP=background, the default from this build) against the rule alone
# (BLASROUTE_WARMUP=savings, session 7's behaviour), device mode and cpu mode: numpy 8192,
# each mode on an empty cache ("cold") and again on the cache it left ("warm"), rounds in turn
# until 500 s have passed. Then reference-LAPACK dgetrf and dgeqrf 8192 and numpy 4096 cold in
# auto mode: whether the hedge stays out of programs whose calls are small (their traces'
# reasons). Carried: .gpu, .dev/lib, .dev/bin, .dev/lapack (this build).
source profiles/measured/gpu-common.sh
export BLASROUTE_VERBOSE=1
begin=$(date +%s)
left() { [ $(( $(date +%s) - begin )) -lt ${1:-470} ]; }
numpy() { # NAME MODE CACHE [VAR=VALUE...]
  local name=$1 mode=$2 cache=$3; shift 3
  left || return 0
  local t0=$(date +%s.%N)
  traced numpy-8192 $name $mode $cache env "$@" python3 scripts/workload_numpy.py 8192
  echo "  (wall $(awk -v a=$t0 -v b=$(date +%s.%N) "BEGIN { print b - a }") s)"; }
for round in 1 2 3; do
  rm -rf /tmp/c-a /tmp/c-s /tmp/c-d /tmp/c-c
  numpy auto-cold-$round auto /tmp/c-a
  numpy cpu-$round cpu /tmp/c-c
  numpy savings-cold-$round auto /tmp/c-s BLASROUTE_WARMUP=savings
  numpy device-cold-$round device /tmp/c-d
  numpy auto-warm-$round auto /tmp/c-a
  numpy device-warm-$round device /tmp/c-d
  numpy savings-warm-$round auto /tmp/c-s BLASROUTE_WARMUP=savings
done 2>&1 | tee $OUT/numpy-8192.txt
grep -h 'warm-up:\|opening the device\|program:' $OUT/numpy-8192/*.err | sort | uniq -c
rm -rf /tmp/c-g /tmp/c-q /tmp/c-n4
traced lapack-8192 getrf-auto-cold auto /tmp/c-g .dev/bin/lapack-stream 8192 getrf
traced lapack-8192 geqrf-auto-cold auto /tmp/c-q .dev/bin/lapack-stream 8192 geqrf
traced numpy-4096 auto-cold auto /tmp/c-n4 python3 scripts/workload_numpy.py 4096
traced numpy-4096 cpu cpu /tmp/c-n4c python3 scripts/workload_numpy.py 4096
grep -c 'the CPU begins while' $OUT/lapack-8192/*.csv $OUT/numpy-4096/*.csv
pack
