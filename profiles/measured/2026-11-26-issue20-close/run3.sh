#!/bin/bash
# Issue 20, fourth session, third call (build caf1f28): run2's dgeqrf 8192 auto cold had its
# device calls at 2 to 8 times their undisturbed time in the two seconds after the opening.
# Where the time goes: BLASROUTE_TIMELINE (device commands) beside BLASROUTE_TRACE, auto cold
# twice (two empty caches) and warm, verbose. Carried: .gpu, .dev.
source profiles/measured/gpu-common.sh
mkdir -p $OUT/t
one() { # NAME CACHE
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$2 BLASROUTE_MODE=auto BLASROUTE_VERBOSE=1 \
      BLASROUTE_TRACE=$OUT/t/$1.csv BLASROUTE_TIMELINE=$OUT/t/$1-timeline.csv \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 8192 geqrf \
      2> $OUT/t/$1.err | head -1)
  echo "$1 $s"; }
rm -rf /tmp/t3*
one cold1 /tmp/t3a; one warm1 /tmp/t3a; one cold2 /tmp/t3b
( env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/t3b BLASROUTE_MODE=device .dev/bin/blasroute-bench \
    --routine gemm --precision d --sizes 7808x7808x32,7808x32x7808 --modes device --repeat 5 \
    --no-clblast --no-nvblas ) 2>&1 | tail -4
cd $OUT && tar czf t.tgz t && rm -rf t
