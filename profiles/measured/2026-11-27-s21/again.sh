#!/bin/bash
# Session 21, nvidia-h200, about 9 minutes; carry .dev/bundle. The two large cells that were
# over 1.03 in big.sh and big2.sh with one run each, again with two (paired ratios over both):
# syevd 8192 (1.114 cold, 1.052 warm) and getrf 16384 (1.032 cold).
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite e8192b 260 --orders 8192 --workloads syevd --repeats 2 --max-syevd 8192
suite r16384b 290 --orders 16384 --workloads getrf --repeats 2
pack
