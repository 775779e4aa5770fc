#!/bin/sh
# The first BLAS call of a process pays nothing for what blasroute sets up once on its own
# (cpu_level3.c): tests/first_call times its first dgemm_ through blasroute (cpu mode, the
# reference as the CPU BLAS) with tests/slow_membarrier in front, which makes membarrier's
# registration take 2 s, as the kernel's takes 10 ms on the development machine in a process
# that has threads. The first call must come back within 1 s, its product right. Then the
# program calls exit(7) while 4 threads multiply through dgemm_, at several moments, within
# the registration's 2 s and after it: each run must end with status 7 and print nothing but
# its first line (no crash, no hang, no wrong product). Without the slow module, the same.
. "$top_srcdir/tests/tap.sh"
[ -e "${BLASROUTE_REFERENCE_BLAS:-}" ] || skip_all "reference BLAS not found"
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
slow="$top_builddir/tests/.libs/slow_membarrier.so"
run() { # PRELOAD THREADS DELAY
    env $clear_knobs BLASROUTE_MODE=cpu BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$tmp/cache" LD_PRELOAD="$1" \
        timeout 60 "$top_builddir/tests/first_call" "$2" "$3" > "$tmp/out" 2> "$tmp/err"
    status=$?
    first=$(sed -n 's/^first //p' "$tmp/out")
}

run "$BLASROUTE_LIBRARY $slow" 0 0
[ $status -eq 7 ] && [ -n "$first" ] && awk -v s="$first" 'BEGIN { exit !(s < 1) }'
ok $? "the first call with the registration taking 2 s: $first s, status $status"

failures="" runs=0
for delay in 0 1000 20000 300000 2500000; do
    run "$BLASROUTE_LIBRARY $slow" 4 $delay
    runs=$((runs + 1))
    if [ $status -ne 7 ] || [ "$(wc -l < "$tmp/out")" -ne 1 ] || [ -s "$tmp/err" ]; then
        failures="$failures delay ${delay}us: status $status, $(tail -n 1 "$tmp/out") $(head -c 120 "$tmp/err" | tr '\n' ' ');"
    fi
done
[ -z "$failures" ]
ok $? "exit(7) while 4 threads multiply, during the registration and after, $runs runs: status 7, nothing else printed${failures:+ (}${failures}${failures:+)}"

failures=""
for delay in 0 20000 300000; do
    run "$BLASROUTE_LIBRARY" 4 $delay
    if [ $status -ne 7 ] || [ "$(wc -l < "$tmp/out")" -ne 1 ] || [ -s "$tmp/err" ]; then
        failures="$failures delay ${delay}us: status $status;"
    fi
done
[ -z "$failures" ]
ok $? "the same without the slow registration${failures:+ (}${failures}${failures:+)}"
