#!/bin/bash
# Issue 21's starting point on the H200, prepared 2026-11-25 (not yet run): every Level-3
# routine end to end from pageable host arrays beside NVBLAS and CLBlast in the same run
# (blasroute-bench's nvb-e2e and clb-e2e columns), the data-resident rates beside them, at
# n = 2048 and 8192, beta != 0 (the bench's 0.5); one device call per precision pair:
#     bash profiles/measured/2026-11-25-issue21-plan/anchors.sh s,d
#     bash profiles/measured/2026-11-25-issue21-plan/anchors.sh c,z
# Carried: .gpu, .dev (bin/blasroute-bench and lib/libblasroute.so.0 of this build). Dry run
# on the development machine: DRY=1 OUT=dir (PoCL, small sizes, the reference BLAS standing in
# for NVBLAS).
source profiles/measured/gpu-common.sh
precisions=${1:-s,d} sizes=2048,8192
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
if [ "${DRY:-0}" = 1 ]; then
  sizes=48,96 nvblas=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
  export BLASROUTE_DEVICE=cpu
fi
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
timeout 560 .dev/bin/blasroute-bench --routine all --precision $precisions --sizes $sizes \
    --repeat 3 --pause 50 > $OUT/anchors-${precisions/,/}.txt 2> $OUT/anchors-${precisions/,/}.err
grep -v '^# check\|^# br-\|^# clb-\|^# cpu:' $OUT/anchors-${precisions/,/}.txt
