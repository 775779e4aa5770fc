#!/bin/bash
# Session 22, development machine: the library before this session (f51bc99, built in a
# worktree: git worktree add /tmp/old f51bc99; autoreconf -fi; ./configure; make) and after
# (/work/main's build) in auto mode, cpu mode beside, interleaved, each run on an empty cache
# (cold), PoCL as the device: ab.sh ORDER ROUTINE RUNS, printing "routine order mode lib s".
order=$1 routine=$2 n=$3
for i in $(seq $n); do
  for v in cpu:new auto:old auto:new; do
    mode=${v%%:*} lib=${v##*:}
    L=/work/main/.libs/libblasroute.so; [ $lib = old ] && L=/tmp/old/.libs/libblasroute.so
    rm -rf /tmp/ab-cache
    s=$(env LD_PRELOAD=$L BLASROUTE_MODE=$mode BLASROUTE_DEVICE=cpu BLASROUTE_CACHE_DIR=/tmp/ab-cache \
        BLASROUTE_PREPARE=0 LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream $order $routine | awk '{print $3}')
    echo "$routine $order $mode $lib $s"
  done
done
