#!/bin/sh
# TRSM's right-hand sides in panels on the device (engine/trsm.c, issue 21), on PoCL with
# tests/level3_large's TRSM lines (every side, uplo, transa and diag, NaN-poisoned memory,
# compared with the reference), in device mode:
#  - BLASROUTE_TEST_GEMM_TILES=3: B in three panels, each uploaded, solved and written back
#    while another is in flight: right, every call on the device, and the timeline shows more
#    than one download in a call;
#  - the full set (triangles of order 97 to 257, several blocks) in 4 panels: the same;
#  - BLASROUTE_TEST_FAULT=enqueue-late (launches fail once a panel is written back): right; the
#    panels written are kept and the CPU BLAS solves the rest (report: `fallback`).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"

# off_device: how many ?trsm report lines name a path other than the device; trsm_lines: how many
# ?trsm lines there are.
off_device() { grep '^blasroute report: [sdcz]trsm,' "$err" | grep -c -v ', device [0-9]*,'; }
trsm_lines() { grep -c '^blasroute report: [sdcz]trsm,' "$err"; }

# in_panels TILES QUICK WHAT: the TRSM lines in TILES panels; passes when every line is right,
# every call on the device, and some call made at least TILES downloads.
in_panels() {
    run_program level3_large BLASROUTE_TEST_ROUTINES=trsm BLASROUTE_TEST_QUICK=$2 \
        BLASROUTE_TEST_GEMM_TILES=$1 BLASROUTE_TIMELINE="$tmp/timeline.csv"
    most=$(awk -F, '$6 ~ /^download/ { n[$1]++ } END { m = 0; for (c in n) if (n[c] > m) m = n[c]; print m }' \
        "$tmp/timeline.csv" 2> /dev/null)
    all_ok && [ "$(trsm_lines)" -eq 4 ] && [ "$(off_device)" -eq 0 ] && [ "${most:-0}" -ge $1 ]
    ok $? "TRSM in $1 panels, $3: right, every call on the device, up to ${most:-no} downloads in a call"
    diag_file "$out"; diag_file "$err"
}
in_panels 3 1 "quick set"
in_panels 4 0 "full set (orders 97 to 257)"

run_program level3_large BLASROUTE_TEST_ROUTINES=trsm BLASROUTE_TEST_QUICK=1 \
    BLASROUTE_TEST_GEMM_TILES=3 BLASROUTE_TEST_FAULT=enqueue-late BLASROUTE_CACHE=0
fallback=$(grep '^blasroute report: [sdcz]trsm,' "$err" | grep -c 'fallback')
all_ok && [ "$fallback" -ge 1 ]
ok $? "TRSM with launches failing once a panel is back: right, the rest solved by the CPU BLAS ($fallback of 4 routines with calls finished there)"
diag_file "$out"; diag_file "$err"
