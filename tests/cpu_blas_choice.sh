#!/bin/sh
# How blasroute finds its CPU BLAS, and what it does when that goes wrong: the default, an
# explicit path or soname, a bad value (one warning, then the default), blasroute itself (refused,
# never an endless recursion), and no CPU BLAS at all (one message naming BLASROUTE_CPU_BLAS, then
# abort: never a silent wrong answer), OpenBLAS's kernels named and a better choice advised where
# the CPU has one. Nothing may be printed on stdout but the program's own.
. "$top_srcdir/tests/tap.sh"
plan 9
program="$top_builddir/tests/call_dgemm"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run NAME [VAR=VALUE...]: runs the client under LD_PRELOAD with the given environment.
run() {
    out="$tmp/$1.out" err="$tmp/$1.err"; shift
    env "$@" LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_VERBOSE=1 "$program" > "$out" 2> "$err"
}
answered() { grep -q '^blasroute: yes' "$out" && grep -q 'cblas_dgemm error' "$out"; }

run default; status=$?
answered && [ $status -eq 0 ] && grep -q 'CPU BLAS: .*openblas' "$err"
ok $? "by default OpenBLAS answers, correctly"

run path BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS"; status=$?
answered && [ $status -eq 0 ] && grep -q "CPU BLAS: $BLASROUTE_REFERENCE_BLAS" "$err"
ok $? "BLASROUTE_CPU_BLAS as a path selects that library"

run soname BLASROUTE_CPU_BLAS=libopenblas.so.0; status=$?
answered && [ $status -eq 0 ] && grep -q 'CPU BLAS: .*libopenblas.so.0' "$err"
ok $? "BLASROUTE_CPU_BLAS as a soname selects that library"

run bad BLASROUTE_CPU_BLAS=/nonexistent/libnothing.so; status=$?
answered && [ $status -eq 0 ] && [ "$(grep -c 'warning: BLASROUTE_CPU_BLAS=/nonexistent' "$err")" -eq 1 ]
ok $? "a bad BLASROUTE_CPU_BLAS gives one warning and the default still answers"

run self BLASROUTE_CPU_BLAS="$BLASROUTE_LIBRARY"; status=$?
answered && [ $status -eq 0 ] && grep -q 'is blasroute itself' "$err"
ok $? "blasroute refuses itself as the CPU BLAS"

run incomplete BLASROUTE_CPU_BLAS=libm.so.6; status=$?
answered && [ $status -eq 0 ] && grep -q 'does not define' "$err"
ok $? "a library that is not a complete BLAS is refused"

# No CPU BLAS anywhere: the test-only hook makes blasroute skip its defaults.
run none BLASROUTE_CPU_BLAS=/nonexistent/libnothing.so BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS=1; status=$?
[ $status -ne 0 ] && grep -q 'no CPU BLAS could be loaded' "$err" && grep -q 'BLASROUTE_CPU_BLAS' "$err" && ! grep -q 'error:' "$out"
ok $? "with no CPU BLAS the first call stops with one clear message (status $status)"

# The CPU BLAS's kernels (cpu_kernels.h): OpenBLAS on its oldest kernels is named, and where
# this CPU has a newer instruction set the line advises an OPENBLAS_CORETYPE; with that one
# set, OpenBLAS takes it and nothing more is advised. (Which CPU CI has is not assumed, nor what
# OpenBLAS's forced kernels compute: only the lines are checked.)
run prescott OPENBLAS_CORETYPE=Prescott
line=$(grep 'CPU BLAS kernels:' "$err")
advised=$(printf '%s\n' "$line" | sed -n 's/.*OPENBLAS_CORETYPE=\([A-Za-z0-9]*\).*/\1/p')
if [ -n "$advised" ]; then
    run advised OPENBLAS_CORETYPE="$advised"
    followed=$(grep 'CPU BLAS kernels:' "$err")
    printf '%s\n' "$line" | grep -q 'kernels: Prescott, made for' &&
        [ "$(printf '%s' "$followed" | tr A-Z a-z)" = "blasroute: cpu blas kernels: $(printf '%s' "$advised" | tr A-Z a-z)" ]
    ok $? "OpenBLAS's Prescott kernels named, OPENBLAS_CORETYPE=$advised advised, and with it: '$followed'"
else
    [ "$line" = "blasroute: CPU BLAS kernels: Prescott" ] &&
        ! grep -q -w avx /proc/cpuinfo
    ok $? "OpenBLAS's Prescott kernels named, nothing advised on a CPU without AVX: '$line'"
fi

cat "$tmp"/*.out | grep -v -e '^blasroute: yes$' -e '^dgemm_ error' -e '^cblas_dgemm error' > "$tmp/stray"
ok "$( [ -s "$tmp/stray" ]; echo $((1 - $?)) )" "blasroute printed nothing on stdout"
