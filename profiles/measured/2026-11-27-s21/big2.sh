#!/bin/bash
# Session 21, nvidia-h200, about 8 minutes; carry .dev/bundle. The suite's geqrf at n = 16384
# and syevd at 8192 (issue 20: the large orders), one run of each mode and state.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite g16384 330 --orders 16384 --workloads geqrf --repeats 1
suite e8192 220 --orders 8192 --workloads syevd --repeats 1 --max-syevd 8192
pack
