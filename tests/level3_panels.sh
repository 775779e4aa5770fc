#!/bin/sh
# Level-3 routines in panels on the device (issue 21, engine/panels.h): TRSM (engine/trsm.c),
# SYMM, HEMM and TRMM by the result's independent columns (side L) or rows (side R), the
# rank-k and rank-2k family by C's triangle in panels along its diagonal (engine/level3.c).
# On PoCL with tests/level3_large's lines for them (every side, uplo, transa and diag,
# NaN-poisoned memory and guard bands, compared with the reference), in device mode:
#  - BLASROUTE_TEST_GEMM_TILES=3: B in three panels, each uploaded, computed and written back
#    while another is in flight: right, every call on the device, and the timeline shows at
#    least three downloads in a call;
#  - the full set (orders up to 300, several blocks) in 4 panels: the same;
#  - BLASROUTE_TEST_FAULT=enqueue-late (launches fail once a panel is written back): right; the
#    panels written are kept and the CPU BLAS computes the rest (report: `fallback`);
#  - BLASROUTE_TEST_FAULT=download-half (every other call's first panel stops coming back
#    halfway): right, every routine and option; the panels written by columns (side L, the
#    rank-k family's, side-R TRSM, SYMM and HEMM) keep the columns that arrived and the CPU
#    BLAS computes the rest, side-R TRMM's are written whole or not at all;
#  - the full set with 300 KiB of device memory free (BLASROUTE_TEST_DEVICE_FREE): every call
#    in pieces on the device (TRSM, TRMM, SYMM, HEMM in halves of A, GEMM pieces in halves of
#    k: policy/halves.h), right, every option.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 7
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"

routines=trsm,symm,hemm,trmm,syrk,herk,syr2k,her2k
# off_device: how many of their report lines name a path other than the device; lines: how
# many there are (s, d, c, z of each; hemm, herk, her2k: c, z).
pattern='^blasroute report: [sdcz]\(trsm\|symm\|hemm\|trmm\|syrk\|herk\|syr2k\|her2k\),'
off_device() { grep "$pattern" "$err" | grep -c -v ', device [0-9]*,'; }
lines() { grep -c "$pattern" "$err"; }

# in_panels TILES QUICK WHAT: their lines in TILES panels; passes when every line is right,
# every call on the device, and some call made at least TILES downloads.
in_panels() {
    run_program level3_large BLASROUTE_TEST_ROUTINES=$routines BLASROUTE_TEST_QUICK=$2 \
        BLASROUTE_TEST_GEMM_TILES=$1 BLASROUTE_TIMELINE="$tmp/timeline.csv"
    most=$(awk -F, '$6 ~ /^download/ { n[$1]++ } END { m = 0; for (c in n) if (n[c] > m) m = n[c]; print m }' \
        "$tmp/timeline.csv" 2> /dev/null)
    all_ok && [ "$(lines)" -eq 26 ] && [ "$(off_device)" -eq 0 ] && [ "${most:-0}" -ge $1 ]
    ok $? "every routine but GEMM in $1 panels, $3: right, every call on the device ($(lines) routines), up to ${most:-no} downloads in a call"
    diag_file "$out"; diag_file "$err"
}
in_panels 3 1 "quick set"
in_panels 4 0 "full set"

# A failing device is suspended after 3 calls in a row: each family group gets its own run, so
# that its first calls are the ones the fault strikes.
for group in trsm symm,hemm,trmm syrk,herk,syr2k,her2k; do
    run_program level3_large BLASROUTE_TEST_ROUTINES=$group BLASROUTE_TEST_QUICK=1 \
        BLASROUTE_TEST_GEMM_TILES=3 BLASROUTE_TEST_FAULT=enqueue-late BLASROUTE_CACHE=0
    fallback=$(grep "$pattern" "$err" | grep -c 'fallback')
    all_ok && [ "$fallback" -ge 1 ]
    ok $? "$group, launches failing once a panel is back: right, the rest computed by the CPU BLAS ($fallback of $(lines) routines with calls finished there)"
    diag_file "$out"; diag_file "$err"
done

# A download failing halfway through a call's first panel, every other call (so that the
# device is never suspended and every option meets it).
run_program level3_large BLASROUTE_TEST_ROUTINES=$routines BLASROUTE_TEST_QUICK=0 \
    BLASROUTE_TEST_GEMM_TILES=3 BLASROUTE_TEST_FAULT=download-half BLASROUTE_CACHE=0
fallback=$(grep "$pattern" "$err" | grep -c 'fallback')
all_ok && [ "$(lines)" -eq 26 ] && [ "$fallback" -eq 26 ]
ok $? "the full set, every other call's first panel failing halfway back: right, the rest computed by the CPU BLAS ($fallback of $(lines) routines with calls finished there)"
diag_file "$out"; diag_file "$err"

# Out of core: A does not fit beside a panel (z of order 300: 1.4 MB), nor k a GEMM piece's
# tile: the calls go in halves of A or k (policy/halves.h), all on the device.
run_program level3_large BLASROUTE_TEST_ROUTINES=$routines BLASROUTE_TEST_QUICK=0 \
    BLASROUTE_TEST_DEVICE_FREE=300K
all_ok && [ "$(lines)" -eq 26 ] && [ "$(off_device)" -eq 0 ]
ok $? "the full set with 300 KiB of device memory free: right, every call in pieces on the device ($(lines) routines, $(off_device) not all on it)"
diag_file "$out"; diag_file "$err"
