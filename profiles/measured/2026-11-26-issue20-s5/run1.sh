#!/bin/bash
# Issue 20, session 5, call 2 (H200): why auto mode on an empty cache keeps dgemm 512 on the CPU
# while device mode runs it 5x faster (close.sh device-order, call 1): the trace of each call
# (path, predicted times) and blasroute-info's calibration, in auto mode from an empty cache.
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-s5
rm -rf $BLASROUTE_CACHE_DIR
for r in 1 2; do
  BLASROUTE_TRACE=$OUT/auto-512-$r.csv BLASROUTE_REPORT=1 .dev/bin/blasroute-bench --routine gemm \
      --precision s,d --sizes 512,1024 --modes auto --repeat 3 --pause 0 --no-clblast --no-nvblas \
      > $OUT/auto-512-$r.txt 2> $OUT/auto-512-$r.err
  grep '^[sd]gemm' $OUT/auto-512-$r.txt
done
.dev/bin/blasroute-info > $OUT/info.txt 2>&1
ls $BLASROUTE_CACHE_DIR -R > $OUT/cache-ls.txt 2>&1
cp -r $BLASROUTE_CACHE_DIR $OUT/cache
