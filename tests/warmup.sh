#!/bin/sh
# The warm-up (warmup.h): in auto mode the device is opened only when what it is predicted to
# save pays for the opening (a memo in the cache directory says what opening took and which
# device it was; a first process opens it once its device-sized calls have taken the CPU half
# a second, and then values them with the device's profile; a program run again, at once if it
# paid last time), the CPU BLAS's calibration and the device program's build run on threads of
# their own, and the CPU BLAS answers meanwhile; BLASROUTE_WARMUP=wait makes the first call
# wait.
# The device (PoCL) is made to look fast (or slow) by a test profile; tests/repeat_dgemm checks
# every result, the trace says where each call ran and why. The suite's other tests run with
# BLASROUTE_WARMUP=wait (AM_TESTS_ENVIRONMENT).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
program="$top_builddir/tests/repeat_dgemm"
plan 24
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/out" err="$tmp/err" trace="$tmp/trace.csv"
fast_device_profile "warm-up" > "$tmp/fast.profile"
# The same device claimed a thousand times slower than the CPU BLAS: it can never pay.
sed 's/100000/0.001/g' "$tmp/fast.profile" > "$tmp/slow.profile"
profile="$tmp/fast.profile"

# run CALLS VAR=VALUE...: auto mode on PoCL under $profile, order-200 products, a fresh cache
# (kept with keep=1), traced, said on stderr; learning on as by default (learn=0: off), which
# corrects the test profile's claim and keeps the programs' memos.
run() {
    calls=$1; shift
    rm -rf "$trace"
    [ "${keep:-0}" = 1 ] || rm -rf "$tmp/cache"
    env $clear_knobs -u BLASROUTE_WARMUP LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_THRESHOLD=1 \
        BLASROUTE_PROFILE="$profile" BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$tmp/cache" BLASROUTE_TRACE="$trace" BLASROUTE_VERBOSE=1 \
        BLASROUTE_LEARN="${learn:-1}" "$@" \
        timeout 300 "$program" $calls ${order:-200} ${order:-200} ${order:-200} > "$out" 2> "$err"
    status=$?
    first=$(awk -F, 'NR == 2 { print $10 }' "$trace")
    first_reason=$(awk -F, 'NR == 2 { print $11 }' "$trace")
    device=$(awk -F, 'NR > 1 && $10 == "device"' "$trace" | wc -l)
    waiting=$(awk -F, 'NR > 1 && $10 == "cpu"' "$trace" | wc -l)
    opened=$(grep -c '^blasroute: device: [0-9]*:[0-9]* ' "$err")
}

# PoCL keeps the kernels it compiled in a cache of its own. On a machine where it never built the
# device program, that build took 3.7 s (a fresh development machine, 2026-12-06), longer than
# the first test's 300 calls, which then ended before any went to the device. One build first,
# as on any machine that ran blasroute before (blasroute's own cache is emptied by the next run).
run 1 BLASROUTE_MODE=device BLASROUTE_WARMUP=wait

# A first process on a host cannot predict what the device saves: it opens it once its calls
# have taken the CPU half a second, then keeps a memo of the device and of what opening took.
# The CPU BLAS's rates are taken from those calls, not from a calibration run beside them.
# (Learning off: the test profile's claim stands.)
learn=0 run 300
[ $status -eq 0 ] && [ "$first" = cpu ] && [ "$opened" -eq 1 ] && [ "$device" -ge 1 ] &&
    ls "$tmp"/cache/opened-*.memo "$tmp"/cache/cpu-*.profile > /dev/null 2>&1 &&
    grep -q "CPU BLAS measured by the program's calls" "$err"
ok $? "first process: every result right; the first call on the CPU ($first_reason), $waiting there in all, then the device opened and $device calls on it; the opening and the CPU's rates from those calls remembered"
diag_file "$err"

# A later process predicts from the memo what the device saves: it opens it in the call where
# the savings pay for the opening, builds on a warm-up thread, and once the device is ready no
# call goes back to the CPU.
learn=0 keep=1 run 300
[ $status -eq 0 ] && [ "$first" = cpu ] && [ "$device" -ge 1 ] &&
    [ "$(awk -F, 'NR > 1 && $10 == "cpu" && $11 !~ /worth|being/' "$trace" | wc -l)" -eq 0 ] &&
    awk -F, 'NR > 1 && $10 == "device" { seen = 1 } NR > 1 && $10 == "cpu" && seen { bad = 1 }
        END { exit bad }' "$trace"
ok $? "next process: every result right; $waiting calls on the CPU while the device was not worth opening or was got ready ($first_reason), then $device on the device and none back on the CPU"
diag_file "$err"
[ ! -s "$out" ]
ok $? "nothing on stdout"

# With learning (the default) each run keeps what the device was worth to it (on PoCL, behind
# a profile that learning corrects, little: the memo is made to say 5 s) and the precisions
# whose device programs it built, and the next run of the same program that the device paid for
# at once opens it at load, before its first call, on a warm-up thread that builds those
# programs too (warmup.c: open_at_load): no call waits for the device to be worth opening, the
# first ones go to the CPU BLAS while it gets ready. (Opened at its first device-sized calls,
# the opening cost the calls made beside it 0.23 to 0.33 s of a reference dgesv 8192 on an
# H100's host; inside a call, it stalled a dpotrf 8192's first dtrsm 0.4 to 0.97 s on the
# H200's.)
run 300
# (First, that run's memo. It opened the device once its calls had taken the CPU half a second
# with no device known; once one was, those calls were valued with its profile as the later
# ones: the memo says what the device was worth over the whole run, not a bound for them.)
bound=$(sed -n 's/^bound = //p' "$tmp"/cache/program-*.memo)
saving=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
[ $status -eq 0 ] && [ "$opened" -eq 1 ] && grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    grep -q '^precisions = d$' "$tmp"/cache/program-*.memo &&
    awk -v b="$bound" -v s="$saving" 'BEGIN { exit !(b < 0.01 && s >= 0.3) }'
ok $? "a first process's memo values the calls made before the opening with the device's profile (saving $saving s, bound $bound s) and names the programs it built (d)"
diag_file "$tmp"/cache/program-*.memo
sed -i 's/^saving = .*/saving = 5/' "$tmp"/cache/program-*.memo
# What the first run learned goes too: it may say (on PoCL, the corrected profile's) that the
# calls are faster on the CPU, which the next run, reading it, would follow.
rm -f "$tmp"/cache/learned-*.table
keep=1 run 300
early=$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet"' "$trace" | wc -l)
[ $status -eq 0 ] && [ "$opened" -eq 1 ] && [ "$early" -eq 0 ] && [ "$device" -ge 1 ] &&
    grep -q 'warm-up: .*paid for by the device: opening it at load' "$err" &&
    grep -q 'program: d ready' "$err" && grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    grep -q '^precisions = d$' "$tmp"/cache/program-*.memo
ok $? "next run of a program the device paid for: every result right, the device opened at load and its d program built there, no call waiting for it to be worth opening ($early), the first ones on the CPU ($first_reason), then $device on the device"
diag_file "$err"

# Opened at load, a program reads its settings then, where blasroute otherwise reads them at
# its first call: one that sets a BLASROUTE_* variable itself after its start is told so at
# exit (once), and its memo no longer says to open at load, so that its next run reads them at
# its first call.
sed -i 's/^saving = .*/saving = 5/' "$tmp"/cache/program-*.memo
keep=1 run 300 REPEAT_DGEMM_SETENV=BLASROUTE_MODE=cpu
told=$(grep -c 'warning: a BLASROUTE_\* variable was set or changed by the program after it started' "$err")
at_load=$(grep -c 'opening it at load' "$err")
saving=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
neutral=$(grep -c '^precisions = -$' "$tmp"/cache/program-*.memo)
keep=1 run 300
again=$(grep -c 'opening it at load' "$err")
[ $status -eq 0 ] && [ "$at_load" -eq 1 ] && [ "$told" -eq 1 ] && [ "$saving" = 0.0000 ] &&
    [ "$neutral" -eq 1 ] && [ "$again" -eq 0 ]
ok $? "a program that sets BLASROUTE_MODE after a start that opened the device at load: told once at exit ($told), its memo then says nothing saved and no program built ($saving, $neutral), and its next run does not open at load ($again)"
diag_file "$err"

# Nor does a run that opened at load and made no device-sized call in auto mode (here a policy
# file, which the decision at load does not read, puts every call on the CPU; BLASROUTE_MODE
# empty, so that the policy's mode holds) leave a memo that opens the next run at load.
printf '[general]\nmode = cpu\n' > "$tmp/cpu.policy"
sed -i 's/^saving = .*/saving = 5/' "$tmp"/cache/program-*.memo
keep=1 run 300 BLASROUTE_POLICY="$tmp/cpu.policy" BLASROUTE_MODE=
at_load=$(grep -c 'opening it at load' "$err")
saving=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
neutral=$(grep -c '^precisions = -$' "$tmp"/cache/program-*.memo)
keep=1 run 300 BLASROUTE_POLICY="$tmp/cpu.policy" BLASROUTE_MODE=
again=$(grep -c 'opening it at load' "$err")
[ $status -eq 0 ] && [ "$at_load" -eq 1 ] && [ "$device" -eq 0 ] && [ "$saving" = 0.0000 ] &&
    [ "$neutral" -eq 1 ] && [ "$again" -eq 0 ]
ok $? "a run opened at load whose calls a policy keeps on the CPU: its memo says nothing saved and no program built ($saving, $neutral), the next run does not open at load ($again)"
diag_file "$err"

# The calls made while a warm-up thread opens the devices share the cores with the driver's
# work (on a GPU host's first opening, 0.3 to 1.2 s of the CPU): they do not measure the CPU
# BLAS. The same run again without the CPU's rates remembered, its opening made to last 0.6 s
# (BLASROUTE_TEST_OPEN_DELAY), learning off (the device keeps the calls once open): the CPU
# BLAS is measured by the calls made before the opening at most ("the program's own N Level-3
# calls", once four were seen), none of the calls made during it.
rm -f "$tmp"/cache/cpu-*.profile "$tmp"/cache/learned-*.table
learn=0 keep=1 run 300 BLASROUTE_TEST_OPEN_DELAY=600
before=$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet"' "$trace" | wc -l)
during=$(awk -F, 'NR > 1 && $11 == "the device is being opened"' "$trace" | wc -l)
# The trace says so of each of them (field 24, beside_warmup), and every line's share of the
# CPU BLAS's threads (field 23) is a share.
beside=$(awk -F, 'NR > 1 && $11 == "the device is being opened" && $24 == 1' "$trace" | wc -l)
shares=$(awk -F, 'NR > 1 && !($23 > 0 && $23 <= 1)' "$trace" | wc -l)
measured=$(sed -n "s/.*CPU BLAS measured by the program's calls: the program's own \([0-9]*\) .*/\1/p" "$err")
[ $status -eq 0 ] && [ "$opened" -eq 1 ] && [ "$during" -ge 4 ] && [ "$device" -ge 1 ] &&
    [ "${measured:-0}" -le "$before" ] && [ "$beside" -eq "$during" ] && [ "$shares" -eq 0 ]
ok $? "calls made while the device is opened are not taken as the CPU BLAS's rates ($before calls before the opening, $during during it, $device on the device after; the CPU BLAS measured by ${measured:-no} calls); the trace marks $beside of them beside the warm-up thread, and $shares lines a thread share out of (0, 1]"
diag_file "$err"

# A first process too short to pay: the device never opened, the CPU BLAS never calibrated
# (nothing is spent on a device before it pays), and what its calls took is kept as an upper
# bound of what the device could have saved. The device is named by its indices: of a device
# asked for by type (cpu), its type's profile predicts the savings (below).
run 4 BLASROUTE_DEVICE=0:0
[ $status -eq 0 ] && [ "$opened" -eq 0 ] && [ "$device" -eq 0 ] &&
    [ "$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet"' "$trace" | wc -l)" -eq 4 ] &&
    ! ls "$tmp"/cache/cpu-*.profile "$tmp"/cache/opened-*.memo > /dev/null 2>&1 &&
    grep -q '^known = no' "$tmp"/cache/program-*.memo &&
    ! grep -q '^bound = 0.0000' "$tmp"/cache/program-*.memo
ok $? "a short first process: all 4 calls on the CPU, no device opened, no calibration; its memo keeps their CPU time as a bound"
diag_file "$err"

# The same first process on a host whose kernel driver lists an NVIDIA GPU (a stand-in for
# /proc/driver/nvidia/gpus): with the devices left to the default choice (the first GPU), that
# GPU's profile predicts what the calls could have saved, without opening anything: the memo
# keeps a prediction, not a bound. The driver's file is read once the device-sized calls have
# taken 25 ms of the CPU (60 products of order 200 on the reference BLAS: 960 MFLOP, which no
# CPU does in 25 ms on one core), the calls before then predicted with it too. A device named
# otherwise (0:0) is not that GPU: a bound.
mkdir -p "$tmp/nvidia/0000:41:00.0"
printf 'Model: \t\t NVIDIA H200\nIRQ:   \t\t 42\nBus Type: \t PCIe\n' \
    > "$tmp/nvidia/0000:41:00.0/information"
run 60 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/nvidia"
guessed_ok=1
[ $status -eq 0 ] && [ "$opened" -eq 0 ] && [ "$device" -eq 0 ] &&
    grep -q 'device: NVIDIA H200, listed by its kernel driver' "$err" &&
    grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    grep -q '^bound = 0.0000' "$tmp"/cache/program-*.memo && guessed_ok=0
run 20 BLASROUTE_DEVICE=0:0 BLASROUTE_TEST_NVIDIA_PROC="$tmp/nvidia"
[ $guessed_ok -eq 0 ] && [ $status -eq 0 ] && ! grep -q 'kernel driver' "$err" &&
    grep -q '^known = no' "$tmp"/cache/program-*.memo
ok $? "a first process on a host whose kernel driver lists a GPU: its savings predicted with that GPU's profile, nothing opened; not when another device is named"
diag_file "$err"

# A program whose device-sized calls take the CPU less than that (2 products of order 32: 0.13
# MFLOP) never reads the driver's file (0.3 to 0.8 ms on the H200's host, most of what auto
# mode lost to cpu mode in a reference-LAPACK dgetrf 1024): nothing it does can pay for an
# opening, and its memo keeps a bound.
order=32 run 2 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/nvidia"
[ $status -eq 0 ] && [ "$device" -eq 0 ] && ! grep -q 'kernel driver' "$err" &&
    [ "$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet"' "$trace" | wc -l)" -eq 2 ] &&
    grep -q '^known = no' "$tmp"/cache/program-*.memo
ok $? "a first process whose device-sized calls are short: the kernel driver's file not read, a bound kept ($first_reason)"
diag_file "$err"

# A device that cannot pay is never opened, once a memo says what it is.
profile="$tmp/slow.profile"
# Nor when CPU devices are asked for (OpenCL on the host's own cores), with no memo: their
# profile predicts the savings from the first call, and 100 calls, seconds of the CPU BLAS's
# time, never open one (before, their whole CPU time was counted until the opening told).
run 100
typed_ok=1
[ $status -eq 0 ] && [ "$opened" -eq 0 ] && [ "$device" -eq 0 ] &&
    grep -q 'CPU devices asked for' "$err" && grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    grep -q '^bound = 0.0000' "$tmp"/cache/program-*.memo && typed_ok=0
run 3 BLASROUTE_WARMUP=wait
keep=1 run 100
[ $status -eq 0 ] && [ "$opened" -eq 0 ] && [ "$device" -eq 0 ] &&
    [ "$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet"' "$trace" | wc -l)" -eq 100 ] &&
    [ $typed_ok -eq 0 ]
ok $? "a device predicted to save nothing: never opened, all 100 calls on the CPU (opened $opened times), with a memo of it or, for CPU devices asked for, without"

# Before a device is open, a steady CPU call valued against the memo's device teaches its CPU
# cell (warmup.c: teach_cpu_before_opening), as the CPU calls the decision makes once one is
# open do: the same run again, its learned table removed, keeps a table under that device's
# name and driver whose dgemm cell has the calls' samples, and the trace says which taught it.
rm -f "$tmp"/cache/learned-*.table
keep=1 run 100
samples=$(sed -n 's/^dgemm\.square\.[0-9]*\.cpu = \([0-9]*\) .*/\1/p' "$tmp"/cache/learned-*.table 2>/dev/null)
taught=$(awk -F, 'NR > 1 && $11 == "the device is not worth opening yet" && $20 == "sample"' "$trace" | wc -l)
[ $status -eq 0 ] && [ "$opened" -eq 0 ] && [ "${samples:-0}" -ge 50 ] && [ "$taught" -ge 50 ] &&
    grep -q '^key = .*; device=[^;][^;]*; driver=[^;][^;]*;' "$tmp"/cache/learned-*.table
ok $? "CPU cells taught before the device opens: never opened, the dgemm cell's samples ${samples:-none}, $taught calls of the trace taught it, the table keyed by the memo's device"
diag_file "$tmp"/cache/learned-*.table
diag_file "$err"
profile="$tmp/fast.profile"

run 3 BLASROUTE_WARMUP=wait
[ $status -eq 0 ] && [ "$first" = device ] && [ "$device" -eq 3 ]
ok $? "BLASROUTE_WARMUP=wait: the first call waits and runs on the device, as do the others ($device of 3)"
diag_file "$err"

# A call the CPU would take longer to answer than a build can last (1.5 s) waits for the
# device's program instead (warmup.h): a tuned CPU profile (in XDG_DATA_HOME) claims the CPU
# BLAS a million times slower than it is, so that each product is predicted at seconds there.
# Once the device opens no call is sent to the CPU "while the program is being built".
mkdir -p "$tmp/data/blasroute/profiles"
{ echo "[rates]"; for p in s d c z; do echo "${p}gemm = 0.001 0.001 0.001 0.001 0.001 0.001 0.001 0.001 0.001"; done; } \
    > "$tmp/data/blasroute/profiles/cpu.profile"
learn=0 run 300 XDG_DATA_HOME="$tmp/data"
built=$(awk -F, 'NR > 1 && $11 ~ /being built/' "$trace" | wc -l)
[ $status -eq 0 ] && [ "$opened" -eq 1 ] && [ "$device" -ge 1 ] && [ "$built" -eq 0 ] &&
    grep -q "CPU profile: .*cpu.profile" "$err" &&
    awk -F, 'NR > 1 && $10 == "device" { seen = 1 } NR > 1 && $10 == "cpu" && seen { bad = 1 }
        END { exit bad }' "$trace"
ok $? "a call predicted at seconds on the CPU waits for the device's program: $waiting calls on the CPU before the opening, $built while it was built, then $device on the device"
diag_file "$err"

# A call the device is predicted to answer far faster, and long enough on the CPU to cover the
# opening, begins on the CPU BLAS in pieces while the device opens on a warm-up thread; the
# rest goes to the device once it is ready (BLASROUTE_TEST_HEDGE_WAIT makes the hand-over
# happen after the first piece whatever the timing). The memo of the device (made by a first
# run with BLASROUTE_WARMUP=wait) predicts; the tuned CPU profile above makes each product
# seconds long on the CPU. The first call's share on the device: the eleven pieces of twelve
# left, as split.h rounds them.
run 2 BLASROUTE_WARMUP=wait
learn=0 keep=1 run 3 XDG_DATA_HOME="$tmp/data" BLASROUTE_TEST_HEDGE_WAIT=1
share=$(awk -F, 'NR == 2 { print $15 }' "$trace")
[ $status -eq 0 ] && [ "$first" = hybrid ] &&
    [ "$first_reason" = "the CPU begins while the device gets ready" ] &&
    awk -v s="$share" 'BEGIN { exit !(s >= 0.8 && s <= 0.95) }' &&
    grep -q 'warm-up: the device opens on a thread of its own' "$err" && [ "$device" -eq 2 ]
ok $? "a long call begins on the CPU while the device opens, the rest on the device: every result right, the first call $first ($first_reason, device share $share), then $device on the device"
diag_file "$err"

# What a hedged call tells the program's memo: what the device would have saved on the whole
# call had it been ready (its time against the device's prediction), not the CPU's prediction
# against its time. Here the CPU is claimed just fast enough (0.5 GFLOP/s: 32 ms a product) for
# a hedge beside an opening the memo says takes 1 ms; the hedged call, which waits for the
# real opening, takes longer than that, and counted against the CPU's prediction it would
# leave the memo's saving below zero. (32 ms: a call long enough by itself to be weighed before
# the program's calls have taken 25 ms, warmup.c's value_after_seconds.)
mkdir -p "$tmp/data3/blasroute/profiles"
{ echo "[rates]"; for p in s d c z; do echo "${p}gemm = 0.5 0.5 0.5 0.5 0.5 0.5 0.5 0.5 0.5"; done; } \
    > "$tmp/data3/blasroute/profiles/cpu.profile"
sed -i 's/^seconds = .*/seconds = 0.0010/' "$tmp"/cache/opened-*.memo
rm -f "$tmp"/cache/program-*.memo
keep=1 run 3 XDG_DATA_HOME="$tmp/data3" BLASROUTE_TEST_HEDGE_WAIT=1
saving=$(sed -n 's/^saving = //p' "$tmp"/cache/program-*.memo)
[ $status -eq 0 ] && [ "$first" = hybrid ] && grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    awk -v s="$saving" 'BEGIN { exit !(s > 0) }'
ok $? "a hedged call's memo: what the device would have saved on it (first call $first, saving $saving s)"
diag_file "$tmp"/cache/program-*.memo

# Not with BLASROUTE_WARMUP=savings, nor when the program's last run says the device did not
# pay it (its memo, with learning on).
learn=0 keep=1 run 3 XDG_DATA_HOME="$tmp/data" BLASROUTE_TEST_HEDGE_WAIT=1 BLASROUTE_WARMUP=savings
savings_first=$first savings_reason=$first_reason savings_status=$status
keep=1 run 3 XDG_DATA_HOME="$tmp/data"
sed -i 's/^saving = .*/saving = 0/; s/^known = .*/known = yes/' "$tmp"/cache/program-*.memo
keep=1 run 3 XDG_DATA_HOME="$tmp/data" BLASROUTE_TEST_HEDGE_WAIT=1
[ $savings_status -eq 0 ] && [ "$savings_first" = cpu ] &&
    [ "$savings_reason" = "the device is not worth opening yet" ] &&
    [ $status -eq 0 ] && [ "$first" = cpu ] &&
    [ "$first_reason" = "the device is not worth opening yet" ] &&
    ! grep -q 'warm-up: the device opens' "$err"
ok $? "no call begun on the CPU for the device with BLASROUTE_WARMUP=savings ($savings_first: $savings_reason), nor after a run the device did not pay ($first: $first_reason)"
diag_file "$err"

# A program that ends while a warm-up thread is inside the OpenCL driver (building the
# program: the memo and the calibration kept, the compiled program removed before each run):
# it exits with its own status, silently. An exit must wait for that thread (warmup.c: PoCL's
# LLVM tears its statics down at exit and aborted under a build). Programs of 1, 12 and 40
# calls end before the opening, during the build, or after.
bad=""
for calls in 1 12 40 1 12 40; do
    rm -f "$tmp"/cache/*.clbin
    keep=1 run $calls
    last=$(awk -F, 'END { print $11 }' "$trace")
    if [ $status -ne 0 ] || [ -s "$out" ] ||
        grep -qi 'abort\|terminate\|corruption\|segmentation' "$err"
    then bad="$bad $calls:$status"; head -n 20 "$err" | sed "s/^/# /"; fi
    echo "# $calls calls: status $status, the last call's reason: $last"
done
[ -z "$bad" ]
ok $? "programs that exit during the warm-up end normally and silently (failed:${bad:- none})"

# A bad value: one warning, and the default.
env $clear_knobs BLASROUTE_WARMUP=later LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=cpu \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" "$program" 1 8 8 8 > "$out" 2> "$err"
[ $? -eq 0 ] && [ "$(grep -c 'BLASROUTE_WARMUP' "$err")" -eq 1 ]
ok $? "BLASROUTE_WARMUP=later: one warning, the default kept"
diag_file "$err"

# The memos, the learned table and the CPU's calibration are read once the device-sized calls
# have taken 25 ms (warmup.c: value_after_seconds), not in the first one: a program whose calls
# take less (3 products of order 48 on the reference BLAS: 0.7 MFLOP in all, no CPU's 25 ms)
# reads them only at its end, to keep its memo; one whose calls take more (40 of order 200:
# 640 MFLOP) reads them on the way, once they have taken 25 ms. Told by BLASROUTE_VERBOSE: the
# CPU OpenCL profile's line is said when the memos are read.
# The short program's calls take under 1 ms of work; a run that a busy machine (make check -j2
# beside other work) stretched past 25 ms says so ("have taken N ms") and is run again, up to 3
# times; any other failure fails at once.
short_ok=1
for attempt in 1 2 3; do
    order=48 run 3
    short_lines=$(grep -n -e 'valued at the end' -e 'CPU devices asked for' -e 'weighed against the device from now on' "$err" | cut -d: -f1,3 | tr '\n' ' ')
    [ $status -eq 0 ] && [ "$device" -eq 0 ] &&
        [ "$(grep -n 'valued at the end' "$err" | cut -d: -f1)" -lt "$(grep -n 'CPU devices asked for' "$err" | cut -d: -f1)" ] &&
        ! grep -q 'weighed against the device from now on' "$err" && short_ok=0 && break
    grep -q 'weighed against the device from now on' "$err" || break
    echo "# the short program's run $attempt was slowed past the mark: $(grep -o 'have taken [0-9.]* ms' "$err")"
done
run 40
[ $short_ok -eq 0 ] && [ $status -eq 0 ] && ! grep -q 'valued at the end' "$err" &&
    [ "$(grep -n 'weighed against the device from now on' "$err" | cut -d: -f1)" -lt "$(grep -n 'CPU devices asked for' "$err" | cut -d: -f1)" ]
ok $? "a program whose device-sized calls take under 25 ms reads the memos at its end only ($short_lines); one whose calls take more, once they have ($(grep -o 'have taken [0-9.]* ms' "$err"))"
diag_file "$err"

# The kernel driver's file (test 8) is read on a warm-up thread, not inside the call that brings
# the device-sized calls to 25 ms of CPU time: there it took 0.7 to 1.3 ms of a call on the
# H200's host (2026-11-28). Here its stand-in is a pipe that answers 2 s after it is opened:
# no call waits for it, and the memo, written at exit, still values every call with the GPU's
# profile (the exit waits for the read).
mkdir -p "$tmp/slow-nvidia/0000:41:00.0"
mkfifo "$tmp/slow-nvidia/0000:41:00.0/information"
timeout 60 sh -c 'sleep 2; printf "Model: \t\t NVIDIA H200\n" > "$1"' sh \
    "$tmp/slow-nvidia/0000:41:00.0/information" &
writer=$!
run 60 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/slow-nvidia"
wait $writer
longest=$(awk -F, 'NR > 1 && $16 > m { m = $16 } END { printf "%.3f", m }' "$trace")
[ $status -eq 0 ] && [ "$device" -eq 0 ] &&
    grep -q 'device: NVIDIA H200, listed by its kernel driver' "$err" &&
    awk -v m="$longest" 'BEGIN { exit !(m < 1) }' &&
    grep -q '^known = yes' "$tmp"/cache/program-*.memo &&
    grep -q '^bound = 0.0000' "$tmp"/cache/program-*.memo
ok $? "the kernel driver's file read off the program's calls (one answering after 2 s: the longest call $longest s), every call valued with its GPU's profile at exit"
diag_file "$err"

# Where no kernel driver lists a GPU (no /proc/driver/nvidia/gpus: the development machine), that
# is known at once, with no warm-up thread started to find it out: the thread's start cost a
# reference dpotrf 2048 0.4 ms of a call on the development machine (2026-12-06). The calls are
# then counted at their whole CPU time, as with a list that names no GPU.
run 60 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/no-such-directory"
[ $status -eq 0 ] && [ "$device" -eq 0 ] &&
    grep -q 'device: no GPU listed by a kernel driver' "$err" &&
    ! grep -q 'listed by its kernel driver' "$err" &&
    grep -q '^known = no' "$tmp"/cache/program-*.memo
ok $? "no kernel driver's list: none read and no thread started for it, every call counted at its whole CPU time"
diag_file "$err"

# There, with no memo of a device either, the program's memo of its last run could only make the
# device wait longer (it cannot say the device paid: nothing could value its calls), so it is not
# read until the calls could pay for the opening without it: read in the first device-sized
# calls, it cost them 0.1 to 0.2 ms on the development machine. Where a GPU is listed, it is
# read once the calls have taken 25 ms, as before. 12 calls: more than 25 ms, less than the
# half second a first opening is taken to cost.
rm -rf "$tmp/cache"
keep=1 run 12 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/no-such-directory"
keep=1 run 12 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/no-such-directory"
unlisted=$status
grep -q 'weighed against the device from now on' "$err" &&
    ! grep -q "this program's last run here" "$err" && ls "$tmp"/cache/program-*.memo > /dev/null
unlisted_read=$?
rm -rf "$tmp/cache"
keep=1 run 12 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/nvidia"
keep=1 run 12 BLASROUTE_DEVICE=gpu BLASROUTE_TEST_NVIDIA_PROC="$tmp/nvidia"
[ $unlisted -eq 0 ] && [ $unlisted_read -eq 0 ] && [ $status -eq 0 ] && [ "$device" -eq 0 ] &&
    grep -q "this program's last run here: a device saved or would have saved" "$err"
ok $? "no GPU listed and no device memo: the program's memo of its last run left unread while the calls could not pay for an opening; read where a GPU is listed"
diag_file "$err"
