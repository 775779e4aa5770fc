#!/bin/sh
# The Netlib Level-3 test programs (Fortran and CBLAS, s, d, c, z) in BLASROUTE_MODE=device on
# the CPU OpenCL device (PoCL): every call of a routine with a device path has to be answered by
# the device (its report line shows "device" and no "cpu" or "fallback"), and every check has
# to pass. DEVICE_ROUTINES lists the routines with a device path.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/netlib_run.sh"
require_netlib_programs
plan 8
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_REPORT=1
export BLASROUTE_CACHE_DIR="${BLASROUTE_CACHE_DIR:-$tmp/cache}"
DEVICE_ROUTINES="gemm symm hemm syrk herk syr2k her2k trmm trsm"

run() {
    name=$1 prefix=$4
    netlib_run "$name" "$2" "$3" "END OF TESTS" 900
    for routine in $DEVICE_ROUTINES; do
        case "$prefix$routine" in [sd]he*) continue ;; esac
        line=$(grep "^blasroute report: $prefix$routine," stderr)
        case "$line" in
            *fallback*|*" cpu "*) why="$why; not every call on the device: $line" ;;
            *device*) ;;
            *) why="$why; no $prefix$routine call reached the device: $line" ;;
        esac
    done
    ok "$( [ -z "$why" ]; echo $? )" "$name in device mode${why:+ ($why)}"
    [ -z "$why" ] || netlib_diag
}

for p in s d c z; do
    run "xblat3$p" "${p}blat3.in" "${p}blat3.out" "$p"
    run "x${p}cblat3" "${p}in3" "" "$p"
done
