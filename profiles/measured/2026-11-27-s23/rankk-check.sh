#!/bin/bash
# Session 23, nvidia-h200, under a minute; carry .dev/bundle (the build with the warming window
# bounded to four calls after a wake: cpu_threads.c br_cpu_threads_warming). Call 11's worst
# row, cherk n = 64, k = 8192 (paired 0.42: the CPU cell held under its true time by bounds),
# and the s/d syr2k rows, 5 rounds each, as rankk.sh does them.
source profiles/measured/gpu-common.sh
sed -n '/^run() {/,/summary.txt; }$/p' profiles/measured/2026-11-27-s23/rankk.sh > /tmp/run.sh
sed -i 's/--rounds ${ROUNDS:-3}/--rounds 5/' /tmp/run.sh
source /tmp/run.sh
run c herk 8192x64x8192 c1
run s,d syr2k 8192x8192x64 sd2
gzip -9 $OUT/*.csv
pack
