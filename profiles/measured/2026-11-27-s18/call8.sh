#!/bin/bash
# Session 18, call 8 (nvidia-h200, under 10 minutes; carry .dev/bundle, made by
# profiles/measured/bundle.sh from a build of a460dc1): issue 20's suite, the reference-LAPACK
# streams getrf, geqrf, gesv and potrf at 1024, 4096 and 8192 in cpu, device and auto modes,
# cold and warm, best of 3 (medians beside), with this session's build (the CPU rates kept per
# precision, the first call of a path counted in any mode; session 17's LAPACK entries and
# helper wait).
source profiles/measured/gpu-common.sh
suite lapack 570 --orders 1024,4096,8192 --workloads getrf,geqrf,gesv,potrf --repeats 3
cat $OUT/suite-lapack.txt 2> /dev/null
pack
