#!/bin/bash
# Session 25, about 1 minute; carry .dev/bundle (the build after 3d56412 with the reads'
# timing in BLASROUTE_VERBOSE). What the one-off reads at the 10 ms mark take inside a
# program's call on this host (call 1: 0.6 ms warm, 1.2 cold, by potrf 2048's fastest runs):
# reference dpotrf 2048 and dgeqrf 2048, auto mode, cold (an empty cache) and warm, 4 each.
source profiles/measured/gpu-common.sh
for w in potrf geqrf; do
  rm -rf /tmp/cw8
  for i in 1 2 3 4; do
    for state in cold warm; do
      [ $state = cold ] && rm -rf /tmp/cc8
      c=/tmp/cw8; [ $state = cold ] && c=/tmp/cc8
      out=$(env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 \
            CUDA_CACHE_PATH=$c/nvidia LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
            .dev/bin/lapack-stream 2048 $w 2>&1)
      echo "$w $state $(echo "$out" | head -1 | awk '{print $3}') | $(echo "$out" | grep -o 'took [0-9.]* ms inside\|found in [0-9.]* ms' | tr '\n' ' ')"
    done
  done
done | tee $OUT/reads.txt
pack
