#!/bin/bash
# Issue 20, seventh session, call 3 (nvidia-h200), SkylakeX kernels: the two 8192 rows over
# 1.03 in call 2 (suite-8192), traced: numpy 8192 in auto mode and device mode, each on an empty
# cache, and reference-LAPACK dsyevd 8192 in auto mode on an empty cache and again, with
# BLASROUTE_VERBOSE=1 (each decision's reasons in the .err files, the trace in the .csv).
source profiles/measured/gpu-common.sh
export BLASROUTE_VERBOSE=1
rm -rf /tmp/c-n /tmp/c-nd /tmp/c-s
traced numpy-8192 auto-cold auto /tmp/c-n python3 scripts/workload_numpy.py 8192
traced numpy-8192 device-cold device /tmp/c-nd python3 scripts/workload_numpy.py 8192
traced syevd-8192 auto-cold auto /tmp/c-s .dev/bin/lapack-stream 8192 syevd
traced syevd-8192 auto-warm auto /tmp/c-s .dev/bin/lapack-stream 8192 syevd
pack
