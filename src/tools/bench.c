/* blasroute-bench: the Level-3 rates a program can get on this machine, side by side in one
 * run: the CPU BLAS, blasroute's device work with the data resident, blasroute's own Fortran
 * entry point from host arrays (what an unmodified program gets), and CLBlast on the same
 * device, resident and from host arrays. Every column runs the same problem in the same process,
 * so the numbers are for comparing columns (ratios), not claims about the hardware.
 *
 * Every result a program would see (the end-to-end columns) is checked (bench_check.c), so that
 * a fast wrong answer is never reported silently. The routines themselves are described in
 * bench_routines.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "blasroute.h" /* blasroute_device_info, blasroute_bench_resident */
#include "bench_check.h"
#include "bench_clblast.h"
#include "bench_nvblas.h"
#include "bench_common.h"
#include "bench_options.h"
#include "bench_plot.h"
#include "bench_routines.h"
#include "median.h"

/* BR_BUILTIN (--builtin-params only): br-kern with the built-in kernel parameters.
 * BR_E2E_IN + mode (--modes only, in place of BR_E2E): br-e2e in each mode of bench_mode.
 * AUTO_PAIRED (--modes with auto and cpu or device, --rounds 2 or more): not a rate but auto
 * mode's rate against the better of the other two in the same round, the median over the
 * rounds. A column's best round may come from another minute of the host than another
 * column's: on the H200's host (2026-11-27) cpu mode's dsyrk n = 8192, k = 64 took 16.0 to
 * 16.9 ms a call in one round and 12.7 to 14.1 in the next, and each round of such a row is
 * one to three calls. */
enum column {
    CPU, BR_RESIDENT, BR_KERNEL, BR_BUILTIN, BR_E2E, BR_E2E_IN,
    CLB_RESIDENT = BR_E2E_IN + BENCH_MODE_COUNT, CLB_E2E, NVB_E2E, AUTO_PAIRED, COLUMN_COUNT
};
static const char *const column_titles[COLUMN_COUNT] = {
    "cpu", "br-res", "br-kern", "br-builtin", "br-e2e", "br-cpu", "br-device", "br-auto",
    "br-hybrid", "clb-res", "clb-e2e", "nvb-e2e", "auto/best"};
static const char *const column_csv[COLUMN_COUNT] = {
    "cpu_gflops", "br_resident_gflops", "br_kernel_gflops", "br_builtin_kernel_gflops",
    "br_e2e_gflops", "br_cpu_mode_gflops", "br_device_mode_gflops", "br_auto_mode_gflops",
    "br_hybrid_mode_gflops", "clblast_resident_gflops", "clblast_e2e_gflops", "nvblas_e2e_gflops",
    "auto_paired_ratio"};

/* The rounds whose rates are kept for AUTO_PAIRED (later ones are not paired). */
enum { PAIRED_ROUNDS = 64 };

static int column_shown(const struct bench_options *o, int column)
{
    if (column == BR_BUILTIN)
        return o->builtin_params;
    if (column == BR_E2E)
        return !o->modes;
    if (column >= BR_E2E_IN && column < BR_E2E_IN + BENCH_MODE_COUNT)
        return (o->modes >> (column - BR_E2E_IN)) & 1;
    if (column == NVB_E2E)
        return !o->no_nvblas;
    if (column == AUTO_PAIRED)
        return o->rounds > 1 && (o->modes >> BENCH_MODE_AUTO & 1) &&
               (o->modes >> BENCH_MODE_CPU & 1 || o->modes >> BENCH_MODE_DEVICE & 1);
    return 1;
}

/* AUTO_PAIRED from each round's rates of the modes (NaN: not timed that round): the median of
 * auto's against the better of cpu and device mode's, over the rounds that timed auto and one
 * of them; NaN if none did. */
static double auto_paired(double round_rate[][BENCH_MODE_COUNT], int rounds)
{
    double ratios[PAIRED_ROUNDS];
    int count = 0;
    for (int r = 0; r < rounds && r < PAIRED_ROUNDS; r++) {
        double cpu = round_rate[r][BENCH_MODE_CPU], device = round_rate[r][BENCH_MODE_DEVICE];
        double best = isnan(cpu) ? device : isnan(device) ? cpu : fmax(cpu, device);
        if (!isnan(round_rate[r][BENCH_MODE_AUTO]) && best > 0)
            ratios[count++] = round_rate[r][BENCH_MODE_AUTO] / best;
    }
    return tool_median(ratios, count);
}

/* What the run found on this machine, for the header and the columns. */
static struct {
    char cpu_path[4096];
    int have_device;
    void *platform, *device;
    char device_name[256];
    int clblast_ready;
    char clblast_why[512];
    int nvblas_ready;
    char nvblas_why[512];
    double ram_bytes;
    int mode_chosen; /* BLASROUTE_MODE was set by the user */
    int wrong_results;
} run;

/* ---- the CPU BLAS: the very library blasroute loaded (src/cpu.c chose it) --------------- */

static int load_cpu_blas(void)
{
    const char *path = blasroute_cpu_blas_path(); /* says why and stops if there is none */
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL); /* already loaded: the same handle */
    if (!handle) {
        fprintf(stderr, "blasroute-bench: the CPU BLAS %s cannot be opened again\n", path);
        return 0;
    }
    char missing[8];
    if (bench_bind_entries(handle, BENCH_CPU_BLAS, missing) != 0) {
        fprintf(stderr, "blasroute-bench: the CPU BLAS %s has no %s\n", path, missing);
        return 0;
    }
    snprintf(run.cpu_path, sizeof run.cpu_path, "%s", path);
    return 1;
}

/* ---- timing and checking ------------------------------------------------------------------ */

/* --pause: lets the CPU BLAS's threads go idle before the next column is timed. */
static void pause_for(const struct bench_options *o)
{
    if (o->pause_ms > 0) {
        struct timespec t = {o->pause_ms / 1000, (long)(o->pause_ms % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
}

/* Short calls are repeated until this much time has gone by, in the warm-up and in the timed
 * runs: after --pause (or any idle time) the cores' clocks and the CPU BLAS's threads take
 * milliseconds to wake, and a best of three microsecond calls would time that, not the call. */
#define BENCH_MIN_SECONDS 0.02
enum { BENCH_MAX_SHORT_CALLS = 100000 };

/* Best of at least `repeats` runs after a warm-up of at least one call (none when `warm_up` is
 * 0: a later round of the same column), C restored before every call, outside the timed region:
 * every call computes the same thing, and the last one can be checked. The warm-up may compile
 * kernels. source: whose entry point is called. */
static double time_runs(const struct bench_problem *p, enum bench_entry source, int repeats,
                        int warm_up)
{
    double start = bench_now();
    for (int r = 0; warm_up && (r == 0 || (bench_now() - start < BENCH_MIN_SECONDS &&
                                           r < BENCH_MAX_SHORT_CALLS)); r++) {
        memcpy(p->c, p->c0, bench_c_bytes(p));
        bench_call(p, source);
    }
    double best = INFINITY, timed = 0;
    for (int r = 0; r < repeats || (timed < BENCH_MIN_SECONDS && r < BENCH_MAX_SHORT_CALLS);
         r++) {
        memcpy(p->c, p->c0, bench_c_bytes(p));
        double begin = bench_now();
        bench_call(p, source);
        double elapsed = bench_now() - begin;
        timed += elapsed;
        if (elapsed < best)
            best = elapsed;
    }
    return best;
}

/* In a later round, a forced mode's column (cpu, device) whose best is already FAR_BEHIND times
 * another e2e column's cannot become the better one, and is not timed again: the CPU's calls of
 * order 8192 took most of a modes sweep's time on the H200 (zgemm 8192: 6 s a call). Auto and
 * hybrid mode learn across rounds, and keep theirs. */
#define FAR_BEHIND 4.0
static int out_of_the_race(const struct bench_options *o, const double *rate, int column)
{
    if (column != BR_E2E_IN + BENCH_MODE_CPU && column != BR_E2E_IN + BENCH_MODE_DEVICE)
        return 0;
    for (int other = BR_E2E; other < BR_E2E_IN + BENCH_MODE_COUNT; other++)
        if (other != column && column_shown(o, other) && rate[other] > FAR_BEHIND * rate[column])
            return 1;
    return 0;
}

static double time_fortran(const struct bench_problem *p, enum bench_entry source, int repeats)
{
    return time_runs(p, source, repeats, 1);
}

/* "dsymm LU 96x64", the problem in messages: the routine, its options, the sizes it has. */
static const char *describe(const struct bench_problem *p, char *out, size_t size)
{
    int length = snprintf(out, size, "%c%s %s ", p->precision, bench_family_name(p->family),
                          p->options);
    const int sizes[3] = {p->m, p->n, p->k};
    for (int i = 0, first = 1; i < 3 && length > 0 && (size_t)length < size; i++)
        if (sizes[i]) {
            length += snprintf(out + length, size - (size_t)length, "%s%d", first ? "" : "x",
                               sizes[i]);
            first = 0;
        }
    return out;
}

/* Checks p->c, the result column just measured: 1 right, 0 wrong (said on stderr, counted for
 * the exit status), -1 not checked. */
static int check_result(const struct bench_problem *p, const void *reference,
                        struct bench_expected *e, int column)
{
    int where[2] = {0, 0};
    double epsilon = p->precision == 's' || p->precision == 'c' ? FLT_EPSILON : DBL_EPSILON;
    double ratio = bench_check(p, reference, epsilon, e, where);
    if (ratio < 0) {
        fprintf(stderr, "blasroute-bench: out of memory for the check\n");
        return -1;
    }
    if (ratio <= 1)
        return 1;
    char problem[64];
    run.wrong_results++;
    if (isinf(ratio) && where[0] == where[1] &&
        (p->family == BENCH_HERK || p->family == BENCH_HER2K))
        fprintf(stderr, "blasroute-bench: WRONG RESULT: %s %s: C(%d,%d) has an imaginary part "
                "(the diagonal must be real)\n", describe(p, problem, sizeof problem),
                column_titles[column], where[0] + 1, where[1] + 1);
    else
        fprintf(stderr, "blasroute-bench: WRONG RESULT: %s %s: %s(%d,%d) is off by %.3g times "
                "the error bound%s\n", describe(p, problem, sizeof problem),
                column_titles[column], p->family >= BENCH_TRMM ? "B" : "C", where[0] + 1,
                where[1] + 1, ratio, p->family == BENCH_TRSM ? " (its residual)" : "");
    return 0;
}

/* ---- output ------------------------------------------------------------------------------ */

static int only_gemm(const struct bench_options *o)
{
    return o->routine_count == 1 && o->routines[0] == BENCH_GEMM;
}

static void print_header(const struct bench_options *o)
{
    char date[64], host[256] = "unknown", names[128] = "";
    time_t now = time(NULL);
    struct tm local;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", localtime_r(&now, &local));
    gethostname(host, sizeof host - 1);
    for (int i = 0; i < o->routine_count; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? "," : "",
                 bench_family_name((enum bench_family)o->routines[i]));
    const char *mode = getenv("BLASROUTE_MODE");
    int gemm = only_gemm(o);
    printf("# blasroute-bench %s, %s\n", names, date);
    printf("# host: %s, %ld cores online, %.1f GiB RAM\n", host, sysconf(_SC_NPROCESSORS_ONLN),
           run.ram_bytes / 1073741824.0);
    const char *choice = getenv("BLASROUTE_DEVICE");
    printf("# device: %s%s%s%s\n", run.have_device ? run.device_name : "none",
           choice ? " (BLASROUTE_DEVICE=" : "", choice ? choice : "", choice ? ")" : "");
    printf("# CPU BLAS: %s (the one blasroute uses)\n", run.cpu_path);
    if (o->no_clblast)
        printf("# CLBlast: not measured (--no-clblast)\n");
    else if (!run.clblast_ready && !bench_clblast_path())
        printf("# CLBlast: not found (%s)\n", run.clblast_why);
    else if (!run.clblast_ready)
        printf("# CLBlast: %s, not measured: %s\n", bench_clblast_path(), run.clblast_why);
    else
        printf("# CLBlast: %s, on the same device in a context of its own\n",
               bench_clblast_path());
    if (o->no_nvblas)
        printf("# NVBLAS: not measured (--no-nvblas)\n");
    else if (!run.nvblas_ready)
        printf("# NVBLAS: not measured: %s\n", run.nvblas_why);
    else
        printf("# NVBLAS: %s (NVBLAS_CONFIG_FILE=%s)\n", bench_nvblas_path(),
               getenv("NVBLAS_CONFIG_FILE"));
    char betas[96];
    if (o->beta == 0)
        snprintf(betas, sizeof betas, "beta = 0 (complex (1.1,0.2), 0)");
    else
        snprintf(betas, sizeof betas, "beta = %g (complex (1.1,0.2), (%g,-0.3))", o->beta,
                 o->beta);
    if (gemm)
        printf("# GFLOP/s = 2mnk/t (complex 8mnk/t), best of %d after a warm-up (short calls: 20 ms of each); alpha = "
               "1.1, %s; A, B, C random in [-1,1]%s\n",
               o->repeat, betas, o->beta == 0 ? ", but C NaN (not to be read)" : "");
    else
        printf("# GFLOP/s = flops/t with flops 2mnk (gemm), 2mmn or 2mnn (symm, hemm: side L or "
               "R), n(n+1)k (syrk, herk), 2n(n+1)k (syr2k, her2k), mmn or mnn (trmm, trsm: side "
               "L or R), 4 times that for complex; best of %d after a warm-up (short calls: 20 ms of "
               "each); alpha = 1.1, "
               "%s, real for herk's alpha and beta and "
               "her2k's beta; A, B, C random in [-1,1]%s, but trsm's A diagonally dominant: "
               "diagonal 2*order+-1/2, or with diag U off-diagonal in [-1,1]/(2*order)\n",
               o->repeat, betas, o->beta == 0 ? " (C NaN: not to be read)" : "");
    if (o->rounds > 1)
        printf("# blasroute's e2e columns: %d rounds, each column in turn in every round, each "
               "round best of %d (the first after a warm-up); a column's rate is its best round; "
               "cpu or device mode %g times slower than another column is not timed again\n",
               o->rounds, o->repeat, FAR_BEHIND);
    if (column_shown(o, AUTO_PAIRED))
        printf("# auto/best: auto mode's rate against the better of cpu and device mode's in the "
               "same round, the median over the rounds (not a rate: 1 is as fast)\n");
    if (!o->no_cpu)
        printf(gemm ? "# cpu: the CPU BLAS's Fortran ?gemm_, from host arrays\n"
                    : "# cpu: the CPU BLAS's Fortran entry point (?gemm_, ?symm_, ...), from "
                      "host arrays\n");
    if (!o->no_device) {
        if (gemm)
            printf("# br-res: blasroute's device work with A, B, C resident, copy kernels + "
                   "GEMM; br-kern: the GEMM kernel alone\n");
        else
            printf("# br-res: blasroute's device work with the operands resident (copy kernels "
                   "+ GEMM; trsm: its inversion and blocked solve); br-kern: gemm's GEMM kernel "
                   "alone (for the other routines blasroute gives its whole device work again)\n");
        if (o->modes)
            printf("# br-cpu, br-device, br-auto, br-hybrid: blasroute's own %s from malloc'd "
                   "host arrays in that mode (as BLASROUTE_MODE would set it), one after the "
                   "other in the same run%s\n", gemm ? "?gemm_" : "entry point",
                   run.have_device ? "" : "; with no device blasroute answers on the CPU");
        else
            printf("# br-e2e: blasroute's own %s from malloc'd host arrays, BLASROUTE_MODE=%s "
                   "(%s)%s; BLASROUTE_REPORT=1 says where blasroute answered\n",
                   gemm ? "?gemm_" : "entry point", mode,
                   run.mode_chosen ? "from the environment" : "set by the bench",
                   run.have_device ? "" : "; with no device blasroute answers on the CPU");
        if (o->builtin_params)
            printf("# br-builtin: br-kern with the device's built-in kernel parameters, "
                   "whatever a tuned profile says\n");
    }
    if (run.clblast_ready && gemm)
        printf("# clb-res: CLBlast with A, B, C resident (the call and clFinish); clb-e2e: write "
               "A, B, C from pageable host arrays, GEMM, read C, clFinish, with the buffers "
               "created once per size outside the timed region, as a well-written client "
               "would\n");
    else if (run.clblast_ready)
        printf("# clb-res: CLBlast with the operands resident (the call and clFinish; trmm's "
               "and trsm's B written back before each run, untimed); clb-e2e: write the "
               "operands from pageable host arrays, the call, read C (trmm, trsm: B), "
               "clFinish, with the buffers created once per size outside the timed region, as "
               "a well-written client would\n");
    if (run.nvblas_ready)
        printf("# nvb-e2e: NVBLAS's Fortran entry point from the same host arrays (NVIDIA's "
               "drop-in BLAS: cuBLAS-XT, or its CPU BLAS for what it keeps there)\n");
    if (gemm)
        printf("# check: columns 1 and n of the e2e results against the CPU BLAS, to within "
               "2*min(k+2,32)*eps*(|alpha||A||B|+|beta||C|), twice that for complex (see "
               "bench_check.c); '!' marks a wrong result; '-' = not measured\n");
    else
        printf("# check: columns 1, (n+1)/2 and n (gemm: 1 and n) of the e2e results against "
               "the CPU BLAS, to within 2*min(l+2,32)*eps*(|alpha||X||Y|+|beta||C|) for "
               "alpha*X*Y+beta*C with sums of length l (2k for syr2k, her2k), twice that for "
               "complex; syrk, herk, syr2k, her2k: the referenced triangle only, herk's and "
               "her2k's diagonal exactly real; trsm: the residual op(A)X-alpha*B (or "
               "X*op(A)-alpha*B) to within the same factor times |op(A)||X|+|alpha||B| (see "
               "bench_check.c); '!' marks a wrong result; '-' = not measured\n");
    if (o->csv) {
        printf("routine,%s,m,n,k", gemm ? "trans" : "options");
        for (int c = 0; c < COLUMN_COUNT; c++)
            if (column_shown(o, c))
                printf(",%s", column_csv[c]);
        printf(",check\n");
    } else {
        printf("routine %s      m      n      k", gemm ? "trans" : "opts ");
        for (int c = 0; c < COLUMN_COUNT; c++)
            if (column_shown(o, c))
                printf(" %10s", column_titles[c]);
        printf("  check\n");
    }
}

static void print_row(const struct bench_options *o, const struct bench_problem *p,
                      const double rate[COLUMN_COUNT], const int wrong[COLUMN_COUNT],
                      const char *check)
{
    char routine[16], sizes[3][16];
    snprintf(routine, sizeof routine, "%c%s", p->precision, bench_family_name(p->family));
    const int dimension[3] = {p->m, p->n, p->k};
    for (int i = 0; i < 3; i++) /* '-' for a size the routine does not have */
        snprintf(sizes[i], sizeof sizes[i], "%d", dimension[i]);
    for (int i = 0; i < 3; i++)
        if (!dimension[i])
            snprintf(sizes[i], sizeof sizes[i], "-");
    printf(o->csv ? "%s,%s,%s,%s,%s" : "%-7s %4s  %6s %6s %6s", routine, p->options, sizes[0],
           sizes[1], sizes[2]);
    for (int c = 0; c < COLUMN_COUNT; c++) {
        char cell[32] = "-";
        if (!column_shown(o, c))
            continue;
        if (isnan(rate[c]))
            ;
        else if (o->csv) /* the check column says what is wrong: numbers stay numbers */
            snprintf(cell, sizeof cell, "%.6g", rate[c]);
        else /* three significant digits or more, none made up (9.996 is 10.0, not 10.00) */
            snprintf(cell, sizeof cell, rate[c] >= 99.95 ? "%.0f%s" : rate[c] >= 9.995 ? "%.1f%s"
                     : rate[c] >= 0.9995 ? "%.2f%s" : "%.3g%s", rate[c], wrong[c] ? "!" : "");
        printf(o->csv ? ",%s" : " %10s", cell);
    }
    printf(o->csv ? ",%s\n" : "  %s\n", check);
    fflush(stdout);
}

/* ---- one problem ------------------------------------------------------------------------- */

static void measure(const struct bench_options *o, enum bench_family family, char precision,
                    const char *options, struct bench_shape s)
{
    struct bench_problem p;
    char problem[64];
    bench_setup(&p, family, precision, options, s, o->beta);
    describe(&p, problem, sizeof problem);
    size_t a_bytes = bench_a_bytes(&p), b_bytes = bench_b_bytes(&p), c_bytes = bench_c_bytes(&p);
    double host_bytes = (double)a_bytes + (double)b_bytes + 3.0 * (double)c_bytes;
    if (host_bytes > run.ram_bytes / 4) {
        printf("# skipped %s: the operands, a copy of C and the reference need %.0f MiB, more "
               "than a quarter of the RAM\n", problem, host_bytes / 1048576);
        return;
    }
    void *a = malloc(a_bytes), *b = b_bytes ? malloc(b_bytes) : NULL, *c = malloc(c_bytes);
    void *c0 = malloc(c_bytes), *reference = malloc(c_bytes);
    if (!a || (b_bytes && !b) || !c || !c0 || !reference) {
        printf("# skipped %s: out of memory\n", problem);
        free(a), free(b), free(c), free(c0), free(reference);
        return;
    }
    bench_fill(&p, a, b, c0);
    p.a = a, p.b = b, p.c = c, p.c0 = c0;

    double gflop = bench_flops(&p) / 1e9, seconds[2];
    double rate[COLUMN_COUNT];
    int verdict[COLUMN_COUNT]; /* of check_result */
    for (int i = 0; i < COLUMN_COUNT; i++)
        rate[i] = NAN, verdict[i] = -1;
    /* The reference result: the CPU BLAS's, the last timed one or one call of its own. */
    if (!o->no_cpu) {
        pause_for(o);
        rate[CPU] = gflop / time_fortran(&p, BENCH_CPU_BLAS, o->repeat);
    } else { /* only the columns checked, where they can be computed alone */
        int columns[3], count = bench_check_columns(&p, columns);
        memcpy(c, c0, c_bytes);
        if (bench_call_columns(&p, BENCH_CPU_BLAS, columns, count) != 0)
            bench_call(&p, BENCH_CPU_BLAS);
    }
    memcpy(reference, c, c_bytes);
    char name[8];
    snprintf(name, sizeof name, "%c%s", precision, bench_family_name(family));
    pause_for(o);
    if (!o->no_device && run.have_device &&
        blasroute_bench_resident(name, options, p.m, p.n, p.k, o->repeat, seconds) == 0) {
        rate[BR_RESIDENT] = gflop / seconds[0];
        rate[BR_KERNEL] = gflop / seconds[1];
    }
    if (o->builtin_params && !o->no_device && run.have_device) {
        pause_for(o);
        if (blasroute_bench_resident_builtin(name, options, p.m, p.n, p.k, o->repeat,
                                             seconds) == 0)
            rate[BR_BUILTIN] = gflop / seconds[1];
    }
    /* Each end-to-end result is checked at once, before the next run overwrites C. */
    struct bench_expected expected = {.count = 0, .bound = NULL};
    double round_rate[PAIRED_ROUNDS][BENCH_MODE_COUNT];
    for (int r = 0; r < PAIRED_ROUNDS; r++)
        for (int m = 0; m < BENCH_MODE_COUNT; m++)
            round_rate[r][m] = NAN;
    for (int round = 0; round < o->rounds; round++)
        for (int column = BR_E2E; column < BR_E2E_IN + BENCH_MODE_COUNT; column++) {
            if (o->no_device || !column_shown(o, column))
                continue;
            if (round > 0 && out_of_the_race(o, rate, column))
                continue;
            if (column != BR_E2E)
                blasroute_bench_set_mode(bench_mode_names[column - BR_E2E_IN]);
            pause_for(o);
            double this_round = gflop / time_runs(&p, BENCH_BLASROUTE, o->repeat, round == 0);
            if (round == 0 || this_round > rate[column])
                rate[column] = this_round;
            if (column != BR_E2E && round < PAIRED_ROUNDS)
                round_rate[round][column - BR_E2E_IN] = this_round;
            int right = check_result(&p, reference, &expected, column);
            if (round == 0 || verdict[column] != 0)
                verdict[column] = right; /* one wrong round marks the column */
        }
    if (column_shown(o, AUTO_PAIRED))
        rate[AUTO_PAIRED] = auto_paired(round_rate, o->rounds);
    if (run.clblast_ready) {
        char why[512];
        pause_for(o);
        if (bench_clblast_run(&p, o->repeat, seconds, why, sizeof why) != 0)
            fprintf(stderr, "blasroute-bench: CLBlast %s: %s\n", problem, why);
        rate[CLB_RESIDENT] = gflop / seconds[0];
        rate[CLB_E2E] = gflop / seconds[1];
        if (!isnan(rate[CLB_E2E]))
            verdict[CLB_E2E] = check_result(&p, reference, &expected, CLB_E2E);
    }
    if (run.nvblas_ready) {
        pause_for(o);
        rate[NVB_E2E] = gflop / time_fortran(&p, BENCH_NVBLAS, o->repeat);
        verdict[NVB_E2E] = check_result(&p, reference, &expected, NVB_E2E);
    }

    /* "ok", or "WRONG" and the wrong columns; "-" if nothing was checked. */
    int wrong[COLUMN_COUNT], checked = 0, any_wrong = 0;
    for (int i = 0; i < COLUMN_COUNT; i++) {
        wrong[i] = verdict[i] == 0;
        checked |= verdict[i] >= 0;
        any_wrong |= wrong[i];
    }
    char check[160] = "-";
    if (checked) {
        int length = snprintf(check, sizeof check, "%s", any_wrong ? "WRONG" : "ok");
        for (int i = 0; i < COLUMN_COUNT && length > 0 && (size_t)length < sizeof check; i++)
            if (wrong[i])
                length += snprintf(check + length, sizeof check - (size_t)length, " %s%s",
                                   column_titles[i], o->csv ? "" : "!");
    }
    print_row(o, &p, rate, wrong, check);
    if (o->plot) {
        /* The order: the cube root of the real multiply-adds (a complex one is four). */
        double adds = bench_flops(&p) / (precision == 'c' || precision == 'z' ? 8.0 : 2.0);
        double predicted[2] = {NAN, NAN};
        char series[32];
        snprintf(series, sizeof series, "%s %s", name, options);
        if (blasroute_bench_predict(name, options, p.m, p.n, p.k, predicted) == 0)
            predicted[0] = gflop / predicted[0], predicted[1] = gflop / predicted[1];
        bench_plot_add(series, cbrt(adds), rate, COLUMN_COUNT, predicted[0], predicted[1]);
    }
    bench_expected_free(&expected);
    free(a), free(b), free(c), free(c0), free(reference);
}

/* Whether an earlier entry of --sizes gives the routine the same problem as entry s (symm
 * takes 8192x8192x64 as 8192 x 8192, the same as 8192): a sweep times each problem once. */
static int taken_before(const struct bench_options *o, enum bench_family family, int s)
{
    struct bench_shape mine = bench_shape_taken(family, o->sizes[s]);
    for (int e = 0; e < s; e++) {
        struct bench_shape earlier = bench_shape_taken(family, o->sizes[e]);
        if (earlier.m == mine.m && earlier.n == mine.n && earlier.k == mine.k)
            return 1;
    }
    return 0;
}

/* Every problem of one routine: precisions, then option strings, then sizes. */
static void run_routine(const struct bench_options *o, enum bench_family family)
{
    /* The option strings asked for: gemm's --trans, or the --options entries of the routine's
     * shape, or its default. */
    char asked[BENCH_MAX_OPTIONS][5];
    int count = 0;
    for (int t = 0; family == BENCH_GEMM && t < o->trans_count; t++)
        snprintf(asked[count++], 5, "%c%c", o->trans[t][0], o->trans[t][1]);
    for (int t = 0; family != BENCH_GEMM && t < o->option_count; t++)
        if (bench_option_shape(o->options[t]) == bench_family_shape(family))
            snprintf(asked[count++], 5, "%s", o->options[t]);
    if (!count)
        snprintf(asked[count++], 5, "%s", bench_family_default(family));
    for (int pi = 0; pi < o->precision_count; pi++) {
        char precision = o->precisions[pi], options[5], earlier[5];
        if (!bench_family_exists(family, precision))
            continue; /* hemm, herk, her2k in s or d */
        for (int t = 0; t < count; t++) {
            /* Options that compute the same (C is T for real data, ...): timed once, under the
             * name of what is computed. */
            bench_effective_options(family, precision, asked[t], options);
            int seen = 0;
            for (int u = 0; u < t; u++) {
                bench_effective_options(family, precision, asked[u], earlier);
                seen |= strcmp(options, earlier) == 0;
            }
            for (int s = 0; s < o->size_count && !seen; s++)
                if (!taken_before(o, family, s))
                    measure(o, family, precision, options, o->sizes[s]);
        }
    }
}

int main(int argc, char **argv)
{
    static const char *names[BENCH_FAMILY_COUNT];
    for (int i = 0; i < BENCH_FAMILY_COUNT; i++)
        names[i] = bench_family_name((enum bench_family)i);
    static struct bench_options options;
    int status = bench_parse_options(argc, argv, names, BENCH_FAMILY_COUNT, &options);
    if (status)
        return status < 0 ? 0 : status; /* --help, or a bad command line */
    if (options.replot) {
        char why[512];
        if (bench_plot_redraw(options.replot, why, sizeof why) != 0) {
            fprintf(stderr, "blasroute-bench: %s\n", why);
            return 1;
        }
        return 0;
    }
    /* Before anything reaches blasroute, which reads its environment once, on first use: time
     * the device path unless the user chose a mode. */
    run.mode_chosen = getenv("BLASROUTE_MODE") != NULL;
    setenv("BLASROUTE_MODE", "device", 0);
    if (!load_cpu_blas())
        return 1;
    run.ram_bytes = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE);
    run.have_device = blasroute_device_info(&run.platform, &run.device, run.device_name,
                                            sizeof run.device_name) == 0;
    if (!run.have_device)
        run.platform = run.device = NULL;
    if (!options.no_clblast)
        run.clblast_ready = bench_clblast_open(run.platform, run.device, run.clblast_why,
                                               sizeof run.clblast_why) == 0;
    if (!options.no_nvblas)
        run.nvblas_ready = bench_nvblas_open(run.cpu_path, run.nvblas_why,
                                             sizeof run.nvblas_why) == 0;
    print_header(&options);
    for (int r = 0; r < options.routine_count; r++)
        run_routine(&options, (enum bench_family)options.routines[r]);
    bench_clblast_close();
    bench_nvblas_close();
    if (options.plot) {
        int shown[COLUMN_COUNT];
        for (int c = 0; c < COLUMN_COUNT; c++)
            shown[c] = column_shown(&options, c);
        char why[512];
        if (bench_plot_write(options.plot, column_titles, shown, why, sizeof why) != 0) {
            fprintf(stderr, "blasroute-bench: %s\n", why);
            return 1;
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "blasroute-bench: cannot write the results\n");
        return 1;
    }
    return run.wrong_results ? 3 : 0;
}
