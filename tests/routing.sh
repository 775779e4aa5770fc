#!/bin/sh
# The user's control over routing: malformed policy and profile files and invalid variables give
# one warning naming the file and line (or the variable) and a safe default, never a wrong
# answer; a policy file's rules are obeyed; a device-mode report measures no CPU calibration;
# BLASROUTE_TRACE writes one CSV line per Level-3 call and the report counts the same calls; blasroute-info runs and documents every variable the
# README documents. Uses tests/call_dgemm (a plain -lblas client) under LD_PRELOAD, and PoCL
# (BLASROUTE_DEVICE=cpu) where a device is needed.
. "$top_srcdir/tests/tap.sh"
program="$top_builddir/tests/call_dgemm"
info="$top_builddir/blasroute-info"
plan 11
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export BLASROUTE_CACHE_DIR="$tmp/cache"

# run VAR=VALUE...: call_dgemm under LD_PRELOAD with a report; stdout and stderr kept.
run() {
    env "$@" BLASROUTE_REPORT=1 LD_PRELOAD="$BLASROUTE_LIBRARY" "$program" > "$tmp/out" 2> "$tmp/err"
    status=$?
}
# warned PATTERN: exactly one stderr line matches PATTERN.
warned() { [ "$(grep -c -- "$1" "$tmp/err")" -eq 1 ]; }

printf '[general]\nmode = auto\nmargin 3\n' > "$tmp/bad.policy"
run BLASROUTE_POLICY="$tmp/bad.policy"
[ $status -eq 0 ] && warned "bad.policy:3:"
ok $? "malformed policy: right answer, one warning naming file and line 3"; diag_file "$tmp/err"

printf '[device]\nname = x\n[rates]\nsgemm = 1 2 3\n' > "$tmp/bad.profile"
run BLASROUTE_PROFILE="$tmp/bad.profile" BLASROUTE_DEVICE=cpu BLASROUTE_THRESHOLD=1
[ $status -eq 0 ] && warned "bad.profile:4:"
ok $? "malformed profile: right answer, one warning naming file and line 4"; diag_file "$tmp/err"

run BLASROUTE_THRESHOLD=lots
[ $status -eq 0 ] && warned "BLASROUTE_THRESHOLD=lots"
ok $? "invalid BLASROUTE_THRESHOLD: one warning naming it"; diag_file "$tmp/err"

run BLASROUTE_ROUTINES=gemm,bogus
[ $status -eq 0 ] && warned "BLASROUTE_ROUTINES=gemm,bogus"
ok $? "invalid BLASROUTE_ROUTINES: one warning naming it"; diag_file "$tmp/err"

run BLASROUTE_MODE=sometimes
[ $status -eq 0 ] && warned "BLASROUTE_MODE=sometimes"
ok $? "invalid BLASROUTE_MODE: one warning naming it"; diag_file "$tmp/err"

# A policy with mode = cpu keeps even a device-capable setup on the CPU...
printf '[general]\nmode = cpu\n' > "$tmp/cpu.policy"
run BLASROUTE_POLICY="$tmp/cpu.policy" BLASROUTE_DEVICE=cpu BLASROUTE_THRESHOLD=1
[ $status -eq 0 ] && grep -q '^blasroute report: dgemm, [0-9]*, cpu [0-9]*,' "$tmp/err" &&
    ! grep -v '^blasroute report: routine,' "$tmp/err" | grep -q 'device\|fallback'
ok $? "policy mode = cpu: every dgemm on the CPU"; diag_file "$tmp/err"

# ... and one with [dgemm] device = off keeps dgemm off the device even in device mode.
printf '[general]\nmode = device\n[dgemm]\ndevice = off\n' > "$tmp/off.policy"
run BLASROUTE_POLICY="$tmp/off.policy" BLASROUTE_DEVICE=cpu
[ $status -eq 0 ] && grep -q '^blasroute report: dgemm, [0-9]*, cpu [0-9]*,' "$tmp/err"
ok $? "policy [dgemm] device = off: dgemm on the CPU in device mode"; diag_file "$tmp/err"

# A report in device mode counts what the device saved against the CPU's estimate, from what is
# known of the CPU BLAS without measuring it: no calibration runs beside the device's calls (one
# did, kept rates under half of the CPU's, and the next processes' auto mode decided with them).
run BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu BLASROUTE_CACHE_DIR="$tmp/fresh-cache"
[ $status -eq 0 ] && grep -q '^blasroute report: dgemm, [0-9]*, device [0-9]*,' "$tmp/err" &&
    ! ls "$tmp"/fresh-cache/cpu-*.profile > /dev/null 2>&1
ok $? "a device-mode report: the device's calls counted, no CPU calibration made for it"
diag_file "$tmp/err"

# The trace: a header and one line per Level-3 call, as many as the report counts.
run BLASROUTE_TRACE="$tmp/trace.csv"
calls=$(sed -n 's/^blasroute report: dgemm, \([0-9]*\),.*/\1/p' "$tmp/err")
lines=$(($(wc -l < "$tmp/trace.csv") - 1))
fields=$(awk -F, 'NR > 1 && NF != 24' "$tmp/trace.csv" | wc -l)
[ $status -eq 0 ] && head -n 1 "$tmp/trace.csv" | grep -q '^routine,side,uplo,transa,transb,diag,m,n,k,where,reason,' &&
    [ -n "$calls" ] && [ "$lines" -eq "$calls" ] && [ "$fields" -eq 0 ]
ok $? "BLASROUTE_TRACE: header, $lines lines for $calls calls, 24 fields each"; diag_file "$tmp/trace.csv"

"$info" > "$tmp/info" 2> "$tmp/err"
[ $? -eq 0 ] && grep -q 'Policy' "$tmp/info" && grep -q 'CPU BLAS' "$tmp/info"
ok $? "blasroute-info runs and reports the policy and the CPU BLAS"; diag_file "$tmp/info"

# Every variable of the README's Environment table is documented by blasroute-info --env.
"$info" --env > "$tmp/env" 2>&1
missing=""
for var in $(sed -n 's/^| `\(BLASROUTE_[A-Z_]*\)`.*/\1/p' "$top_srcdir/README.md"); do
    grep -q "$var" "$tmp/env" || missing="$missing $var"
done
[ -z "$missing" ]
ok $? "blasroute-info --env documents every README variable${missing:+ (missing:$missing)}"
