#!/bin/bash
# Issue 20, third session, fifth call: run4's dgeqrf 2048 in auto mode took 1.10 times cpu
# mode's time with every call on the CPU (best of 10, cold and warm), not seen on the
# development machine (medians within 0.3%). Interleaved, 8 times each, warm caches: cpu mode,
# auto mode, auto mode with BLASROUTE_LEARN=0 (no memos, nothing weighed). Carried: .gpu, .dev.
#     bash profiles/measured/2026-11-25-issue20-threads/run5.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-q*
for i in 1 2 3 4 5 6 7 8; do
  for m in cpu auto auto-nolearn; do
    learn=1; [ $m = auto-nolearn ] && learn=0
    s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-q$m BLASROUTE_MODE=${m%-*} BLASROUTE_LEARN=$learn \
        LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 2048 geqrf | awk '{print $3}')
    echo "$m $s"
  done
done > $OUT/geqrf-2048.txt
awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' $OUT/geqrf-2048.txt
