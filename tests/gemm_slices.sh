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
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
# on_device: every report line of a routine says device only.
on_device() {
    ! grep '^blasroute report: [sdcz][a-z0-9]*, ' "$err" | grep -q -v ', device [0-9]*,'
}

run_program level3_large BLASROUTE_TEST_GEMM_SLICES=3 BLASROUTE_TEST_TIGHT_LD=1 \
    BLASROUTE_TEST_FAULT=wrap BLASROUTE_TIMELINE="$tmp/timeline.csv"
sums=$(awk -F, '$6 == "gemm_sum_layers" { n++ } END { print n + 0 }' "$tmp/timeline.csv")
all_ok && on_device && [ "$sums" -gt 0 ]
ok $? "every routine and option in 3 K slices, tight: right, on the device, $sums sums of slices"
diag_file "$out"; diag_file "$err"

run_program level3_large BLASROUTE_TEST_GEMM_SLICES=7
all_ok && on_device
ok $? "every routine and option in 7 K slices, padded: right, on the device"
diag_file "$out"; diag_file "$err"

run_program gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_GEMM_KERNEL=tiled \
    BLASROUTE_TEST_GEMM_SLICES=5
all_ok
ok $? "GEMM's quick set (every transpose, edge shapes, long K) in 5 K slices: right"
diag_file "$out"; diag_file "$err"
