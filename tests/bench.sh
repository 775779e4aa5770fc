#!/bin/sh
# blasroute-bench on the CPU OpenCL device (PoCL): the tool users compare us with, so its own
# checks must hold and its columns must mean what they say.
#  - every routine and precision at two small shapes (one odd-sized): exit 0, one row per
#    problem the routine has, every row's e2e result checked and 'ok', a rate in every
#    blasroute column;
#  - --builtin-params --modes cpu,device,auto --csv: the br_builtin_kernel_gflops column and
#    one e2e column per mode (no br_e2e_gflops) are there, every row has as many fields as the
#    header, a rate in each of those columns, and every mode's result checked and right;
#  - a device that does not exist: blasroute answers on the CPU, the device columns are '-',
#    results still checked and right;
#  - sizes that give a routine the same problem (symm takes 40x40x8 as 40 x 40, the same as
#    40; syrk takes n and k) are timed once: one row per distinct problem of each routine;
#  - --rounds 3 --repeat 1 --modes cpu,auto: the two columns timed in turn, three times each,
#    and auto/best, auto's rate against cpu mode's round by round (their median)
#    (the trace's calls alternate between cpu mode and auto mode in six stretches), the header
#    says so, results right; --rounds 0 exits 2; with device mode too, on an 8 x 8 call
#    (device mode far slower on PoCL), the device column is timed in the first round only;
#  - an invalid option exits 2 with nothing on stdout;
#  - --plot FILE.png: a PNG drawn by gnuplot, its data file with one row per problem, each with
#    the predicted CPU and device rates, and a crossover marked in the script; without gnuplot
#    on the PATH, exit 1 and a message naming gnuplot-nox, the data file still written;
#  - --replot FILE.png: that data drawn again, the data and script the same as the run wrote;
#    a damaged data file: exit 1, a message naming it, nothing drawn;
#  - NVBLAS's column (nvb-e2e): with a stand-in (the reference BLAS, whose Fortran names NVBLAS
#    shares) a rate and a right result in every row, the configuration file the bench wrote
#    for it removed at the end; where none can be loaded, '-' and the header says why. (Every
#    other run is kept from a real NVBLAS a machine may have: BLASROUTE_BENCH_NVBLAS names none.)
# Environment (from Makefile.am): top_srcdir, top_builddir, BLASROUTE_REFERENCE_BLAS.
. "$top_srcdir/tests/tap.sh"

bench="$top_builddir/blasroute-bench"
[ -x "$bench" ] || skip_all "$bench is not built"
require_reference_and_pocl

plan 14
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
clean_env="env $clear_knobs -u BLASROUTE_PROFILE -u BLASROUTE_MODE"
# The bench checks every result against the CPU BLAS's: the reference here, so that a check
# fails for blasroute's errors, not for those of OpenBLAS's kernels for this CPU.
export BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS"
export BLASROUTE_BENCH_NVBLAS=/nonexistent/libnvblas.so.13
unset NVBLAS_CONFIG_FILE

# Rows of a table: lines that start with a routine name.
rows() { grep -E '^[sdcz](gemm|symm|hemm|syrk|herk|syr2k|her2k|trmm|trsm)[ ,]' "$1"; }

$clean_env BLASROUTE_DEVICE=cpu timeout 600 "$bench" --routine all --precision s,d,c,z \
    --sizes 48,67x45x33 --repeat 1 --no-clblast > "$tmp/all" 2> "$tmp/all.err"
status=$?
# 9 routines, hemm/herk/her2k complex only: 6*4 + 3*2 = 30 routine-precision pairs, 2 shapes.
count=$(rows "$tmp/all" | wc -l)
not_ok=$(rows "$tmp/all" | awk '$NF != "ok"' | wc -l)
# Columns: routine opts m n k cpu br-res br-kern br-e2e clb-res clb-e2e check.
no_rate=$(rows "$tmp/all" | awk '!($6 > 0 && $7 > 0 && $8 > 0 && $9 > 0)' | wc -l)
[ $status -eq 0 ] && [ "$count" -eq 60 ] && [ "$not_ok" -eq 0 ] && [ "$no_rate" -eq 0 ]
ok $? "every routine and precision: exit $status, $count rows (want 60), $not_ok not ok, $no_rate without a rate"
diag_file "$tmp/all"; diag_file "$tmp/all.err"

$clean_env BLASROUTE_DEVICE=cpu timeout 300 "$bench" --precision s,d --sizes 64,33x65x17 \
    --repeat 1 --no-clblast --builtin-params --modes cpu,device,auto --csv > "$tmp/csv" 2> "$tmp/csv.err"
status=$?
header=$(grep '^routine,' "$tmp/csv")
fields=$(echo "$header" | awk -F, '{print NF}')
# The field numbers of the wanted columns, space-separated (empty where one is missing).
columns=""
for name in br_builtin_kernel_gflops br_cpu_mode_gflops br_device_mode_gflops br_auto_mode_gflops; do
    columns="$columns $(echo "$header" | awk -F, -v n=$name '{for (i = 1; i <= NF; i++) if ($i == n) print i}')"
done
bad=$(rows "$tmp/csv" | awk -F, -v f="$fields" -v c="$columns" \
    'BEGIN { n = split(c, col, " ") } { good = NF == f && n == 4 && $NF == "ok"
       for (i = 1; i <= n; i++) good = good && $(col[i]) > 0
       if (!good) print }' | wc -l)
[ $status -eq 0 ] && [ "$(rows "$tmp/csv" | wc -l)" -eq 4 ] && [ "$bad" -eq 0 ] &&
    ! echo "$header" | grep -q 'br_e2e_gflops\|auto_paired_ratio'
ok $? "--builtin-params --modes cpu,device,auto --csv: exit $status, columns at$columns, $bad bad rows"
diag_file "$tmp/csv"; diag_file "$tmp/csv.err"

$clean_env BLASROUTE_DEVICE=no-such-device timeout 300 "$bench" --routine gemm,trsm \
    --precision d --sizes 40 --repeat 1 --no-clblast > "$tmp/none" 2> "$tmp/none.err"
status=$?
bad=$(rows "$tmp/none" | awk '!($6 > 0 && $7 == "-" && $8 == "-" && $9 > 0 && $NF == "ok")' | wc -l)
[ $status -eq 0 ] && [ "$(rows "$tmp/none" | wc -l)" -eq 2 ] && [ "$bad" -eq 0 ] &&
    grep -q '^# device: none' "$tmp/none"
ok $? "no device: exit $status, device columns '-', results right ($bad bad rows)"
diag_file "$tmp/none"; diag_file "$tmp/none.err"

# gemm takes all three sizes (3 rows), symm m and n (40x40 twice: 2 rows), syrk n and k (3),
# trsm m and n (2): 10 rows, each problem once.
$clean_env BLASROUTE_DEVICE=no-such-device timeout 300 "$bench" --routine gemm,symm,syrk,trsm \
    --precision d --sizes 40,40x40x8,40x8x40 --repeat 1 --no-clblast > "$tmp/dup" 2> "$tmp/dup.err"
status=$?
shapes=$(rows "$tmp/dup" | awk '{print $1, $3, $4, $5}' | tr '\n' ';')
want="dgemm 40 40 40;dgemm 40 40 8;dgemm 40 8 40;dsymm 40 40 -;dsymm 40 8 -;dsyrk - 40 40;dsyrk - 40 8;dsyrk - 8 40;dtrsm 40 40 -;dtrsm 40 8 -;"
[ $status -eq 0 ] && [ "$shapes" = "$want" ]
ok $? "each problem once: exit $status, rows $shapes"
diag_file "$tmp/dup.err"

$clean_env BLASROUTE_DEVICE=no-such-device BLASROUTE_TRACE="$tmp/rounds.csv" timeout 300 \
    "$bench" --routine gemm --precision d --sizes 40 --repeat 1 --rounds 3 --modes cpu,auto \
    --no-clblast > "$tmp/rounds" 2> "$tmp/rounds.err"
status=$?
# The stretches of consecutive calls made in cpu mode (reason "mode cpu") and in auto mode.
stretches=$(awk -F, 'NR > 1 { mode = $11 == "mode cpu" ? "cpu" : "auto"
    if (mode != last) printf "%s ", mode; last = mode }' "$tmp/rounds.csv")
"$bench" --rounds 0 > /dev/null 2>&1
bad=$?
# With two rounds or more, auto mode's rate against the better of the others' in each round,
# their median (auto/best): a ratio, after the rates, as the header says.
paired=$(rows "$tmp/rounds" | awk '$NF == "ok" { print $(NF - 1) }')
[ $status -eq 0 ] && [ "$stretches" = "cpu auto cpu auto cpu auto " ] && [ $bad -eq 2 ] &&
    [ "$(rows "$tmp/rounds" | awk '$NF == "ok"' | wc -l)" -eq 1 ] && grep -q '^# .*3 rounds' "$tmp/rounds" &&
    grep -q '^routine .* auto/best  *check$' "$tmp/rounds" &&
    grep -q '^# auto/best: ' "$tmp/rounds" && awk -v r="$paired" 'BEGIN { exit !(r > 0) }'
ok $? "--rounds 3: exit $status, the columns in turn ($stretches), auto/best $paired, --rounds 0 exit $bad"
diag_file "$tmp/rounds"; diag_file "$tmp/rounds.err"

# An 8 x 8 dgemm in device mode on PoCL takes tens of microseconds, on the CPU well under one:
# after the first round device mode is out of the race and only cpu and auto are timed again.
$clean_env BLASROUTE_DEVICE=cpu BLASROUTE_TRACE="$tmp/race.csv" timeout 300 \
    "$bench" --routine gemm --precision d --sizes 8 --repeat 1 --rounds 3 \
    --modes cpu,device,auto --no-clblast > "$tmp/race" 2> "$tmp/race.err"
status=$?
stretches=$(awk -F, 'NR > 1 { mode = $11 == "mode cpu" ? "cpu" : $11 == "mode device" ? "device" : "auto"
    if (mode != last) printf "%s ", mode; last = mode }' "$tmp/race.csv")
[ $status -eq 0 ] && [ "$stretches" = "cpu device auto cpu auto cpu auto " ] &&
    [ "$(rows "$tmp/race" | awk '$NF == "ok"' | wc -l)" -eq 1 ] &&
    grep -q '^# .*4 times slower than another column is not timed again' "$tmp/race"
ok $? "--rounds 3: device mode 4 times slower than cpu mode after the first round is not timed again (exit $status; $stretches)"
diag_file "$tmp/race"; diag_file "$tmp/race.err"

# --plot: sizes where PoCL's device path overtakes the CPU BLAS's somewhere or not at all; what
# is checked is the drawing, the data and the marks, not where the crossover falls.
plot() {
    $clean_env BLASROUTE_DEVICE=cpu timeout 300 env PATH="$1" "$bench" --routine gemm,syrk \
        --precision d --sizes 32,64,128,256 --repeat 1 --no-clblast --modes cpu,device,auto \
        --plot "$tmp/plot.png" > "$tmp/plot.out" 2> "$tmp/plot.err"
}
if command -v gnuplot > /dev/null 2>&1; then
    plot "$PATH"
    status=$?
    magic=$(head -c 4 "$tmp/plot.png" 2> /dev/null | od -An -c | tr -d ' ')
    data_rows=$(grep -c '^[0-9]' "$tmp/plot.png.dat" 2> /dev/null)
    predicted=$(awk '/^[0-9]/ && $(NF - 1) > 0 && $NF > 0' "$tmp/plot.png.dat" 2> /dev/null | wc -l)
    [ $status -eq 0 ] && [ "$magic" = '211PNG' ] && [ "$(wc -c < "$tmp/plot.png")" -gt 10000 ] &&
        [ "$data_rows" -eq 8 ] && [ "$predicted" -eq 8 ] &&
        grep -q "set arrow from" "$tmp/plot.png.gnuplot" && grep -q "dgemm NN predicted device" "$tmp/plot.png.gnuplot"
    ok $? "--plot: a PNG (exit $status), $data_rows data rows (want 8), $predicted with both predictions, crossovers marked"
    diag_file "$tmp/plot.err"
else
    skip "--plot draws a PNG" "no gnuplot (Debian: gnuplot-nox)"
fi
rm -f "$tmp/plot.png" "$tmp/plot.png.dat"
plot /nonexistent
status=$?
[ $status -eq 1 ] && grep -q 'gnuplot-nox' "$tmp/plot.err" && [ -s "$tmp/plot.png.dat" ] && [ ! -e "$tmp/plot.png" ]
ok $? "--plot without gnuplot on the PATH: exit $status (want 1), the message names gnuplot-nox, the data kept"
diag_file "$tmp/plot.err"

# --replot: the kept data drawn where gnuplot is, the same data and script as the run wrote
cp "$tmp/plot.png.dat" "$tmp/kept.dat"; cp "$tmp/plot.png.gnuplot" "$tmp/kept.gnuplot"
if command -v gnuplot > /dev/null 2>&1; then
    "$bench" --replot "$tmp/plot.png" > "$tmp/replot.out" 2> "$tmp/replot.err"
    status=$?
    magic=$(head -c 4 "$tmp/plot.png" 2> /dev/null | od -An -c | tr -d ' ')
    [ $status -eq 0 ] && [ "$magic" = '211PNG' ] && [ ! -s "$tmp/replot.out" ] &&
        cmp -s "$tmp/kept.dat" "$tmp/plot.png.dat" && cmp -s "$tmp/kept.gnuplot" "$tmp/plot.png.gnuplot"
    ok $? "--replot: a PNG from the kept data (exit $status), the data and gnuplot script as the run wrote them"
    diag_file "$tmp/replot.err"
else
    skip "--replot draws a PNG" "no gnuplot (Debian: gnuplot-nox)"
fi
sed 's/^64 /64 x/' "$tmp/kept.dat" > "$tmp/broken.png.dat"
"$bench" --replot "$tmp/broken.png" > "$tmp/replot.out" 2> "$tmp/replot.err"
status=$?
[ $status -eq 1 ] && grep -q 'broken.png.dat is not a data file' "$tmp/replot.err" && [ ! -e "$tmp/broken.png" ]
ok $? "--replot of a damaged data file: exit $status (want 1), the message names it, nothing drawn"
diag_file "$tmp/replot.err"

"$bench" --repeat 0 > "$tmp/bad" 2> "$tmp/bad.err"
status=$?
[ $status -eq 2 ] && [ ! -s "$tmp/bad" ] && grep -q -- '--repeat' "$tmp/bad.err"
ok $? "an invalid option: exit $status (want 2), stdout empty, stderr names it"
diag_file "$tmp/bad.err"

mkdir "$tmp/t"
$clean_env BLASROUTE_DEVICE=cpu BLASROUTE_BENCH_NVBLAS="$BLASROUTE_REFERENCE_BLAS" TMPDIR="$tmp/t" \
    timeout 300 "$bench" --routine gemm,syrk,trsm --precision d,z --sizes 40 --repeat 1 \
    --no-clblast > "$tmp/nvb" 2> "$tmp/nvb.err"
status=$?
bad=$(rows "$tmp/nvb" | awk '!($12 > 0 && $NF == "ok")' | wc -l)
absent=$(rows "$tmp/none" | awk '$12 != "-"' | wc -l)
[ $status -eq 0 ] && [ "$(rows "$tmp/nvb" | wc -l)" -eq 6 ] && [ "$bad" -eq 0 ] &&
    grep -q "^# NVBLAS: .*libblas.so.3 (NVBLAS_CONFIG_FILE=$tmp/t/" "$tmp/nvb" &&
    [ -z "$(ls -A "$tmp/t")" ] && [ "$absent" -eq 0 ] &&
    grep -q '^# NVBLAS: not measured: /nonexistent/libnvblas.so.13 cannot be loaded' "$tmp/none"
ok $? "NVBLAS column: a stand-in timed and checked in every row ($bad bad), its configuration removed; absent: '-' and why"
diag_file "$tmp/nvb"; diag_file "$tmp/nvb.err"

# beta = 0: C is filled with NaN, which a path that reads C (BLAS says it must not) turns into a
# wrong result; every routine on the device, and the stand-in NVBLAS column (the reference).
$clean_env BLASROUTE_DEVICE=cpu BLASROUTE_BENCH_NVBLAS="$BLASROUTE_REFERENCE_BLAS" \
    timeout 300 "$bench" --routine all --precision d,z --sizes 40,37x29x53 --repeat 1 \
    --no-clblast --beta 0 > "$tmp/beta0" 2> "$tmp/beta0.err"
status=$?
bad=$(rows "$tmp/beta0" | awk '!($9 > 0 && $12 > 0 && $NF == "ok")' | wc -l)
[ $status -eq 0 ] && [ "$(rows "$tmp/beta0" | wc -l)" -eq 30 ] && [ "$bad" -eq 0 ] &&
    grep -q 'beta = 0 .*(C NaN: not to be read)' "$tmp/beta0"
ok $? "--beta 0: C filled with NaN, every routine of d and z right on the device and in the NVBLAS column (exit $status, $bad bad rows)"
diag_file "$tmp/beta0"; diag_file "$tmp/beta0.err"

# --no-cpu: the reference is only the columns checked, each a call of its own (the rank-k
# families' by GEMM, HERK's and HER2K's diagonal made real), or the whole call where a column
# needs the others (side R). Every routine, precision, side, uplo, trans and diag, beta 0.5:
# each row checked against it, so a column computed wrong makes the row wrong.
$clean_env BLASROUTE_DEVICE=cpu timeout 300 "$bench" --routine all --precision s,d,c,z \
    --sizes 37x29x53,64 --options LU,RL,UN,LT,LC,UC,LUNN,RLTU,LLCN,RUNU --trans NN,TC,CT \
    --repeat 1 --no-cpu --no-clblast > "$tmp/columns" 2> "$tmp/columns.err"
status=$?
bad=$(rows "$tmp/columns" | awk '!($9 > 0 && $NF == "ok")' | wc -l)
[ $status -eq 0 ] && [ "$(rows "$tmp/columns" | wc -l)" -eq 180 ] && [ "$bad" -eq 0 ]
ok $? "--no-cpu, the reference's checked columns alone: every routine, precision and option right (exit $status, $(rows "$tmp/columns" | wc -l) rows, $bad bad)"
diag_file "$tmp/columns"; diag_file "$tmp/columns.err"
