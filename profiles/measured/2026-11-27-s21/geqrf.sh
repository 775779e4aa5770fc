#!/bin/bash
# Session 21, nvidia-h200, about 9 minutes; carry .dev/bundle. geqrf 16384 again, two runs of
# each mode (paired ratios over both): big2.sh measured 1.056 cold and 1.054 warm with one,
# traced.sh 1.017 and 0.998.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite g16384b 570 --orders 16384 --workloads geqrf --repeats 2
pack
