#!/bin/bash
# Session 17 (2026-11-27), call 3, nvidia-h200, about 3 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin. Issue 22: dgemm 8192 end to end from host arrays, device mode, beta
# 0 (A and B up, C down) and 0.5: the engine's column tiles of C (BLASROUTE_TEST_GEMM_TILES,
# default 8 of 1024 columns) against its pieces of A's rows (BLASROUTE_TEST_GEMM_A_PIECES,
# default 3 here: two waves of work-groups a piece), each best of 3. Call 2's timeline: the
# first kernel waits 7 ms for B's first tile and A's first piece, kernels then wait for A's
# other pieces until 19.6 ms, and after the last upload (34.1 ms) the last tile's kernel and its
# download take the call to 40 ms.
source profiles/measured/gpu-common.sh
row() { # TILES PIECES BETA
  env ${1:+BLASROUTE_TEST_GEMM_TILES=$1} ${2:+BLASROUTE_TEST_GEMM_A_PIECES=$2} timeout 60 \
      .dev/bin/blasroute-bench --routine gemm --precision d --sizes 8192 --beta $3 --repeat 3 \
      --no-cpu --no-clblast --no-nvblas 2> /dev/null | awk -v t="${1:-def}" -v p="${2:-def}" \
      -v b=$3 '/^dgemm/ {print "tiles", t, "pieces", p, "beta", b, ":", $(NF-3)}'
}
for beta in 0 0.5; do
  for tiles in "" 4 12 16; do
    for pieces in "" 2 4 8; do
      row "$tiles" "$pieces" $beta
    done
  done
done | tee $OUT/tiles.txt
row "" "" 0; row "" "" 0
