# Sourced by this session's call scripts on the GPU machine, after session 29's setup.sh:
#   walled DIR NAME MODE CACHE     one lapack-stream 8192 DIR run, traced and verbose (setup's
#                                  `traced`), its line followed by the whole process's seconds
#   ab_turns WORKLOAD STATE...     WORKLOAD at 8192 in turns: for each STATE (the first one
#                                  cold), the build in $OLD then the one in $NEW in auto mode on
#                                  caches of their own (sleeping 10 s after the cold runs, for
#                                  the blasroute-prepare helpers they leave), then cpu mode;
#                                  lines into $OUT/WORKLOAD.txt, traces and memos packed into
#                                  $OUT/WORKLOAD.tar
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
walled() {
  local from=$(date +%s.%N)
  local line=$(traced "$1" "$2" "$3" "$4" BLASROUTE_VERBOSE=1 .dev/bin/lapack-stream 8192 "$1")
  echo "$line wall $(python3 -c "print(round($(date +%s.%N) - $from, 3))")"
}
ab_turns() {
  local w=$1 first=$2; shift
  rm -rf /tmp/c-new /tmp/c-old /tmp/c-cpu
  for state in "$@"; do
    for build in old new; do
      [ $build = new ] && L=$NEW || L=$OLD
      walled $w $build-$state auto /tmp/c-$build
      [ $state = $first ] && sleep 10
    done
    L=$NEW walled $w cpu-$state cpu /tmp/c-cpu
  done | tee $OUT/$w.txt
  cp /tmp/c-new/program-*.memo $OUT/$w/ 2>/dev/null
  gzip $OUT/$w/*.csv
  (cd $OUT && tar cf $w.tar $w && rm -rf $w)
}
