#!/bin/bash
# Issue 20, session 14: why auto mode ran reference-LAPACK dgesv 8192 at 1.09 of cpu mode
# (medians, call 5) with every call on the CPU. Interleaved on empty caches: cpu; auto; auto
# with BLASROUTE_PREPARE=0 (no helper at exit); auto after a 10 s pause (a helper started by
# the run before would be done). Then one auto run verbose and traced.
#     bash profiles/measured/2026-11-27-issue20-s14/gesv.sh
# Carried: .gpu, .dev/lib, .dev/lapack, .dev/bin/lapack-stream.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  stream 8192 gesv cpu
  stream 8192 gesv auto
  stream 8192 gesv auto BLASROUTE_PREPARE=0
  sleep 10; stream 8192 gesv auto BLASROUTE_PREPARE=0
  pgrep -fa blasroute-prepare | head -3
done | tee $OUT/gesv.txt
rm -rf /tmp/c-v; mkdir -p $OUT/v
env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-v CUDA_CACHE_PATH=/tmp/c-v/nvidia BLASROUTE_MODE=auto \
    BLASROUTE_VERBOSE=1 BLASROUTE_REPORT=1 BLASROUTE_TRACE=$OUT/v/trace.csv \
    LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 8192 gesv \
    > $OUT/v/out.txt 2> $OUT/v/err.txt
cat $OUT/v/out.txt; grep -v "^blasroute report" $OUT/v/err.txt | head -20
sleep 1; pgrep -fa blasroute-prepare | head -3
gzip $OUT/v/trace.csv
pack
