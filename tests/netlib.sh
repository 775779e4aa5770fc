#!/bin/sh
# The Netlib BLAS test programs of Debian's libblas-test, unmodified, with blasroute put in front
# of them by LD_PRELOAD: levels 1, 2 and 3, Fortran and CBLAS, s, d, c and z, error exits
# included. Each program must finish, report no failure, and (Level 3) must have been answered
# by blasroute, which BLASROUTE_REPORT shows.
# blasroute's CPU BLAS is the reference here, not OpenBLAS: then every result is blasroute's
# forwarding and its own Level-3 code, and the checks hold on any CPU (OpenBLAS's kernels, one
# set per CPU model, can be wrong on some: 0.3.21's scasum on AVX-512). tests/cpu_blas_choice.sh
# checks that OpenBLAS is the default.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/netlib_run.sh"
require_netlib_programs
[ -e "${BLASROUTE_REFERENCE_BLAS:-}" ] ||
    skip_all "reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS:-}'"
plan 24
export BLASROUTE_REPORT=1 BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# run NAME INPUT SUMMARY EXPECT LEVEL3: runs one program, checks its output and summary file
# for failures and for the line EXPECT that a complete run prints.
run() {
    name=$1 level3=$5
    netlib_run "$name" "$2" "$3" "$4" 600
    if [ "$level3" = yes ] && ! grep -q '^blasroute report: [sdcz]gemm' stderr; then why="$why; blasroute answered no Level-3 call"; fi
    # Refused, the reference would be replaced by OpenBLAS with one warning naming the variable.
    if grep -q 'BLASROUTE_CPU_BLAS' stderr; then
        why="$why; the reference was refused as the CPU BLAS"
    fi
    ok "$( [ -z "$why" ]; echo $? )" "$name under LD_PRELOAD${why:+ ($why)}"
    [ -z "$why" ] || netlib_diag
}

for p in s d c z; do
    run "xblat1$p" "" "" "----- PASS -----" no
    run "xblat2$p" "${p}blat2.in" "${p}blat2.out" "END OF TESTS" no
    run "xblat3$p" "${p}blat3.in" "${p}blat3.out" "END OF TESTS" yes
    run "x${p}cblat1" "" "" "----- PASS -----" no
    run "x${p}cblat2" "${p}in2" "" "END OF TESTS" no
    run "x${p}cblat3" "${p}in3" "" "END OF TESTS" yes
done
