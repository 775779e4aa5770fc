#!/bin/bash
# Issue 20, fourteenth session (2026-11-27): the workload suite on the GPU machine (Done-when 1)
# for the workloads not timed there since session 12's changes: gesv, potrf, syevd and the
# Netlib Level-3 programs, at 1024, 4096 and 8192 (syevd to 4096), best of 3, this build.
#     bash profiles/measured/2026-11-27-issue20-s14/suite.sh
# Carried: .gpu, .dev (lib/libblasroute.so.0, bin/lapack-stream and blasroute-bench, lapack/
# Debian's reference liblapack.so.3, netlib/ the xblat3 programs and their inputs).
# Dry run: DRY=1 OUT=dir (orders 256, PoCL).
source profiles/measured/gpu-common.sh
orders=1024,4096,8192 extra=
[ "${DRY:-0}" = 1 ] && orders=256 extra="--device cpu"
suite rest 560 --orders $orders --workloads gesv,potrf,syevd,netlib --max-syevd 4096 \
    --repeats 3 $extra
cat $OUT/suite-rest.txt 2>/dev/null
pack
