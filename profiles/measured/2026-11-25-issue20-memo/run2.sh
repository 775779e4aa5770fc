#!/bin/bash
# Issue 20, second session, second call: the build that takes the CPU BLAS's rates from the
# program's own calls made before the opening (no calibration beside them). The suite at
# 2048 and 4096 for the workloads that were off in run1 (best of 2), then 8192 (one run
# each). Carried: .gpu, .dev (this commit's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run2.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
suite() { # NAME ORDERS REPEATS WORKLOADS
  timeout 280 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
    --orders $2 --repeats $3 --workloads $4 --max-numpy 4096 --out $OUT/suite-$1.txt \
    --keep $OUT/runs-$1 > $OUT/suite-$1-progress.txt 2>&1
  tail -n 12 $OUT/suite-$1-progress.txt; }
suite small 2048,4096 2 gesv,geqrf,numpy,potrf,getrf
suite large 8192 1 getrf,gesv,geqrf,potrf
tar czf $OUT/runs.tgz -C $OUT runs-small runs-large && rm -rf $OUT/runs-small $OUT/runs-large
