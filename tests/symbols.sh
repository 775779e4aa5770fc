#!/bin/sh
# The exported symbols of both libraries against the reference BLAS they stand in for:
# libblasroute.so against libblas.so.3 and libblasroute64.so against Debian's ILP64
# libblas64.so.3. Every symbol of the reference is defined, with the same kind (function or
# data); nothing else is exported but blasroute's own blasroute_* and, in libblasroute.so only,
# the 30 Level-3 routines under the names of OpenBLAS's ILP64 suffix and of numpy's and SciPy's
# wheels (dgemm_64_, cblas_dgemm64_, scipy_dgemm_64_, scipy_cblas_dgemm64_, scipy_dgemm_,
# scipy_cblas_dgemm): 180 names, and the blocked LAPACK routines of the routine table
# (LAPACK_BLOCKED rows: dgetrf_64_, scipy_dgetrf_64_, scipy_dgetrf_), no fewer, no more.
. "$top_srcdir/tests/tap.sh"
reference="$BLASROUTE_REFERENCE_BLAS"
if [ ! -f "$reference" ]; then echo "1..0 # SKIP reference BLAS not found at $reference"; exit 0; fi
plan 6
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
symbols() { nm -D --defined-only "$1" | awk '{ kind = ($2 == "T" || $2 == "W") ? "function" : "data"; print $3, kind }' | sort; }
symbols "$reference" > "$tmp/reference"
symbols "$BLASROUTE_LIBRARY" > "$tmp/ours"
comm -23 "$tmp/reference" "$tmp/ours" > "$tmp/missing"
ok "$( [ -s "$tmp/missing" ]; echo $((1 - $?)) )" "libblasroute.so: no symbol of the reference missing ($(wc -l < "$tmp/reference") symbols compared)"
diag_file "$tmp/missing"
[ "$(wc -l < "$tmp/reference")" -gt 300 ]; ok $? "the reference exports the full BLAS and CBLAS (over 300 symbols)"

# The named Level-3 entry points expected, from the reference's own Level-3 routines.
sed -n 's/^\([sdcz]\(gemm\|symm\|hemm\|syrk\|herk\|syr2k\|her2k\|trmm\|trsm\)\)_ function$/\1/p' \
    "$tmp/reference" > "$tmp/level3"
awk '{ print $1 "_64_ function"; print "scipy_" $1 "_64_ function"; print "scipy_" $1 "_ function";
       print "cblas_" $1 "64_ function"; print "scipy_cblas_" $1 "64_ function";
       print "scipy_cblas_" $1 " function" }' "$tmp/level3" > "$tmp/named"
sed -n 's/^LAPACK_BLOCKED(\([sdcz]\), \([a-z]*\))$/\1\2/p' "$top_srcdir/src/interface/routines.def" \
    > "$tmp/lapack"
awk '{ print $1 "_64_ function"; print "scipy_" $1 "_64_ function"; print "scipy_" $1 "_ function" }' \
    "$tmp/lapack" >> "$tmp/named"
sort -o "$tmp/named" "$tmp/named"
comm -13 "$tmp/reference" "$tmp/ours" | grep -v '^blasroute_' > "$tmp/extra"
[ "$(wc -l < "$tmp/level3")" -eq 30 ] && [ "$(wc -l < "$tmp/lapack")" -eq 16 ] &&
    cmp -s "$tmp/extra" "$tmp/named"
ok $? "libblasroute.so: besides the reference's and blasroute_* symbols, exactly the $(wc -l < "$tmp/named") scipy_ and 64_ names of the 30 Level-3 routines and the $(wc -l < "$tmp/lapack") blocked LAPACK ones"
diff "$tmp/named" "$tmp/extra" > "$tmp/diff"; diag_file "$tmp/diff"

reference64="${BLASROUTE_REFERENCE_BLAS64:-}"
if [ ! -f "$reference64" ] || [ ! -f "${BLASROUTE_LIBRARY64:-}" ]; then
    for check in "libblasroute64.so against the ILP64 reference" "libblasroute64.so exports nothing else" \
        "libblasroute64.so has the plain names of libblasroute.so"; do
        skip "$check" "ILP64 reference ('$reference64', Debian libblas64-dev) or libblasroute64.so not found"
    done
    exit 0
fi
symbols "$reference64" > "$tmp/reference64"
symbols "$BLASROUTE_LIBRARY64" > "$tmp/ours64"
comm -23 "$tmp/reference64" "$tmp/ours64" > "$tmp/missing64"
ok "$( [ -s "$tmp/missing64" ]; echo $((1 - $?)) )" "libblasroute64.so: no symbol of the ILP64 reference missing ($(wc -l < "$tmp/reference64") symbols compared)"
diag_file "$tmp/missing64"
comm -13 "$tmp/reference64" "$tmp/ours64" | grep -v '^blasroute_' > "$tmp/extra64"
ok "$( [ -s "$tmp/extra64" ]; echo $((1 - $?)) )" "libblasroute64.so: nothing else exported but blasroute_* symbols"
diag_file "$tmp/extra64"
# The same names as libblasroute.so's plain ones: one table drives both.
grep -v -e '_64_ ' -e '64_ ' -e '^scipy_' "$tmp/ours" | cmp -s - "$tmp/ours64"
ok $? "libblasroute64.so exports the plain names of libblasroute.so, no more, no fewer"
