#!/bin/bash
# Prepared in session 22 (not yet run), nvidia-h200, about 9 minutes; carry .dev/bundle of a
# build with 75fa3f1. suite.sh (call 6) again with cpu mode run after auto mode as well
# (--aa): its cells over 1.03 kept every call on the CPU; the A/A column says how far cpu mode
# moves against itself within a repeat.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite aa 570 --orders 4096,8192 --workloads geqrf,potrf,getrf,gesv --repeats 3 --aa
pack
