#!/bin/bash
# Issue 20's modes sweep (ninth session): blasroute-bench --modes cpu,device,auto over the
# routines given, square orders 64 to 8192 and skinny shapes, best of 3 in 3 rounds (the columns
# in turn; calls 1 to 9 of this session timed each column's 3 runs at once, with --repeat 3),
# 250 ms pauses (calls 1 and 2: 50); one device call (under 10 minutes) each:
#     bash profiles/measured/2026-11-26-issue20-s9/modes.sh PRECISIONS ROUTINES NAME
# e.g. "s,d all sd", "c,z gemm,symm,hemm cz-a". Unlike close.sh's modes parts, the CPU BLAS's
# own column is not timed (--no-cpu: it still makes the reference result): the comparison is
# blasroute's cpu mode, and the CPU column doubled the sweep's time at 8192.
# Carried: .gpu, .dev/lib, .dev/bin (this build). Dry run here: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
precisions=${1:?precisions} routines=${2:?routines} name=${3:?name}
sizes=64,128,256,512,1024,2048,4096,8192,8192x8192x64,8192x64x8192,64x8192x8192,4096x4096x256
if [ "${DRY:-0}" = 1 ]; then sizes=64,128,256x256x16; export BLASROUTE_DEVICE=cpu; fi
export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
# The learned table and the programs of one warm-up pass first, as a program run before has.
.dev/bin/blasroute-bench --routine all --precision $precisions --sizes 512 --modes auto \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
start=$(date +%s)
timeout 570 .dev/bin/blasroute-bench --routine $routines --precision $precisions --sizes $sizes \
    --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast --no-nvblas --csv \
    > $OUT/modes-$name.csv 2> $OUT/modes-$name.err
echo "bench: exit $?, $(( $(date +%s) - start )) s" | tee -a $OUT/modes-$name.err
python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$name.csv \
    | tee $OUT/modes-$name-summary.txt
