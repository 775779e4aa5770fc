#!/bin/sh
# BLASROUTE_TIMELINE on the CPU OpenCL device (PoCL), through blasroute-bench's end-to-end GEMM
# (BLASROUTE_MODE=device, beta != 0; PoCL's kernels read A and B where they are):
#  - the file has its header and, for every call, lines for the copy kernels, the GEMM kernel
#    and C's download with its bytes (C is 8*m*n bytes), and no upload: beta C is added on the
#    host as C comes home; with BLASROUTE_TEST_DEVICE_BETA=1 C goes up too (8*m*n bytes), and
#    the results are right both ways; each command queued before it started and started before
#    it ended, times counted from the call's first command;
#  - staged uploads (the device made to refuse the caller's arrays in place, as a GPU would;
#    with the engine's copy and with the test knobs' streaming stores on 3 threads)
#    carry their host side: the wait for a staging slot and the host copy into it, a copy
#    taking time and no other command having one;
#  - a file that cannot be written: one warning naming the variable, results still right;
#  - a GEMM whose A does not fit the device memory cap beside its tiles is cut into row blocks
#    with K whole, A packed once per row block, not once per tile (B is, each tile its own).
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"

bench="$top_builddir/blasroute-bench"
[ -x "$bench" ] || skip_all "$bench is not built"
require_reference_and_pocl

plan 4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The bench checks its GEMM against the CPU BLAS's result: the reference here, as in bench.sh.
run() { # TIMELINE [VAR=VALUE...]
    timeline=$1; shift
    env $clear_knobs -u BLASROUTE_PROFILE BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_TIMELINE="$timeline" BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu "$@" "$bench" \
        --routine gemm --precision d --sizes 700x500x600 --repeat 1 --no-cpu --no-clblast \
        --no-nvblas \
        > "$tmp/out" 2> "$tmp/err"
}
# calls_verdict FILE C_UP: every call's lines as above, C_UP bytes going up in each timed one.
calls_verdict() {
    awk -F, -v c_up="$2" 'NR == 1 { if ($0 != "call,routine,m,n,k,command,bytes,queued_us,start_us,end_us,host_wait_us,host_copy_us") bad = "header"; next }
    { calls[$1] = 1
      if ($6 == "gemm_tiled") gemm[$1] = 1
      if ($6 ~ /^pack_/) pack[$1] = 1
      if ($6 ~ /^upload/) up[$1] += $7
      if ($6 ~ /^download/) down[$1] += $7
      if (!($8 >= 0 && $8 <= $9 && $9 <= $10)) bad = bad " times(line " NR ")" }
    END { n = 0
      for (c in calls) { n++
        if (!gemm[c] || !pack[c]) bad = bad " kernels(call " c ")"
        if (c > 1 && (up[c] + 0 != c_up || down[c] != 8 * 700 * 500)) bad = bad " bytes(call " c ": " up[c] + 0 " up, " down[c] + 0 " down)" }
      print (bad == "" && n >= 3) ? "ok " n " calls" : "bad:" bad " (" n " calls)" }' "$1" 2>&1
}
run "$tmp/timeline.csv"
status=$?
verdict=$(calls_verdict "$tmp/timeline.csv" 0)
grep -q ' ok$' "$tmp/out"
right=$?
run "$tmp/device-beta.csv" BLASROUTE_TEST_DEVICE_BETA=1
device_status=$?
device_verdict=$(calls_verdict "$tmp/device-beta.csv" $((8 * 700 * 500)))
[ $status -eq 0 ] && [ $right -eq 0 ] && [ "${verdict%% *}" = ok ] &&
    [ $device_status -eq 0 ] && grep -q ' ok$' "$tmp/out" && [ "${device_verdict%% *}" = ok ]
ok $? "BLASROUTE_TIMELINE: exit $status, $verdict, C not uploaded; beta on the device: exit $device_status, $device_verdict, C uploaded"
diag_file "$tmp/timeline.csv"; diag_file "$tmp/err"

# (Also with the copy's test knobs: streaming stores, 3 threads; every result still right.)
verdicts="" failed=0
for knobs in "" "BLASROUTE_TEST_COPY_STORES=streaming BLASROUTE_TEST_COPY_THREADS=3"; do
    rm -f "$tmp/staged.csv"
    env $clear_knobs -u BLASROUTE_PROFILE BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_TIMELINE="$tmp/staged.csv" BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu \
        BLASROUTE_TEST_FAULT=wrap $knobs "$bench" --routine gemm --precision d --sizes 1200 \
        --repeat 1 --no-cpu --no-clblast --no-nvblas > "$tmp/out" 2> "$tmp/err"
    status=$?
    verdict=$(awk -F, 'NR == 1 { next }
        $6 == "upload staged" { staged++; if (!($12 > 0 && $11 >= 0)) bad = bad " staged(line " NR ")"; next }
        { if ($11 != 0 || $12 != 0) bad = bad " other(line " NR ")" }
        END { print (bad == "" && staged > 0) ? "ok " staged " staged pieces" : "bad:" bad " (" staged " staged)" }' \
        "$tmp/staged.csv" 2>&1)
    verdicts="$verdicts${verdicts:+; }${knobs:-defaults}: exit $status, $verdict"
    if [ $status -ne 0 ] || ! grep -q ' ok$' "$tmp/out" || [ "${verdict%% *}" != ok ]; then
        failed=1; diag_file "$tmp/staged.csv"; diag_file "$tmp/err"
    fi
done
[ $failed -eq 0 ]
ok $? "staged uploads carry their host wait and copy, results right: $verdicts"

run "$tmp/no-such-dir/timeline.csv"
status=$?
warnings=$(grep -c 'BLASROUTE_TIMELINE=.*cannot be written' "$tmp/err")
[ $status -eq 0 ] && grep -q ' ok$' "$tmp/out" && [ "$warnings" -eq 1 ]
ok $? "BLASROUTE_TIMELINE unwritable: exit $status, $warnings warning (want 1), results right"
diag_file "$tmp/err"

# dgemm 600 under a 3 MiB cap: C in tiles; A's packs (pack_straight for NN) a quarter of B's
# (pack_transpose) at most. Cutting the columns first and then K packed A again for every tile
# (76 of each per call), where a dgemm of order 50,000 under a 16 GiB cap streamed A's 20 GB
# once per tile of one kernel column.
env $clear_knobs -u BLASROUTE_PROFILE BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
    BLASROUTE_TIMELINE="$tmp/capped.csv" BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu \
    BLASROUTE_DEVICE_MEMORY=3M "$bench" --routine gemm --precision d --sizes 600 --repeat 1 \
    --no-cpu --no-clblast --no-nvblas > "$tmp/out" 2> "$tmp/err"
status=$?
verdict=$(awk -F, 'NR > 1 && $1 == 1 { if ($6 == "pack_straight") a++; if ($6 == "pack_transpose") b++; if ($6 == "gemm_tiled") t++ }
    END { print (a > 0 && 4 * a <= b && t >= 8 ? "ok" : "bad") " A packed " a " times, B " b ", " t " tiles" }' "$tmp/capped.csv" 2>&1)
[ $status -eq 0 ] && grep -q ' ok$' "$tmp/out" && [ "${verdict%% *}" = ok ]
ok $? "dgemm 600 under a 3 MiB cap: exit $status, $verdict"
diag_file "$tmp/out"; diag_file "$tmp/err"
