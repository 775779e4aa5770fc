#!/bin/bash
# Issue 24 (2026-11-27): how much host memory bandwidth two ranks' transfers share on
# nvidia-h200-x2. hostmem (hostmem.c, built on the development machine into .dev/bin) on GPU 0
# alone, then on GPU 0 and GPU 1 at once (one process each, CUDA_VISIBLE_DEVICES), 1 GiB, host
# copies on up to 16 threads each. Carried: .gpu, .dev/bin/hostmem.
source .gpu/env.sh > /dev/null
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc
  lscpu | grep -E '^(Model name|NUMA node)'; } > $OUT/machine.txt 2>&1
CUDA_VISIBLE_DEVICES=0 .dev/bin/hostmem 1024 16 > $OUT/alone.txt 2>&1
CUDA_VISIBLE_DEVICES=0 .dev/bin/hostmem 1024 16 > $OUT/pair-0.txt 2>&1 &
CUDA_VISIBLE_DEVICES=1 .dev/bin/hostmem 1024 16 > $OUT/pair-1.txt 2>&1
wait
paste $OUT/alone.txt $OUT/pair-0.txt $OUT/pair-1.txt | cut -c1-200 | head -24
