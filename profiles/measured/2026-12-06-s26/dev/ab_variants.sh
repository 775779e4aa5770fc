#!/bin/bash
# variants of auto mode against cpu mode, interleaved: NAME=VARS...
W=$1 N=$2 R=$3; shift 3
cd /work/main
for i in $(seq $R); do
  for v in "cpu=BLASROUTE_MODE=cpu" "$@"; do
    name=${v%%=*}; vars=${v#*=}
    rm -rf /tmp/ab-c
    t=$(env LD_PRELOAD=$PWD/.libs/libblasroute.so BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=/tmp/ab-c $vars LD_LIBRARY_PATH=$PWD/.dev/lapack ./lapack-stream $N $W 2>/dev/null | awk '{print $3}')
    echo "$name $t"
  done
done | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | while read m rest; do
  echo "$m $(echo $rest | tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {printf "best %.4f q1 %.4f med %.4f", v[1], v[int(NR/4)+1], v[int(NR/2)+1]}')"
done
