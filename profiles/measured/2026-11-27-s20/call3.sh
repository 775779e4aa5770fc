#!/bin/bash
# Session 20 call 3, nvidia-h200, about 7 minutes; carry .dev/bundle (this build: a device
# cell disturbed at every call learns its samples after four in a row).
# 1. geqrf 8192 and potrf 8192: a cold run with its helper, two warm runs on the cache it left,
#    cpu mode twice; traced (does the device cell dgemm(T, N, m, 32, m) learn what it takes,
#    and where do its calls go then).
# 2. The suite's cells call 2 left unfinished: numpy 4096 (3 repeats), the Netlib programs.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
for r in geqrf potrf; do
  c=/tmp/c-$r; rm -rf $c*
  BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream 8192 $r
  for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
  traced $r cpu1 cpu $c-c .dev/bin/lapack-stream 8192 $r
  traced $r warm1 auto $c .dev/bin/lapack-stream 8192 $r
  traced $r cpu2 cpu $c-c .dev/bin/lapack-stream 8192 $r
  traced $r warm2 auto $c .dev/bin/lapack-stream 8192 $r
  cp $c/learned-*.table $OUT/$r/ 2>/dev/null
done
gzip -9 $OUT/*/*.csv
(cd $OUT && tar czf part1.tgz geqrf potrf && rm -rf geqrf potrf) # kept should the suite overrun
suite numpy4096 200 --orders 4096 --workloads numpy --repeats 3
suite netlib 90 --workloads netlib --repeats 3
pack
