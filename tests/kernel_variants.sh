#!/bin/sh
# The GEMM kernel's variants that the built-in parameters do not use but blasroute-tune may pick,
# against the reference on the CPU OpenCL device (PoCL): double-buffered local tiles (db = 1)
# with both operands in local memory (s), only A (d), only B (c), and a shallow K step (z: kwg 8,
# no unrolling); s, d and z with each warp's work-items on a block of the grid (warp_m 8, 4, 8:
# a permutation of the work-items, the tiles' copies by local id). A profile in BLASROUTE_PROFILE sets them; the library must say it uses them.
#  - tests/gemm_device (GEMM: edge shapes, every transpose and interface, large k, tiled sizes);
#  - tests/level3_vs_reference in its quick mode (every other Level-3 routine, whose device
#    paths all end in the same kernel: triangles, TRMM's shortened K loops, TRSM's offsets).
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl

plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{ cat "$top_srcdir/profiles/pocl-cpu.profile"
  printf '\n[params.s]\ndb = 1\nwarp_m = 8\n\n[params.d]\ndb = 1\nsb = 0\nwarp_m = 4\n\n'
  printf '[params.c]\ndb = 1\nsa = 0\n\n[params.z]\ndb = 1\nkwg = 8\nkwi = 1\nwarp_m = 8\n'; } \
    > "$tmp/variants.profile"

# run PROGRAM: its TAP output in $tmp/PROGRAM; 0 if it passed every check and said, for each
# precision, that it builds with the profile's parameters.
run() {
    env $clear_knobs BLASROUTE_PROFILE="$tmp/variants.profile" \
        BLASROUTE_VERBOSE=1 BLASROUTE_TEST_QUICK=1 BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu \
        "$top_builddir/tests/$1" > "$tmp/$1" 2>&1
    status=$?
    tap_counts "$tmp/$1"
    used=$(grep -c "kernel parameters from $tmp/variants.profile" "$tmp/$1")
    [ $status -eq 0 ] && [ "$passed" -gt 0 ] && [ "$failed" -eq 0 ] && [ "$used" -eq 4 ]
}
run gemm_device
ok $? "gemm_device with the kernel variants: exit $status, $passed checks passed, $failed failed, the profile's parameters used by $used of 4 precisions"
diag_file "$tmp/gemm_device"
run level3_vs_reference
ok $? "level3_vs_reference with the kernel variants: exit $status, $passed checks passed, $failed failed, the profile's parameters used by $used of 4 precisions"
diag_file "$tmp/level3_vs_reference"

{ cat "$top_srcdir/profiles/pocl-cpu.profile"; printf '\n[params.d]\nmax_registers = 128\n'; } \
    > "$tmp/cap.profile"
env $clear_knobs BLASROUTE_PROFILE="$tmp/cap.profile" BLASROUTE_MODE=device \
    BLASROUTE_DEVICE=cpu BLASROUTE_TEST_QUICK=1 "$top_builddir/tests/gemm_device" > "$tmp/cap" 2>&1
status=$?
warnings=$(grep -c "params.d. kernel parameters are not valid on .*; using the built-in ones" "$tmp/cap")
tap_counts "$tmp/cap"
[ $status -eq 0 ] && [ "$warnings" -eq 1 ] && [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
ok $? "max_registers on a device without cl_nv_compiler_options: $warnings warning (want 1), $failed checks failed"
diag_file "$tmp/cap"
