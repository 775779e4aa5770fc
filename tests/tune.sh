#!/bin/sh
# blasroute-tune on the CPU OpenCL device (PoCL), in a private $XDG_DATA_HOME:
#  - --quick (every precision) finishes, exits 0 and writes a device profile and a CPU profile
#    into the user's profile directory, with kernel parameters for every precision, a rate line
#    per GEMM, the link, and the tuner's version, date and device named in it;
#  - the library picks it up with no other step: blasroute-info names both files as the
#    profiles in force, and GEMM calls on the device say they use its kernel parameters and
#    give right results (tests/gemm_device against the reference);
#  - an interrupted run leaves a journal, and the next run resumes from it;
#  - an invalid option exits 2, a device that does not exist 1, and neither writes a profile.
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"

tune="$top_builddir/blasroute-tune" info="$top_builddir/blasroute-info"
[ -x "$tune" ] || skip_all "$tune is not built"
require_reference_and_pocl

plan 6
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
profiles="$tmp/xdg/blasroute/profiles"
clean_env="env $clear_knobs -u BLASROUTE_DEVICE -u BLASROUTE_PROFILE"

$clean_env XDG_DATA_HOME="$tmp/xdg" timeout 900 "$tune" --device cpu --quick > "$tmp/out" 2> "$tmp/err"
status=$?
device_profile=$(ls "$profiles"/*.profile 2>/dev/null | grep -v '/cpu.profile$' | head -n 1)
[ $status -eq 0 ] && [ -n "$device_profile" ] && [ -s "$profiles/cpu.profile" ] &&
    [ "$(grep -c '^\[params\.[sdcz]\]$' "$device_profile")" -eq 4 ] &&
    [ "$(grep -c '^[sdcz]gemm = [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]* [0-9.e+]*$' "$device_profile")" -eq 4 ] &&
    grep -q '^h2d_pinned = ' "$device_profile" &&
    grep -q '^d2h_staged_add = [0-9.e+]*$' "$device_profile" &&
    grep -q '^# Tuned by blasroute-tune [0-9.]* on 20[0-9-]* ' "$device_profile" &&
    grep -q '^# Device: ' "$device_profile" && [ ! -e "$device_profile.journal" ]
ok $? "--quick: exit $status, a device profile (4 parameter sets, 4 GEMM rate lines, link with the way down adding beta C, header) and a CPU profile"
diag_file "$tmp/out"; diag_file "$tmp/err"; [ -n "$device_profile" ] && diag_file "$device_profile"

$clean_env XDG_DATA_HOME="$tmp/xdg" BLASROUTE_DEVICE=cpu "$info" > "$tmp/info" 2>&1
grep -q "device: .*($device_profile)" "$tmp/info" && grep -q "CPU: *$profiles/cpu.profile" "$tmp/info"
ok $? "blasroute-info shows the tuned device and CPU profiles in force"; diag_file "$tmp/info"

$clean_env XDG_DATA_HOME="$tmp/xdg" BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu \
    BLASROUTE_VERBOSE=1 BLASROUTE_TEST_QUICK=1 BLASROUTE_CACHE_DIR="$tmp/cache" \
    "$top_builddir/tests/gemm_device" > "$tmp/gemm" 2> "$tmp/gemm.err"
status=$?
planned=$(sed -n 's/^1\.\.\([0-9]*\)/\1/p' "$tmp/gemm")
[ $status -eq 0 ] && [ -n "$planned" ] && [ "$(grep -c '^ok ' "$tmp/gemm")" -eq "$planned" ] &&
    [ "$(grep -c "kernel parameters from $profiles/" "$tmp/gemm.err")" -ge 4 ]
ok $? "GEMM with the tuned parameters: right results, the parameters taken from the profile"
diag_file "$tmp/gemm"; diag_file "$tmp/gemm.err"

# Interrupted (SIGTERM: a background job of a script ignores SIGINT) once its journal holds two
# candidates, then resumed.
out2="$tmp/second/dev.profile"
$clean_env "$tune" --device cpu --quick --precision s --no-cpu --output "$out2" \
    > "$tmp/out1" 2>&1 &
tuner=$!
journal_count() { n=$(grep -c '^s ' "$out2.journal" 2>/dev/null); echo "${n:-0}"; }
waited=0
while [ "$(journal_count)" -lt 2 ] && [ $waited -lt 1500 ] &&
    kill -0 $tuner 2>/dev/null; do
    sleep 0.2; waited=$((waited + 1))
done
kill -TERM $tuner 2>/dev/null; wait $tuner
journal_lines=$(journal_count)
$clean_env timeout 600 "$tune" --device cpu --quick --precision s --no-cpu --output "$out2" \
    > "$tmp/out2" 2>&1
status=$?
resumed=$(sed -n 's/.*, \([0-9]*\) from the journal).*/\1/p' "$tmp/out2")
[ "${journal_lines:-0}" -ge 1 ] && [ $status -eq 0 ] && [ "${resumed:-0}" -ge 1 ] && [ -s "$out2" ]
ok $? "interrupted with ${journal_lines:-0} journal lines, resumed with ${resumed:-0} from the journal"
diag_file "$tmp/out1"; diag_file "$tmp/out2"

$clean_env "$tune" --budget 0 --output "$tmp/bad.profile" > /dev/null 2>&1
status=$?
[ $status -eq 2 ] && [ ! -e "$tmp/bad.profile" ]
ok $? "an invalid option: exit 2 ($status), no profile"

$clean_env "$tune" --device no-such-device --quick --output "$tmp/none.profile" > /dev/null 2>&1
status=$?
[ $status -eq 1 ] && [ ! -e "$tmp/none.profile" ]
ok $? "a device that does not exist: exit 1 ($status), no profile"
