#!/bin/sh
# The workload suite (scripts/workload, issue 20) on the development machine's PoCL: reference
# LAPACK's dgetrf and the numpy script at a small order, one run of each mode, cold and warm.
# Checked: it runs and prints its table (every mode's time, both ratios), every result right,
# and auto mode kept every one of the programs' Level-3 calls on the CPU BLAS (the device, on
# the CPU's own cores, never pays: the "on the development machine" point).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
python=/usr/bin/python3
"$python" -c 'import numpy' 2>/dev/null || skip_all "$python has no numpy (python3-numpy)"
[ -e /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 ] || skip_all "no reference LAPACK (liblapack3)"
plan 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

env $clear_knobs -u BLASROUTE_MODE -u BLASROUTE_WARMUP -u BLASROUTE_LEARN -u BLASROUTE_CACHE_DIR \
    timeout 600 "$python" "$top_srcdir/scripts/workload" --device cpu --orders 160 \
    --workloads getrf,numpy --repeats 1 --min-seconds 0 --python "$python" \
    --library "$BLASROUTE_LIBRARY" --stream "$top_builddir/lapack-stream" \
    --out "$tmp/table.txt" > "$tmp/out" 2> "$tmp/err"
status=$?
# A row: workload, order, five times, four ratios, "D of N".
rows=$(awk '$1 == "getrf" || $1 == "numpy"' "$tmp/table.txt" 2>/dev/null | awk '
    NF >= 14 && $2 == 160 { ok = 1; for (i = 3; i <= 11; i++) if ($i !~ /^[0-9.]+$/ || $i <= 0) ok = 0
                            if (ok && $13 == "of" && $14 > 0) n++ }
    END { print n + 0 }')
[ $status -eq 0 ] && [ "$rows" -eq 2 ] && ! grep -q WRONG "$tmp/table.txt"
ok $? "scripts/workload: dgetrf and numpy at 160, each mode cold and warm, a full table, every result right"
diag_file "$tmp/out"; diag_file "$tmp/err"

on_device=$(awk '$1 == "getrf" || $1 == "numpy" { print $12 }' "$tmp/table.txt" | sort -u)
[ "$on_device" = 0 ]
ok $? "auto mode kept every Level-3 call of both programs on the CPU BLAS (device calls: $(echo $on_device))"
diag_file "$tmp/table.txt"
