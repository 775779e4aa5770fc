# Sourced by tests/netlib.sh and tests/netlib_device.sh: one Netlib BLAS test program run under
# LD_PRELOAD=$BLASROUTE_LIBRARY and its verdict.
NETLIB_FAILURES='fail|suspect|fatal|not detected|\*\*\*\*\*'

# netlib_run PROGRAM INPUT SUMMARY EXPECT SECONDS: runs $dir/PROGRAM in the current directory
# (INPUT of $dir on its standard input, if given) with a time limit. Leaves stdout, stderr and
# all (stdout and the SUMMARY file it wrote), and in $why the reasons it did not pass: its exit
# status, failure lines, no EXPECT line (the line a complete run prints); empty if it passed.
netlib_run() {
    rm -f ./*.out ./*.SUMM ./*.SNAP
    if [ -n "$2" ]; then
        LD_PRELOAD="$BLASROUTE_LIBRARY" timeout "$5" "$dir/$1" < "$dir/$2" > stdout 2> stderr
    else
        LD_PRELOAD="$BLASROUTE_LIBRARY" timeout "$5" "$dir/$1" > stdout 2> stderr
    fi
    status=$?
    cat stdout ${3:+"$3"} > all 2>/dev/null
    problems=$(grep -ciE "$NETLIB_FAILURES|error exits.*not" all)
    why=""
    [ $status -eq 0 ] || why="exit status $status"
    [ "$problems" -eq 0 ] || why="$why; $problems failure lines"
    grep -q -- "$4" all || why="$why; no '$4' line"
}

# netlib_diag: after a failed run, its failure lines and its stderr as TAP comments.
netlib_diag() {
    grep -iE "$NETLIB_FAILURES" all | head -n 10 | sed 's/^/# /'
    diag_file stderr
}

# require_netlib_programs: dir is the Netlib test programs' directory; the script is skipped
# without them.
require_netlib_programs() {
    dir="$SYSTEM_BLAS_DIR"
    [ -x "$dir/xblat3d" ] ||
        skip_all "Netlib test programs not found in $dir (Debian package libblas-test)"
}
