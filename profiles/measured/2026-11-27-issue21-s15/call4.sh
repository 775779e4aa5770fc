#!/bin/bash
# Issue 21, session 15, call 4 (nvidia-h200, about 3 minutes), from the checkout root, carrying
# .gpu, .dev/lib (this session's last build: the rank-k panels from the last, each uploading
# its own rows of the operands), .dev/lib-old (c6fdfdb: all of A and B uploaded first), .dev/bin:
#  1. both builds side by side, device mode, no NVBLAS: d and s gemm, syrk, syr2k at 8192 and
#     2048, beta 0.5;
#  2. the c and z rows no call had time for: ztrmm, ctrsm, ztrsm at 8192 beside cgemm, zgemm.
source profiles/measured/gpu-common.sh
for build in lib-old lib; do
  LD_LIBRARY_PATH=$PWD/.dev/$build:$LD_LIBRARY_PATH timeout 60 .dev/bin/blasroute-bench \
      --routine gemm,syrk,syr2k --precision d,s --sizes 8192,2048 --repeat 2 --pause 50 \
      --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep '^[ds]' | sed "s/^/$build /"
done
timeout 150 .dev/bin/blasroute-bench --routine gemm,trmm,trsm --precision c,z --sizes 8192 \
    --repeat 2 --pause 50 --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep '^[cz]'
