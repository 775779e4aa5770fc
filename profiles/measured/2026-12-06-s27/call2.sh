#!/bin/bash
# Session 27, about 8 minutes; carry .dev/bundle. First, that the kernel driver's GPU list is
# still read where it exists (e65d25b looks for /proc/driver/nvidia/gpus before starting its
# thread): one dgeqrf 2048 in auto mode, cold, verbose (guess.txt). Then the suite at 8192,
# --aa (the issue's first figures were a dgetrf 8192's: auto 8.4 s against 4.7 to 5.1 in cpu
# mode).
source profiles/measured/gpu-common.sh
ls -d /proc/driver/nvidia/gpus/* > $OUT/guess.txt 2>&1
rm -rf /tmp/cg; env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=/tmp/cg BLASROUTE_VERBOSE=1 \
  LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 2048 geqrf >> $OUT/guess.txt 2>&1
cat $OUT/guess.txt
suite big 450 --orders 8192 --workloads getrf,potrf,gesv,geqrf --repeats 2 --aa
pack
