#!/bin/sh
# No stall on first use (warmup.h): in auto mode the first call large enough for the device
# starts the CPU BLAS's calibration and the device program's build on a thread of their own,
# and the CPU BLAS answers until both are done; BLASROUTE_WARMUP=wait keeps the old way (the
# call waits). A fresh cache directory each run, so that there is really something to build
# and calibrate. The device (PoCL) is made to look fast by a test profile, so that the model
# wants it; tests/repeat_dgemm checks every result, the trace says where each call ran. The
# suite's other tests run with BLASROUTE_WARMUP=wait (AM_TESTS_ENVIRONMENT).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
program="$top_builddir/tests/repeat_dgemm"
plan 7
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/out" err="$tmp/err" trace="$tmp/trace.csv"
fast_device_profile "warm-up" > "$tmp/fast.profile"

# run CALLS VAR=VALUE...: auto mode on PoCL under the fast profile, a fresh cache (kept with
# keep=1), traced.
run() {
    calls=$1; shift
    rm -rf "$trace"
    [ "${keep:-0}" = 1 ] || rm -rf "$tmp/cache"
    env $clear_knobs -u BLASROUTE_WARMUP LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_THRESHOLD=1 \
        BLASROUTE_PROFILE="$tmp/fast.profile" BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$tmp/cache" BLASROUTE_TRACE="$trace" "$@" \
        timeout 300 "$program" $calls 96 96 96 > "$out" 2> "$err"
    status=$?
    first=$(awk -F, 'NR == 2 { print $10 }' "$trace")
    first_reason=$(awk -F, 'NR == 2 { print $11 }' "$trace")
    device=$(awk -F, 'NR > 1 && $10 == "device"' "$trace" | wc -l)
    waiting=$(awk -F, 'NR > 1 && $10 == "cpu"' "$trace" | wc -l)
}

# The first process on a host opens the device at idle priority, when the program leaves a
# core idle; it then keeps a memo of the device and of what opening took (opened-*.memo).
run 400
[ $status -eq 0 ] && ls "$tmp"/cache/opened-*.memo > /dev/null 2>&1
ok $? "background, first process: every result right ($device calls on the device, $waiting on the CPU), the opening remembered"
diag_file "$err"
# A later process knows from the memo what the device would save: it opens it in a call once
# the savings the CPU's calls missed pay for the opening, and builds on a warm-up thread.
keep=1 run 400
[ $status -eq 0 ] && [ "$first" = cpu ] && [ "$device" -ge 1 ] &&
    [ "$(awk -F, 'NR > 1 && $10 == "cpu" && $11 !~ /being/' "$trace" | wc -l)" -eq 0 ]
ok $? "background, next process: every result right; the first call on the CPU ($first_reason), $waiting calls there while the device was got ready, then $device on the device"
diag_file "$err"
# Once ready, no call goes back to the CPU: every CPU call comes before the first device call.
awk -F, 'NR > 1 && $10 == "device" { seen = 1 } NR > 1 && $10 == "cpu" && seen { bad = 1 }
    END { exit bad }' "$trace"
ok $? "background: no call on the CPU after the first on the device"
[ ! -s "$out" ]
ok $? "background: nothing on stdout"

run 3 BLASROUTE_WARMUP=wait
[ $status -eq 0 ] && [ "$first" = device ] && [ "$device" -eq 3 ]
ok $? "BLASROUTE_WARMUP=wait: the first call waits and runs on the device, as do the others ($device of 3)"
diag_file "$err"

# A program that ends while its warm-up thread is still inside the OpenCL driver (opening the
# device, or building): it exits with its own status, silently. An exit must wait for that
# thread (warmup.c: PoCL's LLVM tears its statics down at exit and aborted under it). Programs
# of 1, 8 and 30 calls end during the opening, the build, or after.
bad=""
for calls in 1 8 30 1 8 30; do
    run $calls
    last=$(awk -F, 'END { print $11 }' "$trace")
    if [ $status -ne 0 ] || [ -s "$out" ] || grep -qi 'abort\|terminate\|corruption\|segmentation' "$err"
    then bad="$bad $calls:$status"; head -n 20 "$err" | sed "s/^/# /"; fi
    echo "# $calls calls: status $status, the last call's reason: $last"
done
[ -z "$bad" ]
ok $? "programs that exit during the warm-up end normally and silently (failed:${bad:- none})"

# A bad value: one warning, and the default.
env $clear_knobs BLASROUTE_WARMUP=later LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=cpu \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" "$program" 1 8 8 8 > "$out" 2> "$err"
[ $? -eq 0 ] && [ "$(grep -c 'BLASROUTE_WARMUP' "$err")" -eq 1 ]
ok $? "BLASROUTE_WARMUP=later: one warning, the default kept"
diag_file "$err"
