#!/bin/bash
# Issue 20, session 10: numpy's dgesv 4096 and 6144 in a warm process under the shipped
# getrf_min_order (6144) against 4096 and 2048 and cpu mode (session 9's next.sh gesv part),
# then the suite at 8192 for the workloads over 1.03 in session 9 and their neighbours, best
# of 2 interleaved runs (session 9: one run each):
#     bash profiles/measured/2026-11-26-issue20-s10/suite.sh
# Carried: .gpu, .dev/lib, .dev/bin, .dev/lapack (this build). About 7 minutes.
source profiles/measured/gpu-common.sh
bash profiles/measured/2026-11-26-issue20-s9/next.sh gesv > /dev/null 2>&1
tar xzf $OUT/all.tgz -C $OUT && rm $OUT/all.tgz
cat $OUT/gesv.txt
suite 8192 420 --orders 8192 --repeats 2 --max-numpy 8192 --workloads getrf,geqrf,gesv,numpy
pack
