#!/bin/sh
# K slices (kernels/gemm.cl's k_slice, engine/launch.h's br_gemm_k_slices): a long K over few
# tiles of C cut over more work-groups, each writing partial sums that gemm_sum_layers adds
# into C with alpha, beta and the rank-k family's triangle and Hermitian diagonal. A GPU does
# this where C's tiles would leave most of its compute units idle; PoCL never would, so
# BLASROUTE_TEST_GEMM_SLICES asks for it on every tiled launch, in device mode:
#  1. tests/level3_large (every routine and option; NaN-poisoned memory, guard bands; tight
#     leading dimensions, arrays not read in place) in 3 slices: every line right and on the
#     device, and the timeline shows the slices' sums;
#  2. the same with padded leading dimensions in 7 slices;
#  3. tests/gemm_device's quick set (every transpose, edge shapes, K up to 10000) in 5 slices.
# And the last wave's cut (br_gemm_tail_plan, enqueue_tail): the last columns of tiles of a
# whole launch in K slices on the engine's side queue, beside the main launch on the compute
# queue, their sums added into C there, the compute queue's later work (strips past whole tiles,
# downloads) waiting for them. A GPU cuts where its last wave of work-groups would leave compute
# units idle; BLASROUTE_TEST_GEMM_TAIL cuts that many columns of every whole launch:
#  4. level3_large, tight, one column cut: right, on the device, the timeline shows the sums;
#  5. the same, padded, 3 columns cut;
#  6. gemm_device's quick set, 2 columns cut.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 6
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
# on_device: every report line of a routine says device only.
on_device() {
    ! grep '^blasroute report: [sdcz][a-z0-9]*, ' "$err" | grep -q -v ', device [0-9]*,'
}

# three_runs KNOB TIGHT PADDED QUICK TIGHT_TEXT PADDED_TEXT QUICK_TEXT WHAT: the runs
# described above, KNOB (BLASROUTE_TEST_GEMM_SLICES or _TAIL) at each value; the tight run
# counts the sums of WHAT in a timeline of its own.
three_runs() {
    rm -f "$tmp/timeline.csv"
    run_program level3_large "$1=$2" BLASROUTE_TEST_TIGHT_LD=1 BLASROUTE_TEST_FAULT=wrap \
        BLASROUTE_TIMELINE="$tmp/timeline.csv"
    sums=$(awk -F, '$6 == "gemm_sum_layers" { n++ } END { print n + 0 }' "$tmp/timeline.csv")
    all_ok && on_device && [ "$sums" -gt 0 ]
    ok $? "$5, $sums sums of $8"
    diag_file "$out"; diag_file "$err"

    run_program level3_large "$1=$3"
    all_ok && on_device
    ok $? "$6"
    diag_file "$out"; diag_file "$err"

    run_program gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_GEMM_KERNEL=tiled "$1=$4"
    all_ok
    ok $? "$7"
    diag_file "$out"; diag_file "$err"
}

three_runs BLASROUTE_TEST_GEMM_SLICES 3 7 5 \
    "every routine and option in 3 K slices, tight: right, on the device" \
    "every routine and option in 7 K slices, padded: right, on the device" \
    "GEMM's quick set (every transpose, edge shapes, long K) in 5 K slices: right" slices
three_runs BLASROUTE_TEST_GEMM_TAIL 1 3 2 \
    "every routine and option, the last column of tiles cut in K on the side queue, tight: right, on the device" \
    "every routine and option, the last 3 columns of tiles cut in K, padded: right, on the device" \
    "GEMM's quick set (every transpose, edge shapes, long K), 2 columns of tiles cut in K: right" \
    "cut columns"
