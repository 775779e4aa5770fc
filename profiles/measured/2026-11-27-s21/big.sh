#!/bin/bash
# Session 21, nvidia-h200, about 9 minutes; carry .dev/bundle. The suite's reference-LAPACK
# streams at n = 16384 (issue 20: "on the GPU machine up to 16384"), one run of each mode and
# state: potrf, getrf, gesv, then geqrf as far as the limit lets it.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
suite s16384 545 --orders 16384 --workloads potrf,getrf,gesv,geqrf --repeats 1
pack
