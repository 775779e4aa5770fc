#!/bin/bash
# Session 35, call 3 (carry .dev/bundle: .dev/lib = e6e50d8, the hysteresis and the tries'
# spin charged): issue 20's workload suite at 8192 (reference LAPACK getrf, potrf, gesv,
# geqrf; one repeat, cpu mode's runs before and after auto's), on whichever GPU comes; on an
# H200, issue 22's figures beside cuBLAS first. The runs' files go into one tar (a call brings
# back at most 8 files).
source profiles/measured/2026-12-07-s29/setup.sh
gpu=h100
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  gpu=h200
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
fi
suite $gpu-8192 $([ $gpu = h200 ] && echo 330 || echo 480) --orders 8192 \
    --workloads getrf,potrf,gesv,geqrf --repeats 1 --aa
(cd $OUT && tar cf runs-$gpu-8192.tar runs-$gpu-8192 && rm -rf runs-$gpu-8192)
