#!/bin/sh
# Routing that learns (policy/learn.h): a profile that wrongly claims the device (PoCL) a
# hundred times faster than it is sends a program's small products there; the router times
# them, corrects its model and moves them to the CPU within a few calls; the next process
# starts from what was learned (a table in the cache directory); BLASROUTE_LEARN=0 keeps the
# profile's belief. tests/repeat_dgemm makes the calls (each checked), the trace says where
# each ran.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
program="$top_builddir/tests/repeat_dgemm"
plan 6
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/out" err="$tmp/err" trace="$tmp/trace.csv"
calls=200

fast_device_profile "a device that claims to be a hundred times faster than it is" \
    > "$tmp/wrong.profile"

# run VAR=VALUE...: the program's calls in auto mode on PoCL under the wrong profile, traced.
run() {
    rm -f "$trace"
    env $clear_knobs -u BLASROUTE_SPLIT LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_THRESHOLD=1 \
        BLASROUTE_PROFILE="$tmp/wrong.profile" BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$tmp/cache" BLASROUTE_TRACE="$trace" "$@" \
        timeout 300 "$program" $calls 48 48 48 > "$out" 2> "$err"
    status=$?
    device=$(awk -F, 'NR > 1 && $10 == "device"' "$trace" | wc -l)
    first=$(awk -F, 'NR == 2 { print $10 }' "$trace")
    first_device_s=$(awk -F, 'NR == 2 { print $13 }' "$trace")
    last_device=$(awk -F, 'NR > 1 && $10 == "device" { n = NR - 1 } END { print n + 0 }' "$trace")
}

run BLASROUTE_LEARN=0
[ $status -eq 0 ] && [ "$device" -eq $calls ]
ok $? "BLASROUTE_LEARN=0: every result right, all $calls calls on the device as the profile says ($device)"
diag_file "$err"

run BLASROUTE_LEARN=1
untaught=$first_device_s
[ $status -eq 0 ] && [ "$first" = device ] && [ "$device" -le 12 ]
ok $? "learning: every result right; the first call on the device, then the CPU: $device of $calls calls on the device (at most 12)"
diag_file "$err"
tail=$(awk -F, 'NR > 101 && $10 == "device"' "$trace" | wc -l)
[ "$tail" -le 4 ]
ok $? "learning: of the last 100 calls, at most 4 tried on the device ($tail; the last device call was call $last_device)"

ls "$tmp"/cache/learned-*.table > /dev/null 2>&1 &&
    grep -q '^dgemm.square.[0-9]*.device = [0-9]* [0-9.]*$' "$tmp"/cache/learned-*.table
ok $? "the learned table is kept in the cache directory, with the device's correction of dgemm"
[ "${tap_last:-0}" -eq 0 ] || cat "$tmp"/cache/learned-*.table 2>/dev/null | sed 's/^/# /'

run BLASROUTE_LEARN=1
[ $status -eq 0 ] && [ "$device" -le 8 ] &&
    awk -v now="$first_device_s" -v before="$untaught" 'BEGIN { exit !(now >= 10 * before) }'
ok $? "the next process starts from it: its first call's device prediction $first_device_s s against $untaught s untaught (at least 10x), $device of $calls calls on the device (at most 8)"
diag_file "$err"

env $clear_knobs BLASROUTE_LEARN=1 BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" \
    BLASROUTE_PROFILE="$tmp/wrong.profile" BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
    BLASROUTE_CACHE_DIR="$tmp/cache" "$top_builddir/blasroute-info" > "$out" 2> "$err"
grep -q 'learned' "$out" && grep -q 'dgemm *square' "$out"
ok $? "blasroute-info shows what was learned"
[ "${tap_last:-0}" -eq 0 ] || sed 's/^/# /' "$out" | tail -n 20
