#!/bin/sh
# cp.async stages in the SIMT kernel (kernels/gemm.cl with STAGES) checked on PoCL. With
# BLASROUTE_TEST_MMA_EMULATE=1 each cp.async is a plain 16-byte copy, and one whose global or
# local address is not 16-byte aligned fills its chunk with NaN instead (kernels/common.cl): the
# stages' chunk indexing, their sets, the prologue's and the loop's copies, and every address
# the kernel hands cp.async are checked against the reference, where a GPU would fault or read
# the wrong step. Three profiles, each with single, double and complex double in stages (single
# precision in vectors of 4 or 8, double of 2, complex double one element: 16 bytes or more),
# the set counts 2 to 4 spread over them: tests/gemm_device's quick set (every transpose, edge
# shapes, k of 10000, tiles of 520 x 530 x 260) in device mode with the tiled kernel, every
# result right, blasroute-info naming the stages for s, d and z, the report showing their calls
# on the device. Then the blocked LAPACK's sgetrf, sgetrs and spotrf in 3 stages: their
# products read the matrix's blocks in place (engine/resident.c) at the block's offset and the
# matrix's leading dimension, which cp.async must find aligned.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
export BLASROUTE_TEST_MMA_EMULATE=1 BLASROUTE_PROFILE="$tmp/stages.profile"

# section P MWG NWG KWG MDIMC NDIMC VW STAGES: a [params.P] of the SIMT kernel in STAGES sets
section() {
    printf '\n[params.%s]\nmwg = %s\nnwg = %s\nkwg = %s\nmdimc = %s\nndimc = %s\n' $1 $2 $3 $4 $5 $6
    printf 'vwm = %s\nvwn = %s\nsa = 1\nsb = 1\nkwi = %s\ndb = 0\nmma = 0\nstages = %s\n' \
        $7 $7 $(($4 < 8 ? $4 : 8)) $8
}
# profile S_STAGES D_STAGES Z_STAGES [S_SHAPE]: the PoCL profile with s on Hopper's single tile
# (128 x 128 x 8 on 16 x 16, vectors of 4) or, with "wide", 64 x 64 x 16 on 8 x 8 in vectors
# of 8; d 64 x 64 x 16 on 16 x 16 in vectors of 2; z 64 x 64 x 8 on 16 x 8
profile() {
    { cat "$top_srcdir/profiles/pocl-cpu.profile"
      if [ "${4:-}" = wide ]; then section s 64 64 16 8 8 8 $1
      else section s 128 128 8 16 16 4 $1; fi
      section d 64 64 16 16 16 2 $2
      section z 64 64 8 16 8 1 $3; } > "$tmp/stages.profile"
}

configs="3:2:4 2:3:2 4:4:3 2:2:2:wide"
plan $(($(echo $configs | wc -w) + 1))
for c in $configs; do
    set -- $(echo $c | tr ':' ' ')
    profile "$@"
    shape="s on 128 x 128 x 8 in vectors of 4"
    [ "${4:-}" = wide ] && shape="s on 64 x 64 x 16 on 8 x 8 in vectors of 8"
    named=$("$top_builddir/blasroute-info" 2> /dev/null |
        grep -c "^ *[sdz]: SIMT (gemm.cl) in [234] cp.async stages")
    run_program gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_GEMM_KERNEL=tiled
    on_device=$(grep -c '^blasroute report: [sdz]gemm, [0-9]*, .*device [1-9]' "$err")
    all_ok && [ "$named" -eq 3 ] && [ "$on_device" -eq 3 ]
    ok $? "SIMT kernel in cp.async stages, s $1, d $2, z $3 ($shape): every result right ($named of 3 named, $on_device on the device)"
    diag_file "$out"; diag_file "$err"
done

what="the blocked LAPACK's sgetrf, sgetrs and spotrf with s in 3 cp.async stages, operands read in place"
if [ ! -e "${BLASROUTE_REFERENCE_LAPACK64:-}" ] || [ ! -e "${BLASROUTE_REFERENCE_BLAS64:-}" ]; then
    skip "$what" "no ILP64 reference BLAS or LAPACK"
    exit 0
fi
profile 3 2 2
driver="$top_builddir/tests/lapack_driver" module64="$top_builddir/tests/.libs/standin_module64.so"
env $clear_knobs -u BLASROUTE_TRACE BLASROUTE_REPORT=1 \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
    BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64" \
    BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" \
    BLASROUTE_TEST_ROUTINES=sgetrf,sgetrs,spotrf LD_PRELOAD="$BLASROUTE_LIBRARY" \
    timeout 600 "$driver" blocked "$module64" > "$out" 2> "$err"
status=$?
all_ok && grep -q '^blasroute report: spotrf, [0-9]*, .*device [1-9]' "$err" &&
    grep -q '^blasroute report: sgetrf, [0-9]*, .*device [1-9]' "$err"
ok $? "$what: every result right"
diag_file "$out"; diag_file "$err"
