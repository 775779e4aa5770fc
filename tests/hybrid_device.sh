#!/bin/sh
# BLASROUTE_MODE=hybrid on the CPU OpenCL device (PoCL): every Level-3 call split between the
# OpenCL engine and the CPU BLAS, both at work at once, against the reference with
# NaN-poisoned memory and guard bands (the test programs check every element and every byte
# around the output). Runs:
#  - every routine, precision, option and interface, sizes {0, 1, 3, 16, 33} (one row, fewer
#    rows than parts), BLASROUTE_SPLIT=0.5 (tests/level3_vs_reference, quick set); the report
#    must show calls as `hybrid`, and never `fallback` (a call whose split leaves one side
#    empty, such as a single row, runs whole on the other side: `device` or `cpu`);
#  - sizes spanning many device blocks (tests/level3_large) at BLASROUTE_SPLIT=0.35, and at the
#    cost model's share (no BLASROUTE_SPLIT);
#  - GEMM with every kernel launch failing (enqueue): the device's pieces finished on the CPU,
#    reported as `fallback`, until the device is given up;
#  - 8 threads making hybrid calls at once (tests/gemm_threads);
#  - BLASROUTE_SPLIT=1.5: one warning naming the variable, right results;
#  - the trace of a hybrid run: `hybrid` lines with the share asked for and a predicted time.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"

require_reference_and_pocl

plan 7
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"

# hybrid PROGRAM VAR=VALUE...: runs a test program in hybrid mode on the CPU device.
hybrid() {
    program=$1; shift
    run_program "$program" BLASROUTE_MODE=hybrid BLASROUTE_DEVICE=cpu "$@"
}

hybrid level3_vs_reference BLASROUTE_TEST_QUICK=1 BLASROUTE_SPLIT=0.5
paths=$(report_paths | tr '\n' ' ')
all_ok && echo "$paths" | grep -q hybrid && ! echo "$paths" | grep -q fallback
ok $? "every routine at split 0.5 (quick set): right results, calls split (paths: $paths)"
diag_file "$out"; diag_file "$err"

hybrid level3_large BLASROUTE_SPLIT=0.35
all_ok && report_paths | grep -qx hybrid
ok $? "large sizes at split 0.35: right results"; diag_file "$out"

hybrid level3_large
all_ok
ok $? "large sizes at the cost model's share: right results"; diag_file "$out"

hybrid gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_SPLIT=0.6 BLASROUTE_TEST_FAULT=enqueue
all_ok && report_paths | grep -qx fallback
ok $? "GEMM with every launch failing: right results, the device's pieces finished on the CPU"
diag_file "$out"; diag_file "$err"

hybrid gemm_threads BLASROUTE_SPLIT=0.5
all_ok && report_paths | grep -qx hybrid
ok $? "8 threads of hybrid GEMM calls at once: right results"; diag_file "$out"

hybrid gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_SPLIT=1.5
all_ok && [ "$(grep -c 'BLASROUTE_SPLIT=1.5 is not valid' "$err")" -eq 1 ]
ok $? "BLASROUTE_SPLIT=1.5: one warning naming it, right results"; diag_file "$err"

hybrid gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_SPLIT=0.25 BLASROUTE_TRACE="$tmp/trace.csv"
# Fields: 10 where, 14 predicted_hybrid_s, 15 device_share.
bad=$(awk -F, 'NR > 1 && $10 == "hybrid" && !($14 > 0 && $15 > 0.2 && $15 < 0.3)' "$tmp/trace.csv" | wc -l)
lines=$(awk -F, 'NR > 1 && $10 == "hybrid"' "$tmp/trace.csv" | wc -l)
all_ok && head -n 1 "$tmp/trace.csv" | grep -q ',predicted_hybrid_s,device_share,' &&
    [ "$lines" -gt 0 ] && [ "$bad" -eq 0 ]
ok $? "the trace of a hybrid run: $lines hybrid lines, each with its share and predicted time"
diag_file "$tmp/trace.csv"
