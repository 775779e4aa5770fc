#!/bin/bash
# Session 19, call 7 (nvidia-h200; carry .dev/bundle: this build in .dev/lib, 21dea05's in
# .dev/lib/old; about 1.5 minutes). Issue 20, the warm runs of calls 4 to 6:
#  - the opening on a warm-up thread (this build) against inside the first device-sized call
#    (21dea05): potrf 8192's first dtrsm stalled 0.4 to 0.97 s;
#  - the CPU BLAS's threads sleeping soon after a call (OPENBLAS_THREAD_TIMEOUT=20: 2^20 cycles,
#    about 0.4 ms, instead of 2^28, about 0.1 s) and all of them kept (BLASROUTE_CPU_THREADS=keep):
#    call 6's geqrf 8192 lost either way, its CPU products on 8 threads (lowered) or its device
#    products' copies beside the 16 spinning (kept).
# geqrf 8192 and potrf 8192: one cold run with this build and its helper, then a warm run of
# each variant from a copy of the cache it left, traced; cpu mode last.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
OLD=$PWD/.dev/lib/old/libblasroute.so.0
for r in geqrf potrf; do
  c=/tmp/c-$r; rm -rf $c*
  BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare traced $r cold auto $c .dev/bin/lapack-stream 8192 $r
  for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
  for v in inside thread sleep; do cp -r $c $c-$v; done
  L=$OLD traced $r warm-inside auto $c-inside .dev/bin/lapack-stream 8192 $r
  traced $r warm-thread auto $c-thread .dev/bin/lapack-stream 8192 $r
  OPENBLAS_THREAD_TIMEOUT=20 BLASROUTE_CPU_THREADS=keep traced $r warm-sleep auto $c-sleep .dev/bin/lapack-stream 8192 $r
  traced $r cpu cpu $c-c .dev/bin/lapack-stream 8192 $r
  OPENBLAS_THREAD_TIMEOUT=20 traced $r cpu-sleep cpu $c-c .dev/bin/lapack-stream 8192 $r
done
gzip -9 $OUT/*/*.csv
pack
