#!/bin/bash
# Issues 21 and 22, session 16 (2026-11-27), nvidia-h200, about 2 minutes, from the checkout
# root. Carry .gpu, .dev/lib and .dev/bin (the build with pinned uploads, engine/pin_upload.h).
# End to end from pageable arrays, device mode, the same build with BLASROUTE_PIN_UPLOADS=0
# (staged only) and 1 (large contiguous blocks shared with the pin helper), in turns:
#  1. dgemm 8192 and 2048, beta 0.5 and beta 0;
#  2. dsymm, dsyrk, dtrmm, dtrsm 8192, beta 0.5.
source profiles/measured/gpu-common.sh
bench() { timeout 60 stdbuf -oL .dev/bin/blasroute-bench --no-cpu --no-clblast --no-nvblas \
              --precision d --repeat 3 "$@" 2> /dev/null | grep -E '^d[a-z0-9]+ '; }
for round in 1 2; do
  for pin in 0 1; do
    export BLASROUTE_PIN_UPLOADS=$pin
    bench --routine gemm --sizes 8192,2048 | sed "s/^/pin$pin b0.5 /"
    bench --routine gemm --sizes 8192,2048 --beta 0 | sed "s/^/pin$pin b0 /"
    [ $round = 1 ] && bench --routine symm,syrk,trmm,trsm --sizes 8192 | sed "s/^/pin$pin b0.5 /"
  done
done | tee $OUT/pin.txt
