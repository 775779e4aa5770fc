#!/bin/bash
# Session 36, call 3 (carry .dev/bundle: .dev/lib = the model with beta C's add on the way
# down, .dev/lib-old = e6e50d8): gesv 8192 traced, the two builds in turns, each on caches of
# its own, cold (leaving blasroute-prepare compiling, as the suite does) then warm twice, cpu
# mode between; twice over. Then issue 20's suite at 8192 on the new build (getrf, potrf, gesv,
# geqrf; one repeat, --aa), and the tiny calls on this host.
source profiles/measured/2026-12-07-s29/setup.sh
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
for round in 1 2; do
  rm -rf /tmp/c-new /tmp/c-old /tmp/c-cpu
  for state in cold warm1 warm2; do
    for build in new old; do
      [ $build = new ] && L=$NEW || L=$OLD
      traced gesv $build-$state-$round auto /tmp/c-$build .dev/bin/lapack-stream 8192 gesv
      [ $state = cold ] && sleep 12
    done
    L=$NEW traced gesv cpu-$state-$round cpu /tmp/c-cpu .dev/bin/lapack-stream 8192 gesv
  done
done
L=$NEW
gzip $OUT/gesv/*.csv
(cd $OUT && tar cf gesv.tar gesv && rm -rf gesv)
unset BLASROUTE_TEST_PREPARE_HELPER
suite h100-8192 300 --orders 8192 --workloads getrf,potrf,gesv,geqrf --repeats 1 --aa
(cd $OUT && tar cf runs-h100-8192.tar runs-h100-8192 && rm -rf runs-h100-8192)
for i in 1 2 3 4 5; do
  BLASROUTE_MODE=auto LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH .dev/bin/tiny-calls
done > $OUT/tiny.txt 2>&1
tail -5 $OUT/tiny.txt
