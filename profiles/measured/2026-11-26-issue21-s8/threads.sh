#!/bin/bash
# Issues 21 and 20, prepared 2026-11-26 (session 8, not yet run), nvidia-h200, about 6 minutes:
# whether the engine's host copies should take 12 threads instead of 8 on a 16-core host.
# copies.sh (session 8) measured 12 memcpy threads 4 to 15% faster end to end than 8 in device
# mode; but the CPU BLAS runs beside a device call on the cores the copies leave
# (cpu_threads.h), and in auto mode dgeqrf 16384's CPU updates between device products already
# lost 1.5x on the 8 left. For each of 8 and 12 copy threads (BLASROUTE_TEST_COPY_THREADS):
# every d routine end to end at 8192 and 2048 (device mode), and reference-LAPACK dgeqrf 16384
# and dpotrf 16384 and numpy 8192 in auto mode on an empty cache, beside cpu mode once.
# Carried: .gpu, .dev/lib, .dev/bin, .dev/lapack (this build).
source profiles/measured/gpu-common.sh
for t in 8 12; do
  export BLASROUTE_TEST_COPY_THREADS=$t
  timeout 120 .dev/bin/blasroute-bench --routine all --precision d --sizes 8192,2048 \
      --repeat 2 --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep '^d' |
      sed "s/^/threads $t: /" | tee -a $OUT/routines.txt
  rm -rf /tmp/c-q /tmp/c-p /tmp/c-n
  traced threads-$t geqrf-16384 auto /tmp/c-q .dev/bin/lapack-stream 16384 geqrf
  traced threads-$t potrf-16384 auto /tmp/c-p .dev/bin/lapack-stream 16384 potrf
  traced threads-$t numpy-8192 auto /tmp/c-n python3 scripts/workload_numpy.py 8192
done
unset BLASROUTE_TEST_COPY_THREADS
rm -rf /tmp/c-x; traced cpu geqrf-16384 cpu /tmp/c-x .dev/bin/lapack-stream 16384 geqrf
pack
