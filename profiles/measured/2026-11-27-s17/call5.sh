#!/bin/bash
# Session 17 (2026-11-27), call 5, nvidia-h200, about 3 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin (build 7660bd9, with blasroute-prepare). Issue 20: the numpy script
# at 4096 in the workload suite after the LAPACK entries' new rule (7660bd9: a factorization
# goes to the device when its whole work would, not only its largest update): in call 4's warm
# auto runs dgesv and dpotrf went to the library (0.20, 0.07 s) where device mode took 0.16 and
# 0.02.
source profiles/measured/gpu-common.sh
suite numpy 300 --orders 4096 --workloads numpy --repeats 2 \
    --prepare-helper $PWD/.dev/bin/blasroute-prepare
grep -h "dgesv\|dpotrf\|^numpy" $OUT/runs-numpy/numpy-4096-auto-warm-*.txt
pack
