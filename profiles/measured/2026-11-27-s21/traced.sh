#!/bin/bash
# Session 21, nvidia-h200, about 5 minutes; carry .dev/bundle. Why auto lost about 5% to cpu
# mode in big2.sh's geqrf 16384 (the model counted 8 and 15 s saved by its device products,
# the products took 0.9 and 1.3 s more than in cpu mode) and syevd 8192 (cold: 13 device calls,
# every other part of the run slower): each traced, cold (with its helper), cpu, warm.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
for rn in geqrf:16384 syevd:8192; do
  r=${rn%:*} n=${rn#*:} c=/tmp/c-$r; rm -rf $c*
  BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream $n $r
  for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
  traced $r cpu cpu $c-c .dev/bin/lapack-stream $n $r
  traced $r warm auto $c .dev/bin/lapack-stream $n $r
  cp $c/learned-*.table $OUT/$r/ 2>/dev/null
done
gzip -9 $OUT/*/*.csv
pack
