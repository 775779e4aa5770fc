#!/bin/bash
# Session 19, call 4 (nvidia-h200; carry .dev/bundle of 21dea05's build; about 5 minutes).
#  1. Issue 20: call 3's dpotrf 8192 in auto mode, warm: 118 to 121 of its 126 dgemm calls on
#     the device, 0.39 to 0.58 s against 0.84 to 1.09 in cpu mode, but its 8191 dtrsm calls, all
#     on the CPU, 0.38 to 0.44 s against 0.03. Traced (modes: auto cold and warm, cpu, device):
#     which dtrsm calls lose, and next to what.
#  2. The suite's geqrf 8192, which call 3's 560 s did not reach (--min-seconds 12 as there).
source profiles/measured/gpu-common.sh
{ uptime; top -b -n 1 | head -25; } > $OUT/load.txt 2>&1
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then cat $OUT/load.txt; pack; exit 0; fi
modes potrf 8192 .dev/bin/lapack-stream 8192 potrf
suite geqrf8192 300 --orders 8192 --workloads geqrf --min-seconds 12
pack
