#!/bin/bash
# The README's plot (issue 23): blasroute-bench --plot on the GPU machine, DGEMM from order 128
# to 8192, every path side by side in one run: the CPU BLAS (OpenBLAS), blasroute with the data
# resident (br-res) and its kernel alone (br-kern), blasroute's dgemm_ from host arrays in
# device and auto mode, CLBlast resident and end to end, NVBLAS end to end. The GPU machine has
# no gnuplot: the bench keeps the data (.dat) and gnuplot's script (.gnuplot), drawn here by
#     gnuplot h200-dgemm.png.gnuplot     (in the directory the files came back to)
# Carried: .gpu, .dev (bin/blasroute-bench, lib/libblasroute.so.0 of this build).
source profiles/measured/gpu-common.sh
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
export BLASROUTE_CACHE_DIR=/tmp/plot-cache CUDA_CACHE_PATH=/tmp/plot-cache/nvidia
precision=${1:-d}
timeout ${PLOT_LIMIT:-400} .dev/bin/blasroute-bench --routine gemm --precision $precision \
    --from 128 --to 8192 --repeat 2 --pause 50 --modes device,auto \
    --plot $OUT/h200-${precision}gemm.png > $OUT/h200-${precision}gemm.txt 2> $OUT/h200-${precision}gemm.err
echo "bench exit $?"
cat $OUT/h200-${precision}gemm.txt
