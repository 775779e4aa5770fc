#!/bin/bash
# A/B on the dev machine: cpu mode, auto with a3d2dfb's library, auto with HEAD's; interleaved rounds
W=$1 N=$2 R=${3:-30}
cd /work/main
for i in $(seq $R); do
  for m in cpu old new; do
    lib=$PWD/.libs/libblasroute.so; mode=auto
    [ $m = old ] && lib=/tmp/old/.libs/libblasroute.so
    [ $m = cpu ] && mode=cpu
    rm -rf /tmp/ab-c
    t=$(env LD_PRELOAD=$lib BLASROUTE_MODE=$mode BLASROUTE_CACHE_DIR=/tmp/ab-c LD_LIBRARY_PATH=$PWD/.dev/lapack ./lapack-stream $N $W 2>/dev/null | awk '{print $3}')
    echo "$m $t"
  done
done | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | while read m rest; do
  echo "$m $(echo $rest | tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {printf "best %.4f q1 %.4f med %.4f", v[1], v[int(NR/4)+1], v[int(NR/2)+1]}')"
done
