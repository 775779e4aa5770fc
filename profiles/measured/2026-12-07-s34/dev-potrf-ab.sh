#!/bin/bash
# Session 34, development machine: reference dpotrf (or another lapack-stream routine) in turns,
# cpu mode on an empty cache, auto on an empty cache (cold) and auto on a kept one (warm),
# BLASROUTE_DEVICE=cpu as the workload suite runs it here; bests of N and their ratios.
#   bash profiles/measured/2026-12-07-s34/dev-potrf-ab.sh N ROUTINE ORDER   (checkout root, built)
N=$1; R=$2; O=$3; TOP=$PWD
run() { # MODE CACHE_DIR: the seconds lapack-stream reports
  LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack BLASROUTE_CACHE_DIR=$2 BLASROUTE_DEVICE=cpu \
    BLASROUTE_MODE=$1 LD_PRELOAD=$TOP/.libs/libblasroute.so $TOP/lapack-stream $O $R 2>/dev/null |
    awk '{print $3}'; }
rm -rf /tmp/cw; run auto /tmp/cw > /dev/null
for i in $(seq $N); do
  rm -rf /tmp/cc; c=$(run cpu /tmp/cc); rm -rf /tmp/cc; a=$(run auto /tmp/cc); w=$(run auto /tmp/cw)
  echo "$c $a $w"
done | awk '{ print; if (NR == 1 || $1 < bc) bc = $1; if (NR == 1 || $2 < ba) ba = $2
              if (NR == 1 || $3 < bw) bw = $3 }
            END { printf "best cpu %.4f auto cold %.4f (%.3f) warm %.4f (%.3f)\n",
                  bc, ba, ba / bc, bw, bw / bc }'
