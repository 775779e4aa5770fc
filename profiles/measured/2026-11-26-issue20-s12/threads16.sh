#!/bin/bash
# Issue 20, twelfth session: which threads take the CPU in reference dgetrf 16384 under auto
# mode (its trailing dgemm calls ran 2 to 25% slower than in cpu mode, every call on the CPU,
# call 10): each thread's user and system ticks sampled at 6 and 12 s, auto and cpu mode.
#     bash profiles/measured/2026-11-26-issue20-s12/threads16.sh
source profiles/measured/gpu-common.sh
n=16384; [ "${DRY:-0}" = 1 ] && n=3000 && export BLASROUTE_DEVICE=cpu
for mode in auto cpu; do
  rm -rf /tmp/c-t16-$mode
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-t16-$mode BLASROUTE_MODE=$mode \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream $n getrf \
      > $OUT/t16-$mode.out 2>&1 &
  pid=$!
  for t in 6 12; do
    sleep 6
    echo "== $mode at ${t}s: tid comm utime stime (ticks) nonvoluntary switches"
    for d in /proc/$pid/task/*; do
      s=$(cat $d/stat 2>/dev/null) || continue
      sw=$(grep nonvoluntary $d/status | awk '{print $2}')
      echo "$s" | awk -v sw=$sw '{print $1, $2, $14, $15, sw}'
    done | sort -k3 -n -r | head -24
  done
  wait $pid; cat $OUT/t16-$mode.out
done 2>&1 | tee $OUT/threads16.txt
pack
