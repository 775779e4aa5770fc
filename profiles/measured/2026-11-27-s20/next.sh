#!/bin/bash
# Prepared 2026-11-27 (session 20, not yet run), nvidia-h200, about 7 minutes; carry .dev/bundle
# (profiles/measured/bundle.sh of a current build). Measures what session 20 built after its
# device time was spent:
#  1. The side cost (learn.h: what a device call's CPU neighbours lose on the lowered thread
#     count, added to its prediction): geqrf 8192 warm lost 1.07 to 1.20 to cpu mode in call 3;
#     it should now stay near cpu mode. potrf 8192 (warm 0.67 to 0.80 of cpu mode in call 3) and
#     getrf 8192 must not lose what they had. Traced: the learned table's side seconds, and
#     where the T,N products went.
#  2. The first weighed call's one-off reads deferred to 10 ms of device-sized calls
#     (warmup.c: value_after_seconds): the suite at 1024, best of 40, with paired ratios.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
for r in geqrf potrf getrf; do
  c=/tmp/c-$r; rm -rf $c*
  BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream 8192 $r
  for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
  for i in 1 2 3; do
    traced $r cpu$i cpu $c-c .dev/bin/lapack-stream 8192 $r
    traced $r warm$i auto $c .dev/bin/lapack-stream 8192 $r
  done
  cp $c/learned-*.table $OUT/$r/ 2>/dev/null
done
gzip -9 $OUT/*/*.csv
(cd $OUT && tar czf part1.tgz geqrf potrf getrf && rm -rf geqrf potrf getrf)
suite s1024 250 --orders 1024 --workloads getrf,gesv,potrf,geqrf --repeats 3 --min-seconds 12
pack
