#!/bin/sh
# blasroute in front of a pip wheel's bundled BLAS (issue 19), without pip: numpy 2.x wheels'
# OpenBLAS exports scipy_dgemm_64_ and scipy_cblas_dgemm64_ (64-bit integers), SciPy wheels'
# scipy_dgemm_ and scipy_cblas_dgemm, and the extension modules that call them are loaded
# RTLD_LOCAL, their OpenBLAS with them. tests/standin_blas.c stands in for each wheel's BLAS
# (the reference behind those names, every call counted), tests/standin_module.c for a module
# linked to it, tests/standin_driver for Python loading the modules; the driver checks every
# result against the reference and whether the stand-in answered the calls.
#  - LD_PRELOAD=libblasroute.so, device mode (PoCL): blasroute answers every call on the device;
#    the stand-ins answer none;
#  - LD_PRELOAD=libblasroute.so, cpu mode: blasroute answers every call on the CPU by handing
#    it to the stand-in's name of the same family, although blasroute's own CPU BLAS and ILP64
#    CPU BLAS are set (to the references): the stand-ins answer every call;
#  - without blasroute: the stand-ins answer every call, and nothing reports.
# The report must count every call the driver made, routine by routine, on the expected path.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
[ -e "${BLASROUTE_REFERENCE_BLAS64:-}" ] ||
    skip_all "ILP64 reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS64:-}' (Debian package libblas64-dev)"
driver="$top_builddir/tests/standin_driver"
module64="$top_builddir/tests/.libs/standin_module64.so"
module32="$top_builddir/tests/.libs/standin_module32.so"
plan 8
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/out" err="$tmp/err"

# reported_on WHERE: sets why to what is wrong with the report: each routine the driver called
# ("# calls ROUTINE N") has the line "ROUTINE, N, WHERE N," (all N calls on WHERE), and no
# other routine is reported.
reported_on() {
    why=""
    calls=$(sed -n 's/^# calls \([a-z0-9]*\) \([0-9]*\)$/\1 \2/p' "$out")
    [ -n "$calls" ] || { why="the driver listed no calls"; return; }
    routines=0
    while read -r routine n; do
        routines=$((routines + 1))
        grep -q "^blasroute report: $routine, $n, $1 $n," "$err" ||
            why="$why; $routine, $n calls made: $(grep "^blasroute report: $routine," "$err" ||
                echo 'no report line')"
    done <<EOF
$calls
EOF
    lines=$(grep -c '^blasroute report: [a-z0-9]*, [0-9]' "$err")
    [ "$lines" -eq "$routines" ] || why="$why; $lines report lines for $routines routines"
}

run_driver blasroute LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device
all_ok; ok $? "device mode: every result right, the stand-ins answered no call"; driver_diag
reported_on device
ok "$( [ -z "$why" ]; echo $? )" "device mode: the report counts every call on the device${why:+ (${why#; })}"
diag_file "$err"

# Auto mode calibrates the BLAS that answers the program's calls on the CPU: the wheel's own
# (the stand-in behind the scipy_ names), not blasroute's CPU BLAS, whose threads would share
# the cores with the wheel's, and which is not even loaded. (The stand-ins then answer the calibration's calls too: only the
# results are checked here, not the stand-ins' counts.)
fast_device_profile "wheel" > "$tmp/fast.profile"
run_driver blasroute LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto BLASROUTE_THRESHOLD=1 \
    BLASROUTE_PROFILE="$tmp/fast.profile" BLASROUTE_WARMUP=wait BLASROUTE_VERBOSE=1 \
    BLASROUTE_CACHE_DIR="$tmp/calibration-cache"
calibrated=$(grep 'CPU BLAS calibrated' "$err")
# (The driver's status counts the stand-ins' "not ok" lines: every planned check must have run,
# and none but those may fail.)
planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | head -n 1)
[ -n "$planned" ] && [ "$(grep -c '^ok \|^not ok ' "$out")" -eq "$planned" ] &&
    ! grep '^not ok\|^Bail out' "$out" | grep -qv 'the stand-in answered' &&
    echo "$calibrated" | grep -q 'blas=[^;]*standin' && ! grep -q '^blasroute: CPU BLAS: /' "$err"
ok $? "auto mode: every result right; the calibration measured the wheel's BLAS (${calibrated#*(}), blasroute's CPU BLAS not loaded"
diag_file "$err"

# Beside a device call, the threads lowered are those of the library that answers the
# program's calls on the CPU: the wheel's (the stand-ins' scipy_openblas_set_num_threads64_ and
# scipy_openblas_set_num_threads, 4 threads), not blasroute's CPU BLAS (here OpenBLAS, which
# has a setter too), and that library is not even loaded: no call of the program's goes to it.
# Under pip numpy on the H200's host, loading it at the first weighed call (its own 16 threads
# starting) slowed numpy's first dgemm 1024 from 5 to 9 to 11 ms, and its count was the one
# lowered (2026-11-27).
run_driver blasroute LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device BLASROUTE_VERBOSE=1 \
    BLASROUTE_CPU_BLAS=libopenblas.so.0
lowered=$(grep 'threads instead of' "$err" | head -n 1)
all_ok && echo "$lowered" | grep -q 'instead of 4 while a device is in use.*libstandin' &&
    ! grep -q '^blasroute: CPU BLAS: /' "$err"
ok $? "device mode: the wheel's BLAS's threads lowered beside the device, blasroute's CPU BLAS not loaded (${lowered#blasroute: }$(grep '^blasroute: CPU BLAS: /' "$err" | sed 's/^blasroute: /; loaded: /'))"
diag_file "$err"

run_driver standin LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=cpu
all_ok; ok $? "cpu mode: every result right, the stand-ins answered every call"; driver_diag
reported_on cpu
ok "$( [ -z "$why" ]; echo $? )" "cpu mode: the report counts every call on the CPU${why:+ (${why#; })}"
diag_file "$err"

run_driver standin
all_ok; ok $? "without blasroute: every result right, the stand-ins answered every call"
driver_diag
! grep -q '^blasroute report' "$err"
ok $? "without blasroute: no report (nothing built links blasroute in)"; diag_file "$err"
