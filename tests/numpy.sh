#!/bin/sh
# Debian's numpy, unmodified, with blasroute in front by LD_PRELOAD: the results are right and
# blasroute answered numpy's Level-3 calls (cblas_sgemm ... cblas_zgemm, cblas_dsyrk).
. "$top_srcdir/tests/tap.sh"
python=/usr/bin/python3
if ! "$python" -c 'import numpy' 2>/dev/null; then echo "1..0 # SKIP $python has no numpy (Debian package python3-numpy)"; exit 0; fi
[ -e "${BLASROUTE_REFERENCE_BLAS:-}" ] ||
    skip_all "reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS:-}'"
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The reference as blasroute's CPU BLAS, so that what is checked is blasroute's answer and not
# OpenBLAS's kernels for this CPU (see tests/netlib.sh); a refused one would warn (check 3). For
# the same reason numpy gets the reference LAPACK where Debian has it (liblapack3, which OpenBLAS
# depends on), not OpenBLAS's own: its solve then calls the BLAS, and so blasroute.
LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_REPORT=1 OPENBLAS_NUM_THREADS=2 \
    BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
    LD_LIBRARY_PATH="${SYSTEM_BLAS_DIR%/blas}/lapack${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$python" "$top_srcdir/tests/numpy_check.py" > "$tmp/out" 2> "$tmp/err"
status=$?
ok $status "numpy results under LD_PRELOAD match results computed without BLAS ($(tail -n 1 "$tmp/out"))"
[ $status -eq 0 ] || { grep FAILED "$tmp/out" | head -n 10 | sed 's/^/# /'; diag_file "$tmp/err"; }
missing=""
for routine in sgemm dgemm cgemm zgemm dsyrk; do
    grep -q "^blasroute report: $routine," "$tmp/err" || missing="$missing $routine"
done
ok "$( [ -z "$missing" ]; echo $? )" "blasroute answered numpy's Level-3 calls${missing:+ (missing:$missing)}"
[ -z "$missing" ] || diag_file "$tmp/err"
grep -v '^blasroute report:' "$tmp/err" > "$tmp/other"
ok "$( [ -s "$tmp/other" ]; echo $((1 - $?)) )" "no warning or error on stderr"
diag_file "$tmp/other"
