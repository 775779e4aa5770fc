#!/bin/sh
# The ILP64 Netlib BLAS test programs of Debian's libblas64-test, unmodified: linked to
# libblas64.so.3, they call the plain names (dgemm_, cblas_dgemm) with 64-bit integers, as any
# program built for Debian's ILP64 BLAS does. libblasroute64.so, blasroute's drop-in for
# libblas64.so.3, is put in front of them by LD_PRELOAD.
#  - cpu mode, blasroute's ILP64 CPU BLAS the ILP64 reference (BLASROUTE_CPU_BLAS64; the
#    reference for the reason tests/netlib.sh gives): levels 1, 2 and 3, Fortran and CBLAS, s,
#    d, c and z, error exits included. Every BLAS name a program calls must bind to
#    libblasroute64 (LD_DEBUG=bindings; a name it lacked would bind to libblas64.so.3 and pass
#    unseen), and the Level-3 calls must all be answered by blasroute on the CPU.
#  - device mode on PoCL: the Level-3 programs, every call answered on the device.
# "scaled" calls (alpha = 0 or k = 0: blasroute scales C itself, no BLAS needed) count as
# answered by blasroute in both modes.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/netlib_run.sh"
require_netlib_programs "${SYSTEM_BLAS_DIR}64" libblas64-test
[ -e "${BLASROUTE_REFERENCE_BLAS64:-}" ] ||
    skip_all "ILP64 reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS64:-}' (Debian package libblas64-dev)"
plan 32
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
NETLIB_PRELOAD="$BLASROUTE_LIBRARY64"
export BLASROUTE_REPORT=1 BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64"
export BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
export BLASROUTE_CACHE_DIR="${BLASROUTE_CACHE_DIR:-$tmp/cache}"
unset BLASROUTE_TRACE BLASROUTE_SPLIT BLASROUTE_TEST_FAULT BLASROUTE_DEVICE_MEMORY
LEVEL3="gemm symm hemm syrk herk syr2k her2k trmm trsm"

# answered_by PREFIX WHERE: every Level-3 routine of precision PREFIX has its report line, all
# its calls answered on WHERE ("cpu", "device") or scaled; reasons appended to $why.
answered_by() {
    for routine in $LEVEL3; do
        case "$1$routine" in [sd]he*) continue ;; esac
        grep -q "^blasroute report: $1$routine, [0-9]*, \(scaled [0-9]* \)\{0,1\}$2 [0-9]*," stderr ||
            why="$why; not every $1$routine call on the $2: $(grep "^blasroute report: $1$routine," stderr || echo 'no report line')"
    done
}

# run MODE NAME INPUT SUMMARY EXPECT PREFIX: one program in BLASROUTE_MODE=MODE; PREFIX is the
# precision of a Level-3 program, empty for the others.
run() {
    mode=$1 name=$2 prefix=$6
    export BLASROUTE_MODE="$mode"
    if [ "$mode" = cpu ]; then
        rm -f bindings.*
        NETLIB_ENV="LD_DEBUG=bindings LD_DEBUG_OUTPUT=$tmp/bindings"
        netlib_run "$name" "$3" "$4" "$5" 600
        NETLIB_ENV=""
        # The program's own bindings ("binding file <program> [0] to <object> [0]: normal
        # symbol `name'"): at least one to libblasroute64, none to the ILP64 BLAS the program
        # was linked with (libblas64.so.3, here OpenBLAS or the reference).
        stray=$(cat bindings.* 2>/dev/null |
            grep -E "binding file [^ ]*/$name \[0\] to [^ ]*(libblas64|openblas)" |
            sed "s/.*symbol \`\([^']*\)'.*/\1/" | sort -u | head -n 5 | tr '\n' ' ')
        [ -z "$stray" ] || why="$why; bound to the system's ILP64 BLAS, not blasroute: $stray"
        cat bindings.* 2>/dev/null | grep -q "binding file [^ ]*/$name \[0\] to [^ ]*libblasroute64" ||
            why="$why; no call bound to libblasroute64"
    else
        netlib_run "$name" "$3" "$4" "$5" 900
    fi
    [ -z "$prefix" ] || answered_by "$prefix" "$mode"
    # Refused, the reference would be replaced with one warning naming the variable.
    if grep -q 'BLASROUTE_CPU_BLAS' stderr; then
        why="$why; the ILP64 reference was refused as the CPU BLAS"
    fi
    ok "$( [ -z "$why" ]; echo $? )" "$name, ILP64, $mode mode${why:+ (${why#; })}"
    [ -z "$why" ] || netlib_diag
}

for p in s d c z; do
    run cpu "xblat1$p" "" "" "----- PASS -----" ""
    run cpu "xblat2$p" "${p}blat2.in" "${p}blat2.out" "END OF TESTS" ""
    run cpu "xblat3$p" "${p}blat3.in" "${p}blat3.out" "END OF TESTS" "$p"
    run cpu "x${p}cblat1" "" "" "----- PASS -----" ""
    run cpu "x${p}cblat2" "${p}in2" "" "END OF TESTS" ""
    run cpu "x${p}cblat3" "${p}in3" "" "END OF TESTS" "$p"
done
for p in s d c z; do
    run device "xblat3$p" "${p}blat3.in" "${p}blat3.out" "END OF TESTS" "$p"
    run device "x${p}cblat3" "${p}in3" "" "END OF TESTS" "$p"
done
