#!/bin/bash
# Session 22, nvidia-h200, about 9 minutes; carry .dev/bundle (the build with the side prior,
# cpu_threads.h br_cpu_threads_side_prior, and the helper at a saving of the assumed opening).
# The suite's LAPACK streams at 4096 and 8192, three runs of each mode (syevd apart: suite-syevd.sh).
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite s8192 570 --orders 4096,8192 --workloads geqrf,potrf,getrf,gesv --repeats 3
pack
