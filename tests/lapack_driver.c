/*
 * lapack_driver.c - the "Python" of tests/lapack_blocked.sh: numpy.linalg
 * and scipy.linalg calling their wheel's bundled LAPACK.
 *
 *     lapack_driver EXPECT MODULE...
 *
 * Loads each MODULE (a stand-in extension module, one per wheel family)
 * with dlopen(RTLD_NOW | RTLD_LOCAL), as CPython does, takes the LAPACK
 * entry points the module binds (standin_lapack_module.c) and calls
 * getrf, getrs, gesv and potrf in s, d, c, z on fresh random data. Every
 * result is checked by what LAPACK promises, not against another LAPACK's
 * bits (blocking changes the rounding):
 *  - getrf: INFO; every pivot between its row and m; multipliers at most
 *    1 in modulus (sqrt(2) in complex, pivoted by |re| + |im|); |P A - L U|_1 / (k |A|_1 eps) <= 30 (LAPACK's own test
 *    ratio); on a matrix with a zero column c, INFO = c + 1;
 *  - getrs (N, T, C) and gesv: |op(A) X - B|_1 / (n |A|_1 |X|_1 eps) <= 30;
 *  - potrf ('L', 'U'): |A - L L^H|_1 / (n |A|_1 eps) <= 30, a real positive
 *    diagonal; with the leading minor of order c + 1 not positive definite,
 *    INFO = c + 1;
 *  - every byte outside what the routine may write is unchanged: the
 *    padding rows below m (poisoned), the triangle potrf must not touch
 *    (poisoned: reading it would spread NaN), A and ipiv in getrs.
 * Then the stand-in's call counts say who answered (EXPECT):
 *  - "blocked": blasroute factored every call: the stand-in answered no
 *    getrs or gesv, and its getrf and potrf only panels (more calls than
 *    were made);
 *  - "standin": the stand-in answered every call itself, once each;
 *  - "fault": anyone may have (an injected device failure): results only.
 * BLASROUTE_TEST_ROUTINES (dgetrf,zpotrf...) runs only those routines'
 * tests; BLASROUTE_TEST_SEED replays a run's data.
 * "# report ROUTINE, N, WHERE" lines follow: the report lines blasroute
 * must print for these calls (BLASROUTE_REPORT).
 *
 *     lapack_driver error MODULE
 *
 * makes one call with an invalid argument (dgetrf, lda < m) and prints
 * what INFO came back: the script compares the whole output with and
 * without blasroute.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "blas_test_common.h"
#include "standin_lapack.h"

#include <complex.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static const char *selection; /* BLASROUTE_TEST_ROUTINES, or NULL: all */
static struct rng rng;
static long calls_made[STANDIN_LAPACK_COUNT][N_PRECS];
static long indefinite_made[N_PRECS]; /* potrf calls on matrices not positive definite */

/* --- a family's entry points, called with integers of its width -------- */

struct family {
    const char *path;
    struct standin_lapack_entries entries;
    long (*count)(int routine);
    long made[STANDIN_LAPACK_COUNT]; /* calls made through this module */
};

union integer {
    int32_t i32;
    int64_t i64;
};

static void *integer(const struct family *f, union integer *slot, int64_t v)
{
    if (f->entries.integer_bits == 64)
        slot->i64 = v;
    else
        slot->i32 = (int32_t)v;
    return slot;
}

static int64_t value(const struct family *f, const union integer *slot)
{
    return f->entries.integer_bits == 64 ? slot->i64 : slot->i32;
}

static size_t ipiv_size(const struct family *f)
{
    return (size_t)f->entries.integer_bits / 8;
}

static int64_t ipiv_get(const struct family *f, const void *ipiv, int i)
{
    return f->entries.integer_bits == 64 ? ((const int64_t *)ipiv)[i]
                                         : ((const int32_t *)ipiv)[i];
}

#define ENTRY(f, r, p) \
    ((standin_##r##_fn *)(f)->entries.fn[STANDIN_LAPACK_##r][p])

static void count_call(struct family *f, int routine, int p)
{
    f->made[routine]++;
    calls_made[routine][p]++;
}

static int64_t call_getrf(struct family *f, int p, int m, int n, void *a,
                          int lda, void *ipiv)
{
    union integer sm, sn, slda, info;
    count_call(f, STANDIN_LAPACK_getrf, p);
    ENTRY(f, getrf, p)(integer(f, &sm, m), integer(f, &sn, n), a,
                       integer(f, &slda, lda), ipiv, integer(f, &info, -99));
    return value(f, &info);
}

static int64_t call_getrs(struct family *f, int p, char trans, int n,
                          int nrhs, const void *a, int lda, const void *ipiv,
                          void *b, int ldb)
{
    union integer sn, snrhs, slda, sldb, info;
    count_call(f, STANDIN_LAPACK_getrs, p);
    ENTRY(f, getrs, p)(&trans, integer(f, &sn, n), integer(f, &snrhs, nrhs),
                       a, integer(f, &slda, lda), ipiv, b,
                       integer(f, &sldb, ldb), integer(f, &info, -99), 1);
    return value(f, &info);
}

static int64_t call_gesv(struct family *f, int p, int n, int nrhs, void *a,
                         int lda, void *ipiv, void *b, int ldb)
{
    union integer sn, snrhs, slda, sldb, info;
    count_call(f, STANDIN_LAPACK_gesv, p);
    ENTRY(f, gesv, p)(integer(f, &sn, n), integer(f, &snrhs, nrhs), a,
                      integer(f, &slda, lda), ipiv, b, integer(f, &sldb, ldb),
                      integer(f, &info, -99));
    return value(f, &info);
}

static int64_t call_potrf(struct family *f, int p, char uplo, int n, void *a,
                          int lda)
{
    union integer sn, slda, info;
    count_call(f, STANDIN_LAPACK_potrf, p);
    ENTRY(f, potrf, p)(&uplo, integer(f, &sn, n), a, integer(f, &slda, lda),
                       integer(f, &info, -99), 1);
    return value(f, &info);
}

/* --- matrices ------------------------------------------------------------ */

/* A column-major rows x cols matrix with ld = rows + 3: its storage as
 * given (orig) and as the routine left it (out), and the values in double
 * complex for the checks. */
struct matrix {
    const struct precision *p;
    int rows, cols, ld;
    unsigned char *orig, *out;
};

static size_t at(const struct matrix *x, int i, int j)
{
    return ((size_t)i + (size_t)j * (size_t)x->ld) * elem_size(x->p);
}

static double complex get(const struct matrix *x, const unsigned char *s,
                          int i, int j)
{
    double v[2];
    load_elem(x->p, s + at(x, i, j), v);
    return v[0] + I * v[1];
}

static void set(const struct matrix *x, unsigned char *s, int i, int j,
                double complex v)
{
    store_elem(x->p, s + at(x, i, j), creal(v), cimag(v));
}

/* Random values in [-1, 1) (both parts); the padding rows poisoned. */
static void matrix_random(struct matrix *x, const struct precision *p,
                          int rows, int cols)
{
    x->p = p, x->rows = rows, x->cols = cols, x->ld = rows + 3;
    size_t bytes = (size_t)x->ld * (size_t)(cols > 0 ? cols : 1) *
                   elem_size(p);
    x->orig = xmalloc(bytes);
    x->out = xmalloc(bytes);
    poison_range(p, x->orig, bytes / elem_size(p));
    for (int j = 0; j < cols; j++)
        for (int i = 0; i < rows; i++)
            set(x, x->orig, i, j, rng_sym(&rng) + I * (p->cplx ? rng_sym(&rng) : 0));
    memcpy(x->out, x->orig, bytes);
}

static void matrix_free(struct matrix *x)
{
    free(x->orig), free(x->out);
}

static size_t matrix_bytes(const struct matrix *x)
{
    return (size_t)x->ld * (size_t)(x->cols > 0 ? x->cols : 1) *
           elem_size(x->p);
}

/* Whether the padding rows (rows .. ld-1) are still the poison given. */
static int padding_unchanged(const struct matrix *x)
{
    size_t es = elem_size(x->p);
    for (int j = 0; j < x->cols; j++)
        if (memcmp(x->out + at(x, x->rows, j), x->orig + at(x, x->rows, j),
                   (size_t)(x->ld - x->rows) * es))
            return 0;
    return 1;
}

/* The 1-norm (largest column sum of moduli) of a matrix of values. */
static double norm1(const double complex *v, int rows, int cols)
{
    double best = 0;
    for (int j = 0; j < cols; j++) {
        double sum = 0;
        for (int i = 0; i < rows; i++)
            sum += cabs(v[i + (size_t)j * rows]);
        best = sum > best ? sum : best;
    }
    return best;
}

static double complex *values(const struct matrix *x, const unsigned char *s)
{
    double complex *v = xmalloc(sizeof *v * (size_t)x->rows * (size_t)x->cols);
    for (int j = 0; j < x->cols; j++)
        for (int i = 0; i < x->rows; i++)
            v[i + (size_t)j * x->rows] = get(x, s, i, j);
    return v;
}

/* --- getrf --------------------------------------------------------------- */

/* |P A - L U|_1 / (k |A|_1 eps), and whether pivots and multipliers are
 * those of partial pivoting. */
static double lu_ratio(const struct family *f, const struct matrix *a,
                       const void *ipiv, int *pivots_ok)
{
    int m = a->rows, n = a->cols, k = m < n ? m : n;
    double complex *pa = values(a, a->orig), *lu = values(a, a->out);
    *pivots_ok = 1;
    for (int i = 0; i < k; i++) {
        int64_t r = ipiv_get(f, ipiv, i) - 1;
        if (r < i || r >= m) {
            *pivots_ok = 0;
            break;
        }
        for (int j = 0; j < n; j++) { /* P A: the interchanges in order */
            double complex t = pa[i + (size_t)j * m];
            pa[i + (size_t)j * m] = pa[r + (size_t)j * m];
            pa[r + (size_t)j * m] = t;
        }
    }
    double complex *r = xmalloc(sizeof *r * (size_t)m * (size_t)n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double complex sum = 0;
            for (int l = 0; l <= (i < j ? i : j) && l < k; l++) {
                double complex lower = l == i ? 1 : lu[i + (size_t)l * m];
                sum += lower * lu[l + (size_t)j * m];
            }
            r[i + (size_t)j * m] = pa[i + (size_t)j * m] - sum;
        }
    /* Partial pivoting keeps every multiplier at most 1 in modulus; complex
     * LAPACK picks the pivot by |re| + |im| (icamax), which allows sqrt(2). */
    double largest = (a->p->cplx ? sqrt(2.0) : 1.0) * (1 + 4 * a->p->eps);
    for (int j = 0; j < k; j++)
        for (int i = j + 1; i < m; i++)
            if (cabs(lu[i + (size_t)j * m]) > largest)
                *pivots_ok = 0;
    /* P A's column sums are A's. */
    double ratio = norm1(r, m, n) / (k * norm1(pa, m, n) * a->p->eps);
    free(pa), free(lu), free(r);
    return ratio;
}

static void test_getrf(struct family *f, int p, int m, int n)
{
    const struct precision *pr = &PRECISIONS[p];
    struct matrix a;
    matrix_random(&a, pr, m, n);
    void *ipiv = xmalloc(ipiv_size(f) * (size_t)(m < n ? m : n));
    int64_t info = call_getrf(f, p, m, n, a.out, a.ld, ipiv);
    int pivots_ok;
    double ratio = info == 0 ? lu_ratio(f, &a, ipiv, &pivots_ok) : 1e30;
    tap_ok(info == 0 && ratio <= 30 && pivots_ok && padding_unchanged(&a),
       "%s: %cgetrf %dx%d: INFO %lld, |PA-LU| ratio %.2f, pivots %s, "
       "padding %s", f->path, pr->letter, m, n, (long long)info, ratio,
       info == 0 && pivots_ok ? "valid" : "wrong",
       padding_unchanged(&a) ? "untouched" : "written");
    free(ipiv);
    matrix_free(&a);
}

/* A matrix whose column c is zero: U(c,c) is exactly zero, INFO = c + 1. */
static void test_getrf_singular(struct family *f, int p, int n, int c)
{
    struct matrix a;
    matrix_random(&a, &PRECISIONS[p], n, n);
    for (int i = 0; i < n; i++)
        set(&a, a.orig, i, c, 0), set(&a, a.out, i, c, 0);
    void *ipiv = xmalloc(ipiv_size(f) * (size_t)n);
    int64_t info = call_getrf(f, p, n, n, a.out, a.ld, ipiv);
    tap_ok(info == c + 1, "%s: %cgetrf %dx%d with column %d zero: INFO %lld "
       "(expected %d)", f->path, PRECISIONS[p].letter, n, n, c,
       (long long)info, c + 1);
    free(ipiv);
    matrix_free(&a);
}

/* --- getrs and gesv ------------------------------------------------------ */

/* |op(A) X - B|_1 / (n |A|_1 |X|_1 eps) */
static double solve_ratio(const struct matrix *a, char trans,
                          const struct matrix *b)
{
    int n = a->rows, nrhs = b->cols;
    double complex *av = values(a, a->orig), *x = values(b, b->out),
                   *bv = values(b, b->orig);
    double complex *r = xmalloc(sizeof *r * (size_t)n * (size_t)nrhs);
    for (int j = 0; j < nrhs; j++)
        for (int i = 0; i < n; i++) {
            double complex sum = 0;
            for (int l = 0; l < n; l++) {
                double complex e = trans == 'N' ? av[i + (size_t)l * n]
                                                : av[l + (size_t)i * n];
                sum += (trans == 'C' ? conj(e) : e) * x[l + (size_t)j * n];
            }
            r[i + (size_t)j * n] = sum - bv[i + (size_t)j * n];
        }
    double ratio = norm1(r, n, nrhs) /
                   (n * norm1(av, n, n) * norm1(x, n, nrhs) * a->p->eps);
    free(av), free(x), free(bv), free(r);
    return ratio;
}

static void test_getrs(struct family *f, int p, int n, int nrhs)
{
    const struct precision *pr = &PRECISIONS[p];
    struct matrix a, lu, b;
    matrix_random(&a, pr, n, n);
    void *ipiv = xmalloc(ipiv_size(f) * (size_t)n);
    int64_t info = call_getrf(f, p, n, n, a.out, a.ld, ipiv);
    /* The factors, as getrs's input: they and ipiv must come back as they
     * went in. */
    lu = a;
    lu.orig = xmalloc(matrix_bytes(&a));
    memcpy(lu.orig, a.out, matrix_bytes(&a));
    void *ipiv_given = xmalloc(ipiv_size(f) * (size_t)n);
    memcpy(ipiv_given, ipiv, ipiv_size(f) * (size_t)n);
    /* 'C' of a real matrix is 'T', as LAPACK reads it. */
    for (const char *t = "NTC"; *t; t++) {
        matrix_random(&b, pr, n, nrhs);
        int64_t solved = call_getrs(f, p, *t, n, nrhs, a.out, a.ld, ipiv,
                                    b.out, b.ld);
        double ratio = solve_ratio(&a, *t, &b);
        int inputs_kept = !memcmp(lu.orig, a.out, matrix_bytes(&a)) &&
                          !memcmp(ipiv_given, ipiv, ipiv_size(f) * (size_t)n);
        tap_ok(info == 0 && solved == 0 && ratio <= 30 && inputs_kept &&
               padding_unchanged(&b),
           "%s: %cgetrs '%c' n=%d nrhs=%d: INFO %lld, |op(A)X-B| ratio %.2f, "
           "A and ipiv %s, B's padding %s", f->path, pr->letter, *t, n, nrhs,
           (long long)solved, ratio, inputs_kept ? "kept" : "written",
           padding_unchanged(&b) ? "untouched" : "written");
        matrix_free(&b);
    }
    free(lu.orig), free(ipiv_given), free(ipiv);
    matrix_free(&a);
}

static void test_gesv(struct family *f, int p, int n, int nrhs)
{
    const struct precision *pr = &PRECISIONS[p];
    struct matrix a, b;
    matrix_random(&a, pr, n, n);
    matrix_random(&b, pr, n, nrhs);
    void *ipiv = xmalloc(ipiv_size(f) * (size_t)n);
    int64_t info = call_gesv(f, p, n, nrhs, a.out, a.ld, ipiv, b.out, b.ld);
    int pivots_ok = 0;
    double factors = info == 0 ? lu_ratio(f, &a, ipiv, &pivots_ok) : 1e30;
    double ratio = info == 0 ? solve_ratio(&a, 'N', &b) : 1e30;
    tap_ok(info == 0 && factors <= 30 && pivots_ok && ratio <= 30 &&
           padding_unchanged(&a) && padding_unchanged(&b),
       "%s: %cgesv n=%d nrhs=%d: INFO %lld, |PA-LU| ratio %.2f, |AX-B| ratio "
       "%.2f, padding %s", f->path, pr->letter, n, nrhs, (long long)info,
       factors, ratio,
       padding_unchanged(&a) && padding_unchanged(&b) ? "untouched" : "written");
    free(ipiv);
    matrix_free(&a), matrix_free(&b);
}

/* --- potrf --------------------------------------------------------------- */

/* A Hermitian positive definite matrix, M M^H / n + I, in uplo's triangle;
 * the other triangle poisoned. */
static void hermitian_positive(struct matrix *a, const struct precision *p,
                               int n, char uplo)
{
    struct matrix m;
    matrix_random(&m, p, n, n);
    matrix_random(a, p, n, n);
    poison_range(p, a->orig, matrix_bytes(a) / elem_size(p));
    for (int j = 0; j < n; j++)
        for (int i = uplo == 'L' ? j : 0; i <= (uplo == 'L' ? n - 1 : j); i++) {
            double complex sum = 0;
            for (int l = 0; l < n; l++)
                sum += get(&m, m.orig, i, l) * conj(get(&m, m.orig, j, l));
            sum = sum / n + (i == j ? 1 : 0);
            if (i == j)
                sum = creal(sum);
            set(a, a->orig, i, j, sum);
        }
    memcpy(a->out, a->orig, matrix_bytes(a));
    matrix_free(&m);
}

/* |A - L L^H|_1 / (n |A|_1 eps) ('U': U^H U), the full Hermitian A from
 * its triangle; and whether the diagonal is real and positive. */
static double cholesky_ratio(const struct matrix *a, char uplo, int *diagonal_ok)
{
    int n = a->rows;
    double complex *full = xmalloc(sizeof *full * (size_t)n * (size_t)n);
    double complex *r = xmalloc(sizeof *r * (size_t)n * (size_t)n);
    *diagonal_ok = 1;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            int stored = uplo == 'L' ? i >= j : i <= j;
            full[i + (size_t)j * n] = stored ? get(a, a->orig, i, j)
                                             : conj(get(a, a->orig, j, i));
        }
    for (int i = 0; i < n; i++) {
        double complex d = get(a, a->out, i, i);
        if (!(creal(d) > 0) || cimag(d) != 0)
            *diagonal_ok = 0;
    }
    /* L(i,l) = out(i,l) for i >= l ('L'); U(l,j) = out(l,j) for l <= j. */
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double complex sum = 0;
            for (int l = 0; l <= (i < j ? i : j); l++)
                sum += uplo == 'L'
                           ? get(a, a->out, i, l) * conj(get(a, a->out, j, l))
                           : conj(get(a, a->out, l, i)) * get(a, a->out, l, j);
            r[i + (size_t)j * n] = full[i + (size_t)j * n] - sum;
        }
    double ratio = norm1(r, n, n) / (n * norm1(full, n, n) * a->p->eps);
    free(full), free(r);
    return ratio;
}

/* Whether the triangle potrf must not touch, and the padding, are still
 * the poison given. */
static int other_triangle_unchanged(const struct matrix *a, char uplo)
{
    size_t es = elem_size(a->p);
    for (int j = 0; j < a->cols; j++)
        for (int i = 0; i < a->ld; i++) {
            int stored = i < a->rows && (uplo == 'L' ? i >= j : i <= j);
            if (!stored && memcmp(a->out + at(a, i, j), a->orig + at(a, i, j), es))
                return 0;
        }
    return 1;
}

static void test_potrf(struct family *f, int p, int n, char uplo)
{
    const struct precision *pr = &PRECISIONS[p];
    struct matrix a;
    hermitian_positive(&a, pr, n, uplo);
    int64_t info = call_potrf(f, p, uplo, n, a.out, a.ld);
    int diagonal_ok = 0;
    double ratio = info == 0 ? cholesky_ratio(&a, uplo, &diagonal_ok) : 1e30;
    int kept = other_triangle_unchanged(&a, uplo);
    tap_ok(info == 0 && ratio <= 30 && diagonal_ok && kept,
       "%s: %cpotrf '%c' n=%d: INFO %lld, |A-LL^H| ratio %.2f, diagonal %s, "
       "other triangle and padding %s", f->path, pr->letter, uplo, n,
       (long long)info, ratio, diagonal_ok ? "real positive" : "wrong",
       kept ? "untouched" : "written");
    matrix_free(&a);
}

/* A(c,c) = -n: the leading minors up to order c are positive definite, the
 * one of order c + 1 is not: INFO = c + 1. */
static void test_potrf_indefinite(struct family *f, int p, int n, char uplo,
                                  int c)
{
    struct matrix a;
    hermitian_positive(&a, &PRECISIONS[p], n, uplo);
    set(&a, a.out, c, c, -n);
    indefinite_made[p]++;
    int64_t info = call_potrf(f, p, uplo, n, a.out, a.ld);
    tap_ok(info == c + 1, "%s: %cpotrf '%c' n=%d, not positive definite from "
       "order %d: INFO %lld", f->path, PRECISIONS[p].letter, uplo, n, c + 1,
       (long long)info);
    matrix_free(&a);
}

/* --- selection ----------------------------------------------------------- */

static const char *const ROUTINES[] = {"getrf", "getrs", "gesv", "potrf"};

static int is_routine(const char *word, size_t len)
{
    for (int r = 0; r < 4; r++)
        if (len == strlen(ROUTINES[r]) + 1 && strchr("sdcz", word[0]) &&
            !strncmp(word + 1, ROUTINES[r], len - 1))
            return 1;
    return 0;
}

static int selected(int p, int routine)
{
    char name[8];
    snprintf(name, sizeof name, "%c%s", PRECISIONS[p].letter, ROUTINES[routine]);
    return !selection || list_has(selection, name);
}

/* --- modules ------------------------------------------------------------- */

static void load_family(struct family *f, const char *path)
{
    void *module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!module)
        bail_out("%s", dlerror());
    void (*entries)(struct standin_lapack_entries *);
    void *symbol = dlsym(module, "standin_module_lapack");
    void *count = dlsym(module, "standin_lapack_call_count");
    if (!symbol || !count)
        bail_out("%s: not a stand-in module", path);
    memcpy(&entries, &symbol, sizeof symbol);
    memcpy(&f->count, &count, sizeof count);
    entries(&f->entries);
    const char *base = strrchr(path, '/');
    f->path = base ? base + 1 : path;
}

/* Who answered this module's calls, as EXPECT says. */
static void check_counts(const struct family *f, const char *expect)
{
    long answered[STANDIN_LAPACK_COUNT];
    for (int r = 0; r < STANDIN_LAPACK_COUNT; r++)
        answered[r] = f->count(r);
    long getrf_made = f->made[STANDIN_LAPACK_getrf] + f->made[STANDIN_LAPACK_gesv];
    int pass;
    if (!strcmp(expect, "blocked"))
        pass = answered[STANDIN_LAPACK_getrs] == 0 &&
               answered[STANDIN_LAPACK_gesv] == 0 &&
               answered[STANDIN_LAPACK_getrf] > getrf_made &&
               answered[STANDIN_LAPACK_potrf] > f->made[STANDIN_LAPACK_potrf] &&
               answered[STANDIN_LAPACK_laswp] > 0;
    else
        pass = answered[STANDIN_LAPACK_getrf] == f->made[STANDIN_LAPACK_getrf] &&
               answered[STANDIN_LAPACK_getrs] == f->made[STANDIN_LAPACK_getrs] &&
               answered[STANDIN_LAPACK_gesv] == f->made[STANDIN_LAPACK_gesv] &&
               answered[STANDIN_LAPACK_potrf] == f->made[STANDIN_LAPACK_potrf] &&
               answered[STANDIN_LAPACK_laswp] == 0;
    tap_ok(pass, "%s: %s: the stand-in answered getrf %ld, getrs %ld, gesv %ld, "
       "potrf %ld, laswp %ld (made: getrf %ld, getrs %ld, gesv %ld, potrf %ld)",
       f->path,
       !strcmp(expect, "blocked")
           ? "blasroute factored every call, the stand-in only panels"
           : "the stand-in answered every call itself",
       answered[0], answered[1], answered[2], answered[3], answered[4],
       f->made[0], f->made[1], f->made[2], f->made[3]);
}

static void invalid_call(const char *path)
{
    struct family f = {0};
    load_family(&f, path);
    struct matrix a;
    matrix_random(&a, &PRECISIONS[PD], 5, 5);
    void *ipiv = xmalloc(8 * 5);
    int64_t info = call_getrf(&f, PD, 5, 5, a.out, 4, ipiv); /* lda < m */
    printf("dgetrf with lda 4 < m 5 returned INFO %lld\n", (long long)info);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        bail_out("usage: lapack_driver blocked|standin|fault|error MODULE...");
    if (!strcmp(argv[1], "error")) {
        invalid_call(argv[2]);
        return 0;
    }
    uint64_t seed = read_test_seed();
    rng.state = seed;
    selection = read_routine_selection(is_routine);
    int modules = argc - 2, counts = strcmp(argv[1], "fault") != 0;
    struct family *families = calloc((size_t)modules, sizeof *families);
    printf("# seed %llu (BLASROUTE_TEST_SEED replays it)\n",
           (unsigned long long)seed);
    for (int i = 0; i < modules; i++) {
        struct family *f = &families[i];
        load_family(f, argv[2 + i]);
        for (int p = 0; p < N_PRECS; p++) {
            if (selected(p, STANDIN_LAPACK_getrf)) {
                test_getrf(f, p, 157, 157);
                test_getrf(f, p, 170, 133);
                test_getrf(f, p, 121, 160);
                test_getrf_singular(f, p, 157, 70);
            }
            if (selected(p, STANDIN_LAPACK_getrs))
                test_getrs(f, p, 141, 37);
            if (selected(p, STANDIN_LAPACK_gesv))
                test_gesv(f, p, 157, 23);
            if (selected(p, STANDIN_LAPACK_potrf)) {
                test_potrf(f, p, 150, 'L');
                test_potrf(f, p, 150, 'U');
                /* Order 160: the trailing orders are multiples of every PoCL tile, so that the
                 * device reads operands in place, and the panel times its diagonal block's
                 * inverse is written over the panel: it must then be copied first. */
                test_potrf(f, p, 160, 'L');
                test_potrf(f, p, 160, 'U');
                test_potrf_indefinite(f, p, 150, 'L', 75);
                test_potrf_indefinite(f, p, 150, 'U', 101);
            }
        }
        if (counts)
            check_counts(f, argv[1]);
    }
    /* The report line blasroute should print for each routine (BLASROUTE_REPORT): blocked,
     * every call on the device but getrs's (routed solves) and the indefinite potrf calls
     * (the program's potrf then answers, from the untouched matrix); otherwise every call
     * handed whole to the library. laswp is not blasroute's. */
        int blocked = !strcmp(argv[1], "blocked");
    for (int r = 0; r < 4 && counts; r++)
        for (int p = 0; p < N_PRECS; p++) {
            long n = calls_made[r][p], indefinite = r == 3 ? indefinite_made[p] : 0;
            if (!n)
                continue;
            printf("# report %c%s, %ld, ", PRECISIONS[p].letter, ROUTINES[r], n);
            if (!blocked)
                printf("library %ld\n", n);
            else if (r == STANDIN_LAPACK_getrs)
                printf("blocked %ld\n", n);
            else if (indefinite)
                printf("library %ld device %ld\n", indefinite, n - indefinite);
            else
                printf("device %ld\n", n);
        }
    printf("1..%d\n", tap_count());
    free(families);
    return tap_failures() != 0;
}
