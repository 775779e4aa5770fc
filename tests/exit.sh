#!/bin/sh
# exit() while other threads are inside device calls, or just between two (issue 18):
# tests/busy_device opens the device, starts 3 threads of DGEMM calls on it, and calls exit(7)
# after a delay, many times over. Each run must end with the program's own status 7 (no
# crash, no hang: a hard time limit), print nothing on stdout and no error on stderr.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
delays="0 200 1000 5000 20000 50000 100000 200000"
plan 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
failures="" runs=0
for round in 1 2; do
    for delay in $delays; do
        env $clear_knobs timeout 60 "$top_builddir/tests/busy_device" exit 3 $delay \
            > "$tmp/out" 2> "$tmp/err"
        status=$? runs=$((runs + 1))
        if [ $status -ne 7 ] || [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
            failures="$failures delay ${delay}us: status $status, $(wc -c < "$tmp/out") bytes on stdout, $(head -c 120 "$tmp/err" | tr '\n' ' ');"
        fi
    done
done
[ -z "$failures" ]
ok $? "exit(7) with 3 threads in device calls, $runs runs: status 7, nothing printed${failures:+ (}${failures}${failures:+)}"

# The same in hybrid mode: the threads' calls are split, device parts on helper threads.
failures=""
for delay in 0 5000 50000 200000; do
    env $clear_knobs BLASROUTE_MODE=hybrid timeout 60 "$top_builddir/tests/busy_device" exit 3 $delay \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
    if [ $status -ne 7 ] || [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
        failures="$failures delay ${delay}us: status $status;"
    fi
done
[ -z "$failures" ]
ok $? "exit(7) with 3 threads in hybrid calls: status 7, nothing printed${failures:+ (}${failures}${failures:+)}"
