#!/bin/bash
# Session 21, nvidia-h200, about 4 minutes; carry .dev/bundle (the build with the learned
# table's key fixed by the opened device: learn_store.c). traced.sh found the warm run of
# dgeqrf 16384 starting with nothing learned: the cold run, its device guessed from the kernel
# driver, had written its table under "driver=", the warm run read "driver=580.159.04". Now:
# cold (with its helper), cpu, warm, warm again, traced; one table expected.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
r=geqrf n=16384 c=/tmp/c-geqrf; rm -rf $c*
BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream $n $r
for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
cp $c/learned-*.table $OUT/$r/ 2>/dev/null; ls $c > $OUT/$r/cache-after-cold.txt
traced $r cpu cpu $c-c .dev/bin/lapack-stream $n $r
traced $r warm auto $c .dev/bin/lapack-stream $n $r
traced $r warm2 auto $c .dev/bin/lapack-stream $n $r
ls $c > $OUT/$r/cache-after.txt; mkdir -p $OUT/$r/end; cp $c/learned-*.table $OUT/$r/end/
gzip -9 $OUT/*/*.csv
pack
