#!/bin/bash
# Issue 20, second session, sixth call: run5 showed the device path's uploads 3 to 4 times
# slower while OpenBLAS's 16 threads spin after a CPU call (dlarfb's small dtrmm in auto mode),
# and auto mode with OpenBLAS on 8 threads beating device mode. Does OpenBLAS's own knob for
# that spin (OPENBLAS_THREAD_TIMEOUT, 2^N cycles, 4 to 30, default 28) remove it, and what does
# it cost the CPU BLAS alone? dgeqrf and dgetrf 8192, one run each, each on an empty cache.
# Carried: .gpu, .dev (run2's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run6.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
one() { # NAME ROUTINE VAR=VALUE...
  name=$1 routine=$2; shift 2
  rm -rf /tmp/c-$name
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-$name BLASROUTE_REPORT=1 "$@" \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream 8192 $routine 2> $OUT/report-$name.txt | sed "s/^/$name: /"
  grep -v "routine, calls" $OUT/report-$name.txt | sed 's/blasroute report: /    /' | cut -c1-90; }
for r in geqrf getrf; do
  one $r-cpu $r BLASROUTE_MODE=cpu
  one $r-cpu-t4 $r BLASROUTE_MODE=cpu OPENBLAS_THREAD_TIMEOUT=4
  one $r-auto $r BLASROUTE_MODE=auto
  one $r-auto-t4 $r BLASROUTE_MODE=auto OPENBLAS_THREAD_TIMEOUT=4
  one $r-device $r BLASROUTE_MODE=device
done
