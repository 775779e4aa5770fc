#!/bin/bash
# Session 19, call 5 (nvidia-h200; carry .dev/bundle of 21dea05's build; about 3 minutes).
#  1. Issue 20: call 4's geqrf 8192 had auto mode at 1.109 (cold) and 1.069 (warm) of cpu mode,
#     with 193 to 224 of its 504 dgemm calls on the device, whose dgemm runs no faster than the
#     CPU BLAS's (504 on the device 3.9 to 4.5 s, on the CPU 3.4 to 3.9) while the report counts
#     1.1 to 4.0 s saved against the CPU's prediction. Traced: cold (with the helper the suite
#     leaves, BLASROUTE_TEST_PREPARE_HELPER), warm once the helper is done, cpu mode; the cache's
#     memos after each.
#  2. The suite's syevd 1024 and 4096 and its numpy script at 2048 (not run since session 17).
source profiles/measured/gpu-common.sh
{ uptime; top -b -n 1 | head -25; } > $OUT/load.txt 2>&1
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then cat $OUT/load.txt; pack; exit 0; fi
c=/tmp/c-geqrf; rm -rf $c $c-c
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
traced geqrf cold auto $c .dev/bin/lapack-stream 8192 geqrf
for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
mkdir -p $OUT/geqrf/memos-cold && cp $c/*.memo $c/*.stamp $c/*.table $c/*.profile $OUT/geqrf/memos-cold/ 2>/dev/null
traced geqrf warm auto $c .dev/bin/lapack-stream 8192 geqrf
mkdir -p $OUT/geqrf/memos-warm && cp $c/*.memo $c/*.table $c/*.profile $OUT/geqrf/memos-warm/ 2>/dev/null
traced geqrf cpu cpu $c-c .dev/bin/lapack-stream 8192 geqrf
unset BLASROUTE_TEST_PREPARE_HELPER
gzip -9 $OUT/geqrf/*.csv
suite syevd 150 --orders 1024,4096 --workloads syevd
PYTHON=python3 suite numpy 100 --orders 2048 --workloads numpy
pack
