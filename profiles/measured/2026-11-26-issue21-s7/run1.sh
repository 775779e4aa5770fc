#!/bin/bash
# Issue 21, seventh session (nvidia-h200): where every routine stands end to end, s and d,
# n = 2048 and 8192, beside GEMM and NVBLAS in the same run (anchors.sh's run without the CPU
# BLAS's and CLBlast's columns, to fit the session's last device minutes; rows written as they
# come, so a cut run keeps its rows). Carried: .gpu, .dev/lib, .dev/bin.
source profiles/measured/gpu-common.sh
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
timeout ${LIMIT:-330} stdbuf -oL .dev/bin/blasroute-bench --routine all --precision d,s \
    --sizes 8192,2048 --repeat 2 --pause 50 --no-cpu --no-clblast \
    > $OUT/anchors-ds.txt 2> $OUT/anchors-ds.err
grep -v '^# check\|^# br-\|^# clb-\|^# cpu:' $OUT/anchors-ds.txt
