#!/bin/sh
# The Netlib Level-3 test programs (Fortran and CBLAS, s, d, c, z) in BLASROUTE_MODE=device on
# the CPU OpenCL device (PoCL): every call of a routine with a device path has to be answered by
# the device (its report line shows "device" and no "cpu" or "fallback"), and every check has
# to pass. DEVICE_ROUTINES lists the routines with a device path.
. "$top_srcdir/tests/tap.sh"
dir="$SYSTEM_BLAS_DIR"
if [ ! -x "$dir/xblat3d" ]; then echo "1..0 # SKIP Netlib test programs not found in $dir (Debian package libblas-test)"; exit 0; fi
plan 8
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_REPORT=1
export BLASROUTE_CACHE_DIR="${BLASROUTE_CACHE_DIR:-$tmp/cache}"
DEVICE_ROUTINES="gemm symm hemm syrk herk syr2k her2k trmm trsm"

run() {
    name=$1 input=$2 summary=$3 prefix=$4
    rm -f ./*.out ./*.SUMM ./*.SNAP
    LD_PRELOAD="$BLASROUTE_LIBRARY" timeout 900 "$dir/$name" < "$dir/$input" > stdout 2> stderr
    status=$?
    cat stdout ${summary:+"$summary"} > all 2>/dev/null
    problems=$(grep -ciE 'fail|suspect|fatal|not detected|\*\*\*\*\*|error exits.*not' all)
    why=""
    [ $status -eq 0 ] || why="exit status $status"
    [ "$problems" -eq 0 ] || why="$why; $problems failure lines"
    grep -q -- "END OF TESTS" all || why="$why; no 'END OF TESTS' line"
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
    [ -z "$why" ] || { grep -iE 'fail|suspect|fatal|not detected|\*\*\*\*\*' all | head -n 10 | sed 's/^/# /'; diag_file stderr; }
}

for p in s d c z; do
    run "xblat3$p" "${p}blat3.in" "${p}blat3.out" "$p"
    run "x${p}cblat3" "${p}in3" "" "$p"
done
