#!/bin/bash
# Session 23, nvidia-h200, under a minute; carry .dev/bundle (9a3dbb8). Call 6's numpy 2048 row
# kept every call on the CPU in auto mode and still ran its dgemm 10% slower (0.104 s against
# 0.095, medians of 4): each call traced, cpu and auto (cold, then warm), three times.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  c=/tmp/c-np-$i; rm -rf $c $c-c
  traced numpy cpu$i cpu $c-c python3 scripts/workload_numpy.py 2048
  traced numpy cold$i auto $c python3 scripts/workload_numpy.py 2048
  traced numpy warm$i auto $c python3 scripts/workload_numpy.py 2048
done
for f in cpu cold warm; do for i in 1 2 3; do
  echo "$f$i $(awk -F, 'NR>1 && $1 ~ /gemm|syrk/ {printf "%s:%.1f ", substr($1,1,5), $16*1000}' $OUT/numpy/$f$i.csv)"; done; done
pack
