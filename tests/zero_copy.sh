#!/bin/sh
# On a device that shares the host's memory (PoCL reports CL_DEVICE_HOST_UNIFIED_MEMORY), GEMM's
# operands are read in place (CL_MEM_USE_HOST_PTR) instead of copied; when the driver refuses
# to wrap them, they are copied as on a discrete GPU. Both against the reference
# (tests/gemm_device: edge shapes, every transpose and interface, the caller's arrays checked
# unchanged outside C), in BLASROUTE_MODE=device on PoCL:
#  - by default: right, and the library says it reads the operands in place;
#  - BLASROUTE_TEST_FAULT=wrap (every wrap refused): right, and it does not say so.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl

plan 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run NAME [VARIABLE=VALUE]: gemm_device's output in $tmp/NAME; sets passed, failed, in_place.
run() {
    name=$1; shift
    env $clear_knobs -u BLASROUTE_PROFILE "$@" \
        BLASROUTE_VERBOSE=1 BLASROUTE_TEST_QUICK=1 BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu \
        "$top_builddir/tests/gemm_device" > "$tmp/$name" 2>&1
    status=$?
    tap_counts "$tmp/$name"
    in_place=$(grep -c "shares the host's memory: GEMM operands are read in place" "$tmp/$name")
}
run in-place
[ $status -eq 0 ] && [ "$passed" -eq 20 ] && [ "$failed" -eq 0 ] && [ "$in_place" -eq 1 ]
ok $? "operands read in place: exit $status, $passed of 20 checks passed, said so $in_place time(s)"
diag_file "$tmp/in-place"
run copied BLASROUTE_TEST_FAULT=wrap
[ $status -eq 0 ] && [ "$passed" -eq 20 ] && [ "$failed" -eq 0 ] && [ "$in_place" -eq 0 ]
ok $? "every wrap refused (copied instead): exit $status, $passed of 20 checks passed, 'read in place' said $in_place time(s)"
diag_file "$tmp/copied"
