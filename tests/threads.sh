#!/bin/sh
# Thread safety of the router under mixed modes: tests/soak (every Level-3 routine and
# precision, random options, sizes up to 96, Fortran and CBLAS, every result checked against
# the reference with NaN-poisoned memory) with 32 threads in each of three processes running
# AT ONCE, in device, auto and hybrid mode, on the CPU OpenCL device (PoCL;
# BLASROUTE_TEST_DEVICE picks another). Device mode runs as two processes of 32 threads (the
# second started by the soak program itself), each opening the device on its own. The sizes
# stay below the policy's minimum, so auto mode answers on the CPU BLAS: the point there is the
# router's state shared with the device and hybrid calls of the other threads and processes.
# Each run is bounded (250 calls per thread or 40 s, whichever comes first) and killed at
# 150 s, so that a deadlock is a failure. Checks, per mode: exit status 0, every TAP line of
# the soak ok (every result right, every process ended well, VmRSS growth from warm to end
# within the soak's default 64 MiB), and the report (BLASROUTE_REPORT=1) showing that device
# mode answered calls on the device and hybrid mode split calls, without any device call
# falling back to the CPU in either.
# POCL_WORK_GROUP_SPECIALIZATION=0: PoCL otherwise keeps a compiled copy of each kernel for every
# work-group size and grid it meets, so that random shapes grow the resident set for thousands
# of calls (measured with 4 threads, sizes up to 96: 41 MiB over 170,000 calls, against 6.5 MiB
# without), which would hide blasroute's own growth from the memory check. Other devices ignore it.
# MALLOC_ARENA_MAX=2: glibc gives many threads up to 8 malloc arenas per core, each fragmenting on
# its own, so that the resident set of 32 threads creeps by an amount that grows with the cores
# (here, 2 cores: 21 MiB over 150,000 calls; with 2 arenas, flat after the first seconds).
# BLASROUTE_CPU_BLAS: the reference, as in tap.sh's run_program, so that the CPU's share of the
# calls is checked for what blasroute does with it, not for OpenBLAS's kernels for this CPU.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS;
# BLASROUTE_TEST_SEED replays the calls (the seed is printed in each run's output).
. "$top_srcdir/tests/tap.sh"

require_reference_and_pocl

plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
device="${BLASROUTE_TEST_DEVICE:-cpu}"

# soak MODE ARGS...: starts tests/soak in the background in BLASROUTE_MODE=MODE with the
# engine's other knobs cleared; stdout, stderr and exit status go to $tmp/MODE.{out,err,status}.
soak() {
    mode=$1; shift
    (
        env $clear_knobs -u BLASROUTE_SPLIT -u BLASROUTE_THRESHOLD -u BLASROUTE_ROUTINES \
            -u BLASROUTE_TRACE -u BLASROUTE_TIMELINE BLASROUTE_REPORT=1 \
            BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" \
            BLASROUTE_MODE="$mode" BLASROUTE_DEVICE="$device" POCL_WORK_GROUP_SPECIALIZATION=0 \
            MALLOC_ARENA_MAX=2 BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
            timeout -k 10 150 "$top_builddir/tests/soak" --tap --threads 32 --calls 250 \
            --seconds 40 --max-size 96 --progress 15 "$@" \
            > "$tmp/$mode.out" 2> "$tmp/$mode.err"
        echo $? > "$tmp/$mode.status"
    ) &
}

soak device --processes 2
soak auto
soak hybrid
wait

# check MODE: sets mode, and out, err and status for tap.sh's all_ok and report_paths (125: the
# run left no status).
check() {
    mode=$1 out="$tmp/$1.out" err="$tmp/$1.err"
    status=$(cat "$tmp/$1.status" 2> /dev/null || echo 125)
}
# calls MODE: the soak's total of calls made and wrong.
calls() { sed -n 's/^# total: \([0-9]* calls, [0-9]* wrong\).*/\1/p' "$tmp/$1.out"; }
# figures MODE: the soak's settings (its seed), its lines per process and for memory, as TAP
# diagnostics, so that the log shows the calls and memory figures of every run.
figures() {
    sed -n -e 's/^# \(soak: .*\)/# '"$1"': \1/p' \
        -e 's/^\(\(not \)\{0,1\}ok [0-9]* - .*\)/# '"$1"':   \1/p' "$tmp/$1.out"
}

check device
paths=$(report_paths | tr '\n' ' ' | sed 's/ $//')
all_ok && report_paths | grep -qx device && ! report_paths | grep -qx fallback
ok $? "device mode, 2 processes x 32 threads: $(calls device); report paths: $paths"
figures "$mode"; diag_file "$out"; diag_file "$err"

check auto
paths=$(report_paths | tr '\n' ' ' | sed 's/ $//')
all_ok
ok $? "auto mode, 32 threads: $(calls auto); report paths: $paths"
figures "$mode"; diag_file "$out"; diag_file "$err"

check hybrid
paths=$(report_paths | tr '\n' ' ' | sed 's/ $//')
all_ok && report_paths | grep -qx hybrid && ! report_paths | grep -qx fallback
ok $? "hybrid mode, 32 threads: $(calls hybrid); report paths: $paths"
figures "$mode"; diag_file "$out"; diag_file "$err"
