#!/bin/bash
# Issue 21, TRSM in panels (commit 214eb6d), prepared 2026-11-26 (not yet run): strsm and dtrsm
# end to end from pageable host arrays at 2048, 4096 and 8192, side L and R, with the engine's
# own panel count and with one panel (BLASROUTE_TEST_GEMM_TILES=1: the way it ran before),
# NVBLAS beside them in the same run; one device call.
#     bash profiles/measured/2026-11-25-issue21-plan/trsm-panels.sh
# Carried: .gpu, .dev (this build). Dry run on the development machine: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
sizes=2048,4096,8192
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
if [ "${DRY:-0}" = 1 ]; then
  sizes=64,128 nvblas=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
  export BLASROUTE_DEVICE=cpu
fi
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
for tiles in 0 1; do
  knob=BLASROUTE_TEST_GEMM_TILES=$tiles; [ $tiles = 0 ] && knob=BLASROUTE_NOTHING=
  timeout 270 env $knob .dev/bin/blasroute-bench --routine trsm \
      --precision s,d --sizes $sizes --options LUNN,RUNN --repeat 3 --pause 50 --no-clblast \
      > $OUT/trsm-tiles$tiles.txt 2> $OUT/trsm-tiles$tiles.err
  echo "== BLASROUTE_TEST_GEMM_TILES=$tiles (0: the engine's own panels)"
  grep -v '^# check\|^# br-\|^# clb-\|^# cpu:' $OUT/trsm-tiles$tiles.txt
done
