#!/bin/bash
# Issue 20 on the GPU machine, fourth call (the warm-up at idle priority, the memo):
# tiny calls; the workload suite at orders 2048 and 4096 (reference LAPACK and numpy), as in
# run2 for comparison. Carried as run1.sh.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
timeout 420 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
    --orders 2048,4096 --max-syevd 2048 --max-numpy 4096 --repeats 2 \
    --workloads getrf,potrf,geqrf,syevd,gesv,numpy --out $OUT/suite.txt \
    --keep $OUT/runs > $OUT/suite-progress.txt 2>&1
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
cat $OUT/tiny.txt $OUT/suite-progress.txt | tail -80
