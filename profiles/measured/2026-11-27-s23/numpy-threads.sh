#!/bin/bash
# Session 23, nvidia-h200, about 8 minutes; carry .dev/bundle (9a3dbb8: the threads lowered
# are those of the library that answers the program's calls; blasroute's CPU BLAS no longer
# loaded under pip numpy). The pip numpy script at 1024 traced as in call 3 (cpu, cold, warm,
# three times; BLASROUTE_VERBOSE on the last warm run), then the suite's numpy rows at 2048 and
# 4096 and gesv at 4096 and 8192 (cut by call 3's time limit), with --aa.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  c=/tmp/c-np-$i; rm -rf $c $c-c
  traced numpy cpu$i cpu $c-c python3 scripts/workload_numpy.py 1024
  traced numpy cold$i auto $c python3 scripts/workload_numpy.py 1024
  traced numpy warm$i auto $c python3 scripts/workload_numpy.py 1024
done
BLASROUTE_VERBOSE=1 traced numpy verbose auto /tmp/c-np-1 python3 scripts/workload_numpy.py 1024
grep "CPU BLAS" $OUT/numpy/verbose.err
for f in cpu cold warm; do
  echo "$f first dgemm (ms): $(for i in 1 2 3; do awk -F, 'NR==2{printf "%.2f ", $16*1000}' $OUT/numpy/$f$i.csv; done)"; done
suite np 250 --orders 2048,4096 --workloads numpy --repeats 3 --aa
suite gesv 200 --orders 4096,8192 --workloads gesv --repeats 2 --aa
pack
