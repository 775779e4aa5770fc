#!/bin/bash
# Session 19, call 6 (nvidia-h200; carry .dev/bundle of 21dea05's build; about 1.5 minutes).
# Issue 20: call 5's geqrf 8192 warm run put 226 of its 252 dgemm(T, N, 8128 x 32 x 8128) calls
# on the device (1.65 s against 3.03 on the CPU in cpu mode) but its 242 dgemm(N, T, 8128 x
# 8128 x 32) on the CPU took 2.24 s against 1.39 in cpu mode: the CPU BLAS's threads lowered
# beside the device (cpu_threads.c) while the two alternate? One cold run (with the helper),
# then four warm runs each from a copy of the cache it left: default, BLASROUTE_CPU_THREADS=keep,
# default, keep; verbose and traced; cpu mode last.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
c=/tmp/c-g; rm -rf /tmp/c-g*
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
traced geqrf cold auto $c .dev/bin/lapack-stream 8192 geqrf
for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
unset BLASROUTE_TEST_PREPARE_HELPER
for v in share1 keep1 share2 keep2; do cp -r $c $c-$v; done
for v in share1 keep1 share2 keep2; do
  t=${v%[12]}
  BLASROUTE_VERBOSE=1 BLASROUTE_CPU_THREADS=$t traced geqrf warm-$v auto $c-$v .dev/bin/lapack-stream 8192 geqrf
done
traced geqrf cpu cpu $c-c .dev/bin/lapack-stream 8192 geqrf
gzip -9 $OUT/geqrf/*.csv
pack
