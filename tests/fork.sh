#!/bin/sh
# fork() after the device was used (issue 18): tests/fork_device (C: the parent, 4 children,
# the parent again) and tests/fork_numpy.py (Debian's numpy under LD_PRELOAD, a
# multiprocessing pool with the fork start method) in device mode on PoCL; and in auto mode, a
# program that opens the device at load (warmup.c) and forks while it opens. Every result right,
# no child hung (each has a hard time limit), and the reports (one per process that exits
# through exit()) show the parent's calls on the device and the children's on the CPU BLAS.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 5
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"

run_program fork_device
all_ok
ok $? "C program: parent, 4 forked children, parent again: all right, none hung"
diag_file "$out"; diag_file "$err"

# The reports, one block per process: the children's come first (they exit first), the
# parent's last. Each block: the routines' lines after a header line.
blocks=$(awk '/^blasroute report: routine,/ { n++ } END { print n + 0 }' "$err")
parent=$(awk '/^blasroute report: routine,/ { n++; block = "" } /^blasroute report: [sdcz]/ { block = block $0 "\n" } END { printf "%s", block }' "$err")
children_device=$(awk '/^blasroute report: routine,/ { n++ } n < 5 && /^blasroute report: [sdcz]/ && / device [0-9]/' "$err" | wc -l)
why=""
[ "$blocks" -eq 5 ] || why="$blocks reports, wanted 5 (4 children and the parent); "
for routine in dgemm dsyrk dtrsm; do
    echo "$parent" | grep -q "^blasroute report: $routine, 2, device 2," ||
        why="${why}the parent's $routine calls were not both on the device; "
done
[ "$children_device" -eq 0 ] || why="${why}a child's report shows device calls; "
[ -z "$why" ]
ok $? "reports: the parent's 6 calls on the device before and after, the children's on the CPU BLAS${why:+ ($why)}"
[ -z "$why" ] || diag_file "$err"

if /usr/bin/python3 -c 'import numpy' 2> /dev/null; then
    env $clear_knobs BLASROUTE_REPORT=1 LD_PRELOAD="$BLASROUTE_LIBRARY" \
        timeout 120 /usr/bin/python3 "$top_srcdir/tests/fork_numpy.py" > "$out" 2> "$err"
    status=$?
    [ $status -eq 0 ] && [ "$(grep -c '^ok ' "$out")" -eq 3 ]
    ok $? "numpy, multiprocessing fork pool of 4: right in the parent and the children, none hung (exit $status)"
    diag_file "$out"; diag_file "$err"
    grep -q '^blasroute report: dgemm, [0-9]*, device [0-9]*,' "$err" &&
        ! grep -q '^blasroute report: dgemm,.*fallback' "$err"
    ok $? "numpy: the parent's products on the device, before and after the pool"
    diag_file "$err"
else
    skip "numpy, multiprocessing fork pool" "/usr/bin/python3 has no numpy"
    skip "numpy: the parent's products on the device" "/usr/bin/python3 has no numpy"
fi

# A program whose last run the device paid for opens it at load, on a warm-up thread started
# before main (warmup.c: open_at_load), and may fork before that thread is done: a worker pool
# made at the start. The opening is held back here (BLASROUTE_TEST_OPEN_DELAY) so that the
# parent's first calls and its 4 children come while it is under way. Its memos come from a
# first run that opened the device in its first call (BLASROUTE_WARMUP=wait), its memo then
# made to say the device saved 5 s. The device is claimed fast (a test profile) so that the
# calls are device-sized; learning on, as by default (the memos are what it keeps).
fast_device_profile "fork at load" > "$tmp/fast.profile"
at_load() {
    env $clear_knobs -u BLASROUTE_WARMUP -u BLASROUTE_SPLIT -u BLASROUTE_TRACE \
        BLASROUTE_MODE=auto BLASROUTE_LEARN=1 BLASROUTE_THRESHOLD=1 \
        BLASROUTE_PROFILE="$tmp/fast.profile" \
        BLASROUTE_REPORT=1 BLASROUTE_VERBOSE=1 BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$tmp/cache" "$@" \
        timeout 300 "$top_builddir/tests/fork_device" > "$out" 2> "$err"
    status=$?
}
at_load BLASROUTE_WARMUP=wait
first=$status
sed -i 's/^saving = .*/saving = 5/' "$tmp"/cache/program-*.memo
at_load BLASROUTE_TEST_OPEN_DELAY=1000
blocks=$(awk '/^blasroute report: routine,/ { n++ } END { print n + 0 }' "$err")
[ $first -eq 0 ] && all_ok && grep -q 'opening it at load' "$err" && [ "$blocks" -eq 5 ]
ok $? "auto mode, the device opened at load and the program forking 4 children while it opens: all right, none hung, every process's report (first run $first, $blocks reports)"
diag_file "$out"; diag_file "$err"
