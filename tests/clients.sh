#!/bin/sh
# Real clients under blasroute (issue 23): Debian's R (r-base-core), Octave (octave-cli) and
# SciPy (python3-scipy) run their scripts in tests/clients/ (products, solves, Cholesky, LU,
# QR, eigh on fresh random data of order 300), each three ways beside a run without blasroute:
#  - LD_PRELOAD in auto mode (PoCL: every call stays on the CPU BLAS);
#  - LD_PRELOAD in device mode (every call that has a device path on PoCL);
#  - blasroute as the libblas.so.3 found first on the library path (a directory with that link,
#    as `make install` makes under $(libdir)/blasroute), in auto mode.
# Each run passes when its sums of products agree with the run without blasroute (relative
# 1e-8), its residuals are small (1e-10), and blasroute's report (BLASROUTE_REPORT) says it
# answered the product calls (on the device, in device mode). A client that is not installed is
# skipped (scripts/setup installs them).
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
plan 9
mkdir "$tmp/lib"
ln -s "$BLASROUTE_LIBRARY" "$tmp/lib/libblas.so.3"
export N=300 SEED=$$

# agree BASELINE RUN: sums within 1e-8 of the baseline's, residuals below 1e-10, every
# line of the baseline there.
agree() {
    awk 'NR == FNR { base[$1] = $2; next }
         { seen[$1] = 1
           if ($1 ~ /^sum/) { d = $2 - base[$1]; if (d < 0) d = -d; s = base[$1]; if (s < 0) s = -s
                              if (d > 1e-8 * (s + 1)) { print "off: " $0 " (without: " base[$1] ")"; bad = 1 } }
           else if ($1 ~ /^residual/ && !($2 < 1e-10)) { print "large: " $0; bad = 1 } }
         END { for (k in base) if (!(k in seen)) { print "missing: " k; bad = 1 }
               exit bad }' "$1" "$2"
}

# client NAME ROUTINE COMMAND...: the three checks for one client; ROUTINE is a product it
# calls that the report must show. $path_extra: what else the client needs to find
# libblas.so.3 on the library path.
client() {
    name=$1 routine=$2; shift 2
    if ! command -v "$1" > /dev/null 2>&1; then
        for way in "auto mode" "device mode" "as libblas.so.3"; do
            skip "$name $way" "$1 is not installed"
        done
        return
    fi
    env $clear_knobs -u LD_PRELOAD "$@" > "$tmp/base" 2> "$tmp/base.err"
    for way in auto device path; do
        case $way in
        auto) what="LD_PRELOAD, auto mode"
            with="LD_PRELOAD=$BLASROUTE_LIBRARY BLASROUTE_MODE=auto" ;;
        device) what="LD_PRELOAD, device mode"
            with="LD_PRELOAD=$BLASROUTE_LIBRARY BLASROUTE_MODE=device" ;;
        path) what="as the libblas.so.3 on the library path"
            with="LD_LIBRARY_PATH=$tmp/lib BLASROUTE_MODE=auto $path_extra" ;;
        esac
        env $clear_knobs -u LD_PRELOAD BLASROUTE_DEVICE=cpu BLASROUTE_REPORT=1 \
            BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" $with "$@" > "$tmp/run" 2> "$tmp/run.err"
        status=$?
        line=$(grep "^blasroute report: $routine," "$tmp/run.err" | head -n 1)
        where=ok
        [ -n "$line" ] || where="no $routine in blasroute's report"
        [ $way = device ] && ! echo "$line" | grep -q ', device [0-9]*,' && where="$routine not on the device ($line)"
        agree "$tmp/base" "$tmp/run" > "$tmp/agree" 2>&1
        agreed=$?
        [ $status -eq 0 ] && [ $agreed -eq 0 ] && [ "$where" = ok ]
        ok $? "$name, $what: results as without blasroute, $routine answered by blasroute (${line#blasroute report: })${where#ok}"
        diag_file "$tmp/agree"; diag_file "$tmp/run.err"
    done
}

# R puts its own directories, /usr/lib/x86_64-linux-gnu among them, before LD_LIBRARY_PATH
# (/etc/R/ldpaths): its R_LD_LIBRARY_PATH is where a libblas.so.3 goes first.
r_home=$(R RHOME 2> /dev/null || echo /usr/lib/R)
path_extra="R_LD_LIBRARY_PATH=$tmp/lib:$r_home/lib:/usr/lib/x86_64-linux-gnu"
client R dgemm Rscript "$top_srcdir/tests/clients/check.R"
path_extra=
client Octave dgemm octave-cli --norc -q "$top_srcdir/tests/clients/check.m"
client SciPy dgemm /usr/bin/python3 "$top_srcdir/tests/clients/check_scipy.py"
