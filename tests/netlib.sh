#!/bin/sh
# The Netlib BLAS test programs of Debian's libblas-test, unmodified, with blasroute put in front
# of them by LD_PRELOAD: levels 1, 2 and 3, Fortran and CBLAS, s, d, c and z, error exits
# included. Each program must finish, report no failure, and (Level 3) must have been answered
# by blasroute, which BLASROUTE_REPORT shows.
. "$top_srcdir/tests/tap.sh"
dir="$SYSTEM_BLAS_DIR"
if [ ! -x "$dir/xblat3d" ]; then echo "1..0 # SKIP Netlib test programs not found in $dir (Debian package libblas-test)"; exit 0; fi
plan 24
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# run NAME INPUT SUMMARY EXPECT LEVEL3: runs one program, checks its output and summary file
# for failures and for the line EXPECT that a complete run prints.
run() {
    name=$1 input=$2 summary=$3 expect=$4 level3=$5
    rm -f ./*.out ./*.SUMM ./*.SNAP
    if [ -n "$input" ]; then
        LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_REPORT=1 timeout 600 "$dir/$name" < "$dir/$input" > stdout 2> stderr
    else
        LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_REPORT=1 timeout 600 "$dir/$name" > stdout 2> stderr
    fi
    status=$?
    cat stdout ${summary:+"$summary"} > all 2>/dev/null
    problems=$(grep -ciE 'fail|suspect|fatal|not detected|\*\*\*\*\*|error exits.*not' all)
    why=""
    [ $status -eq 0 ] || why="exit status $status"
    [ "$problems" -eq 0 ] || why="$why; $problems failure lines"
    grep -q -- "$expect" all || why="$why; no '$expect' line"
    if [ "$level3" = yes ] && ! grep -q '^blasroute report: [sdcz]gemm' stderr; then why="$why; blasroute answered no Level-3 call"; fi
    ok "$( [ -z "$why" ]; echo $? )" "$name under LD_PRELOAD${why:+ ($why)}"
    [ -z "$why" ] || { grep -iE 'fail|suspect|fatal|not detected|\*\*\*\*\*' all | head -n 10 | sed 's/^/# /'; diag_file stderr; }
}

for p in s d c z; do
    run "xblat1$p" "" "" "----- PASS -----" no
    run "xblat2$p" "${p}blat2.in" "${p}blat2.out" "END OF TESTS" no
    run "xblat3$p" "${p}blat3.in" "${p}blat3.out" "END OF TESTS" yes
    run "x${p}cblat1" "" "" "----- PASS -----" no
    run "x${p}cblat2" "${p}in2" "" "END OF TESTS" no
    run "x${p}cblat3" "${p}in3" "" "END OF TESTS" yes
done
