#!/bin/bash
# Issue 20, session 5, call 11 (H200), after a call the model sends to the device waits for a
# program that only loads from the binary cache: numpy 4096 and 8192, reference-LAPACK dpotrf,
# dgeqrf and dgetrf 8192; auto cold and warm, cpu, device cold and warm (each workload its own
# caches, the NVIDIA kernel cache among them), traced, in one archive.
source profiles/measured/gpu-common.sh
modes numpy 4096 python3 scripts/workload_numpy.py 4096
modes potrf 8192 .dev/bin/lapack-stream 8192 potrf
modes numpy 8192 python3 scripts/workload_numpy.py 8192
modes geqrf 8192 .dev/bin/lapack-stream 8192 geqrf
modes getrf 8192 .dev/bin/lapack-stream 8192 getrf
pack
