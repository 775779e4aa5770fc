#!/bin/bash
# Session 38, development machine: a lapack-stream routine in turns, warm caches, as the
# workload suite runs it here (BLASROUTE_DEVICE=cpu): cpu mode, auto with this build and auto
# with another build's library, each auto build on a cache of its own primed by one run (and
# its prepare helper) first; bests and medians of N and their ratios to cpu mode.
#   bash profiles/measured/2026-12-08-s38/dev/ab-warm.sh N ROUTINE ORDER OTHER_LIBRARY
N=$1; R=$2; O=$3; OTHER=$4; TOP=$PWD
export BLASROUTE_TEST_PREPARE_HELPER=$TOP/blasroute-prepare
run() { # MODE LIBRARY CACHE: the seconds lapack-stream reports
  LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack BLASROUTE_CACHE_DIR=$3 \
    BLASROUTE_DEVICE=cpu BLASROUTE_MODE=$1 LD_PRELOAD=$2 $TOP/lapack-stream $O $R 2>/dev/null |
    awk '{print $3}'; }
rm -rf /tmp/ab-new /tmp/ab-old /tmp/ab-cpu
run auto $TOP/.libs/libblasroute.so /tmp/ab-new > /dev/null
run auto $OTHER /tmp/ab-old > /dev/null
sleep 20
for i in $(seq $N); do
  echo "$(run cpu $TOP/.libs/libblasroute.so /tmp/ab-cpu) $(run auto $TOP/.libs/libblasroute.so /tmp/ab-new)" \
       "$(run auto $OTHER /tmp/ab-old)"
done | python3 -c '
import sys, statistics as s
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
c, a, o = zip(*rows)
print("best of %d: cpu %.4f, auto %.4f (%.3f), other build auto %.4f (%.3f)" % (len(rows), min(c), min(a), min(a)/min(c), min(o), min(o)/min(c)))
print("medians: cpu %.4f, auto %.3f, other %.3f; paired medians auto %.3f, other %.3f" % (s.median(c), s.median(a)/s.median(c), s.median(o)/s.median(c), s.median(x/y for x, y in zip(a, c)), s.median(x/y for x, y in zip(o, c))))'
