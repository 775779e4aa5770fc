#!/bin/sh
# The workload suite (scripts/workload, issue 20) on the development machine's PoCL: reference
# LAPACK's dgetrf and the numpy script at a small order, one run of each mode, cold and warm.
# Checked: it runs and prints its table (every mode's time, both ratios), every result right,
# and auto mode kept every one of the programs' Level-3 calls on the CPU BLAS and never opened
# the device (which, on the CPU's own cores, never pays: the issue's "on the development
# machine" point); and a warm run waits for the helper its cold run left.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
python=/usr/bin/python3
"$python" -c 'import numpy' 2>/dev/null || skip_all "$python has no numpy (python3-numpy)"
[ -e /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 ] || skip_all "no reference LAPACK (liblapack3)"
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

env $clear_knobs -u BLASROUTE_MODE -u BLASROUTE_WARMUP -u BLASROUTE_LEARN -u BLASROUTE_CACHE_DIR \
    timeout 600 "$python" "$top_srcdir/scripts/workload" --device cpu --orders 160 \
    --workloads getrf,numpy --repeats 1 --min-seconds 0 --aa --python "$python" \
    --library "$BLASROUTE_LIBRARY" --stream "$top_builddir/lapack-stream" \
    --out "$tmp/table.txt" > "$tmp/out" 2> "$tmp/err"
status=$?
# A row: workload, order, five times, four ratios, "D of N", how many of auto's cold and warm
# runs opened the device ("opened 0/1 0/1"), then the paired ratios, the ratios of the whole
# processes' times ("whole") and (--aa) cpu mode's second run against its first.
rows=$(awk '$1 == "getrf" || $1 == "numpy"' "$tmp/table.txt" 2>/dev/null | awk '
    NF >= 14 && $2 == 160 { ok = 1; for (i = 3; i <= 11; i++) if ($i !~ /^[0-9.]+$/ || $i <= 0) ok = 0
                            if ($(NF - 1) != "A/A" || $NF !~ /^[0-9.]+$/ || $NF <= 0) ok = 0
                            if ($(NF - 4) != "whole" || $(NF - 3) !~ /^[0-9.]+$/ ||
                                $(NF - 2) !~ /^[0-9.]+$/ || $(NF - 3) <= 0 || $(NF - 2) <= 0) ok = 0
                            if ($15 != "opened" || $16 !~ /^[0-9]+\/1$/ || $17 !~ /^[0-9]+\/1$/) ok = 0
                            if (ok && $13 == "of" && $14 > 0) n++ }
    END { print n + 0 }')
[ $status -eq 0 ] && [ "$rows" -eq 2 ] && ! grep -q WRONG "$tmp/table.txt"
ok $? "scripts/workload: dgetrf and numpy at 160, each mode cold and warm and cpu mode again (--aa), a full table (the whole processes' ratios too), every result right"
diag_file "$tmp/out"; diag_file "$tmp/err"

on_device=$(awk '$1 == "getrf" || $1 == "numpy" { print $12, $16, $17 }' "$tmp/table.txt" | sort -u)
[ "$on_device" = "0 0/1 0/1" ]
ok $? "auto mode kept every Level-3 call of both programs on the CPU BLAS and never opened the device (device calls, runs opened cold and warm: $(echo $on_device))"
diag_file "$tmp/table.txt"

# The warm run waits for the cold run's helper (scripts/workload's wait_for_helper): a stamp
# without "done = " while a process named blasroute-prepare lives (here a copy of sleep); the
# stamp is marked done after 1.5 s. It must wait about that long, not return at once, not
# wait out its limit; with the stamp pending and no helper of its cache directory alive, it
# returns at once.
mkdir -p "$tmp/cache"
echo "started = $(date +%s)" > "$tmp/cache/prepared-0123456789abcdef.stamp"
cp "$(command -v sleep)" "$tmp/blasroute-prepare"
BLASROUTE_CACHE_DIR="$tmp/cache" "$tmp/blasroute-prepare" 1.5 &
helper=$!
( sleep 1.5; echo "done = $(date +%s)" >> "$tmp/cache/prepared-0123456789abcdef.stamp" ) &
waits=$("$python" - "$top_srcdir/scripts/workload" "$tmp/cache" <<'PY'
import importlib.machinery, os, sys, time
workload = importlib.machinery.SourceFileLoader("workload", sys.argv[1]).load_module()
first = workload.wait_for_helper(sys.argv[2], 20)
stamp = os.path.join(sys.argv[2], "prepared-0123456789abcdef.stamp")
open(stamp, "w").write("started = %d\n" % time.time())  # pending again, no helper alive
second = workload.wait_for_helper(sys.argv[2], 20)
print("%.2f %.2f" % (first, second))
PY
)
wait $helper
echo "$waits" | awk '{ exit !($1 >= 1.2 && $1 < 10 && $2 < 1) }'
ok $? "a warm run waits for the cold run's helper until its stamp says done (waited $(echo $waits | cut -d' ' -f1) s for 1.5 s), not for a helper no longer alive ($(echo $waits | cut -d' ' -f2) s)"
