#!/bin/sh
# Issue 19's names of the Level-3 routines, each family through tests/level3_vs_reference
# (every routine, precision and option, Fortran and CBLAS in both layouts, NaN-poisoned memory,
# the smaller size set) against the reference of its integer width, plus the width probes that
# tell a 64-bit INTEGER from a 32-bit one (see tests/level3_names.c):
#   64       dgemm_64_, cblas_dgemm64_              libblasroute.so, 64-bit INTEGER
#   scipy64  scipy_dgemm_64_, scipy_cblas_dgemm64_  libblasroute.so, 64-bit INTEGER
#   scipy    scipy_dgemm_, scipy_cblas_dgemm        libblasroute.so, 32-bit INTEGER
#   plain64  dgemm_, cblas_dgemm                    libblasroute64.so, 64-bit INTEGER
# Each family in cpu mode, the references as the CPU BLAS of both widths (no call may reach the
# device), and in device mode on the CPU OpenCL device (PoCL), where the report must show every
# one of the 30 routines answered by the device and none falling back to the CPU. The linked
# plain names are level3_cpu.sh's and level3_device.sh's.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS,
# BLASROUTE_REFERENCE_BLAS64, BLASROUTE_LIBRARY64.
. "$top_srcdir/tests/tap.sh"

require_reference_and_pocl
[ -e "${BLASROUTE_REFERENCE_BLAS64:-}" ] ||
    skip_all "ILP64 reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS64:-}' (libblas64-dev)"
[ -e "${BLASROUTE_LIBRARY64:-}" ] ||
    skip_all "libblasroute64.so not found at '${BLASROUTE_LIBRARY64:-}'"

ROUTINES="sgemm dgemm cgemm zgemm ssymm dsymm csymm zsymm chemm zhemm
    ssyrk dsyrk csyrk zsyrk cherk zherk ssyr2k dsyr2k csyr2k zsyr2k cher2k zher2k
    strmm dtrmm ctrmm ztrmm strsm dtrsm ctrsm ztrsm"
# Per routine: Fortran, CBLAS column-major, CBLAS row-major, the width probe.
TESTS_PER_ROUTINE=4

plan 8
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"

# names FAMILY LIBRARY MODE VAR=VALUE...: level3_vs_reference through the family's names taken
# from LIBRARY (empty: the linked library), the ILP64 reference as the CPU BLAS of the 64-bit
# names (run_program makes the 32-bit one that of the 32-bit names).
names() {
    family=$1 library=$2 mode=$3; shift 3
    run_program level3_vs_reference BLASROUTE_TEST_NAMES="$family" \
        BLASROUTE_TEST_LIBRARY="$library" BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64" \
        BLASROUTE_TEST_QUICK=1 BLASROUTE_MODE="$mode" "$@"
}

# every_test_passed: every routine's tests planned, run and passed.
every_test_passed() {
    expected=$(( $(echo "$ROUTINES" | wc -w) * TESTS_PER_ROUTINE ))
    all_ok && [ "$planned" -eq "$expected" ]
}

# on_device: why not every routine was answered by the device in the last run, on one line (""
# if it was): the routines with no device call in their report line, and those that fell back.
on_device() {
    missing="" fell_back=""
    for routine in $ROUTINES; do
        case "$(grep "^blasroute report: $routine," "$err")" in
            *fallback*) fell_back="$fell_back $routine" ;;
            *[\ ,]device\ [1-9]*) ;;
            *) missing="$missing $routine" ;;
        esac
    done
    [ -z "$missing" ] || printf 'no device call of:%s; ' "$missing"
    [ -z "$fell_back" ] || printf 'fell back to the CPU:%s; ' "$fell_back"
}

# outcome: the last run's counts, and how it ended if not normally.
outcome() {
    tap_counts "$out"
    printf '%s passed, %s failed' "$passed" "$failed"
    grep -q '^Bail out!' "$out" && printf ', bailed out'
    [ "$status" -eq 0 ] || printf ', exit status %s' "$status"
}

# diag_tap: after a failed check, the last run's TAP lines other than "ok" (at most 30).
diag_tap() { [ "$tap_last" -eq 0 ] || grep -v '^ok ' "$out" | head -n 30 | sed 's/^/# /'; }

check() {
    family=$1 library=$2
    label="$family names${library:+ of $(basename "$library")}"

    names "$family" "$library" cpu
    paths=$(report_paths | tr '\n' ' ')
    every_test_passed && ! echo "$paths" | grep -qE 'device|hybrid|spread'
    result=$?
    ok $result "$label, cpu mode: $(outcome) (paths: ${paths% })"
    diag_tap; diag_file "$err"

    names "$family" "$library" device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
    why=$(on_device)
    every_test_passed && [ -z "$why" ]
    result=$?
    ok $result "$label, device mode: $(outcome)${why:+ (${why%; })}"
    diag_tap; diag_file "$err"
}

check 64 ""
check scipy64 ""
check scipy ""
check plain64 "$BLASROUTE_LIBRARY64"
