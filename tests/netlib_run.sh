# Sourced by tests/netlib.sh, tests/netlib_device.sh and tests/netlib64.sh: one Netlib BLAS test
# program run under LD_PRELOAD=$NETLIB_PRELOAD (default $BLASROUTE_LIBRARY; tests/netlib64.sh sets
# the ILP64 library) and its verdict.
NETLIB_FAILURES='fail|suspect|fatal|not detected|\*\*\*\*\*'

# netlib_run PROGRAM INPUT SUMMARY EXPECT SECONDS: runs $dir/PROGRAM in the current directory
# (INPUT of $dir on its standard input, if given) with a time limit. Leaves stdout, stderr and
# all (stdout and the SUMMARY file it wrote), and in $why the reasons it did not pass: its exit
# status, failure lines, no EXPECT line (the line a complete run prints); empty if it passed.
netlib_run() {
    rm -f ./*.out ./*.SUMM ./*.SNAP
    preload=${NETLIB_PRELOAD:-$BLASROUTE_LIBRARY}
    # $NETLIB_ENV: VAR=VALUE words for this program only (tests/netlib64.sh: LD_DEBUG).
    if [ -n "$2" ]; then
        env LD_PRELOAD="$preload" $NETLIB_ENV timeout "$5" "$dir/$1" < "$dir/$2" > stdout 2> stderr
    else
        env LD_PRELOAD="$preload" $NETLIB_ENV timeout "$5" "$dir/$1" > stdout 2> stderr
    fi
    status=$?
    cat stdout ${3:+"$3"} > all 2>/dev/null
    problems=$(grep -ciE "$NETLIB_FAILURES|error exits.*not" all)
    why=""
    [ $status -eq 0 ] || why="exit status $status"
    [ "$problems" -eq 0 ] || why="$why; $problems failure lines"
    grep -q -- "$4" all || why="$why; no '$4' line"
    # The dynamic linker ignores a library it cannot preload: the program then passes on the
    # system BLAS alone, which must not count as blasroute passing.
    if grep -q 'cannot be preloaded' stderr; then why="$why; $preload was not preloaded"; fi
}

# netlib_diag: after a failed run, its failure lines and its stderr as TAP comments.
netlib_diag() {
    grep -iE "$NETLIB_FAILURES" all | head -n 10 | sed 's/^/# /'
    diag_file stderr
}

# require_netlib_programs [DIR PACKAGE]: dir is the Netlib test programs' directory (default
# $SYSTEM_BLAS_DIR, Debian package libblas-test); the script is skipped without them.
require_netlib_programs() {
    dir="${1:-$SYSTEM_BLAS_DIR}"
    [ -x "$dir/xblat3d" ] ||
        skip_all "Netlib test programs not found in $dir (Debian package ${2:-libblas-test})"
}
