#!/bin/bash
# Issue 22, session 16 (2026-11-27), nvidia-h100-x1, about 3 minutes, from the checkout root.
# Carry .gpu, .dev/lib and .dev/bin (the build with the H100 profile built in). DGEMM 8192
# resident with larger work-group tiles than the quick tune tries (128 x 128: 16 flops per byte
# of A and B read against 10.7 for 64 x 128, for a GPU whose DGEMM ran 10% slower than the
# H200's with the same kernel while its memory is 30% slower), m16n8k4, double-buffered, beside
# cuBLAS; blasroute-info names the kernel and parameters each profile gave.
source profiles/measured/gpu-common.sh
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep -E 'dgemm|#' |
    tee $OUT/cublas.txt
# tile MWG NWG KWG MDIMC NDIMC VWM VWN KWI: the H100 profile with those [params.d] values
tile() {
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py profiles/nvidia-h100.profile \
      /tmp/t.profile '[params.d]' mwg=$1 nwg=$2 kwg=$3 mdimc=$4 ndimc=$5 vwm=$6 vwn=$7 kwi=$8
}
for t in 64:128:8:8:16:1:2:4 64:128:8:16:16:1:2:4 128:64:8:16:16:2:1:4 128:128:8:16:16:2:2:4 \
         128:128:8:32:16:2:2:4 128:128:8:16:32:2:2:4 128:128:8:32:16:4:2:8; do
  tile $(echo $t | tr ':' ' ')
  info=$(BLASROUTE_PROFILE=/tmp/t.profile .dev/bin/blasroute-info 2> /dev/null | sed -n 's/^ *d: //p' | head -1)
  rate=$(BLASROUTE_PROFILE=/tmp/t.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
         --precision d --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
         awk '/^dgemm/ {print $7, $8, $NF}')
  echo "$t: $rate [$info]"
done | tee $OUT/tiles.txt
