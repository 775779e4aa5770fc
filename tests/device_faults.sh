#!/bin/sh
# What the OpenCL GEMM engine does when the device fails, or is configured oddly: with every
# fault that BLASROUTE_TEST_FAULT can inject (no-platform, context, build, alloc, enqueue,
# enqueue-late), a device that does not exist (by name, by P:D), a tiny buffer pool (tiled
# path), each kernel family forced, A loaded in row pieces, and a program cache that is fresh, reused, corrupted or
# unwritable, tests/gemm_device (quick set; the full set for the defaults and the tiny pool)
# must give only right answers and exit 0. On top:
#  - fault runs: the CPU answered (report: `cpu` or `fallback` on every ?gemm line, no
#    `device` where no device can ever have worked), and BLASROUTE_VERBOSE=1 shows the failure
#    at least once but only a handful of times (at most 6 "blasroute: device" lines: one naming
#    the device, one per precision's program, one giving the device up), not once per call of
#    the ~330 that do work: a failing device is suspended with a doubling back-off (its retry lines counted apart), not tried again on every call
#    (enqueue-late: at most one line per call that fell back);
#  - the other device-mode runs: the device answered every ?gemm call that had work to do
#    (report: `device`, neither `cpu` nor `fallback`);
#  - BLASROUTE_MODE=cpu: no `device`, no `fallback`, no "blasroute: device" line.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_LIBRARY,
# BLASROUTE_REFERENCE_BLAS. BLASROUTE_TEST_SEED, if set, is passed on (replays every run).
# Needs an OpenCL CPU device (PoCL): runs use BLASROUTE_DEVICE=cpu.
. "$top_srcdir/tests/tap.sh"

program="$top_builddir/tests/gemm_device"
[ -x "$program" ] || skip_all "$program is not built"
require_reference_and_pocl

plan 24
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"

# gemm VAR=VALUE...: runs gemm_device, quick set, in device mode on the CPU device, verbose,
# with a report, and with the given variables last (they win: BLASROUTE_TEST_QUICK=0 runs the
# full set). The engine's other knobs are cleared so that the caller's environment cannot
# change what a line tests; the program cache goes to a private directory, never the user's.
# The CPU BLAS that answers for a failed device is the reference, as in tap.sh's run_program.
gemm() {
    env $clear_knobs -u BLASROUTE_CACHE -u BLASROUTE_TEST_QUICK -u BLASROUTE_TEST_ROUTINES \
        BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        BLASROUTE_TEST_QUICK=1 BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu BLASROUTE_VERBOSE=1 \
        BLASROUTE_REPORT=1 BLASROUTE_CACHE_DIR="$tmp/cache-default" "$@" \
        timeout 300 "$program" > "$out" 2> "$err"
    status=$?
}

# why_tap: reasons why the TAP output of the last run is not a complete pass, or nothing.
why_tap() {
    [ $status -eq 0 ] || printf '%s' "exit status $status; "
    planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | head -n 1)
    passed=$(grep -c '^ok ' "$out")
    failed=$(grep -c '^not ok' "$out")
    if grep -q '^Bail out!' "$out"; then printf '%s' "$(grep '^Bail out!' "$out" | head -n 1); "
    elif [ -z "$planned" ] || [ "$planned" -eq 0 ]; then printf '%s' "no tests run; "
    elif [ "$failed" -ne 0 ]; then printf '%s' "$failed of $planned TAP lines not ok; "
    elif [ "$passed" -ne "$planned" ]; then printf '%s' "$passed of $planned TAP lines ran; "
    fi
}

# where P: the "where" field of the report line of ?gemm precision P ("scaled 4 device 90"),
# or "missing".
where() {
    w=$(sed -n "s/^blasroute report: ${1}gemm, [0-9]*, \([^,]*\),.*/\1/p" "$err" | head -n 1)
    echo "${w:-missing}"
}

# why_report CLASS: reasons why the report and the verbose lines do not fit CLASS, or nothing.
#   device: every ?gemm line has `device` and neither `cpu` nor `fallback`
#   nodevice: no device can have worked: every line has `cpu` or `fallback`, none `device`
#   late: every line has `cpu` or `fallback`, some line has `fallback` (a call that the device
#         began and the CPU finished) and some line `device` (calls of one tile, before)
#   cpu: no line has `device` or `fallback`, and there is no "blasroute: device" line
# Fault classes (nodevice, late) also want at least one "blasroute: device" line, unless
# QUIET=1. Every class but late wants at most MAX_DEVICE_LINES of them (the report cannot tell
# a device suspended from one tried and failing again: both count as `fallback`; the verbose
# lines are what shows that failures stop). With enqueue-late the device keeps answering the
# calls of one tile, and how many calls of several tiles the quick set makes depends on the
# seed, so there the limit is one line per fallback call, plus two (device named, suspended).
MAX_DEVICE_LINES=6
# has WORD: whether the current "where" field $w names WORD.
has() { case " $w " in *" $1 "*) return 0 ;; esac; return 1; }
why_report() {
    class=$1 any_fallback=no any_device=no fallbacks=0
    for p in s d c z; do
        w=$(where $p)
        if [ "$w" = missing ]; then printf '%s' "no report line for ${p}gemm; "; continue; fi
        has fallback && any_fallback=yes
        n=$(echo " $w " | sed -n 's/.* fallback \([0-9][0-9]*\) .*/\1/p')
        fallbacks=$((fallbacks + ${n:-0}))
        has device && any_device=yes
        case $class in
        device) { has device && ! has cpu && ! has fallback; } ||
                    printf '%s' "${p}gemm answered '$w', wanted device only; " ;;
        nodevice) { { has cpu || has fallback; } && ! has device; } ||
                    printf '%s' "${p}gemm answered '$w', wanted cpu/fallback and no device; " ;;
        late) { has cpu || has fallback; } ||
                    printf '%s' "${p}gemm answered '$w', wanted cpu or fallback; " ;;
        cpu) { ! has device && ! has fallback; } ||
                    printf '%s' "${p}gemm answered '$w' in cpu mode; " ;;
        esac
    done
    # A suspended device is tried again after a doubling back-off (1 s, 2 s, ...): each retry
    # and each suspension after the first are counted apart, and a run of a few seconds has a
    # few of them. The first suspension is the failure's report.
    backoffs=$(grep -c 'until it is tried again in' "$err")
    lines=$(( $(grep -c '^blasroute: device' "$err") - $(grep -c 'after its back-off' "$err") -
              (backoffs > 1 ? backoffs - 1 : 0) ))
    [ "$backoffs" -le 6 ] || printf '%s' "$backoffs suspensions: the back-off does not grow; "
    case $class in
    cpu) [ "$lines" -eq 0 ] || printf '%s' "$lines 'blasroute: device' lines in cpu mode; " ;;
    late) [ "$lines" -le $((fallbacks + 2)) ] ||
              printf '%s' "$lines 'blasroute: device' lines for $fallbacks fallback calls; " ;;
    *) [ "$lines" -le $MAX_DEVICE_LINES ] ||
           printf '%s' "$lines 'blasroute: device' lines, more than $MAX_DEVICE_LINES (a failing device tried again and again?); " ;;
    esac
    case $class in
    nodevice|late) [ "${QUIET:-0}" = 1 ] || [ "$lines" -ge 1 ] ||
                       printf '%s' "the failure was not reported with BLASROUTE_VERBOSE=1; " ;;
    esac
    if [ "$class" = late ] && [ $any_fallback = no ]; then
        printf '%s' "no fallback call: the late enqueue fault never hit a call in progress; "
    fi
    if [ "$class" = late ] && [ $any_device = no ]; then
        printf '%s' "no call answered by the device, not even those of one tile: the device failed before any late fault; "
    fi
}

# check CLASS DESCRIPTION [EXTRA-REASONS]: one TAP line for the last run (EXTRA-REASONS:
# "reason; reason; " found by the caller); on failure, gemm_device's failing TAP lines and
# their diagnostics, and its stderr, as diagnostics.
check() {
    why="$(why_tap)$(why_report "$1")$3"
    why=${why%; }
    [ -z "$why" ]
    ok $? "$2${why:+ ($why)}"
    if [ -n "$why" ]; then
        grep -E '^(not ok|Bail|# (seed|[sdcz]gemm_|cblas_|  |\.\.\.))' "$out" | head -n 14 |
            sed 's/^/# /'
        diag_file "$err"
    fi
}

# --- the device working normally --------------------------------------------------------------
# The full set for these two: the defaults, as in any make check where TESTS runs gemm_device
# in another mode, and the capped pool, whose buffer reuse only goes wrong after the right
# sequence of calls (the quick set is too short to meet it reliably).
gemm BLASROUTE_TEST_QUICK=0
check device "device mode, defaults, full set: right, answered by the device"

gemm BLASROUTE_TEST_QUICK=0 BLASROUTE_DEVICE_MEMORY=1M
check device "BLASROUTE_DEVICE_MEMORY=1M (tiles over M, N, K), full set: right, answered by the device"

gemm BLASROUTE_TEST_GEMM_KERNEL=direct
check device "BLASROUTE_TEST_GEMM_KERNEL=direct: right, answered by the device"

gemm BLASROUTE_TEST_GEMM_KERNEL=tiled
check device "BLASROUTE_TEST_GEMM_KERNEL=tiled: right, answered by the device"

# A loaded in row pieces, each multiplied as soon as it is packed (the engine does so on its
# own only for a large A): copied (every wrap refused, so the pieces are uploaded into parts of
# the raw A buffer) with tiles over M, N, K, then read in place with column tiles, where the
# first two tiles of each row block take the pieces together. The copied run is made twice
# on the same seed, A whole and A in pieces: the pieces must show as more GEMM launches.
seed=${BLASROUTE_TEST_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
gemm_launches() { grep -c ',gemm_tiled,' "$1" 2> /dev/null; }
pieces_run() {
    gemm BLASROUTE_TEST_GEMM_KERNEL=tiled BLASROUTE_TEST_FAULT=wrap BLASROUTE_DEVICE_MEMORY=1M \
        BLASROUTE_TEST_SEED=$seed BLASROUTE_TEST_GEMM_A_PIECES=$1 BLASROUTE_TIMELINE="$tmp/$1.csv"
}
pieces_run 1
whole=$(gemm_launches "$tmp/1.csv")
check device "A whole (BLASROUTE_TEST_GEMM_A_PIECES=1), copied, 1M pool: right, by the device"
pieces_run 5
pieces=$(gemm_launches "$tmp/5.csv")
extra=""
[ "${pieces:-0}" -gt "${whole:-0}" ] ||
    extra="${pieces:-no} GEMM launches in pieces, not more than the ${whole:-no} with A whole; "
check device "A in 5 row pieces, copied into parts of the raw buffer, 1M pool: right, by the device, ${pieces:-no} GEMM launches against ${whole:-no} with A whole" "$extra"
# Grouped, a call of 4 tiles makes 3 + 3 + 1 + 1 launches of the tiled kernel; one tile at a
# time, at most 3 + 1 + 1 + 1.
gemm BLASROUTE_TEST_GEMM_KERNEL=tiled BLASROUTE_TEST_GEMM_A_PIECES=3 BLASROUTE_TEST_GEMM_TILES=4 \
    BLASROUTE_TIMELINE="$tmp/grouped.csv"
most=$(awk -F, '$6 == "gemm_tiled" { n[$1]++ } END { m = 0; for (c in n) if (n[c] > m) m = n[c]; print m }' \
    "$tmp/grouped.csv" 2> /dev/null)
extra=""
[ "${most:-0}" -ge 8 ] || extra="at most ${most:-no} tiled launches in a call: no group of two tiles formed; "
check device "A in 3 row pieces, 4 column tiles (the first two take the pieces together), read in place: right, by the device, up to ${most:-no} launches a call" "$extra"

# --- injected faults: the CPU answers, right, and the device is suspended --------------------
# The program cache is off so that the build really happens (a cached binary could skip the
# build fault).
for fault in no-platform context build; do
    gemm BLASROUTE_CACHE=0 BLASROUTE_TEST_FAULT=$fault
    check nodevice "BLASROUTE_TEST_FAULT=$fault: right, answered by the CPU"
done
for fault in alloc enqueue; do
    gemm BLASROUTE_CACHE=0 BLASROUTE_TEST_FAULT=$fault
    check nodevice "BLASROUTE_TEST_FAULT=$fault: right, answered by the CPU"
done
# enqueue-late needs calls of several tiles: the small pool makes them (with the default pool a
# whole 520 x 530 x 260 product may well be one tile). The quick set starts with small calls,
# which are one tile and must be answered by the device; then each precision has calls of
# several tiles, where the fault strikes. (Line 2 shows that without the fault the device
# answers all of them at this pool size.)
gemm BLASROUTE_CACHE=0 BLASROUTE_TEST_FAULT=enqueue-late BLASROUTE_DEVICE_MEMORY=1M
check late "BLASROUTE_TEST_FAULT=enqueue-late with a 1M pool: right, calls in progress finished by the CPU"

# --- devices that do not exist: no device, no endless retries (no message required) ----------
QUIET=1
gemm BLASROUTE_DEVICE=no-such-device-name
check nodevice "BLASROUTE_DEVICE=no-such-device-name: right, answered by the CPU"
gemm BLASROUTE_DEVICE=9:9
check nodevice "BLASROUTE_DEVICE=9:9: right, answered by the CPU"
QUIET=0

# --- program cache ----------------------------------------------------------------------------
cache="$tmp/cache"   # does not exist yet: the engine must create it
gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR="$cache"
extra=""
if [ ! -d "$cache" ]; then
    extra="$cache was not created; "
else
    mode=$(stat -c %a "$cache")
    [ "$mode" = 700 ] || extra="$cache has mode $mode, wanted 700; "
    [ -n "$(find "$cache" -type f | head -n 1)" ] || extra="${extra}no file in $cache; "
fi
check device "fresh cache directory: right, by the device, directory made with mode 0700, files in it" "$extra"

# Second run: same device, same kernels, so it must load what the first stored, rewriting and
# adding nothing.
find "$cache" -type f | sort > "$tmp/files.before"
touch "$tmp/marker"
sleep 1 # coarse file time stamps: anything written now is newer than the marker
gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR="$cache"
find "$cache" -type f | sort > "$tmp/files.after"
extra=""
cmp -s "$tmp/files.before" "$tmp/files.after" || extra="the second run added or removed cache files; "
newer=$(find "$cache" -type f -newer "$tmp/marker" | head -n 3 | tr '\n' ' ')
[ -z "$newer" ] || extra="${extra}the second run rewrote ${newer% }; "
check device "cache reused: right, by the device, no cache file written again" "$extra"

# Every cached file overwritten with garbage of the same size, then every one truncated: the
# engine must notice (or the OpenCL runtime refuse the binary), build again, and still be right.
find "$cache" -type f | while IFS= read -r f; do
    head -c "$(stat -c %s "$f")" /dev/urandom > "$tmp/garbage" && cat "$tmp/garbage" > "$f"
done
gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR="$cache"
check device "cache files overwritten with garbage: right, by the device"

find "$cache" -type f | while IFS= read -r f; do
    truncate -s $(( $(stat -c %s "$f") / 2 )) "$f"
done
gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR="$cache"
check device "cache files truncated to half: right, by the device"

find "$cache" -type f | while IFS= read -r f; do : > "$f"; done
gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR="$cache"
check device "cache files emptied: right, by the device"

gemm BLASROUTE_CACHE=1 BLASROUTE_CACHE_DIR=/proc/blasroute-nope
check device "cache directory that cannot be made (/proc/blasroute-nope): right, by the device"

# --- kernels read from a directory (BLASROUTE_KERNEL_DIR) ----------------------------------------
# The source tree's kernels/ must give the same programs as the embedded copies; a directory
# without them must cost only the device, with a warning naming the variable.
gemm BLASROUTE_CACHE=0 BLASROUTE_KERNEL_DIR="$top_srcdir/kernels"
check device "BLASROUTE_KERNEL_DIR=kernels/ of the source tree: right, by the device"
gemm BLASROUTE_CACHE=0 BLASROUTE_KERNEL_DIR="$tmp/no-kernels-here"
extra=""
grep -q 'BLASROUTE_KERNEL_DIR' "$err" || extra="no warning naming BLASROUTE_KERNEL_DIR; "
check nodevice "BLASROUTE_KERNEL_DIR without the kernels: right, answered by the CPU, with a warning" "$extra"

# --- cpu mode ----------------------------------------------------------------------------------
gemm BLASROUTE_MODE=cpu
check cpu "BLASROUTE_MODE=cpu: right, no device used, no device message"
