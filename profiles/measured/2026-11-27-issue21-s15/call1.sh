#!/bin/bash
# Issue 21, session 15, call 1 (nvidia-h200, about 8 minutes), build of this session (upper
# rank-k panels written by columns, bench --beta): every routine end to end beside NVBLAS at
# NVIDIA's example settings, from the checkout root, carrying .gpu, .dev/lib, .dev/bin:
#  1. s, d at 8192 and 2048, beta 0.5, the engine's default copy threads (8 of 16 cores);
#  2. the same with 12 copy threads (BLASROUTE_TEST_COPY_THREADS=12; the CPU BLAS's share
#     beside a device call unchanged since this session);
#  3. s, d at beta = 0 (C NaN: not to be read), default threads;
#  4. dtrsm 8192 in 8 (the default), 4 and 2 panels (BLASROUTE_TEST_GEMM_TILES);
#  5. c, z at 8192 and 2048, beta 0.5.
source profiles/measured/gpu-common.sh
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
bench() { # NAME ARGS...
  local name=$1; shift
  timeout ${LIMIT:-150} stdbuf -oL .dev/bin/blasroute-bench --routine all --repeat 2 --pause 50 \
      --no-cpu --no-clblast "$@" > $OUT/$name.txt 2> $OUT/$name.err
  grep '^[sdcz]' $OUT/$name.txt | sed "s/^/$name /"; }
bench ds-beta05 --precision d,s --sizes 8192,2048
BLASROUTE_TEST_COPY_THREADS=12 bench ds-beta05-12threads --precision d,s --sizes 8192,2048
bench ds-beta0 --precision d,s --sizes 8192,2048 --beta 0
unset BLASROUTE_BENCH_NVBLAS
for t in 8 4 2; do
  BLASROUTE_TEST_GEMM_TILES=$t timeout 40 .dev/bin/blasroute-bench --routine trsm --precision d \
      --sizes 8192 --repeat 2 --no-cpu --no-clblast --no-nvblas 2>/dev/null | grep '^d' |
      sed "s/^/trsm-panels-$t /"
done
export BLASROUTE_BENCH_NVBLAS=$nvblas
LIMIT=240 bench cz-beta05 --precision c,z --sizes 8192,2048
pack
