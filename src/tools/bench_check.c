/* The check of blasroute-bench's results.
 *
 * Every routine but TRSM computes C(i,j) = alpha sum_l X(i,l) Y(l,j) (+ beta C0(i,j)), with X
 * and Y the operands as the routine reads them (op(A) and op(B) for gemm; the full symmetric or
 * Hermitian matrix and B for symm and hemm; op(A) and op(A)' for the rank-k family, and the two
 * products of the rank-2k family; the triangle and B0 for trmm). A result is compared with the
 * CPU BLAS's on the same inputs: element by element, they may differ by
 *     f(l) eps (|alpha| sum_l |X(i,l)| |Y(l,j)| + |beta| |C0(i,j)|),
 * twice over (both results have such an error), twice again for complex arithmetic, with l the
 * length of the sums (2k for the rank-2k family) and f(l) = min(l + 2, 32). Up to l = 30 that
 * is the worst case of any summation order. Beyond, the worst case grows with l, but the errors
 * of our data do not: with zero-mean random entries the sum itself grows like sqrt(l), not l,
 * and the rounding errors of right results (naive, blocked, FMA, OpenCL kernels) stay near
 * eps sum |x||y| whatever l: measured for GEMM, k = 1 to 32768 in s, d, c, z, they reached 1/12
 * of the bound at k <= 30 and 1/29 beyond. A bound growing with l would pass, in single
 * precision at l = 16384, a beta taken as 1 or a lost K tile; this one does not.
 *
 * TRSM's result X is checked by its residual op(A) X - alpha B0 (X op(A) - alpha B0 for side R),
 * computed in long double, to within the same factor times |op(A)| |X| + |alpha| |B0|: a
 * backward-stable solve (substitution, or blocks inverted and applied by GEMM on a
 * well-conditioned triangle, which the bench makes) meets it, whatever the CPU BLAS answers. */
#include "bench_check.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* Element i of an array of p's precision, as (real, imaginary). */
static void element(const struct bench_problem *p, const void *base, size_t i, double out[2])
{
    const float *f = base;
    const double *d = base;
    switch (p->precision) {
    case 's': out[0] = f[i], out[1] = 0; break;
    case 'd': out[0] = d[i], out[1] = 0; break;
    case 'c': out[0] = f[2 * i], out[1] = f[2 * i + 1]; break;
    default: out[0] = d[2 * i], out[1] = d[2 * i + 1]; break;
    }
}

static double magnitude(const double x[2])
{
    return x[1] == 0 ? fabs(x[0]) : hypot(x[0], x[1]);
}

/* |element (r, c)| of an array with leading dimension ld. */
static double at(const struct bench_problem *p, const void *base, int ld, int r, int c)
{
    double x[2];
    element(p, base, (size_t)r + (size_t)c * (size_t)ld, x);
    return magnitude(x);
}

/* |op(M)(i, l)| for a general M. */
static double general(const struct bench_problem *p, const void *base, int ld, char trans, int i,
                      int l)
{
    return trans == 'N' ? at(p, base, ld, i, l) : at(p, base, ld, l, i);
}

/* |A(i, l)| of symm's or hemm's full matrix, from its referenced triangle (hemm's diagonal is
 * real: its imaginary part is not read). */
static double symmetric(const struct bench_problem *p, int i, int l)
{
    if (i == l && p->family == BENCH_HEMM) {
        double x[2];
        element(p, p->a, (size_t)i * (size_t)(p->lda + 1), x);
        return fabs(x[0]);
    }
    int stored = p->uplo == 'U' ? i <= l : i >= l;
    return stored ? at(p, p->a, p->lda, i, l) : at(p, p->a, p->lda, l, i);
}

/* op(A)(i, l) of trmm's or trsm's triangle, in out; its magnitude returned. */
static double triangular(const struct bench_problem *p, int i, int l, double out[2])
{
    int r = p->transa == 'N' ? i : l, c = p->transa == 'N' ? l : i;
    out[0] = out[1] = 0;
    if (r == c && p->diag == 'U')
        out[0] = 1;
    else if (r == c || (p->uplo == 'U' ? r < c : r > c))
        element(p, p->a, (size_t)r + (size_t)c * (size_t)p->lda, out);
    if (p->transa == 'C')
        out[1] = -out[1];
    return magnitude(out);
}

/* sum_l |X(i,l)| |Y(j,l)| of the routine's product(s), and the length of the sums. */
static double product(const struct bench_problem *p, int i, int j, int *length)
{
    double sum = 0, unused[2];
    int order = p->side == 'L' ? p->m : p->n;
    switch (p->family) {
    case BENCH_GEMM:
        *length = p->k;
        for (int l = 0; l < p->k; l++)
            sum += general(p, p->a, p->lda, p->transa, i, l) *
                   general(p, p->b, p->ldb, p->transb, l, j);
        break;
    case BENCH_SYMM:
    case BENCH_HEMM:
        *length = order;
        for (int l = 0; l < order; l++)
            sum += p->side == 'L' ? symmetric(p, i, l) * at(p, p->b, p->ldb, l, j)
                                  : at(p, p->b, p->ldb, i, l) * symmetric(p, l, j);
        break;
    case BENCH_SYRK:
    case BENCH_HERK:
        *length = p->k;
        for (int l = 0; l < p->k; l++)
            sum += general(p, p->a, p->lda, p->transa, i, l) *
                   general(p, p->a, p->lda, p->transa, j, l);
        break;
    case BENCH_SYR2K:
    case BENCH_HER2K:
        *length = 2 * p->k;
        for (int l = 0; l < p->k; l++)
            sum += general(p, p->a, p->lda, p->transa, i, l) *
                       general(p, p->b, p->ldb, p->transa, j, l) +
                   general(p, p->b, p->ldb, p->transa, i, l) *
                       general(p, p->a, p->lda, p->transa, j, l);
        break;
    default: /* trmm */
        *length = order;
        for (int l = 0; l < order; l++)
            sum += p->side == 'L' ? triangular(p, i, l, unused) * at(p, p->c0, p->ldc, l, j)
                                  : at(p, p->c0, p->ldc, i, l) * triangular(p, l, j, unused);
        break;
    }
    return sum;
}

static double factor(const struct bench_problem *p, double epsilon, int length)
{
    return (bench_is_complex(p->precision) ? 4 : 2) * fmin(length + 2.0, 32) * epsilon;
}

/* TRSM: the ratio of the residual of p->c's element (i, j) to its bound. */
static double residual(const struct bench_problem *p, double epsilon, int i, int j)
{
    int order = p->side == 'L' ? p->m : p->n;
    long double real = 0, imaginary = 0;
    double sum = 0, t[2], x[2];
    for (int l = 0; l < order; l++) {
        /* op(A)(i,l) X(l,j), or X(i,l) op(A)(l,j) */
        double size = p->side == 'L' ? triangular(p, i, l, t) : triangular(p, l, j, t);
        if (size == 0)
            continue;
        element(p, p->c, p->side == 'L' ? (size_t)l + (size_t)j * (size_t)p->ldc
                                        : (size_t)i + (size_t)l * (size_t)p->ldc, x);
        real += (long double)t[0] * x[0] - (long double)t[1] * x[1];
        imaginary += (long double)t[0] * x[1] + (long double)t[1] * x[0];
        sum += size * magnitude(x);
    }
    element(p, p->c0, (size_t)i + (size_t)j * (size_t)p->ldc, x);
    real -= (long double)p->alpha[0] * x[0] - (long double)p->alpha[1] * x[1];
    imaginary -= (long double)p->alpha[0] * x[1] + (long double)p->alpha[1] * x[0];
    double bound = factor(p, epsilon, order) * (sum + magnitude(p->alpha) * magnitude(x));
    return hypot((double)real, (double)imaginary) / (bound + DBL_MIN);
}

/* The rows of column j that the routine computes: all, or the referenced triangle's. */
static void rows(const struct bench_problem *p, int j, int *first, int *end)
{
    int triangle = p->family >= BENCH_SYRK && p->family <= BENCH_HER2K;
    *first = triangle && p->uplo == 'L' ? j : 0;
    *end = triangle && p->uplo == 'U' ? j + 1 : p->ldc;
}

static int make_bounds(const struct bench_problem *p, double epsilon, struct bench_expected *e)
{
    size_t m = (size_t)p->ldc;
    e->bound = malloc((size_t)e->count * m * sizeof(double));
    if (!e->bound)
        return -1;
    double alpha = magnitude(p->alpha), beta = magnitude(p->beta);
    for (int c = 0; c < e->count; c++) {
        int j = e->columns[c], first, end, length;
        rows(p, j, &first, &end);
        for (int i = first; i < end; i++) {
            double sum = product(p, i, j, &length);
            e->bound[(size_t)c * m + (size_t)i] =
                factor(p, epsilon, length) *
                    (alpha * sum + (beta != 0 ? beta * at(p, p->c0, p->ldc, i, j) : 0)) +
                DBL_MIN;
        }
    }
    return 0;
}

int bench_check_columns(const struct bench_problem *p, int columns[3])
{
    int n = p->c_cols, middle = (n + 1) / 2 - 1, count = 0;
    columns[count++] = 0;
    if (p->family != BENCH_GEMM && middle > 0 && middle < n - 1)
        columns[count++] = middle;
    if (n > 1)
        columns[count++] = n - 1;
    return count;
}

double bench_check(const struct bench_problem *p, const void *reference, double epsilon,
                   struct bench_expected *e, int where[2])
{
    if (!e->count)
        e->count = bench_check_columns(p, e->columns);
    if (p->family != BENCH_TRSM && !e->bound && make_bounds(p, epsilon, e) != 0)
        return -1;
    int real_diagonal = p->family == BENCH_HERK || p->family == BENCH_HER2K;
    double worst = 0, x[2], y[2];
    size_t m = (size_t)p->ldc;
    for (int c = 0; c < e->count; c++) {
        int j = e->columns[c], first, end;
        rows(p, j, &first, &end);
        for (int i = first; i < end; i++) {
            size_t index = (size_t)i + (size_t)j * m;
            double ratio;
            if (p->family == BENCH_TRSM) {
                ratio = residual(p, epsilon, i, j);
            } else {
                element(p, p->c, index, x);
                element(p, reference, index, y);
                ratio = hypot(x[0] - y[0], x[1] - y[1]) / e->bound[(size_t)c * m + (size_t)i];
                if (real_diagonal && i == j && x[1] != 0)
                    ratio = INFINITY;
            }
            if (!(ratio <= worst)) { /* a NaN is the worst of all, and stays */
                worst = ratio, where[0] = i, where[1] = j;
                if (isnan(ratio))
                    return worst;
            }
        }
    }
    return worst;
}

void bench_expected_free(struct bench_expected *e)
{
    free(e->bound);
    e->bound = NULL;
    e->count = 0;
}
