#!/bin/sh
# The tensor-core GEMM (kernels/gemm_mma.cl) checked on PoCL: with BLASROUTE_TEST_MMA_EMULATE=1
# each mma.sync is done by the warp's work-items through local memory, with the fragments where
# PTX puts them (m8n8k4: A's row groupID and column threadID_in_group, B's row
# threadID_in_group and column groupID, D's row groupID and columns 2 threadID_in_group + 0, 1;
# m16n8k4 as two of them stacked along M), so that everything else the kernel does is run
# against the reference: its tiles in local memory, the planes of complex double, the double
# buffering, the pairs of 8-row blocks of m16n8k4, K steps, ragged edges, alpha and beta, the
# stores. m16n8k8 (mma 3) as two m16n8k4 over the two halves of its K step, so that its
# fragments' K columns are checked (the instruction's own layout only on a GPU). For double and
# complex double, mma 1, 2 and 3, single- and double-buffered, three warp
# layouts, and the built-in tiles of compute capability 9.0, also with K in slices and with d's
# tiles in cp.async stages (emulated as plain copies: their indexing, sets and waits checked;
# about a minute each): tests/gemm_device's quick set (every transpose, edge shapes, k of 10000, tiles of
# 520 x 530 x 260) in device mode with the tiled kernel, every result right, blasroute-info
# naming the tensor-core kernel for d and z, the report showing their calls on the device.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
export BLASROUTE_TEST_MMA_EMULATE=1 BLASROUTE_PROFILE="$tmp/mma.profile"

# profile MMA DB MWG NWG MDIMC NDIMC: the PoCL profile with those [params.d] and [params.z]
profile() {
    { cat "$top_srcdir/profiles/pocl-cpu.profile"
      for p in d z; do
          vw=2; [ $p = z ] && vw=1
          printf '\n[params.%s]\nmwg = %s\nnwg = %s\nkwg = 16\nmdimc = %s\nndimc = %s\n' \
              $p $3 $4 $5 $6
          printf 'vwm = %s\nvwn = %s\nsa = 1\nsb = 1\nkwi = 8\ndb = %s\nmma = %s\n' $vw $vw $2 $1
      done; } > "$tmp/mma.profile"
}
# The built-in choice from compute capability 9.0 on (src/engine/params.c): d double-buffered
# 64 x 128 x 8 tiles on 16 x 16 work-items with vectors of 1 and 2, z 64 x 64 x 16 on 8 x 16,
# both m16n8k4; with an argument, d's tiles in that many cp.async stages instead of db.
hopper_builtins() {
    d_buffering="db = 1"
    [ -n "${1:-}" ] && d_buffering="db = 0
stages = $1"
    { cat "$top_srcdir/profiles/pocl-cpu.profile"
      printf '
[params.d]
mwg = 64
nwg = 128
kwg = 8
mdimc = 16
ndimc = 16
vwm = 1
'
      printf 'vwn = 2
sa = 1
sb = 1
kwi = 4
'
      printf '%s\nmma = 2\n' "$d_buffering"
      printf '
[params.z]
mwg = 64
nwg = 64
kwg = 16
mdimc = 8
ndimc = 16
vwm = 1
'
      printf 'vwn = 1
sa = 1
sb = 1
kwi = 1
db = 0
mma = 2
'; } > "$tmp/mma.profile"
}
configs="1:0:64:64:8:16 2:1:64:64:8:16 2:0:128:64:16:8 1:1:64:128:8:16 3:1:64:64:8:16 hopper
    sliced stages"
plan $(($(echo $configs | wc -w) + 2))
for c in $configs; do
    set -- $(echo $c | tr ':' ' ')
    slices=0 # (the last: the built-ins with K in 3 slices, tests/gemm_slices.sh)
    if [ "$1" = stages ]; then
        hopper_builtins 3
        set -- "2 (the 9.0 built-ins)" "0, 3 cp.async stages in d" 64 "128 (z 64)" "16 (z 8)" 16
    elif [ "$1" = hopper ] || [ "$1" = sliced ]; then
        [ "$1" = sliced ] && slices=3
        hopper_builtins
        set -- "2 (the 9.0 built-ins)" "1 in d" 64 "128 (z 64)" "16 (z 8)" 16
    else
        profile "$@"
    fi
    kernels=$("$top_builddir/blasroute-info" 2> /dev/null | grep -c '^ *[dz]: tensor-core')
    run_program gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_GEMM_KERNEL=tiled \
        $([ $slices -gt 0 ] && echo BLASROUTE_TEST_GEMM_SLICES=$slices)
    on_device=$(grep -c '^blasroute report: [dz]gemm, [0-9]*, .*device [1-9]' "$err")
    all_ok && [ "$kernels" -eq 2 ] && [ "$on_device" -eq 2 ]
    ok $? "mma $1, db $2, tiles $3 x $4 on $5 x $6 work-items$([ $slices -gt 0 ] && echo ", K in $slices slices"): d and z on the emulated tensor cores ($kernels of 2 named, $on_device on the device), every result right"
    diag_file "$out"; diag_file "$err"
done

# The blocked LAPACK (src/lapack/) on the 9.0 built-ins, and with d's tiles in 3 cp.async
# stages: the factorizations' products read the matrix's blocks in place wherever packing would
# copy them unchanged (engine/resident.c), by the tensor-core kernel's own tile reads, at the
# block's offset and the matrix's leading dimension (both even under stages: 16-byte chunks).
# Order 160 gives dpotrf and zpotrf such blocks (trailing orders multiples of 64), and a panel
# times its diagonal block's inverse written over that panel, which must be copied first.
for stages in "" 3; do
    what="the blocked LAPACK's getrf, getrs and potrf in d and z on the emulated tensor cores${stages:+, d in $stages cp.async stages}"
    if [ ! -e "${BLASROUTE_REFERENCE_LAPACK64:-}" ] || [ ! -e "${BLASROUTE_REFERENCE_BLAS64:-}" ]; then
        skip "$what" "no ILP64 reference BLAS or LAPACK"
        continue
    fi
    hopper_builtins $stages
    driver="$top_builddir/tests/lapack_driver" module64="$top_builddir/tests/.libs/standin_module64.so"
    env $clear_knobs -u BLASROUTE_TRACE BLASROUTE_REPORT=1 \
        BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64" \
        BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" \
        BLASROUTE_TEST_ROUTINES=dgetrf,zgetrf,dgetrs,zgetrs,dpotrf,zpotrf LD_PRELOAD="$BLASROUTE_LIBRARY" \
        timeout 600 "$driver" blocked "$module64" > "$out" 2> "$err"
    status=$?
    kernels=$("$top_builddir/blasroute-info" 2> /dev/null | grep -c '^ *[dz]: tensor-core')
    all_ok && [ "$kernels" -eq 2 ] && grep -q '^blasroute report: zpotrf, [0-9]*, .*device [1-9]' "$err"
    ok $? "$what, operands read in place where packing would not change them: every result right"
    diag_file "$out"; diag_file "$err"
done
