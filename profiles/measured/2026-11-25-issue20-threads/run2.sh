#!/bin/bash
# Issue 20, third session, second call (the build of run1): (1) what a warm auto run of
# dpotrf 2048 does that cpu mode does not (run1: auto warm 0.066-0.088 s against cpu
# 0.045-0.093, every call on the CPU), verbose; (2) the workload suite at 8192 for the LAPACK
# workloads, cold and warm, one run each; (3) numpy 4096 and the Netlib programs, which run1's
# time limit cut off, best of 2. Carried: .gpu, .dev.
#     bash profiles/measured/2026-11-25-issue20-threads/run2.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-potrf
for phase in cold warm; do
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-potrf BLASROUTE_MODE=auto BLASROUTE_VERBOSE=1 \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 2048 potrf \
      > $OUT/potrf-2048-$phase.txt 2>&1
  grep -v "^blasroute: d[a-z]* [0-9]" $OUT/potrf-2048-$phase.txt | head -n 12
done
ls -la /tmp/c-potrf > $OUT/potrf-cache.txt; cat /tmp/c-potrf/*.memo >> $OUT/potrf-cache.txt 2>&1
suite 8192 330 --orders 8192 --repeats 1 --workloads getrf,gesv,potrf,geqrf
suite rest 150 --orders 4096 --repeats 2 --max-numpy 4096 --workloads numpy,netlib
tar czf $OUT/runs.tgz -C $OUT runs-8192 runs-rest && rm -rf $OUT/runs-8192 $OUT/runs-rest
