#!/bin/bash
# Prepared in session 22 (not yet run), nvidia-h200, about 9 minutes; carry .dev/bundle of a
# build with 75fa3f1. The suite at the small orders on the build with the side prior, with cpu
# mode run again after auto mode (--aa: the host's own spread beside each row).
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite small 570 --orders 1024,2048 --workloads geqrf,potrf,getrf,gesv,syevd,numpy,netlib \
    --repeats 3 --aa
pack
