#!/bin/bash
# Issue 21, every routine but GEMM in panels (commits 214eb6d, 2a8fbcc, 7facfe0), prepared
# 2026-11-26 (not yet run): s and d end to end from pageable host arrays at 2048, 4096 and 8192
# (side L and R; upper and lower), with the engine's own panel count and with one panel
# (BLASROUTE_TEST_GEMM_TILES=1: about the way they ran before), NVBLAS beside them in the same
# run; one device call per routine group:
#     bash profiles/measured/2026-11-25-issue21-plan/panels.sh trsm,symm,trmm
#     bash profiles/measured/2026-11-25-issue21-plan/panels.sh syrk,syr2k
# Carried: .gpu, .dev (this build). Dry run on the development machine: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
routines=${1:-trsm,symm,trmm} sizes=2048,4096,8192
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
if [ "${DRY:-0}" = 1 ]; then
  sizes=64,128 nvblas=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
  export BLASROUTE_DEVICE=cpu
fi
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
for tiles in 0 1; do
  knob=BLASROUTE_TEST_GEMM_TILES=$tiles; [ $tiles = 0 ] && knob=BLASROUTE_NOTHING=
  timeout 280 env $knob .dev/bin/blasroute-bench --routine $routines \
      --precision s,d --sizes $sizes --options LU,RU,LUNN,RUNN,LN,UN --repeat 3 --pause 50 --no-clblast \
      > $OUT/panels-${routines//,/-}-tiles$tiles.txt 2> $OUT/panels-${routines//,/-}-tiles$tiles.err
  echo "== BLASROUTE_TEST_GEMM_TILES=$tiles (0: the engine's own panels)"
  grep -v '^# check\|^# br-\|^# clb-\|^# cpu:' $OUT/panels-${routines//,/-}-tiles$tiles.txt
done
