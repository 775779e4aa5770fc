#!/bin/bash
# Issue 20, session 5, call 13 (H200), as call 12 after a sweep in progress alone decides the
# opening (what its steps ahead save once the device is ready), and a compile to come counts in
# the opening's cost for a run again too: numpy 4096 and 8192, reference-LAPACK dpotrf, dgeqrf
# and dgetrf 8192, dgeqrf 4096; auto cold and warm, cpu, device cold and warm (each workload its
# own caches, the NVIDIA kernel cache among them), traced, in one archive.
source profiles/measured/gpu-common.sh
modes numpy 4096 python3 scripts/workload_numpy.py 4096
modes potrf 8192 .dev/bin/lapack-stream 8192 potrf
modes geqrf 8192 .dev/bin/lapack-stream 8192 geqrf
modes getrf 8192 .dev/bin/lapack-stream 8192 getrf
modes geqrf 4096 .dev/bin/lapack-stream 4096 geqrf
modes numpy 8192 python3 scripts/workload_numpy.py 8192
pack
