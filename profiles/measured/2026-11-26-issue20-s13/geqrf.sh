#!/bin/bash
# Issue 20, thirteenth session: why auto loses on the reference dgeqrf 8192 (ab.sh: cold 6.97 s
# when it opened the device, warm 5.68 with 231 device calls, cpu mode 4.92 to 5.67), traced
# in every mode (gpu-common.sh's modes: auto cold, auto warm, cpu, device cold, device warm);
# then numpy 4096 in auto mode three times on one cache (does a third run open the device?).
#     bash profiles/measured/2026-11-26-issue20-s13/geqrf.sh
# Carried: .gpu, .dev (with lapack/). Dry run: DRY=1 OUT=dir (orders 1024 and 512, PoCL).
source profiles/measured/gpu-common.sh
q=8192 p=4096; [ "${DRY:-0}" = 1 ] && q=1024 p=512 && export BLASROUTE_DEVICE=cpu
export BLASROUTE_VERBOSE=1
modes geqrf $q .dev/bin/lapack-stream $q geqrf
rm -rf /tmp/c-np3
for run in 1 2 3; do traced numpy3 auto$run auto /tmp/c-np3 python3 scripts/workload_numpy.py $p; done
traced numpy3 cpu cpu /tmp/c-np3-cpu python3 scripts/workload_numpy.py $p
cp /tmp/c-np3/*.memo $OUT/numpy3/ 2>/dev/null
for f in $OUT/*/*.csv; do gzip $f; done
pack
