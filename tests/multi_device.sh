#!/bin/sh
# Several devices at once on PoCL, which shows two CPU devices of one platform with
# POCL_DEVICES="pthread pthread": BLASROUTE_DEVICE=cpu:all opens an engine on each, and a call
# spread over them runs a part on each device at once. Against the reference with NaN-poisoned
# memory and guard bands (the test programs check every element and every byte around the
# output). Runs:
#  - every routine, precision, option and interface, sizes {0, 1, 3, 16, 33} (one row, fewer
#    rows than parts), every call spread (BLASROUTE_TEST_SPREAD=1): every routine's report line
#    shows `spread` calls, none `fallback` (a call too small to cut, such as a single row, runs
#    on one device);
#  - sizes spanning many device blocks (tests/level3_large), spread, every routine;
#  - hybrid mode with both devices and the CPU BLAS (BLASROUTE_SPLIT=0.6); the trace's devices
#    field says 2 on most hybrid lines, 1 on the others (calls too small for both);
#  - 8 threads making spread calls at once (tests/gemm_threads);
#  - every kernel launch failing (enqueue): the devices' parts finished on the CPU, `fallback`;
#  - without BLASROUTE_TEST_SPREAD, calls stay on one device: the cost model never spreads over
#    two devices on the host's own cores;
#  - the device list: 0:0,0:1 opens two devices, a repeated device counts once, an item that
#    matches nothing gives one warning naming it and the others still serve;
#  - tuned parameters the devices cannot take: one warning for the two devices of one model.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"

require_reference_and_pocl

# info DEVICE: blasroute-info's list of devices for that BLASROUTE_DEVICE, in $tmp/info; the
# number listed in $listed.
info() {
    env $clear_knobs -u BLASROUTE_MODE POCL_DEVICES="pthread pthread" \
        BLASROUTE_DEVICE="$1" "$top_builddir/blasroute-info" > "$tmp/info" 2> "$tmp/info.err"
    listed=$(grep -c '^  [0-9]\. [0-9]*:[0-9]* ' "$tmp/info")
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
info cpu:all
[ "$listed" -ge 2 ] || skip_all "PoCL shows fewer than two devices with POCL_DEVICES=\"pthread pthread\""

plan 9
out="$tmp/stdout" err="$tmp/stderr"

# two PROGRAM VAR=VALUE...: runs a test program on both PoCL devices in device mode, every call
# spread.
two() {
    program=$1; shift
    run_program "$program" POCL_DEVICES="pthread pthread" BLASROUTE_DEVICE=cpu:all \
        BLASROUTE_MODE=device BLASROUTE_TEST_SPREAD=1 "$@"
}

# unspread: the routines whose report line has no `spread` calls, space-separated.
unspread() {
    sed -n 's/^blasroute report: \([a-z0-9]*\), [0-9]*, \([^,]*\),.*/\1 \2/p' "$err" |
        grep -v ' .*spread' | cut -d' ' -f1 | tr '\n' ' '
}

two level3_vs_reference BLASROUTE_TEST_QUICK=1
paths=$(report_paths | tr '\n' ' ') missing=$(unspread)
all_ok && [ -z "$missing" ] && ! echo "$paths" | grep -q fallback
ok $? "every routine spread over two devices (quick set): right results (paths: $paths${missing:+; never spread: $missing})"
diag_file "$out"; diag_file "$err"

two level3_large
missing=$(unspread)
all_ok && [ -z "$missing" ]
ok $? "large sizes spread over two devices: right results${missing:+ (never spread: $missing)}"
diag_file "$out"

two level3_vs_reference BLASROUTE_TEST_QUICK=1 BLASROUTE_MODE=hybrid BLASROUTE_SPLIT=0.6 \
    BLASROUTE_TRACE="$tmp/trace.csv"
# Fields: 10 where, 18 devices: a hybrid line ran on 1 device (a call too small to give both
# a part) or 2, and most on 2.
two_devices=$(awk -F, 'NR > 1 && $10 == "hybrid" && $18 == 2' "$tmp/trace.csv" | wc -l)
one_device=$(awk -F, 'NR > 1 && $10 == "hybrid" && $18 == 1' "$tmp/trace.csv" | wc -l)
bad=$(awk -F, 'NR > 1 && $10 == "hybrid" && $18 != 1 && $18 != 2' "$tmp/trace.csv" | wc -l)
all_ok && report_paths | grep -qx hybrid && ! report_paths | grep -qx fallback &&
    head -n 1 "$tmp/trace.csv" | grep -q ',bytes_moved,devices,memory_retries,taught,taught_s,disturbed,cpu_threads_share,beside_warmup$' &&
    [ "$two_devices" -gt "$one_device" ] && [ "$bad" -eq 0 ]
ok $? "hybrid over two devices and the CPU BLAS: right results; hybrid trace lines on 2 devices: $two_devices, on 1: $one_device"
diag_file "$out"; diag_file "$err"

two gemm_threads
all_ok && report_paths | grep -qx spread
ok $? "8 threads of spread GEMM calls at once: right results"; diag_file "$out"

two gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_FAULT=enqueue
all_ok && report_paths | grep -qx fallback
ok $? "every launch failing on both devices: right results, the parts finished on the CPU"
diag_file "$out"; diag_file "$err"

two gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_TEST_SPREAD=0
paths=$(report_paths | grep -vx scaled | tr '\n' ' ')
all_ok && [ "$paths" = "device " ]
ok $? "without the hook, calls run on one device: two CPU OpenCL devices share the same cores (paths: $paths)"
diag_file "$err"

# PoCL's platform is the first here unless another ICD comes first: then 0:0 is not PoCL's.
pocl=$(sed -n 's/^  1\. \([0-9]*\):[0-9]* .*Portable Computing Language.*/\1/p' "$tmp/info")
info "$pocl:0, $pocl:0,cpu"; repeated=$listed
info "$pocl:0,$pocl:1"; by_index=$listed
[ "$by_index" -eq 2 ] && [ "$repeated" -eq 1 ] &&
    grep -q '2 of them are CPU OpenCL devices on the host.s own cores: calls are not spread' "$tmp/info"
ok $? "the device list: $pocl:0,$pocl:1 gives $by_index devices, a device named three times $repeated; info says they are not spread over"
diag_file "$tmp/info"

two gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_DEVICE=cpu:all,no-such-device
all_ok && [ "$(grep -c "no OpenCL device matches 'no-such-device'" "$err")" -eq 1 ] &&
    report_paths | grep -qx spread
ok $? "an item that matches nothing: one warning naming it, the other devices serve"
diag_file "$err"

# Parameters the devices cannot take (no cl_nv_compiler_options on PoCL): both devices fall back
# to the built-in ones, and the warning, the same for both, is given once.
{ cat "$top_srcdir/profiles/pocl-cpu.profile"; printf '\n[params.d]\nmax_registers = 128\n'; } \
    > "$tmp/cap.profile"
two gemm_device BLASROUTE_TEST_QUICK=1 BLASROUTE_PROFILE="$tmp/cap.profile"
warnings=$(grep -c "params.d. kernel parameters are not valid on .*; using the built-in ones" "$err")
all_ok && [ "$warnings" -eq 1 ]
ok $? "invalid tuned parameters on two devices of one model: right results, $warnings warning (want 1)"
diag_file "$err"
