#!/bin/sh
# The CPU BLAS's threads while a device is in use (cpu_threads.h): with OpenBLAS as the CPU
# BLAS and dgemm on the device (PoCL), tests/thread_share alternates device products and
# CPU-BLAS calls and prints OpenBLAS's thread count at each step. The program first sets more
# threads than the cores (OpenBLAS makes them), so that lowering shows on any machine.
# Checked: the count is lowered to the cores the device call's copies leave (at least 1) at
# the device call, kept for a CPU call made at once after it, given back 0.4 s later; lowered
# again at the next device call; a count the program sets meanwhile is the program's and is
# kept; a forked child's first CPU call gives the count back; a hybrid run (its CPU part on
# the CPU BLAS's threads) does not lower it; BLASROUTE_CPU_THREADS=keep never changes it, and
# an invalid value warns once and shares. In auto mode (dgemm on the device, dsyrk on the CPU
# by a profile's rates), what the dsyrk on the lowered count lost is charged to the dgemm's
# learned device cell (policy/learn.h: side seconds), and nothing with the count kept; before
# the cell learned any, the second dgemm is predicted with what the dsyrk after the first would
# lose on the lowered count (cpu_threads.h: br_cpu_threads_side_prior), nothing with the count
# kept. In auto mode, a CPU call of the kind of the device call before it (a dgemm the model
# sends to the CPU after one it sent to the device: the products have left the device) gets
# the count back at once; a call of another kind (a dsyrk) keeps it lowered. Every product
# right.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 10
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
program="$top_builddir/tests/thread_share" extra=

cores=$(getconf _NPROCESSORS_ONLN)
start=$((cores + 2)) own=$((cores + 1))
# The copies' threads (engine/host_copy.c): the caller and min(cores / 2, 7, cores - 1) helpers.
helpers=$((cores / 2)); [ $helpers -le 7 ] || helpers=7; [ $helpers -le $((cores - 1)) ] || helpers=$((cores - 1))
beside=$((cores - 1 - helpers)); [ $beside -ge 1 ] || beside=1
beside_own=$beside; [ $beside_own -le $own ] || beside_own=$own

run() {
    env $clear_knobs -u BLASROUTE_CPU_THREADS LD_PRELOAD="$BLASROUTE_LIBRARY" \
        BLASROUTE_MODE=device BLASROUTE_ROUTINES=gemm BLASROUTE_VERBOSE=1 \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_CPU_BLAS=libopenblas.so.0 \
        BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" "$@" \
        timeout 300 "$program" $start $own $extra > "$out" 2> "$err"
    status=$?
}
value() { sed -n "s/^$1=//p" "$out"; }

run
if [ $status -eq 77 ]; then
    skip_all "OpenBLAS (libopenblas.so.0) with a settable thread count not found"
fi
[ $status -eq 0 ] && [ "$(value before)" = $start ] && [ "$(value after_device)" = $beside ] &&
    [ "$(value cpu_at_once)" = $beside ]
ok $? "a device call lowers OpenBLAS from $start to $beside threads (cores $cores, copies $((1 + helpers))), a CPU call at once keeps it; products right"
diag_file "$out"; diag_file "$err"

[ "$(value cpu_later)" = $start ] && [ "$(value again)" = $beside ]
ok $? "a CPU call 0.4 s after the last device call gives $start back; the next device call lowers again"
diag_file "$out"

[ "$(value program_own)" = $own ]
ok $? "a count the program set while lowered ($own) is kept"
diag_file "$out"

[ "$(value child)" = $own ]
ok $? "a child forked after a device call gets the count back at its first CPU call, its result right"
diag_file "$out"

[ "$(grep -c 'threads instead of' "$err")" -eq 1 ]
ok $? "blasroute says so once, on stderr (BLASROUTE_VERBOSE=1)"
diag_file "$err"

run BLASROUTE_CPU_THREADS=keep
keep_ok=$status
keep_after=$(value after_device)
run BLASROUTE_CPU_THREADS=often
[ $keep_ok -eq 0 ] && [ "$keep_after" = $start ] && [ $status -eq 0 ] &&
    [ "$(value after_device)" = $beside ] &&
    [ "$(grep -c 'BLASROUTE_CPU_THREADS=often is not valid' "$err")" -eq 1 ]
ok $? "BLASROUTE_CPU_THREADS=keep leaves the count alone; an invalid value warns once and shares"
diag_file "$out"; diag_file "$err"

run BLASROUTE_MODE=hybrid BLASROUTE_SPLIT=0.5
[ $status -eq 0 ] && [ "$(value after_device)" = $start ] && [ "$(value again)" = $start ] &&
    ! grep -q 'threads instead of' "$err"
ok $? "hybrid mode: the products split between the device and the CPU BLAS leave its $start threads"
diag_file "$out"; diag_file "$err"

# Auto mode: a profile with dgemm a hundred thousand GFLOP/s fast and dsyrk a thousandth of one,
# and a CPU of 0.1 GFLOP/s (XDG_DATA_HOME's cpu.profile), so that the model sends each where the
# program above expects it, whatever the dsyrk before a dgemm would lose beside it; learning
# on, a cache of its own. The dgemm's device cell in the learned table: a third number (side
# seconds) after the dsyrk made on the lowered count, none with BLASROUTE_CPU_THREADS=keep.
{ fast_device_profile "a GEMM far faster than its dsyrk" | sed '/^[sczd]gemm = /d'
  echo "dgemm = 100000 100000 100000 100000 100000 100000 100000 100000 100000"
  echo "dsyrk = 0.001 0.001 0.001 0.001 0.001 0.001 0.001 0.001 0.001"; } > "$tmp/side.profile"
mkdir -p "$tmp/slow/blasroute/profiles"
{ echo "[rates]"; for p in s d c z; do
    echo "${p}gemm = 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1"; done; } \
    > "$tmp/slow/blasroute/profiles/cpu.profile"
side() { # VAR=VALUE...: the dgemm device cell's side seconds (empty: none written)
    rm -rf "$tmp/side"
    run BLASROUTE_MODE=auto BLASROUTE_ROUTINES=gemm,syrk BLASROUTE_THRESHOLD=1 BLASROUTE_WARMUP=wait \
        BLASROUTE_LEARN=1 BLASROUTE_PROFILE="$tmp/side.profile" BLASROUTE_CACHE_DIR="$tmp/side" \
        XDG_DATA_HOME="$tmp/slow" "$@"
    [ $status -eq 0 ] || { echo failed; return; }
    sed -n 's/^dgemm\.[a-z-]*\.[0-9]*\.device = [0-9]* [-0-9.]* \([0-9.]*\)$/\1/p' "$tmp"/side/learned-*.table
}
kept=$(side BLASROUTE_CPU_THREADS=keep BLASROUTE_TRACE="$tmp/keep.csv")
shared=$(side BLASROUTE_TRACE="$tmp/shared.csv")
# blasroute-info lists it in milliseconds for the device cell (the CPU cell: "-").
env $clear_knobs BLASROUTE_LEARN=1 BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" \
    BLASROUTE_PROFILE="$tmp/side.profile" BLASROUTE_CPU_BLAS=libopenblas.so.0 \
    BLASROUTE_CACHE_DIR="$tmp/side" "$top_builddir/blasroute-info" > "$tmp/info" 2>&1
shown=$(awk '$1 == "dgemm" && $4 == "device" && $7 ~ /^[0-9.e+-]+$/ && $7 > 0 { print $7 }' "$tmp/info")
[ -n "$shared" ] && awk -v s="$shared" 'BEGIN { exit !(s > 0) }' && [ -z "$kept" ] && [ -n "$shown" ]
ok $? "auto mode: a CPU call on the lowered count charges what it lost to the device cell before it (side ${shared:-none} s; blasroute-info: ${shown:-nothing} ms), none with the count kept (${kept:-none})"
diag_file "$out"; diag_file "$err"; sed 's/^/# /' "$tmp"/side/learned-*.table "$tmp/info" 2>/dev/null | tail -n 30

# The same runs' traces: the first dgemm is followed at once by a dsyrk on the CPU BLAS's
# lowered count; the second dgemm comes 0.4 s later, after another dsyrk, and its cell has
# learned no side seconds yet (they are charged when the next device call comes). Its device
# prediction holds over the prediction with the count kept what the dsyrk that followed the
# last dgemm would lose there: that dsyrk's time on the full count (on $beside of $start
# threads: its time times $beside / $start) times the threads taken away over those left, so
# its measured time times 1 - $beside / $start, less what the trace's time holds beyond the
# router's (at most a half); the first dgemm's (nothing before it) holds nothing.
prior=$(awk -F, -v start=$start -v beside=$beside '
    FNR == 1 { file++; next }
    $1 == "dgemm" { g[file]++; dev[file, g[file]] = $13 }
    $1 == "dsyrk" && g[file] == 1 && !(file in syrk) { syrk[file] = $16; share[file] = $23 }
    END {
        most = syrk[1] * (1 - beside / start)
        extra = dev[1, 2] - dev[2, 2]
        # The trace gives the share of the threads that dsyrk ran on (field 23): beside of
        # start, and the whole count where it is kept.
        shared = share[1] - beside / start
        ok = g[1] >= 2 && g[2] >= 2 && most > 0 && extra >= 0.5 * most && extra <= most * 1.0001 &&
             dev[1, 1] == dev[2, 1] && shared * shared < 1e-6 && share[2] == 1
        printf "%s dsyrk %.3g s on a share %s of the threads (kept: %s), second dgemm predicted %.3g s (kept: %.3g), %.3g more, at most %.3g; first %.3g and %.3g\n", ok ? "ok" : "wrong", syrk[1], share[1], share[2], dev[1, 2], dev[2, 2], extra, most, dev[1, 1], dev[2, 1]
    }' "$tmp/shared.csv" "$tmp/keep.csv")
case "$prior" in ok*) true ;; *) false ;; esac
ok $? "auto mode: a device call is predicted with what the CPU call that followed the last one of its kind would lose on the lowered count, before its cell learned it ($prior)"
diag_file "$tmp/shared.csv"; diag_file "$tmp/keep.csv"

# Auto mode, learning off: a device link of 20 ms latency and a CPU of 0.01 GFLOP/s, so that
# the model sends dgemm 160 to the device and dgemm 16 (the same kind: a square dgemm) to the
# CPU. The dsyrk at once after the first device product keeps the lowered count; the small
# dgemm at once after the second gets the whole count back.
{ fast_device_profile "products that move to the CPU" | sed 's/^latency_us = .*/latency_us = 20000/'; } \
    > "$tmp/kinds.profile"
mkdir -p "$tmp/slower/blasroute/profiles"
{ echo "[rates]"; for p in s d c z; do
    echo "${p}gemm = 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01 0.01"; done; } \
    > "$tmp/slower/blasroute/profiles/cpu.profile"
rm -rf "$tmp/kinds"
extra=kinds
run BLASROUTE_MODE=auto BLASROUTE_ROUTINES=gemm BLASROUTE_THRESHOLD=1 BLASROUTE_WARMUP=wait \
    BLASROUTE_LEARN=0 BLASROUTE_PROFILE="$tmp/kinds.profile" BLASROUTE_CACHE_DIR="$tmp/kinds" \
    XDG_DATA_HOME="$tmp/slower" BLASROUTE_TRACE="$tmp/kinds.csv"
moved=$(awk -F, '$1 == "dgemm" { where = where " " $8 "x" $10 }
    END { print where }' "$tmp/kinds.csv" 2>/dev/null)
[ $status -eq 0 ] && [ "$(value other_kind)" = $beside ] && [ "$(value same_kind)" = $start ] &&
    [ "$moved" = " 160xdevice 160xdevice 16xcpu" ]
ok $? "auto mode: a dgemm sent to the CPU at once after one on the device gets the $start threads back (the products moved:$moved); a dsyrk at once after one keeps $beside"
diag_file "$out"; diag_file "$err"; diag_file "$tmp/kinds.csv"
