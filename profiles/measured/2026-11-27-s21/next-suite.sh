#!/bin/bash
# Prepared 2026-11-27 (session 21, not yet run), nvidia-h200, about 8 minutes; carry .dev/bundle
# of a build with 1381e8a. The suite's LAPACK streams at 4096 and 8192, three runs of each mode,
# on the build whose warm runs read what their cold runs learned.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite s8192 560 --orders 4096,8192 --workloads geqrf,potrf,getrf,gesv,syevd --repeats 3 \
    --max-syevd 8192
pack
