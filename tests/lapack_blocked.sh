#!/bin/sh
# blasroute's blocked LAPACK (src/lapack/) in front of a pip wheel's bundled LAPACK, without pip:
# numpy.linalg and scipy.linalg call getrf, getrs, gesv and potrf of their wheel's OpenBLAS
# (scipy_dgesv_64_, scipy_dgetrf_), which run on OpenBLAS's internal kernels; blasroute answers
# those names itself. The stand-ins of tests/wheel_standin.sh also export these names (and
# laswp), forwarding to the reference LAPACK and counting calls; tests/lapack_driver calls them
# through the modules, loaded RTLD_LOCAL as Python loads them, and checks every result by what
# LAPACK promises (residual ratios, pivots, INFO, untouched memory).
#  - device mode (PoCL): blasroute factors every getrf, gesv and potrf with the matrix on the
#    device, the stand-in answering only the panels (its getrf and potrf); getrs runs as routed
#    triangular solves on the device and the stand-in's row interchanges (laswp); again with an
#    odd block size (BLASROUTE_LAPACK_BLOCK=19);
#  - auto and cpu modes: no update would go to the device, so blasroute hands every call whole
#    to the stand-in's routine of the same name;
#  - without blasroute: the stand-ins answer, nothing reports;
#  - an invalid argument: the same message and INFO from the program's own LAPACK, with or
#    without blasroute;
#  - auto mode with a profile that makes the device look fast: the profile's [lapack] minimum
#    orders decide, below the orders called (on the device) and above them (the library's);
#  - the 32-bit stand-in's LAPACK calling its BLAS through the exported names, as a LAPACK
#    built against a system BLAS does: the panels' BLAS calls reach blasroute while the
#    factorization holds the device, and must be answered on the CPU, not wait for it;
#  - injected device failures: a launch that fails at once (enqueue), once results have
#    started coming back (enqueue-late), and a final download that breaks off after half the
#    columns (download-half, getrf and potrf apart): every result still right, the report
#    counting fallbacks and no call on the device.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
[ -e "${BLASROUTE_REFERENCE_BLAS64:-}" ] ||
    skip_all "ILP64 reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS64:-}' (Debian package libblas64-dev)"
[ -e "${BLASROUTE_REFERENCE_LAPACK:-}" ] && [ -e "${BLASROUTE_REFERENCE_LAPACK64:-}" ] ||
    skip_all "reference LAPACK not found at '${BLASROUTE_REFERENCE_LAPACK:-}' or '${BLASROUTE_REFERENCE_LAPACK64:-}' (Debian packages liblapack-dev, liblapack64-dev)"
driver="$top_builddir/tests/lapack_driver"
module64="$top_builddir/tests/.libs/standin_module64.so"
module32="$top_builddir/tests/.libs/standin_module32.so"
plan 25
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/out" err="$tmp/err"

# reported: sets why to what is wrong with the report's LAPACK lines: every line the driver
# expects ("# report ROUTINE, N, WHERE") is there ("blasroute report: ROUTINE, N, WHERE,").
reported() {
    why=""
    expected=$(sed -n 's/^# report //p' "$out")
    [ -n "$expected" ] || { why="the driver expected no report line"; return; }
    while read -r line; do
        grep -q "^blasroute report: $line," "$err" ||
            why="$why; expected '$line': $(grep "^blasroute report: ${line%%,*}," "$err" ||
                echo 'no report line')"
    done <<EOF
$expected
EOF
}

for block in default 19; do
    if [ $block = default ]; then
        run_driver blocked LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device
    else
        run_driver blocked LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device \
            BLASROUTE_LAPACK_BLOCK=$block
    fi
    all_ok; ok $? "device mode, block $block: every result right, blasroute factored every call, the stand-in only panels"
    driver_diag
    reported
    paths=$(report_paths | tr '\n' ' ')
    [ -z "$why" ] && [ "$paths" = "blocked device library " ]
    ok $? "device mode, block $block: the report counts getrf, gesv and potrf on the device (the indefinite potrf calls the library's), getrs blocked with its solves on the device (paths: $paths${why:+; ${why#; }})"
    diag_file "$err"
done

for mode in auto cpu; do
    run_driver standin LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=$mode
    all_ok; ok $? "$mode mode: every result right, every call handed whole to the stand-in"
    driver_diag
    reported
    ! grep -q '^blasroute report: [sdcz]\(gemm\|trsm\|syrk\|herk\),' "$err" && [ -z "$why" ]
    ok $? "$mode mode: the report counts every call as the library's, and no Level-3 call${why:+ (${why#; })}"
    diag_file "$err"
done

run_driver standin
all_ok; ok $? "without blasroute: every result right, the stand-ins answered every call"
driver_diag
! grep -q '^blasroute report' "$err"
ok $? "without blasroute: no report"; diag_file "$err"

# An invalid argument: the program's own LAPACK reports it, as without blasroute.
for module in "$module64" "$module32"; do
    env -u LD_PRELOAD "$driver" error "$module" > "$tmp/alone" 2>&1
    alone=$?
    env $clear_knobs LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device \
        BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" \
        "$driver" error "$module" > "$tmp/with" 2>&1
    with=$?
    [ $with -eq $alone ] && cmp -s "$tmp/alone" "$tmp/with" && grep -q 'DGETRF' "$tmp/alone"
    ok $? "$(basename "$module"): dgetrf with lda < m: the same report from the stand-in's LAPACK and exit status ($alone) with and without blasroute"
    [ "${tap_last:-0}" -eq 0 ] || { diff "$tmp/alone" "$tmp/with" | head -n 20 | sed 's/^/# /'; }
done

# Device failures: every result right, finished on the CPU.
for fault in enqueue enqueue-late download-half:sgetrf,zgetrf download-half:dpotrf,cpotrf; do
    routines=${fault#*:}; [ "$routines" = "$fault" ] && routines=""
    run_driver fault LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device \
        BLASROUTE_TEST_FAULT=${fault%%:*} BLASROUTE_TEST_ROUTINES=$routines
    all_ok; ok $? "fault ${fault%%:*}${routines:+ ($routines)}: every result right"
    driver_diag
    lapack_lines=$(sed -n '/^blasroute report: LAPACK/,$p' "$err")
    echo "$lapack_lines" | grep -q ' fallback [0-9]' && ! echo "$lapack_lines" | grep -q ' device [0-9]'
    ok $? "fault ${fault%%:*}${routines:+ ($routines)}: the report counts fallbacks and no factorization on the device"
    diag_file "$err"
done

# Auto mode on a device that looks fast: [lapack] decides.
for order in 100 100000; do
    fast_device_profile "a device that looks fast" $order > "$tmp/fast.profile"
    run_driver fault LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto BLASROUTE_THRESHOLD=1 \
        BLASROUTE_PROFILE="$tmp/fast.profile" BLASROUTE_TEST_ROUTINES=dgetrf,dgetrs,dgesv,dpotrf
    if [ $order = 100 ]; then expect=device solve=blocked; else expect=library solve=library; fi
    all_ok && grep -q "^blasroute report: dgetrf, [0-9]*, $expect [0-9]*," "$err" &&
        grep -q "^blasroute report: dgesv, [0-9]*, $expect [0-9]*," "$err" &&
        grep -q "^blasroute report: dgetrs, [0-9]*, $solve [0-9]*," "$err" &&
        grep -q "^blasroute report: dpotrf, [0-9]*, .*$expect [0-9]*," "$err"
    ok $? "auto mode, [lapack] minimum orders $order: every result right, getrf, gesv and potrf $expect, getrs $solve"
    driver_diag; diag_file "$err"
done

# Auto mode where the largest update alone would stay on the CPU but the whole factorization
# pays on the device: a CPU profile of 0.1 GFLOP/s (XDG_DATA_HOME's cpu.profile), a device of
# free kernels behind a link of 0.032 GB/s, a margin of 1, learning off: the decision is the
# model's alone. The largest updates (getrf 157: dgemm 125 x 125 x 32; potrf 150: dsyrk 118 x
# 32) do about 3.2 flops a byte they move, the whole factorizations as one call (dgemm 157 x
# 157 x 52, dsyrk 150 x 50) about 4.7. By the model, the updates go to the device from a link
# of 0.04 GB/s (none at 0.035), the whole factorizations from 0.03: at 0.032 the factorizations
# go to the device, and a rule asking of the largest update sent them to the library.
mkdir -p "$tmp/slow/blasroute/profiles"
{ echo "[rates]"; for p in s d c z; do
    echo "${p}gemm = 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1"; done; } \
    > "$tmp/slow/blasroute/profiles/cpu.profile"
{ printf '[device]\nname = test: free kernels behind a slow link\ntype = gpu\n[link]\n'
  for key in h2d_pageable h2d_pinned d2h_pageable d2h_pinned host_copy h2d_staged d2h_staged; do
      echo "$key = 0.032"; done
  printf 'latency_us = 0.1\nlaunch_us = 0.1\n[rates]\n'
  for p in s d c z; do echo "${p}gemm = 100000 100000 100000 100000 100000 100000 100000 100000 100000"; done
  printf '[lapack]\ngetrf_min_order = 100\npotrf_min_order = 100\n'; } > "$tmp/slow.profile"
printf '[general]\nmode = auto\ndevice = on\nhybrid = off\nmin_size = 1\nmargin = 1\n' \
    > "$tmp/margin1.policy"
run_driver fault LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=auto BLASROUTE_WARMUP=wait \
    BLASROUTE_LEARN=0 BLASROUTE_PROFILE="$tmp/slow.profile" XDG_DATA_HOME="$tmp/slow" \
    BLASROUTE_POLICY="$tmp/margin1.policy" BLASROUTE_TEST_ROUTINES=dgetrf,dgesv,dpotrf
all_ok && grep -q "^blasroute report: dgetrf, [0-9]*, device [0-9]*," "$err" &&
    grep -q "^blasroute report: dgesv, [0-9]*, device [0-9]*," "$err" &&
    grep -q "^blasroute report: dpotrf, [0-9]*, .*device [0-9]*," "$err"
ok $? "auto mode, a slow link: every result right, getrf, gesv and potrf on the device (their whole work pays where their largest update would not)"
driver_diag; diag_file "$err"

# The program's own LAPACK ends the process (exit) from a panel, inside blasroute's device call:
# the stand-ins exit with status 3 when they cannot load their reference. blasroute's exit
# handler must not wait for the device's lock that very call holds (it did: the process hung).
env $clear_knobs -u BLASROUTE_LAPACK_BLOCK LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" BLASROUTE_CPU_BLAS64="$BLASROUTE_REFERENCE_BLAS64" \
    BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" BLASROUTE_CACHE_DIR="$tmp/cache" \
    BLASROUTE_REFERENCE_LAPACK="$tmp/none.so" BLASROUTE_REFERENCE_LAPACK64="$tmp/none.so" \
    timeout 120 "$driver" fault "$module64" > "$out" 2> "$err"
status=$?
[ $status -eq 3 ] && grep -q 'standin' "$err"
ok $? "the program's LAPACK calling exit() from a panel inside a device call: the process ends (status $status, 3 expected; 124: it hung)"
diag_file "$err"

# A LAPACK that calls its BLAS through the exported names (blasroute's, while it holds the
# device for the factorization): no deadlock, every result right.
env $clear_knobs -u BLASROUTE_LAPACK_BLOCK STANDIN_LAPACK_EXPORTED_BLAS=1 \
    LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device BLASROUTE_REPORT=1 \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}" \
    BLASROUTE_CACHE_DIR="${BLASROUTE_CACHE_DIR:-$tmp/cache}" BLASROUTE_TEST_ROUTINES=dgetrf,zpotrf \
    timeout 300 "$driver" fault "$module32" > "$out" 2> "$err"
status=$?
all_ok && grep -q '^blasroute report: dgetrf, [0-9]*, device ' "$err" &&
    grep -q '^blasroute report: dgemm, [0-9]*, cpu ' "$err"
ok $? "a LAPACK calling blasroute's BLAS names for its panels: no deadlock (status $status), results right, the panels' calls on the CPU"
driver_diag
