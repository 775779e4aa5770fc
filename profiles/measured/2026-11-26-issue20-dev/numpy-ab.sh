#!/bin/bash
# numpy 2048 on the development machine (PoCL as the device, OpenBLAS as the CPU BLAS): cpu and
# auto mode in turns, warm caches, 16 runs each; output: numpy-ab.out ("MODE SECONDS")
cd /work/main
L=$PWD/.libs/libblasroute.so
rm -rf /tmp/ab-*
for m in cpu auto; do env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/ab-$m BLASROUTE_MODE=$m BLASROUTE_DEVICE=cpu BLASROUTE_CPU_BLAS=libopenblas.so.0 /usr/bin/python3 scripts/workload_numpy.py 2048 >/dev/null 2>&1; done
for i in $(seq 16); do
  for m in cpu auto; do
    s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/ab-$m BLASROUTE_MODE=$m BLASROUTE_DEVICE=cpu BLASROUTE_CPU_BLAS=libopenblas.so.0 /usr/bin/python3 scripts/workload_numpy.py 2048 2>/dev/null | awk '{print $3}')
    echo "$m $s"
  done
done
