#!/bin/bash
# Issue 20, session 10: the numpy workload at 4096 and 8192 with the H200 profile's
# getrf_min_order lowered to 4096 (session 9: numpy 8192 auto 1.180 cold, 1.095 warm, a quarter
# second of it the first dgesv of order 4096 on numpy's own LAPACK), best of 2:
#     bash profiles/measured/2026-11-26-issue20-s10/numpy.sh
# Carried: .gpu, .dev/lib, .dev/bin/{lapack-stream,blasroute-info}, profiles. About 4 minutes.
source profiles/measured/gpu-common.sh
suite numpy 500 --orders 4096,8192 --repeats 2 --max-numpy 8192 --workloads numpy
pack
