#!/bin/bash
# Session 22, nvidia-h200, about 3 minutes; carry .dev/bundle (the build of f51bc99). The suite
# (call 1, next-suite.sh) measured geqrf 8192's warm runs at 1.106 of cpu mode, paired, with 46
# to 126 of 504 dgemm on the device, whose dgemm in device mode ran no faster than the CPU's
# (172 GFLOP/s against 170 to 222). Traced: cold (with its helper), warm three times, cpu twice,
# the learned table after each; then gesv 8192 the same way, the suite's cell that call 1's time
# limit cut. Other routines as arguments (prior8192.sh).
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
for r in ${@:-geqrf gesv}; do
  n=8192 c=/tmp/c-$r; rm -rf $c*
  BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream $n $r
  for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
  mkdir -p $OUT/$r/t0; cp $c/learned-*.table $c/*.memo $OUT/$r/t0/ 2>/dev/null
  traced $r cpu cpu $c-c .dev/bin/lapack-stream $n $r
  for w in 1 2 3; do
    traced $r warm$w auto $c .dev/bin/lapack-stream $n $r
    mkdir -p $OUT/$r/t$w; cp $c/learned-*.table $c/*.memo $OUT/$r/t$w/ 2>/dev/null
  done
  traced $r cpu2 cpu $c-c .dev/bin/lapack-stream $n $r
done
gzip -9 $OUT/*/*.csv
pack
