# Small TAP helpers for the shell tests: source it, call plan, then ok/skip per check.
tap_count=0
plan() { echo "1..$1"; }
# ok STATUS DESCRIPTION: STATUS is a command's exit status (0 = pass).
ok() {
    tap_count=$((tap_count + 1))
    tap_last=$1
    if [ "$1" -eq 0 ]; then echo "ok $tap_count - $2"; else echo "not ok $tap_count - $2"; fi
}
skip() { tap_count=$((tap_count + 1)); echo "ok $tap_count - $1 # SKIP $2"; }
# After a failed check, prints a file as TAP diagnostics (at most 20 lines).
diag_file() { [ "${tap_last:-0}" -eq 0 ] || head -n 20 "$1" | sed 's/^/# /'; }
# skip_all REASON: the whole script is skipped.
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
# require_reference_and_pocl: skips the script without the reference BLAS or, where clinfo can
# tell, without an OpenCL CPU device (PoCL).
require_reference_and_pocl() {
    [ -e "${BLASROUTE_REFERENCE_BLAS:-}" ] ||
        skip_all "reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS:-}'"
    if command -v clinfo > /dev/null 2>&1 &&
        ! clinfo 2>/dev/null | grep -qiE 'device type[[:space:]]+cpu'; then
        skip_all "no OpenCL CPU device (PoCL) according to clinfo"
    fi
}
# tap_counts FILE: passed and failed, the "ok" and "not ok" lines of a TAP output.
tap_counts() { passed=$(grep -c '^ok ' "$1"); failed=$(grep -c '^not ok ' "$1"); }
# For scripts that run TAP test programs with their stdout in $out, their stderr in $err and
# their exit status in $status:
# The engine's fault, memory and measurement knobs, for `env $clear_knobs ...`: every run clears
# them, so that the caller's environment cannot change what a check tests.
clear_knobs="-u BLASROUTE_TEST_FAULT -u BLASROUTE_DEVICE_MEMORY -u BLASROUTE_TEST_GEMM_KERNEL
    -u BLASROUTE_TEST_GEMM_TILES -u BLASROUTE_TEST_GEMM_A_PIECES -u BLASROUTE_TEST_SPREAD
    -u BLASROUTE_TEST_GEMM_SLICES -u BLASROUTE_TEST_GEMM_TAIL
    -u BLASROUTE_TEST_DEVICE_BETA"
# run_program PROGRAM VAR=VALUE...: runs tests/PROGRAM with a report and the program cache of
# the build, the engine's other knobs cleared, the given variables last. The CPU BLAS is the
# reference: the parts of a call that the CPU answers (a hybrid run's share, a fallback) are
# then checked for what blasroute does with them, not for how OpenBLAS's kernels for this CPU
# round or treat NaN (they can be wrong on some CPUs: 0.3.21's scasum on AVX-512).
run_program() {
    program="$top_builddir/tests/$1"; shift
    env $clear_knobs -u BLASROUTE_SPLIT -u BLASROUTE_TEST_QUICK -u BLASROUTE_TEST_ROUTINES \
        -u BLASROUTE_TRACE BLASROUTE_REPORT=1 BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CACHE_DIR="$top_builddir/tests/program-cache" "$@" \
        timeout 900 "$program" > "$out" 2> "$err"
    status=$?
}
# all_ok: the last run exited 0 and every TAP line it planned passed.
all_ok() {
    planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | head -n 1)
    [ $status -eq 0 ] && [ -n "$planned" ] && [ "$planned" -gt 0 ] &&
        [ "$(grep -c '^ok ' "$out")" -eq "$planned" ] && ! grep -q '^not ok\|^Bail out' "$out"
}
# report_paths: the distinct paths named in the BLASROUTE_REPORT's "where" fields, one per line.
report_paths() {
    sed -n 's/^blasroute report: [a-z0-9]*, [0-9]*, \([^,]*\),.*/\1/p' "$err" |
        tr ' ' '\n' | grep '^[a-z]' | sort -u
}
# For the pip-wheel stand-ins (tests/wheel_standin.sh, tests/lapack_blocked.sh), with $driver
# the driver program, $module64 and $module32 its modules, $tmp a scratch directory:
# run_driver EXPECT VAR=VALUE...: the driver expecting EXPECT (its first argument), with the
# engine's knobs cleared, blasroute's CPU BLAS and ILP64 CPU BLAS set to the references, the
# given variables last.
run_driver() {
    expect=$1; shift
    env $clear_knobs -u LD_PRELOAD -u BLASROUTE_MODE -u BLASROUTE_SPLIT -u BLASROUTE_TRACE \
        -u BLASROUTE_LAPACK_BLOCK BLASROUTE_REPORT=1 \
        BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64" \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" \
        BLASROUTE_CACHE_DIR="${BLASROUTE_CACHE_DIR:-$tmp/cache}" "$@" \
        timeout 600 "$driver" "$expect" "$module64" "$module32" > "$out" 2> "$err"
    status=$?
}
# driver_diag: after a failed run, the driver's failures and stderr as TAP comments.
driver_diag() {
    [ "${tap_last:-0}" -eq 0 ] && return
    grep -v '^ok ' "$out" | head -n 20 | sed 's/^/# /'
    diag_file "$err"
}
# fast_device_profile NAME [LAPACK_MIN_ORDER]: a device profile (profiles/README) that makes a
# CPU OpenCL device (PoCL) look a hundred thousand GFLOP/s fast behind a free link, to steer auto
# mode onto it; with [lapack] minimum orders when given.
fast_device_profile() {
    rates="100000 100000 100000 100000 100000 100000 100000 100000 100000"
    printf '[device]\nname = test: %s\ntype = cpu\n[link]\n' "$1"
    for key in h2d_pageable h2d_pinned d2h_pageable d2h_pinned host_copy; do
        echo "$key = 1000"
    done
    printf 'latency_us = 0.1\nlaunch_us = 0.1\n[rates]\n'
    for p in s d c z; do echo "${p}gemm = $rates"; done
    [ -z "${2:-}" ] || printf '[lapack]\ngetrf_min_order = %s\npotrf_min_order = %s\n' "$2" "$2"
}
