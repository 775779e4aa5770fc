#!/bin/sh
# The CPU BLAS's threads while a device is in use (cpu_threads.h): with OpenBLAS as the CPU
# BLAS and dgemm on the device (PoCL), tests/thread_share alternates device products and
# CPU-BLAS calls and prints OpenBLAS's thread count at each step. The program first sets more
# threads than the cores (OpenBLAS makes them), so that lowering shows on any machine.
# Checked: the count is lowered to the cores the device call's copies leave (at least 1) at
# the device call, kept for a CPU call made at once after it, given back 0.4 s later; lowered
# again at the next device call; a count the program sets meanwhile is the program's and is
# kept; a forked child's first CPU call gives the count back; a hybrid run (its CPU part on
# the CPU BLAS's threads) does not lower it; BLASROUTE_CPU_THREADS=keep never changes it, and
# an invalid value warns once and shares. Every product right.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 7
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
program="$top_builddir/tests/thread_share"

cores=$(getconf _NPROCESSORS_ONLN)
start=$((cores + 2)) own=$((cores + 1))
# The copies' threads (engine/host_copy.c): the caller and min(cores / 2, 7, cores - 1) helpers.
helpers=$((cores / 2)); [ $helpers -le 7 ] || helpers=7; [ $helpers -le $((cores - 1)) ] || helpers=$((cores - 1))
beside=$((cores - 1 - helpers)); [ $beside -ge 1 ] || beside=1
beside_own=$beside; [ $beside_own -le $own ] || beside_own=$own

run() {
    env $clear_knobs -u BLASROUTE_CPU_THREADS LD_PRELOAD="$BLASROUTE_LIBRARY" \
        BLASROUTE_MODE=device BLASROUTE_ROUTINES=gemm BLASROUTE_VERBOSE=1 \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_CPU_BLAS=libopenblas.so.0 \
        BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" "$@" \
        timeout 300 "$program" $start $own > "$out" 2> "$err"
    status=$?
}
value() { sed -n "s/^$1=//p" "$out"; }

run
if [ $status -eq 77 ]; then
    skip_all "OpenBLAS (libopenblas.so.0) with a settable thread count not found"
fi
[ $status -eq 0 ] && [ "$(value before)" = $start ] && [ "$(value after_device)" = $beside ] &&
    [ "$(value cpu_at_once)" = $beside ]
ok $? "a device call lowers OpenBLAS from $start to $beside threads (cores $cores, copies $((1 + helpers))), a CPU call at once keeps it; products right"
diag_file "$out"; diag_file "$err"

[ "$(value cpu_later)" = $start ] && [ "$(value again)" = $beside ]
ok $? "a CPU call 0.4 s after the last device call gives $start back; the next device call lowers again"
diag_file "$out"

[ "$(value program_own)" = $own ]
ok $? "a count the program set while lowered ($own) is kept"
diag_file "$out"

[ "$(value child)" = $own ]
ok $? "a child forked after a device call gets the count back at its first CPU call, its result right"
diag_file "$out"

[ "$(grep -c 'threads instead of' "$err")" -eq 1 ]
ok $? "blasroute says so once, on stderr (BLASROUTE_VERBOSE=1)"
diag_file "$err"

run BLASROUTE_CPU_THREADS=keep
keep_ok=$status
keep_after=$(value after_device)
run BLASROUTE_CPU_THREADS=often
[ $keep_ok -eq 0 ] && [ "$keep_after" = $start ] && [ $status -eq 0 ] &&
    [ "$(value after_device)" = $beside ] &&
    [ "$(grep -c 'BLASROUTE_CPU_THREADS=often is not valid' "$err")" -eq 1 ]
ok $? "BLASROUTE_CPU_THREADS=keep leaves the count alone; an invalid value warns once and shares"
diag_file "$out"; diag_file "$err"

run BLASROUTE_MODE=hybrid BLASROUTE_SPLIT=0.5
[ $status -eq 0 ] && [ "$(value after_device)" = $start ] && [ "$(value again)" = $start ] &&
    ! grep -q 'threads instead of' "$err"
ok $? "hybrid mode: the products split between the device and the CPU BLAS leave its $start threads"
diag_file "$out"; diag_file "$err"
