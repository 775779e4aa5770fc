#!/bin/sh
# Device memory held by others, and a device that fails for a while (issue 18), on PoCL:
#  - BLASROUTE_TEST_DEVICE_FREE makes the device's allocations fail past that many bytes, as
#    when another process holds the rest, while the pool's cap still says there is room: the
#    plan fails under the call. GEMM must be planned again in smaller tiles and answered by
#    the device, right, call after call; every other routine must be cut in pieces that fit
#    and stay on the device (TRSM, TRMM, SYMM and HEMM in halves of their triangular or
#    symmetric A, GEMM pieces in halves of k, policy/halves.h; the rank-k family by its
#    triangle); the report counts the replans;
#  - BLASROUTE_TEST_FAULT=alloc (no allocation ever succeeds): right answers from the CPU, and
#    the device is never suspended for it (allocation failures are not faults);
#  - BLASROUTE_TEST_FAULT=enqueue (every launch fails): the device is suspended after 3 calls
#    and tried again after 1 s, then 2 s: a back-off, not given up for good, not retried on
#    every call.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 5
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_TEST_QUICK=1
# replans: the sum of the report's last field (replans for want of device memory).
replans() { sed -n 's/^blasroute report: [sdcz][a-z0-9]*, .*, \([0-9][0-9]*\)$/\1/p' "$err" | awk '{ s += $1 } END { print s + 0 }'; }

run_program gemm_device BLASROUTE_TEST_DEVICE_FREE=1M BLASROUTE_TRACE="$tmp/trace.csv"
bad=$(grep '^blasroute report: [sdcz]gemm,' "$err" | grep -v ', \(scaled [0-9]* \)\{0,1\}device [0-9]*,' | head -n 2)
# The trace's last field (memory_retries) counts the same replans, call by call.
traced=$(awk -F, 'NR > 1 { s += $19 } END { print s + 0 }' "$tmp/trace.csv" 2> /dev/null)
all_ok && [ -z "$bad" ] && [ "$(replans)" -gt 0 ] && [ "$traced" = "$(replans)" ]
ok $? "GEMM with 1 MiB of device memory free: right, every call on the device, $(replans) replans in smaller tiles (the trace: $traced)${bad:+ (not all on the device: $bad)}"
diag_file "$out"; diag_file "$err"

run_program level3_large BLASROUTE_TEST_DEVICE_FREE=300K BLASROUTE_TEST_QUICK=1
# off NAMES: the routines of those names whose report line names a path other than the device
off() { grep "^blasroute report: [sdcz]\($1\)," "$err" | grep -v ', device [0-9]*,' | cut -d, -f1 | sed 's/blasroute report: //' | tr '\n' ' '; }
bad=$(off 'gemm\|symm\|hemm\|trmm\|trsm\|syrk\|herk\|syr2k\|her2k')
all_ok && [ -z "$bad" ] && [ "$(replans)" -gt 0 ]
ok $? "every routine with 300 KiB free: right, every call in pieces on the device (not all on it: ${bad:-none})"
diag_file "$out"; diag_file "$err"

run_program gemm_device BLASROUTE_TEST_FAULT=alloc BLASROUTE_VERBOSE=1
all_ok && ! grep -q 'in a row failed\|tried again in' "$err" &&
    ! grep -q '^blasroute report: [sdcz]gemm,.* device [0-9]' "$err"
ok $? "every device allocation failing: right, from the CPU BLAS, and the device never suspended for it"
diag_file "$out"; diag_file "$err"

env $clear_knobs BLASROUTE_TEST_FAULT=enqueue BLASROUTE_VERBOSE=1 \
    timeout 120 "$top_builddir/tests/busy_device" loop 3.6 > "$out" 2> "$err"
status=$?
suspensions=$(grep -o 'until it is tried again in [0-9]* s' "$err" | awk '{ printf "%s ", $(NF - 1) }')
retries=$(grep -c 'is tried again after its back-off' "$err")
# The suspensions double from 1 s (1 2, or 1 2 4 on a slow machine), one retry between two.
count=$(echo $suspensions | wc -w)
case "${suspensions% }" in "1 2" | "1 2 4") doubling=yes ;; *) doubling=no ;; esac
[ $status -eq 0 ] && [ ! -s "$out" ] && [ $doubling = yes ] && [ "$retries" -eq $((count - 1)) ]
ok $? "launches failing for 3.6 s: right; suspended for 1 s, then twice as long after each failed retry (suspensions: ${suspensions:-none}s, retries $retries, exit $status)"
diag_file "$err"

# Once the fault is gone, the device is used again: the back-off's retry succeeds. The fault
# can only be set per process, so the retry is shown by a process that starts suspended: a
# context that cannot be made (BLASROUTE_TEST_FAULT=context) suspends at set-up, and the
# message names the back-off instead of giving the device up for good.
env $clear_knobs BLASROUTE_TEST_FAULT=context BLASROUTE_VERBOSE=1 BLASROUTE_REPORT=1 \
    timeout 120 "$top_builddir/tests/busy_device" loop 1.5 > "$out" 2> "$err"
status=$?
[ $status -eq 0 ] && grep -q 'cannot set up .*until it is tried again in 1 s' "$err" &&
    grep -q 'is tried again after its back-off' "$err"
ok $? "a device that cannot be set up: right from the CPU, suspended for 1 s and tried again (exit $status)"
diag_file "$err"
