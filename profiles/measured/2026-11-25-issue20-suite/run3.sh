#!/bin/bash
# Issue 20, third call: why CPU-BLAS calls run slower in auto mode (run2: getrf 2048 with every
# call on the CPU, dgemm 0.24-0.29 s against 0.083 in cpu mode). lapack-stream repeats dgetrf
# 2048 five times in one process: a slowdown that lasts shows in the later ones. Cases: cpu
# mode; auto (warm cache); auto opening the device in the caller (BLASROUTE_WARMUP=wait);
# auto with OpenBLAS on 15 threads (one core left free); and the threads' CPU use sampled
# while auto mode runs.
set -u
source .gpu/env.sh > /dev/null
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lapack:$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
export BLASROUTE_CACHE_DIR=/tmp/brcache
S=".dev/bin/lapack-stream 2048 getrf getrf getrf getrf getrf"
LD_PRELOAD=$L BLASROUTE_MODE=auto $S > /dev/null 2>&1   # the cache filled
one() { echo "== $*"; env "$@" LD_PRELOAD=$L BLASROUTE_REPORT=1 $S 2>&1 | grep -v "routine, calls"; }
{ echo "== no blasroute"; $S
  one BLASROUTE_MODE=cpu
  one BLASROUTE_MODE=auto
  one BLASROUTE_MODE=auto BLASROUTE_WARMUP=wait
  one BLASROUTE_MODE=auto OPENBLAS_NUM_THREADS=15
  one BLASROUTE_MODE=cpu OPENBLAS_NUM_THREADS=15
  one BLASROUTE_MODE=auto BLASROUTE_LEARN=0
  one BLASROUTE_MODE=auto BLASROUTE_THRESHOLD=100000
  echo "== threads while auto mode runs dgetrf 4096 x 8"
  LD_PRELOAD=$L BLASROUTE_MODE=auto .dev/bin/lapack-stream 4096 getrf getrf getrf getrf getrf getrf getrf getrf > /dev/null 2>&1 &
  pid=$!
  sleep 2
  for t in /proc/$pid/task/*; do echo "$(basename $t) $(cut -d' ' -f14,15 $t/stat) $(cat $t/comm)"; done > /tmp/a
  sleep 2
  for t in /proc/$pid/task/*; do echo "$(basename $t) $(cut -d' ' -f14,15 $t/stat) $(cat $t/comm)"; done > /tmp/b
  join /tmp/a /tmp/b | awk '{ printf "tid %s %-20s user+sys ticks in 2 s: %d\n", $1, $4, ($5 + $6) - ($2 + $3) }'
  grep -E "Cpus_allowed_list" /proc/$pid/status; for t in /proc/$pid/task/*; do echo "$(cat $t/comm) $(grep Cpus_allowed_list $t/status)"; done | sort | uniq -c
  wait $pid
} > $OUT/interference2.txt 2>&1
cat $OUT/interference2.txt
