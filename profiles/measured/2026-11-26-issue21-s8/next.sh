#!/bin/bash
# Issue 21, prepared 2026-11-26 (session 7, not yet run), nvidia-h200, about 5 minutes:
#  1. copy_rate: this host's copy rate by threads and store kind, and the engine's own copy
#     (streaming stores from 64 KiB since session 7): is the staged path's host copy faster?
#  2. every s and d routine end to end at 8192 and 2048, NVBLAS beside with NVIDIA's example
#     settings (tile 2048, autopin; written by blasroute-bench since session 7), beta 0.5;
#  3. the timelines of dsyrk, dtrsm and dsymm 8192 end to end (one call each after a warm-up):
#     where their time goes against dgemm's.
# Carried: .gpu, .dev/lib, .dev/bin (this build, with copy_rate).
source profiles/measured/gpu-common.sh
timeout 90 .dev/bin/copy_rate 16 | tee $OUT/copy-rate.txt
nvblas=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvblas.so.13
export LD_LIBRARY_PATH=$(dirname $nvblas):$LD_LIBRARY_PATH BLASROUTE_BENCH_NVBLAS=$nvblas
timeout 240 stdbuf -oL .dev/bin/blasroute-bench --routine all --precision d,s \
    --sizes 8192,2048 --repeat 2 --pause 50 --no-cpu --no-clblast \
    > $OUT/anchors-ds.txt 2> $OUT/anchors-ds.err
grep '^[sd]' $OUT/anchors-ds.txt
unset BLASROUTE_BENCH_NVBLAS
for r in gemm syrk trsm symm; do
  BLASROUTE_TIMELINE=$OUT/timeline-$r.csv timeout 40 .dev/bin/blasroute-bench --routine $r \
      --precision d --sizes 8192 --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
done
cd $OUT && tar czf timelines.tgz timeline-*.csv && rm -f timeline-*.csv; true
