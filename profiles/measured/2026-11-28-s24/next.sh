#!/bin/bash
# Session 24, about 8 minutes; carry .dev/bundle (40be5e6: the threads back for a CPU call of
# the last device call's kind; bounds a cell keeps not taken, four opening tries at most; the
# model a quarter of a sample from a cell's second on). The rank-k rows of the modes sweep (5
# rounds, rankk.sh), then the suite's geqrf 8192 (cut by call 3's time limit) and the numpy
# script at 4096, with --aa.
source profiles/measured/gpu-common.sh
ROUNDS=5 bash profiles/measured/2026-11-27-s23/rankk.sh > $OUT/rankk.txt 2>&1
grep -v "^sgemm\|^dgemm" $OUT/rankk.txt
mv $OUT/all.tgz $OUT/rankk.tgz
suite next 380 --orders 8192 --workloads geqrf --repeats 2 --aa
suite np 200 --orders 4096 --workloads numpy --repeats 2 --aa
pack
