#!/bin/bash
# Issue 21, prepared 2026-11-27 (session 15, not yet run), nvidia-h200, about 7 minutes, from the
# checkout root. Carry .gpu, .dev/bin, .dev/lib (the build to measure) and .dev/lib-old (c6fdfdb,
# before the side-R panels went back by columns: build it from a worktree of c6fdfdb and copy
# its .libs/libblasroute.so.0.0.0 there).
#  1. side R, both builds in one call: dtrsm and dtrmm RLTN (dpotrf lower's solve; for TRMM
#     op(A) upper: still whole panels, the control), RUNN and RLNN (TRMM op(A) lower: by
#     columns since this session), dsymm RU, at 8192 and 2048, beside dgemm; device mode, no
#     NVBLAS, beta 0.5. Each side-R panel went back through a scratch copy before (two host
#     copies of B or C); upper SYRK gained 0.67 -> 0.78 of GEMM from the same change.
#  2. zhemm, ztrmm, ctrsm, ztrsm at 8192 and c, z at 2048 (session 15 had no time for them),
#     beside cgemm and zgemm, NVBLAS in the same run; --no-cpu's references are only the
#     checked columns since 99ed8e9, so these rows should take seconds, not half a minute.
source profiles/measured/gpu-common.sh
for build in lib-old lib; do
  LD_LIBRARY_PATH=$PWD/.dev/$build:$LD_LIBRARY_PATH timeout 120 .dev/bin/blasroute-bench \
      --routine gemm,trsm,symm,trmm --options RLTN,RUNN,RU,RLNN --precision d --sizes 8192,2048 \
      --repeat 2 --pause 50 --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep '^d' |
      sed "s/^/$build /"
done
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
timeout 200 stdbuf -oL .dev/bin/blasroute-bench --routine gemm,hemm,trmm,trsm --precision c,z \
    --sizes 8192 --repeat 2 --pause 50 --no-cpu --no-clblast > $OUT/cz-8192.txt 2>&1
grep '^[cz]' $OUT/cz-8192.txt
timeout 120 stdbuf -oL .dev/bin/blasroute-bench --routine all --precision c,z --sizes 2048 \
    --repeat 2 --pause 50 --no-cpu --no-clblast > $OUT/cz-2048.txt 2>&1
grep '^[cz]' $OUT/cz-2048.txt
pack
