/* blasroute-bench: the GEMM rates a program can get on this machine, side by side in one run:
 * the CPU BLAS, blasroute's device kernel with the data resident, blasroute's own Fortran entry
 * point from host arrays (what an unmodified program gets), and CLBlast on the same device,
 * resident and from host arrays. Every column runs the same problem in the same process, so the
 * numbers are for comparing columns (ratios), not claims about the hardware.
 *
 * Every result a program would see (the end-to-end columns) is checked against the CPU BLAS, so
 * that a fast wrong answer is never reported silently. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dlfcn.h>
#include <float.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "blasroute.h" /* blasroute_device_info, blasroute_bench_gemm_resident */
#include "bench_clblast.h"
#include "bench_common.h"
#include "bench_options.h"

#ifndef BLASROUTE_SYSTEM_BLAS_DIR /* set by configure (config.h) */
#define BLASROUTE_SYSTEM_BLAS_DIR "/usr/lib/x86_64-linux-gnu/blas"
#endif

/* The Fortran ?gemm_ of the LP64 BLAS ABI (gfortran passes the CHARACTER lengths last). */
typedef void fortran_gemm(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const void *alpha, const void *a, const int *lda,
                          const void *b, const int *ldb, const void *beta, void *c,
                          const int *ldc, size_t transa_length, size_t transb_length);
/* blasroute's own entry points (this program is linked with it): what a program calls. */
extern fortran_gemm sgemm_, dgemm_, cgemm_, zgemm_;

struct precision {
    char letter;
    size_t element_size;
    double epsilon;
    fortran_gemm *blasroute;
    fortran_gemm *cpu; /* the CPU BLAS's, bound by load_cpu_blas */
};
static struct precision precisions[] = {
    {'s', 4, FLT_EPSILON, sgemm_, NULL},
    {'d', 8, DBL_EPSILON, dgemm_, NULL},
    {'c', 8, FLT_EPSILON, cgemm_, NULL},
    {'z', 16, DBL_EPSILON, zgemm_, NULL},
};

enum column { CPU, BR_RESIDENT, BR_KERNEL, BR_E2E, CLB_RESIDENT, CLB_E2E, COLUMN_COUNT };
static const char *const column_titles[COLUMN_COUNT] = {"cpu",    "br-res",  "br-kern",
                                                        "br-e2e", "clb-res", "clb-e2e"};
static const char *const column_csv[COLUMN_COUNT] = {
    "cpu_gflops",   "br_resident_gflops",      "br_kernel_gflops",
    "br_e2e_gflops", "clblast_resident_gflops", "clblast_e2e_gflops"};

/* What the run found on this machine, for the header and the columns. */
static struct {
    char cpu_path[4096];
    int have_device;
    void *platform, *device;
    char device_name[256];
    int clblast_ready;
    char clblast_why[512];
    double ram_bytes;
    int mode_chosen; /* BLASROUTE_MODE was set by the user */
    int wrong_results;
} run;

/* A routine the bench can time; bench_options.c knows the names only. */
struct routine {
    const char *name;
    void (*run)(const struct bench_options *options);
};
static void run_gemm(const struct bench_options *o);
static const struct routine routines[] = {{"gemm", run_gemm}};
enum { ROUTINE_COUNT = sizeof routines / sizeof routines[0] };

/* ---- the CPU BLAS: chosen as blasroute chooses it (src/cpu.c) ------------------------------ */

static int same_object(const void *x, const void *y)
{
    Dl_info a, b;
    return dladdr(x, &a) && dladdr(y, &b) && a.dli_fbase == b.dli_fbase;
}

static int try_cpu_blas(const char *candidate, char *why, size_t why_size)
{
    static const char *const names[] = {"sgemm_", "dgemm_", "cgemm_", "zgemm_"};
    void *handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        snprintf(why, why_size, "%s", error ? error : "cannot be loaded");
        return 0;
    }
    /* blasroute itself (installed as libblas.so.3, say) would time blasroute against itself. */
    if (dlsym(handle, "blasroute_identity")) {
        snprintf(why, why_size, "is blasroute itself");
        dlclose(handle);
        return 0;
    }
    for (int i = 0; i < 4; i++) {
        void *address = dlsym(handle, names[i]);
        if (!address || same_object(address, (const void *)blasroute_identity)) {
            snprintf(why, why_size, "does not define its own %s", names[i]);
            dlclose(handle);
            return 0;
        }
        /* POSIX guarantees a dlsym result converts to a function pointer. */
        memcpy(&precisions[i].cpu, &address, sizeof address);
    }
    struct link_map *map = NULL;
    const char *path = candidate;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && map->l_name[0])
        path = map->l_name;
    snprintf(run.cpu_path, sizeof run.cpu_path, "%s", path);
    return 1; /* stays loaded: blasroute loads the same library and shares the handle */
}

static int load_cpu_blas(void)
{
    static const char *const defaults[] = {
        "libopenblas.so.0", BLASROUTE_SYSTEM_BLAS_DIR "/libblas.so.3", "libblas.so.3"};
    char why[512];
    const char *chosen = getenv("BLASROUTE_CPU_BLAS");
    if (chosen && chosen[0]) {
        if (try_cpu_blas(chosen, why, sizeof why))
            return 1;
        fprintf(stderr, "blasroute-bench: BLASROUTE_CPU_BLAS=%s cannot be used (%s); "
                "using the defaults, as blasroute does\n", chosen, why);
    }
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        if (try_cpu_blas(defaults[i], why, sizeof why))
            return 1;
    fprintf(stderr, "blasroute-bench: no CPU BLAS can be loaded (set BLASROUTE_CPU_BLAS)\n");
    return 0;
}

/* ---- problems, timing and checking -------------------------------------------------------- */

/* A scalar in the precision's own representation, for the Fortran ABI. */
union scalar {
    float f[2];
    double d[2];
};

static union scalar native(char precision, const double value[2])
{
    union scalar s;
    if (precision == 's' || precision == 'c')
        s.f[0] = (float)value[0], s.f[1] = (float)value[1];
    else
        s.d[0] = value[0], s.d[1] = value[1];
    return s;
}

/* splitmix64: reproducible from run to run, and the same on every machine. */
static double random_unit(void)
{
    static uint64_t state = 0x2545F4914F6CDD1DULL;
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-52 - 1.0; /* [-1, 1) */
}

static void fill(void *base, size_t bytes, char precision)
{
    int single = precision == 's' || precision == 'c';
    size_t count = bytes / (single ? sizeof(float) : sizeof(double));
    for (size_t i = 0; i < count; i++) {
        if (single)
            ((float *)base)[i] = (float)random_unit();
        else
            ((double *)base)[i] = random_unit();
    }
}

/* Element i of an array of g's precision, as (real, imaginary). */
static void element(const struct bench_gemm *g, const void *base, size_t i, double out[2])
{
    const float *f = base;
    const double *d = base;
    switch (g->precision) {
    case 's': out[0] = f[i], out[1] = 0; break;
    case 'd': out[0] = d[i], out[1] = 0; break;
    case 'c': out[0] = f[2 * i], out[1] = f[2 * i + 1]; break;
    default: out[0] = d[2 * i], out[1] = d[2 * i + 1]; break;
    }
}

static void call_gemm(fortran_gemm *gemm, const struct bench_gemm *g)
{
    union scalar alpha = native(g->precision, g->alpha), beta = native(g->precision, g->beta);
    gemm(&g->transa, &g->transb, &g->m, &g->n, &g->k, &alpha, g->a, &g->lda, g->b, &g->ldb,
         &beta, g->c, &g->ldc, 1, 1);
}

/* Best of repeats after one warm-up (which may compile kernels). C is restored before every
 * call, outside the timed region: every call computes the same thing, and the last one can be
 * checked. */
static double time_fortran(fortran_gemm *gemm, const struct bench_gemm *g, int repeats)
{
    double best = INFINITY;
    for (int r = 0; r <= repeats; r++) {
        memcpy(g->c, g->c0, bench_c_bytes(g));
        double start = bench_now();
        call_gemm(gemm, g);
        double elapsed = bench_now() - start;
        if (r > 0 && elapsed < best)
            best = elapsed;
    }
    return best;
}

static double magnitude(const double x[2])
{
    return x[1] == 0 ? fabs(x[0]) : hypot(x[0], x[1]);
}

/* What the first and last columns of C must hold: the CPU BLAS's result on the same inputs, and
 * for each element how far a right answer may be from it: f(k) eps (|alpha| sum_l |op(A)_il|
 * |op(B)_lj| + |beta| |C0_ij|), twice over (both results have such an error), twice again for
 * complex arithmetic, with f(k) = min(k + 2, 32). Up to k = 30 that is the worst case of any
 * summation order. Beyond, the worst case grows with k, but the errors of our data do not: with
 * zero-mean random entries the sum itself grows like sqrt(k), not k, and the rounding errors of
 * right results (naive, blocked, FMA, OpenCL kernels) stay near eps sum |a||b| whatever k: measured
 * for k = 1 to 32768 in s, d, c, z, they reached 1/12 of the bound at k <= 30 and 1/29 beyond.
 * A bound growing with k would pass, in single precision at k = 16384, a beta taken as 1 or a
 * lost K tile; this one does not. Made once per problem, for every result checked. */
struct expected {
    int columns[2], count;
    double *value; /* [count][m][2] */
    double *bound; /* [count][m] */
};

static int expect(const struct precision *p, const struct bench_gemm *g, struct expected *e)
{
    size_t m = (size_t)g->m, column_bytes = m * g->element_size;
    e->count = g->n > 1 ? 2 : 1;
    e->columns[0] = 0, e->columns[1] = g->n - 1;
    e->value = malloc(2 * m * 2 * sizeof(double));
    e->bound = malloc(2 * m * sizeof(double));
    void *column = malloc(column_bytes);
    if (!e->value || !e->bound || !column) {
        free(e->value), free(e->bound), free(column);
        e->value = e->bound = NULL;
        return -1;
    }
    double growth = fmin(g->k + 2.0, 32);
    double factor = (bench_is_complex(g->precision) ? 4 : 2) * growth * p->epsilon;
    double alpha = magnitude(g->alpha), beta = magnitude(g->beta);
    for (int c = 0; c < e->count; c++) {
        size_t j = (size_t)e->columns[c];
        /* Column j of op(B) is column j of B, or row j of B seen as a 1 x k matrix. */
        struct bench_gemm one = *g;
        one.n = 1;
        one.b = (const char *)g->b + (g->transb == 'N' ? j * (size_t)g->ldb : j) * g->element_size;
        one.c = column;
        memcpy(column, (const char *)g->c0 + j * column_bytes, column_bytes);
        call_gemm(p->cpu, &one);
        for (size_t i = 0; i < m; i++) {
            double sum = 0, x[2], y[2];
            for (size_t l = 0; l < (size_t)g->k; l++) {
                element(g, g->a, g->transa == 'N' ? i + l * g->lda : l + i * g->lda, x);
                element(g, g->b, g->transb == 'N' ? l + j * g->ldb : j + l * g->ldb, y);
                sum += magnitude(x) * magnitude(y);
            }
            element(g, g->c0, i + j * g->ldc, x);
            e->bound[c * m + i] = factor * (alpha * sum + beta * magnitude(x)) + DBL_MIN;
            element(g, column, i, &e->value[2 * (c * m + i)]);
        }
    }
    free(column);
    return 0;
}

/* The largest error / bound ratio in the expected columns of g->c (> 1 or NaN: wrong), and in
 * where[] the element (0-based) that has it. */
static double compare(const struct bench_gemm *g, const struct expected *e, int where[2])
{
    double worst = 0, x[2];
    size_t m = (size_t)g->m;
    for (int c = 0; c < e->count; c++) {
        for (size_t i = 0; i < m; i++) {
            const double *y = &e->value[2 * (c * m + i)];
            element(g, g->c, i + (size_t)e->columns[c] * g->ldc, x);
            double ratio = hypot(x[0] - y[0], x[1] - y[1]) / e->bound[c * m + i];
            if (!(ratio <= worst)) { /* a NaN is the worst of all, and stays */
                worst = ratio, where[0] = (int)i, where[1] = e->columns[c];
                if (isnan(ratio))
                    return worst;
            }
        }
    }
    return worst;
}

/* ---- output ------------------------------------------------------------------------------ */

static void print_header(const struct bench_options *o)
{
    char date[64], host[256] = "unknown";
    time_t now = time(NULL);
    struct tm local;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", localtime_r(&now, &local));
    gethostname(host, sizeof host - 1);
    const char *mode = getenv("BLASROUTE_MODE");
    printf("# blasroute-bench %s, %s\n", routines[o->routine].name, date);
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
    printf("# GFLOP/s = 2mnk/t (complex 8mnk/t), best of %d after one warm-up; alpha = 1.1, "
           "beta = 0.5 (complex (1.1,0.2), (0.5,-0.3)); A, B, C random in [-1,1]\n", o->repeat);
    if (!o->no_cpu)
        printf("# cpu: the CPU BLAS's Fortran ?gemm_, from host arrays\n");
    if (!o->no_device) {
        printf("# br-res: blasroute's device work with A, B, C resident, copy kernels + GEMM; "
               "br-kern: the GEMM kernel alone\n");
        printf("# br-e2e: blasroute's own ?gemm_ from malloc'd host arrays, BLASROUTE_MODE=%s "
               "(%s)%s; BLASROUTE_REPORT=1 says where blasroute answered\n", mode,
               run.mode_chosen ? "from the environment" : "set by the bench",
               run.have_device ? "" : "; with no device blasroute answers on the CPU");
    }
    if (run.clblast_ready)
        printf("# clb-res: CLBlast with A, B, C resident (the call and clFinish); clb-e2e: write "
               "A, B, C from pageable host arrays, GEMM, read C, clFinish, with the buffers "
               "created once per size outside the timed region, as a well-written client "
               "would\n");
    printf("# check: columns 1 and n of the e2e results against the CPU BLAS, to within "
           "2*min(k+2,32)*eps*(|alpha||A||B|+|beta||C|), twice that for complex (see bench.c); "
           "'!' marks a wrong result; '-' = not measured\n");
    if (o->csv) {
        printf("routine,trans,m,n,k");
        for (int c = 0; c < COLUMN_COUNT; c++)
            printf(",%s", column_csv[c]);
        printf(",check\n");
    } else {
        printf("routine trans      m      n      k");
        for (int c = 0; c < COLUMN_COUNT; c++)
            printf(" %10s", column_titles[c]);
        printf("  check\n");
    }
}

static void print_row(const struct bench_options *o, const struct bench_gemm *g,
                      const double rate[COLUMN_COUNT], const int wrong[COLUMN_COUNT],
                      const char *check)
{
    char routine[16];
    snprintf(routine, sizeof routine, "%c%s", g->precision, routines[o->routine].name);
    printf(o->csv ? "%s,%c%c,%d,%d,%d" : "%-7s %3c%c  %6d %6d %6d", routine, g->transa, g->transb,
           g->m, g->n, g->k);
    for (int c = 0; c < COLUMN_COUNT; c++) {
        char cell[32] = "-";
        if (isnan(rate[c]))
            ;
        else if (o->csv) /* the check column says what is wrong: numbers stay numbers */
            snprintf(cell, sizeof cell, "%.6g", rate[c]);
        else /* three significant digits or more, none made up */
            snprintf(cell, sizeof cell, rate[c] >= 100 ? "%.0f%s" : rate[c] >= 10 ? "%.1f%s"
                     : rate[c] >= 1 ? "%.2f%s" : "%.3g%s", rate[c], wrong[c] ? "!" : "");
        printf(o->csv ? ",%s" : " %10s", cell);
    }
    printf(o->csv ? ",%s\n" : "  %s\n", check);
    fflush(stdout);
}

/* ---- gemm -------------------------------------------------------------------------------- */

/* Checks g->c, the result column just measured, against *e (made on first use): 1 right,
 * 0 wrong (said on stderr, counted for the exit status), -1 not checked. */
static int check_result(const struct precision *p, const struct bench_gemm *g,
                        struct expected *e, enum column column, const char *routine)
{
    if (!e->value && expect(p, g, e) != 0) {
        fprintf(stderr, "blasroute-bench: out of memory for the check\n");
        return -1;
    }
    int where[2] = {0, 0};
    double ratio = compare(g, e, where);
    if (ratio <= 1)
        return 1;
    run.wrong_results++;
    fprintf(stderr, "blasroute-bench: WRONG RESULT: %c%s %c%c %dx%dx%d %s: C(%d,%d) is off by "
            "%.3g times the error bound\n", g->precision, routine, g->transa, g->transb, g->m,
            g->n, g->k, column_titles[column], where[0] + 1, where[1] + 1, ratio);
    return 0;
}

static void measure_gemm(const struct bench_options *o, const struct precision *p,
                         const char trans[2], struct bench_shape s)
{
    const char *name = routines[o->routine].name;
    int complex = bench_is_complex(p->letter);
    struct bench_gemm g = {
        .precision = p->letter, .transa = trans[0], .transb = trans[1], .m = s.m, .n = s.n,
        .k = s.k, .alpha = {1.1, complex ? 0.2 : 0}, .beta = {0.5, complex ? -0.3 : 0},
        .element_size = p->element_size};
    g.lda = g.transa == 'N' ? s.m : s.k;
    g.ldb = g.transb == 'N' ? s.k : s.n;
    g.ldc = s.m;
    size_t a_bytes = bench_a_bytes(&g), b_bytes = bench_b_bytes(&g), c_bytes = bench_c_bytes(&g);
    double host_bytes = (double)a_bytes + (double)b_bytes + 2.0 * (double)c_bytes;
    if (host_bytes > run.ram_bytes / 4) {
        printf("# skipped %c%s %dx%dx%d: A, B, C and a copy of C need %.0f MiB, more than a "
               "quarter of the RAM\n", p->letter, name, s.m, s.n, s.k, host_bytes / 1048576);
        return;
    }
    void *a = malloc(a_bytes), *b = malloc(b_bytes), *c = malloc(c_bytes), *c0 = malloc(c_bytes);
    if (!a || !b || !c || !c0) {
        printf("# skipped %c%s %dx%dx%d: out of memory\n", p->letter, name, s.m, s.n, s.k);
        free(a), free(b), free(c), free(c0);
        return;
    }
    fill(a, a_bytes, p->letter), fill(b, b_bytes, p->letter), fill(c0, c_bytes, p->letter);
    g.a = a, g.b = b, g.c = c, g.c0 = c0;

    double gflop = (complex ? 8.0 : 2.0) * s.m * s.n * s.k / 1e9, seconds[2];
    double rate[COLUMN_COUNT];
    int verdict[COLUMN_COUNT]; /* of check_result */
    for (int i = 0; i < COLUMN_COUNT; i++)
        rate[i] = NAN, verdict[i] = -1;
    struct expected expected = {.value = NULL, .bound = NULL};
    if (!o->no_cpu)
        rate[CPU] = gflop / time_fortran(p->cpu, &g, o->repeat);
    if (!o->no_device && run.have_device &&
        blasroute_bench_gemm_resident(p->letter, g.transa, g.transb, s.m, s.n, s.k, o->repeat,
                                      seconds) == 0) {
        rate[BR_RESIDENT] = gflop / seconds[0];
        rate[BR_KERNEL] = gflop / seconds[1];
    }
    /* Each end-to-end result is checked at once, before the next run overwrites C. */
    if (!o->no_device) {
        rate[BR_E2E] = gflop / time_fortran(p->blasroute, &g, o->repeat);
        verdict[BR_E2E] = check_result(p, &g, &expected, BR_E2E, name);
    }
    if (run.clblast_ready) {
        char why[512];
        if (bench_clblast_gemm(&g, o->repeat, seconds, why, sizeof why) != 0)
            fprintf(stderr, "blasroute-bench: CLBlast %c%s %c%c %dx%dx%d: %s\n", p->letter, name,
                    g.transa, g.transb, s.m, s.n, s.k, why);
        rate[CLB_RESIDENT] = gflop / seconds[0];
        rate[CLB_E2E] = gflop / seconds[1];
        if (!isnan(rate[CLB_E2E]))
            verdict[CLB_E2E] = check_result(p, &g, &expected, CLB_E2E, name);
    }

    int wrong[COLUMN_COUNT];
    char check[64] = "-";
    for (int i = 0; i < COLUMN_COUNT; i++)
        wrong[i] = verdict[i] == 0;
    if (verdict[BR_E2E] >= 0 || verdict[CLB_E2E] >= 0)
        snprintf(check, sizeof check, "%s%s%s", wrong[BR_E2E] || wrong[CLB_E2E] ? "WRONG" : "ok",
                 wrong[BR_E2E] ? (o->csv ? " br-e2e" : " br-e2e!") : "",
                 wrong[CLB_E2E] ? (o->csv ? " clb-e2e" : " clb-e2e!") : "");
    print_row(o, &g, rate, wrong, check);
    free(expected.value), free(expected.bound);
    free(a), free(b), free(c), free(c0);
}

static void run_gemm(const struct bench_options *o)
{
    for (int pi = 0; pi < o->precision_count; pi++) {
        const struct precision *p = NULL;
        for (size_t i = 0; i < sizeof precisions / sizeof precisions[0]; i++)
            if (precisions[i].letter == o->precisions[pi])
                p = &precisions[i];
        int complex = bench_is_complex(p->letter);
        for (int t = 0; t < o->trans_count; t++) {
            /* For real data, BLAS reads 'C' as 'T': time it once, under the name it computes. */
            char trans[2], earlier[2];
            for (int i = 0; i < 2; i++)
                trans[i] = !complex && o->trans[t][i] == 'C' ? 'T' : o->trans[t][i];
            int seen = 0;
            for (int u = 0; u < t; u++) {
                for (int i = 0; i < 2; i++)
                    earlier[i] = !complex && o->trans[u][i] == 'C' ? 'T' : o->trans[u][i];
                seen |= earlier[0] == trans[0] && earlier[1] == trans[1];
            }
            for (int s = 0; s < o->size_count && !seen; s++)
                measure_gemm(o, p, trans, o->sizes[s]);
        }
    }
}

int main(int argc, char **argv)
{
    static const char *names[ROUTINE_COUNT];
    for (int i = 0; i < ROUTINE_COUNT; i++)
        names[i] = routines[i].name;
    static struct bench_options options;
    int status = bench_parse_options(argc, argv, names, ROUTINE_COUNT, &options);
    if (status)
        return status < 0 ? 0 : status; /* --help, or a bad command line */
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
    print_header(&options);
    routines[options.routine].run(&options);
    bench_clblast_close();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "blasroute-bench: cannot write the results\n");
        return 1;
    }
    return run.wrong_results ? 3 : 0;
}
