#!/bin/bash
# Issue 20, session 8, call 5 (nvidia-h200): reference-LAPACK dgeqrf 16384, auto mode 1.04 of
# cpu mode in suite-16384b: traced in auto mode (empty cache) and cpu mode, each call's shape,
# path, prediction and time in $OUT/geqrf-16384/{auto-cold,cpu}.csv.
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-q /tmp/c-qc
traced geqrf-16384 auto-cold auto /tmp/c-q .dev/bin/lapack-stream 16384 geqrf
traced geqrf-16384 cpu cpu /tmp/c-qc .dev/bin/lapack-stream 16384 geqrf
pack
