#!/bin/bash
# Session 22, nvidia-h200, about 7 minutes; carry .dev/bundle (the build of suite.sh). The
# suite's syevd at 8192, three runs of each mode.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite syevd8192 560 --orders 8192 --workloads syevd --repeats 3 --max-syevd 8192
pack
