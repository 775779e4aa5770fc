#!/bin/bash
# Issue 20, third session, fourth call: the build with the pre-opening calls valued once the
# device opens (commit 03e8a34). (1) The numpy script at 4096: cpu, device, then auto three
# times on one cache (cold, warm, third); (2) the workload suite at 4096 and 2048 (every
# workload, best of 2, short programs repeated to 2 s), then 8192 (LAPACK workloads, one run)
# as far as the time allows. Carried: .gpu, .dev.
#     bash profiles/measured/2026-11-25-issue20-threads/run4.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-numpy
for run in cpu device auto-cold auto-warm auto-third; do
  mode=${run%%-*} cache=/tmp/c-numpy; [ $mode = auto ] || cache=/tmp/c-numpy-$mode
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$cache BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 \
      python3 scripts/workload_numpy.py 4096 > $OUT/numpy-$run.txt 2>&1
  echo "$run $(grep '^numpy' $OUT/numpy-$run.txt)"
done
suite 4096 170 --orders 4096 --repeats 2 --max-numpy 4096 --workloads getrf,potrf,geqrf,gesv,syevd,numpy
suite 2048 150 --orders 2048 --repeats 2 --workloads getrf,potrf,geqrf,gesv,syevd,numpy,netlib
suite 8192 150 --orders 8192 --repeats 1 --workloads getrf,potrf,gesv,geqrf
tar czf $OUT/runs.tgz -C $OUT runs-4096 runs-2048 runs-8192 numpy-*.txt 2>/dev/null
rm -rf $OUT/runs-4096 $OUT/runs-2048 $OUT/runs-8192 $OUT/numpy-*.txt
