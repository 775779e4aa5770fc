#!/bin/bash
# Session 17 (2026-11-27), call 4, nvidia-h200, about 5 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin (with blasroute-prepare).
#  1. Issue 22: dgemm 8192 end to end, device mode, beta 0 and 0.5, the engine's defaults, five
#     processes each best of 3 (call 3: 26.0 to 28.7 TFLOP/s at beta 0 between processes).
#  2. Issue 20: the numpy script at 4096 again, best of 3 (call 2, best of 2: warm 1.031).
source profiles/measured/gpu-common.sh
for beta in 0 0.5; do
  for i in 1 2 3 4 5; do
    timeout 60 .dev/bin/blasroute-bench --routine gemm --precision d --sizes 8192 --beta $beta \
        --repeat 3 --no-cpu --no-clblast --no-nvblas 2> /dev/null |
        awk -v b=$beta '/^dgemm/ {print "dgemm 8192 beta", b, "device e2e", $(NF-3), "resident", $7}'
  done
done | tee $OUT/dgemm.txt
suite numpy 400 --orders 4096 --workloads numpy --repeats 3 \
    --prepare-helper $PWD/.dev/bin/blasroute-prepare
pack
