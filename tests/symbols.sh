#!/bin/sh
# Every dynamic symbol the reference BLAS defines is defined by blasroute too, with the same kind
# (function or data).
. "$top_srcdir/tests/tap.sh"
reference="$BLASROUTE_REFERENCE_BLAS"
if [ ! -f "$reference" ]; then echo "1..0 # SKIP reference BLAS not found at $reference"; exit 0; fi
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
symbols() { nm -D --defined-only "$1" | awk '{ kind = ($2 == "T" || $2 == "W") ? "function" : "data"; print $3, kind }' | sort; }
symbols "$reference" > "$tmp/reference"
symbols "$BLASROUTE_LIBRARY" > "$tmp/ours"
comm -23 "$tmp/reference" "$tmp/ours" > "$tmp/missing"
ok "$( [ -s "$tmp/missing" ]; echo $((1 - $?)) )" "no symbol of the reference missing ($(wc -l < "$tmp/reference") symbols compared)"
diag_file "$tmp/missing"
[ "$(wc -l < "$tmp/reference")" -gt 300 ]; ok $? "the reference exports the full BLAS and CBLAS (over 300 symbols)"
# Besides the reference's symbols we export only our own, named blasroute_*.
comm -13 "$tmp/reference" "$tmp/ours" | grep -v '^blasroute_' > "$tmp/extra"
ok "$( [ -s "$tmp/extra" ]; echo $((1 - $?)) )" "nothing else exported but blasroute_* symbols"
diag_file "$tmp/extra"
