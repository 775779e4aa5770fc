#!/bin/bash
# Issue 20, second session, first call: the build that spends nothing on the device before it
# pays (no calibration before the opening; savings from measured CPU times) and keeps each
# program's worth for its next run. The suite at 2048 and 4096, every workload, best of 2;
# tiny calls. Carried: .gpu, .dev (lib/libblasroute.so.0 and bin/ from this commit's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run1.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
grep -i "over\|ns" $OUT/tiny.txt | tail -6
timeout ${SUITE_SECONDS:-500} python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
    --orders ${ORDERS:-2048,4096} --repeats ${REPEATS:-2} \
    --workloads ${WORKLOADS:-getrf,potrf,gesv,geqrf,syevd,numpy,netlib} --out $OUT/suite.txt \
    --keep $OUT/runs > $OUT/suite-progress.txt 2>&1
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
cat $OUT/suite-progress.txt | tail -30
