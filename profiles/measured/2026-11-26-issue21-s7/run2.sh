#!/bin/bash
# Issue 21, seventh session, call 2 (nvidia-h200): three builds side by side in one call,
# dgemm, dsyrk, dtrsm end to end at 8192 and 2048 (device mode, beta 0.5, best of 2):
#   old: b380b75 (C's panels and triangles packed by the calling thread alone)
#   tri: + the triangles packed by the copy helpers (br_host_copy_triangle)
#   new: + a flush after each staged upload piece
# Carried: .gpu, .dev/bin, .dev/lib (new), .dev/lib-tri, .dev/lib-old.
source profiles/measured/gpu-common.sh
for v in old tri new; do
  dir=$PWD/.dev/lib-$v; [ $v = new ] && dir=$PWD/.dev/lib
  echo "== $v"
  LD_LIBRARY_PATH=$dir:$LD_LIBRARY_PATH timeout 70 .dev/bin/blasroute-bench \
      --routine gemm,syrk,trsm --precision d --sizes 8192,2048 --repeat 2 --pause 50 \
      --no-cpu --no-clblast --no-nvblas 2> $OUT/run2-$v.err | grep -E '^d' | tee $OUT/run2-$v.txt
done
# The staged uploads' timeline with and without the flush: dgemm 2048 end to end, one call each.
for v in tri new; do
  dir=$PWD/.dev/lib-$v; [ $v = new ] && dir=$PWD/.dev/lib
  LD_LIBRARY_PATH=$dir:$LD_LIBRARY_PATH BLASROUTE_TIMELINE=$OUT/timeline-$v.csv timeout 30 \
      .dev/bin/blasroute-bench --routine gemm --precision d --sizes 2048 --repeat 1 --no-cpu \
      --no-clblast --no-nvblas > /dev/null 2>&1
done
cd $OUT && tar czf timelines.tgz timeline-*.csv && rm -f timeline-*.csv; true
