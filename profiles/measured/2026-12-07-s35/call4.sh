#!/bin/bash
# Session 35, call 4 (carry .dev/bundle: .dev/lib = e6e50d8): call 3's gesv 8192 traced. In
# call 3 auto's warm run sent 40 of its 8191 dgemm (and 4 of its dtrsm) to the H100: its dgemm
# took 1.55 s against cpu mode's 1.02 to 1.09, its dtrsm 0.16 against 0.57 to 0.72. Which
# calls lost, and why learning kept them there: auto cold, then warm three times (the cold
# run's helper waited for), cpu mode twice, each traced; the traces in one tar.
source profiles/measured/2026-12-07-s29/setup.sh
# As the suite runs it: the cold run leaves blasroute-prepare compiling for the next (call 4's
# first form, without it, opened no device in any run; call 5 adds it).
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
c=/tmp/c-gesv
rm -rf $c $c-c
run() { traced gesv $1 $2 $3 .dev/bin/lapack-stream 8192 gesv; }
run cold auto $c
sleep 20
run warm1 auto $c
run cpu1 cpu $c-c
run warm2 auto $c
run cpu2 cpu $c-c
run warm3 auto $c
# The cache the auto runs shared: the CPU calibration, the learned table, the memos (what the
# decisions started from).
mkdir -p $OUT/gesv/cache && cp -r $c/. $OUT/gesv/cache/ 2>/dev/null
rm -rf $OUT/gesv/cache/nvidia $OUT/gesv/cache/*.clbin 2>/dev/null
gzip $OUT/gesv/*.csv
(cd $OUT && tar cf gesv.tar gesv && rm -rf gesv)
