#!/bin/sh
# The Netlib BLAS test programs of Debian's libblas-test, unmodified, with blasroute put in front
# of them by LD_PRELOAD: levels 1, 2 and 3, Fortran and CBLAS, s, d, c and z, error exits
# included. Each program must finish, report no failure, and (Level 3) must have been answered
# by blasroute, which BLASROUTE_REPORT shows.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/netlib_run.sh"
require_netlib_programs
plan 24
export BLASROUTE_REPORT=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# run NAME INPUT SUMMARY EXPECT LEVEL3: runs one program, checks its output and summary file
# for failures and for the line EXPECT that a complete run prints.
run() {
    name=$1 level3=$5
    netlib_run "$name" "$2" "$3" "$4" 600
    if [ "$level3" = yes ] && ! grep -q '^blasroute report: [sdcz]gemm' stderr; then why="$why; blasroute answered no Level-3 call"; fi
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
