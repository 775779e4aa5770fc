#!/bin/bash
# Session 25, about 8 minutes; carry .dev/bundle (7aac127: a precision measured far slower than
# its twin can run is taken at the twin's fraction of the built-in rates). The modes sweep's
# focus rows again (session 12's focus.sh: s and d at 256 and 512; c and z rank-k rows), as
# call 3 ran them on 1b20dcd, the warm-up pass now traced and verbose, its CPU profile kept.
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-focus-sd
BLASROUTE_TRACE=$OUT/pass-sd.csv BLASROUTE_VERBOSE=1 .dev/bin/blasroute-bench \
    --routine gemm,symm,syrk,syr2k,trmm --precision s,d --sizes 512 --modes auto --repeat 1 \
    --no-cpu --no-clblast --no-nvblas > /dev/null 2> $OUT/pass-sd.err
mkdir -p $OUT/pass-cache-sd; cp $BLASROUTE_CACHE_DIR/cpu*.profile $OUT/pass-cache-sd/
grep -h "gemm =" $OUT/pass-cache-sd/*.profile; grep "CPU profile\|CPU BLAS measured\|calibrated" $OUT/pass-sd.err
gzip -9 $OUT/pass-sd.csv
bash profiles/measured/2026-11-26-issue20-s12/focus.sh all 2>&1 | grep -v "first_call\|tiny-calls"
