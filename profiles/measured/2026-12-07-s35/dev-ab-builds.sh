#!/bin/bash
# Session 35, development machine: a lapack-stream routine in turns, cpu mode, then auto with
# this build's library and with another's, each on an empty cache (cold) as the workload suite
# runs it here (BLASROUTE_DEVICE=cpu); bests of N and their ratios to cpu mode.
#   bash profiles/measured/2026-12-07-s35/dev-ab-builds.sh N ROUTINE ORDER OTHER_LIBRARY
N=$1; R=$2; O=$3; OTHER=$4; TOP=$PWD
run() { # MODE LIBRARY: the seconds lapack-stream reports, on an empty cache
  rm -rf /tmp/cab
  LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack BLASROUTE_CACHE_DIR=/tmp/cab \
    BLASROUTE_DEVICE=cpu BLASROUTE_MODE=$1 LD_PRELOAD=$2 $TOP/lapack-stream $O $R 2>/dev/null |
    awk '{print $3}'; }
for i in $(seq $N); do
  echo "$(run cpu $TOP/.libs/libblasroute.so) $(run auto $TOP/.libs/libblasroute.so)" \
       "$(run auto $OTHER)"
done | awk '{ if (NR == 1 || $1 < bc) bc = $1; if (NR == 1 || $2 < ba) ba = $2
              if (NR == 1 || $3 < bo) bo = $3 }
            END { printf "best of %d: cpu %.4f, auto %.4f (%.3f), other build auto %.4f (%.3f)\n",
                  NR, bc, ba, ba / bc, bo, bo / bc }'
