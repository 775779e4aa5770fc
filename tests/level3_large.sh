#!/bin/sh
# Level-3 routines at sizes spanning many device blocks and tiles (tests/level3_large): TRSM's
# accuracy against the reference's on well- and moderately-conditioned triangles, the others
# against the reference with NaN-poisoned memory, answered by the OpenCL engine (PoCL). Run
# twice: with padded leading dimensions, and with tight ones (most programs' arrays), where
# the blocks a call moves are contiguous and the staged transfers move them as runs of bytes
# rather than column by column (engine/transfer.c), the caller's arrays not read in place
# (BLASROUTE_TEST_FAULT=wrap, as on a GPU). TAP from both runs, numbered as one.
on_device="$top_srcdir/tests/on_device.sh"
padded=$(sh "$on_device" level3_large) || exit 1
# Skipped (no reference BLAS): its plan says why.
if printf '%s\n' "$padded" | grep -q '^1\.\.0'; then printf '%s\n' "$padded"; exit 0; fi
tight=$(BLASROUTE_TEST_TIGHT_LD=1 BLASROUTE_TEST_FAULT=wrap sh "$on_device" level3_large) || exit 1
count=$(printf '%s\n' "$padded" | grep -c '^\(not \)\?ok ')
total=$((count + $(printf '%s\n' "$tight" | grep -c '^\(not \)\?ok ')))
echo "1..$total"
printf '%s\n' "$padded" | grep -v '^1\.\.'
printf '%s\n' "$tight" | grep -v '^1\.\.' |
    awk -v base="$count" '/^(not )?ok [0-9]+/ {
        n = ($0 ~ /^not/ ? $3 : $2) + base; sub(/ok [0-9]+/, "ok " n " (tight)") } { print }'
