#!/bin/bash
# Session 36, call 3 (carry .dev/bundle: .dev/lib = the model with beta C's add on the way
# down, .dev/lib-old = e6e50d8): gesv 8192 and potrf 8192 traced, the two builds in turns,
# each on caches of its own, cold (leaving blasroute-prepare compiling, as the suite does) then
# warm twice, cpu mode beside them. Short: the session's device time is nearly spent.
source profiles/measured/2026-12-07-s29/setup.sh
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
for w in gesv potrf; do
  rm -rf /tmp/c-new /tmp/c-old /tmp/c-cpu
  for state in cold warm1 warm2; do
    for build in new old; do
      [ $build = new ] && L=$NEW || L=$OLD
      traced $w $build-$state auto /tmp/c-$build .dev/bin/lapack-stream 8192 $w
      [ $state = cold ] && sleep 10
    done
    L=$NEW traced $w cpu-$state cpu /tmp/c-cpu .dev/bin/lapack-stream 8192 $w
  done
  gzip $OUT/$w/*.csv
  (cd $OUT && tar cf $w.tar $w && rm -rf $w)
done
