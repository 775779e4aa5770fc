#!/bin/bash
# Prepared 2026-11-27 (session 17, not yet run), nvidia-h200, about 6 minutes, from the checkout
# root; carry .gpu, .dev/lib, .dev/bin (a build of this commit or later, with blasroute-prepare).
#  1. Issue 22: SGEMM 8192 resident on the shipped tile with each warp's work-items on a block
#     of the grid (warp_m 4, 8, 16; 0 is today's 16 x 2), beside cuBLAS: a warp then reads 8
#     distinct vectors of A from local memory per K step instead of 16. If one wins, give it to
#     the H200 and H100 profiles' [params.s] (and time it on the H100).
#  2. Issue 20: the rank-k rows, traced (the taught column), keeping the cache's calibration and
#     learned table (call 7 predicted every s CPU call 70 to 80 times too slow: find why).
#  3. Issue 20: the numpy script at 2048 and 4096 in the suite (warm runs after the helper).
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
source profiles/measured/2026-11-27-s17/svariant.sh
for w in 0 4 8 16; do
  svariant warp_m=$w
done | tee $OUT/warps.txt
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
suite numpy 300 --orders 2048,4096 --workloads numpy --repeats 2 \
    --prepare-helper $PWD/.dev/bin/blasroute-prepare
pack
