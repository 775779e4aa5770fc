#!/bin/bash
# Session 19, call 3 (nvidia-h200; carry .dev/bundle of this session's build; about 9 minutes).
# Issue 20: the suite at order 8192 (getrf, gesv, potrf, geqrf) with the build of call 2.
# Each mode's best of at least 3 runs, and cpu and auto mode repeated until cpu mode's runs add
# up to 12 s (--min-seconds; device mode too while it is within twice cpu mode's time): session
# 18's call 8 (best of 3) had cpu mode's getrf 8192 at 2.32 to 2.51 s and geqrf 8192 at 4.81 to
# 5.90 with every call on the CPU in both modes.
source profiles/measured/gpu-common.sh
{ uptime; top -b -n 1 | head -25; } > $OUT/load.txt 2>&1
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then cat $OUT/load.txt; pack; exit 0; fi
suite s8192 560 --orders 8192 --workloads getrf,gesv,potrf,geqrf --min-seconds 12
pack
