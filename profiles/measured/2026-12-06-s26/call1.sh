#!/bin/bash
# Session 26, about 9 minutes; carry .dev/bundle (eda803c: the kernel driver's GPU list read on
# a warm-up thread). First what the one-off reads take inside a program's call now (session 25's
# call 8: 0.7 to 1.3 ms with the GPU list, in every run on this host): reference dpotrf and
# dgeqrf 2048, auto mode, cold and warm, 4 each; then the suite at 1024 and 2048 and the Netlib
# stream, --aa, as session 25's call 1.
source profiles/measured/gpu-common.sh
for w in potrf geqrf; do
  rm -rf /tmp/cw1
  for i in 1 2 3 4; do
    for state in cold warm; do
      [ $state = cold ] && rm -rf /tmp/cc1
      c=/tmp/cw1; [ $state = cold ] && c=/tmp/cc1
      out=$(env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 \
            CUDA_CACHE_PATH=$c/nvidia LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
            .dev/bin/lapack-stream 2048 $w 2>&1)
      echo "$w $state $(echo "$out" | head -1 | awk '{print $3}') | $(echo "$out" | grep -o 'took [0-9.]* ms inside\|valued in [0-9.]* ms, off' | tr '\n' ' ')"
    done
  done
done | tee $OUT/reads.txt
suite small 330 --orders 1024,2048 --workloads gesv,getrf,potrf,geqrf,syevd --repeats 3 --aa
suite net 60 --workloads netlib --repeats 3 --aa
pack
