#!/bin/bash
# Session 25, about 2 minutes; carry .dev/bundle (1b20dcd). Call 3's warm-up pass (focus.sh sd:
# blasroute-bench auto at 512 over gemm, symm, syrk, syr2k, trmm, s and d) left a CPU profile
# with sgemm at 0.04 of the built-in rates (36.6 GFLOP/s at the top where dgemm is 708), and
# auto then sent every sgemm 256 to the device (0.37 of cpu mode). The same pass again, traced
# and verbose, twice (one on a fresh cache), to see which calls measured the CPU BLAS.
source profiles/measured/gpu-common.sh
for i in 1 2; do
  export BLASROUTE_CACHE_DIR=/tmp/brcache-pass-$i
  BLASROUTE_TRACE=$OUT/pass-$i.csv BLASROUTE_VERBOSE=1 .dev/bin/blasroute-bench \
      --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 512 --modes auto --repeat 1 \
      --no-cpu --no-clblast --no-nvblas > $OUT/pass-$i.out 2> $OUT/pass-$i.err
  mkdir -p $OUT/cache-$i; cp $BLASROUTE_CACHE_DIR/cpu*.profile $OUT/cache-$i/
  grep -h "gemm =" $OUT/cache-$i/*.profile; grep -i "cpu\|calib" $OUT/pass-$i.err | head -5
done
# The pass with the device's columns only after auto's (--modes auto alone, no br-res/br-kern):
export BLASROUTE_CACHE_DIR=/tmp/brcache-pass-3
BLASROUTE_TRACE=$OUT/pass-3.csv BLASROUTE_VERBOSE=1 .dev/bin/blasroute-bench --routine gemm \
    --precision s --sizes 512 --modes cpu,auto --repeat 1 --no-cpu --no-clblast --no-nvblas \
    > $OUT/pass-3.out 2> $OUT/pass-3.err
mkdir -p $OUT/cache-3; cp $BLASROUTE_CACHE_DIR/cpu*.profile $OUT/cache-3/; grep -h "gemm =" $OUT/cache-3/*.profile
gzip -9 $OUT/*.csv
pack
