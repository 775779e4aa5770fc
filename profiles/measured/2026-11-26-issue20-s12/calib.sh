#!/bin/bash
# Issue 20, twelfth session: where the CPU calibration comes from in the sweep's warm-up pass
# (calls 2 and 3 kept one 25 times under the CPU's rate). Three fresh caches, verbose.
#     bash profiles/measured/2026-11-26-issue20-s12/calib.sh
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  c=/tmp/brcache-calib-$i; rm -rf $c
  BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 BLASROUTE_TRACE=$OUT/warm-$i.csv \
      .dev/bin/blasroute-bench --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 512 --modes auto \
      --repeat 1 --no-cpu --no-clblast --no-nvblas > $OUT/warm-$i.out 2> $OUT/warm-$i.err
  grep -i "cpu\|calib" $OUT/warm-$i.err | head -20
  cat $c/cpu*.profile | grep gemm
  head -12 $OUT/warm-$i.csv | cut -d, -f1,7-9,10-11,12,13,16
done
pack
