#!/bin/bash
# Issue 20, seventh session, call 1 (nvidia-h200), SkylakeX kernels (gpu-common.sh):
#  1. the prepare helper as gated in 7a86a07 (works only while the host is otherwise idle):
#     session 6's run3.sh again (numpy 4096 and reference dgetrf 8192 in every mode);
#  2. the workload suite at 2048 and 4096 (close.sh's suite-2048 and suite-4096), the helper
#     off (the default), every workload, best of 3.
source profiles/measured/gpu-common.sh
(timeout 150 bash profiles/measured/2026-11-26-issue20-s6/run3.sh) 2>&1 | grep -v '^tar' \
    | tee /tmp/prepare.txt
# run3.sh packed its outputs into $OUT/all.tgz; keep it under its own name
mv $OUT/all.tgz $OUT/prepare.tgz 2> /dev/null; cp /tmp/prepare.txt $OUT/
unset BLASROUTE_PREPARE
suite 2048 190 --orders 2048 --repeats 3
suite 4096 240 --orders 4096 --repeats 3 --max-numpy 4096 \
    --workloads getrf,potrf,geqrf,gesv,syevd,numpy
cd $OUT && tar czf runs.tgz runs-* && rm -rf runs-*; true
