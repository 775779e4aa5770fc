#!/bin/bash
# A/B on the development machine: cpu mode, auto mode with 9611d34's library (/tmp/old, built from
# a clone) and with this checkout's, interleaved rounds; STATE cold (an empty cache directory
# each run) or warm (each variant's own directory kept from its first run on).
# usage: ab_builds.sh WORKLOAD ORDER ROUNDS STATE
W=$1 N=$2 R=${3:-30} STATE=${4:-cold}
cd /work/main
rm -rf /tmp/ab-cpu /tmp/ab-old /tmp/ab-new
for i in $(seq $R); do
  for m in cpu old new; do
    lib=$PWD/.libs/libblasroute.so; mode=auto
    [ $m = old ] && lib=/tmp/old/.libs/libblasroute.so
    [ $m = cpu ] && mode=cpu
    [ $STATE = cold ] && rm -rf /tmp/ab-$m
    t=$(env LD_PRELOAD=$lib BLASROUTE_MODE=$mode BLASROUTE_CACHE_DIR=/tmp/ab-$m LD_LIBRARY_PATH=$PWD/.dev/lapack ./lapack-stream $N $W 2>/dev/null | awk '{print $3}')
    echo "$m $t"
  done
done | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | sort | while read m rest; do
  echo "$m $(echo $rest | tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {printf "best %.4f q1 %.4f med %.4f", v[1], v[int(NR/4)+1], v[int(NR/2)+1]}')"
done
