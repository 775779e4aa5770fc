#!/bin/bash
# Session 17 (2026-11-27), call 2, nvidia-h200, about 4 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin (this build, with blasroute-prepare).
#  1. Issue 20: the numpy script at 4096 in the workload suite, now that the suite's warm run
#     waits for the helper the cold run left (scripts/workload --prepare-helper, the build's
#     blasroute-prepare: the GPU machine has no installed one, so no warm run on it had one).
#  2. Issue 20: the rank-k rows with their traces (call 1 lost them: 8 files come back at most).
#  3. Issue 22: dgemm 8192 end to end at beta 0, device mode, its timeline after a warm-up.
source profiles/measured/gpu-common.sh
suite numpy 300 --orders 4096 --workloads numpy --repeats 2 \
    --prepare-helper $PWD/.dev/bin/blasroute-prepare
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
for round in warm timed; do
  BLASROUTE_TIMELINE=$OUT/timeline-$round.csv timeout 60 .dev/bin/blasroute-bench \
      --routine gemm --precision d --sizes 8192 --beta 0 --repeat 1 --no-cpu --no-clblast \
      --no-nvblas 2> /dev/null | grep '^dgemm'
done
pack
