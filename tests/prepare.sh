#!/bin/sh
# The device got ready for a program's next run by a helper process (prepare.h): a first
# program on a host, whose calls do not pay for opening the device, starts blasroute-prepare
# and goes on with the CPU BLAS; the helper opens the device (PoCL here), keeps the memo and
# compiles every precision's program into the cache; a later run loads them instead of
# compiling (by default only after a run the device would have paid for). The helper is invisible to the program: no child for its wait(), no SIGCHLD,
# none of its pipes held open; it works only while the host's cores are otherwise idle. Once per host and choice of devices; never with
# BLASROUTE_PREPARE=0 or learning off. The suite's other tests run with BLASROUTE_PREPARE=0
# (AM_TESTS_ENVIRONMENT). Its steps wait for idle cores only where that is the check
# (BLASROUTE_TEST_PREPARE_UNGATED=1 elsewhere: the suite's other tests share the machine).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 10
tmp=$(mktemp -d)
helper="$top_builddir/blasroute-prepare"
[ -x "$helper" ] || skip_all "$helper is not built"
fast_device_profile "prepare" > "$tmp/fast.profile"

# in_env PROGRAM ARGS...: tests/PROGRAM in auto mode on PoCL under a profile that claims the
# device fast, on the cache $tmp/cache, learning on, traced into $tmp/$name.csv; the helper
# started as BLASROUTE_PREPARE=$prepare says (by default, the built one's path), or with
# prepare=default, as by default (BLASROUTE_PREPARE unset; the built helper named by
# BLASROUTE_TEST_PREPARE_HELPER).
in_env() {
    program=$1; shift
    prepare_env="BLASROUTE_PREPARE=${prepare:-$helper}"
    [ "${prepare:-}" = default ] && prepare_env="BLASROUTE_TEST_PREPARE_HELPER=$helper"
    env $clear_knobs -u BLASROUTE_WARMUP -u BLASROUTE_PREPARE LD_PRELOAD="$BLASROUTE_LIBRARY" \
        BLASROUTE_MODE=auto \
        BLASROUTE_DEVICE=cpu BLASROUTE_THRESHOLD=1 BLASROUTE_PROFILE="$tmp/fast.profile" \
        BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" BLASROUTE_CACHE_DIR="$tmp/cache" \
        BLASROUTE_TRACE="$tmp/$name.csv" BLASROUTE_VERBOSE=1 BLASROUTE_LEARN="${learn:-1}" \
        "$prepare_env" BLASROUTE_TEST_PREPARE_UNGATED="${ungated:-1}" \
        ${extra:-} \
        timeout 300 "$top_builddir/tests/$program" "$@"
}
# helper_of NAME: the helper's process number said in $tmp/NAME.err, into $pid (empty: none).
helper_of() { pid=$(sed -n 's/^blasroute: prepare: .* (process \([0-9]*\)).*/\1/p' "$tmp/$1.err"); }
# run NAME PROGRAM ARGS...: in_env, stdout and stderr in $tmp/NAME.out and .err.
run() {
    name=$1; shift
    in_env "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
    status=$?
    helper_of "$name"
}
# helper_ended [SECONDS]: waits (up to SECONDS, 120 by default) for process $pid to end; 0 once
# it has.
helper_ended() {
    for i in $(seq 1 $(( ${1:-120} * 10 ))); do
        state=$(awk '{ print $3 }' "/proc/$pid/stat" 2> /dev/null)
        [ -z "$state" ] || [ "$state" = Z ] && return 0
        sleep 0.1
    done
    return 1
}
# The programs compiled in the cache, with their times: what a run that compiles changes.
binaries() { ls -l --time-style=+%s.%N "$tmp"/cache/*.clbin 2> /dev/null | awk '{ print $6, $7 }'; }
trap '[ -n "${child:-}" ] && kill -9 $child 2> /dev/null; [ -n "${loads:-}" ] && kill $loads 2> /dev/null; [ -n "${pid:-}" ] && kill $pid 2> /dev/null; rm -rf "$tmp"' EXIT

# A first program too short for the device to pay: every call on the CPU, not one waiting for
# anything, and a helper started; once it has ended, the memo of the device and its programs,
# one per precision, are in the cache.
run first repeat_dgemm 4 200 200 200
started=$pid
[ $status -eq 0 ] && [ -n "$pid" ] &&
    [ "$(awk -F, 'NR > 1 && $10 == "cpu" && $11 == "the device is not worth opening yet"' "$tmp/first.csv" | wc -l)" -eq 4 ] &&
    ls "$tmp"/cache/prepared-*.stamp > /dev/null 2>&1 && helper_ended &&
    ls "$tmp"/cache/opened-*.memo > /dev/null 2>&1 && [ "$(binaries | wc -l)" -ge 4 ]
ok $? "a first program: 4 calls on the CPU, helper $started started; it kept the memo and compiled $(binaries | wc -l) programs"
diag_file "$tmp/first.err"
binaries > "$tmp/compiled"

# A later run that opens the device (at its first call: BLASROUTE_WARMUP=wait, so that when
# the opening pays, which depends on how long the helper measured it, is not the question)
# loads its program from the cache: no binary written again, and no helper.
extra=BLASROUTE_WARMUP=wait run second repeat_dgemm 10 200 200 200
device=$(awk -F, 'NR > 1 && $10 == "device"' "$tmp/second.csv" | wc -l)
binaries > "$tmp/after"
[ $status -eq 0 ] && [ -z "$pid" ] && [ "$device" -ge 1 ] && cmp -s "$tmp/compiled" "$tmp/after"
ok $? "a later run: $device calls on the device, its program loaded from the cache (none compiled), no helper"
diag_file "$tmp/second.err"

# Once per host and choice of devices: the memo gone but the stamp of a helper that ended its
# work there, no helper again; a stamp whose helper said nothing for over ten minutes (a batch
# job's end killed it), a helper again.
rm -f "$tmp"/cache/opened-*.memo
grep -q '^done = ' "$tmp"/cache/prepared-*.stamp && run again repeat_dgemm 4 200 200 200
[ $status -eq 0 ] && [ -z "$pid" ] && ! grep -q 'prepare:' "$tmp/again.err" && again=0
rm -f "$tmp"/cache/opened-*.memo
echo "started = $(( $(date +%s) - 700 ))" > "$(ls "$tmp"/cache/prepared-*.stamp)"
run abandoned repeat_dgemm 4 200 200 200
[ "${again:-1}" -eq 0 ] && [ $status -eq 0 ] && [ -n "$pid" ] && helper_ended &&
    grep -q '^done = ' "$tmp"/cache/prepared-*.stamp
ok $? "a stamp of a helper that ended: no second helper; of one stopped on the way: another ($pid)"

# The helper is none of the program's business: wait() finds no child and no SIGCHLD comes,
# while the helper works and after it has ended.
rm -rf "$tmp/cache"
extra=BLASROUTE_TEST_PREPARE_DELAY=1 run waits prepare_wait 3
[ $status -eq 0 ] && [ -n "$pid" ] && grep -q '^children: none, SIGCHLD: 0$' "$tmp/waits.out"
ok $? "the program's wait() finds no child and no SIGCHLD comes ($(cat "$tmp/waits.out"))"
helper_ended

# Pipes the program writes to (its stdout, and a descriptor 3) end with the program, not with
# the helper, which holds none of the program's files: the helper made to wait 20 s first is
# still there when the reader has seen the end.
rm -rf "$tmp/cache"
start=$(date +%s)
name=piped extra=BLASROUTE_TEST_PREPARE_DELAY=20 in_env prepare_wait 0 3>&1 2> "$tmp/piped.err" |
    cat > "$tmp/pipe"
elapsed=$(( $(date +%s) - start ))
helper_of piped
[ -n "$pid" ] && [ $elapsed -lt 10 ] && kill -0 "$pid" 2> /dev/null &&
    grep -q '^children: none' "$tmp/pipe"
ok $? "the program's pipes ended after $elapsed s, its helper (${pid:-none}) still waiting"
diag_file "$tmp/piped.err"
[ -n "$pid" ] && kill "$pid" 2> /dev/null && helper_ended

# busy_run NAME SECONDS: every core kept busy (the loops' numbers in $loads), a first program
# run, and SECONDS later its helper's step: its process number and state in $child and $step.
busy_run() {
    rm -rf "$tmp/cache"
    loads=""
    for i in $(seq "$(nproc)"); do sh -c 'while :; do :; done' & loads="$loads $!"; done
    ungated=0 run "$1" repeat_dgemm 4 200 200 200
    sleep "$2"
    set -- $(for p in /proc/[0-9]*; do
        awk -v h="$pid" '{ pid = $1; sub(/.*\) /, ""); if ($2 == h) print pid, $1 }' "$p/stat" \
            2> /dev/null; done)
    child=${1:-} step=${2:-}
}
free_cores() { kill $loads; loads=""; }

# Only while the host is otherwise idle: with every core kept busy, the helper's step stays
# stopped and nothing is ready; once they are free, it ends its work.
busy_run busy 3
held=$(grep -c '^done' "$tmp"/cache/prepared-*.stamp 2> /dev/null)
free_cores
# (Up to ten minutes: the suite's other tests may keep the cores busy meanwhile.)
[ $status -eq 0 ] && [ -n "$pid" ] && [ "$step" = T ] && [ "${held:-0}" -eq 0 ] && helper_ended 600 &&
    grep -q '^done' "$tmp"/cache/prepared-*.stamp && ls "$tmp"/cache/opened-*.memo > /dev/null 2>&1
ok $? "with every core busy the helper's step stays stopped (state ${step:-none}, done ${held:-0}); once they are free it ends its work"
child=""

# A step is never left stopped, holding the device, without the helper watching it: the helper
# killed while the cores are busy, its step ends with it.
busy_run orphan 2
[ -n "$pid" ] && kill -9 "$pid"
helper_ended 10
# Gone: no such process, or a zombie waiting for whoever adopted it to reap it (a busy or
# slow-reaping init). Up to 10 s: the loops hold every core meanwhile.
gone=1
for i in $(seq 100); do
    state=$(sed 's/.*) //' "/proc/${child:-0}/stat" 2> /dev/null | cut -d' ' -f1)
    [ -z "$state" ] || [ "$state" = Z ] && { gone=0; break; }
    sleep 0.1
done
free_cores
[ -n "$child" ] && [ $gone -eq 0 ]
ok $? "the helper killed while its step waits for idle cores: the step (${child:-none}) ends with it"
[ $gone -eq 0 ] && child=""

# By default, a helper only at the exit of a run the device would have paid for (its calls
# would have saved the opening's assumed 0.5 s), and that never opened it: a program
# of one call of order 2000 (seconds of the reference BLAS, not opened before its first call),
# not one of 4 calls of order 200 (a few hundredths).
rm -rf "$tmp/cache"
prepare=default run short repeat_dgemm 4 200 200 200
short=$pid
saving_short=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
rm -rf "$tmp/cache"
prepare=default run paid repeat_dgemm 1 2000 2000 2000
saving_paid=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
[ -z "$short" ] && [ $status -eq 0 ] && [ -n "$pid" ] &&
    [ "$(awk -F, 'NR > 1 && $10 == "cpu"' "$tmp/paid.csv" | wc -l)" -eq 1 ] && helper_ended &&
    ls "$tmp"/cache/opened-*.memo > /dev/null 2>&1 && [ "$(binaries | wc -l)" -ge 4 ]
ok $? "by default, a helper ($pid) at the exit of a run the device would have paid for (saving $saving_paid s), none after a short one (${short:-none}, saving $saving_short s)"
diag_file "$tmp/paid.err"

# Never with BLASROUTE_PREPARE=0 or learning off: no helper, no stamp.
rm -rf "$tmp/cache"
prepare=0 run off repeat_dgemm 4 200 200 200
off=$pid
learn=0 run unlearned repeat_dgemm 4 200 200 200
[ -z "$off" ] && [ -z "$pid" ] && ! ls "$tmp"/cache/prepared-*.stamp > /dev/null 2>&1
ok $? "BLASROUTE_PREPARE=0 or BLASROUTE_LEARN=0: no helper"

cat "$tmp"/first.out "$tmp"/second.out "$tmp"/again.out "$tmp"/abandoned.out "$tmp"/off.out \
    "$tmp"/unlearned.out "$tmp"/short.out "$tmp"/paid.out > "$tmp/stdout"
[ ! -s "$tmp/stdout" ]
ok $? "nothing on stdout"
