#!/bin/bash
# Session 37, call 2 (carry .dev/bundle as call 1: .dev/lib = 42e4f5e, which opens the device
# at load on the program's memo; .dev/lib-old = 4965264, at the first device-sized calls), as
# call 1 for getrf and geqrf 8192, warm twice. On an H200 (the session's device time left for
# one short call): issue 22's figures beside cuBLAS (session 33's call 1). On an H100: getrf and geqrf 8192, the two builds in turns on caches of their own,
# cold (leaving blasroute-prepare compiling, as the suite does) then warm twice, cpu
# mode beside them; each run's routine time (lapack-stream's) and the whole process's
# (`wall`), verbose and traced.
source profiles/measured/2026-12-07-s29/setup.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  exit 0
fi
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
# walled DIR NAME MODE CACHE: traced, verbose, with the whole process's seconds after its line
walled() {
  local from=$(date +%s.%N)
  local line=$(traced "$1" "$2" "$3" "$4" BLASROUTE_VERBOSE=1 .dev/bin/lapack-stream 8192 "$1")
  echo "$line wall $(python3 -c "print(round($(date +%s.%N) - $from, 3))")"
}
for w in getrf geqrf; do
  rm -rf /tmp/c-new /tmp/c-old /tmp/c-cpu
  for state in cold warm1 warm2; do
    for build in old new; do
      [ $build = new ] && L=$NEW || L=$OLD
      walled $w $build-$state auto /tmp/c-$build
      [ $state = cold ] && sleep 10
    done
    L=$NEW walled $w cpu-$state cpu /tmp/c-cpu
  done | tee $OUT/$w.txt
  cp /tmp/c-new/program-*.memo $OUT/$w/ 2>/dev/null
  gzip $OUT/$w/*.csv
  (cd $OUT && tar cf $w.tar $w && rm -rf $w)
done
