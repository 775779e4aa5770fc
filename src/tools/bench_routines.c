/* The Level-3 routines of blasroute-bench, one table: names, option shapes and defaults, sizes
 * and operands, flop counts, and the Fortran entry points of the CPU BLAS and of blasroute. */
#include "bench_routines.h"

#include <dlfcn.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The Fortran entry points of the LP64 BLAS ABI (gfortran passes the CHARACTER lengths last).
 * SYR2K and HER2K take the same arguments as SYMM and HEMM, TRSM those of TRMM. */
typedef void fortran_gemm(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const void *alpha, const void *a, const int *lda,
                          const void *b, const int *ldb, const void *beta, void *c,
                          const int *ldc, size_t transa_length, size_t transb_length);
typedef void fortran_symm(const char *option1, const char *option2, const int *size1,
                          const int *size2, const void *alpha, const void *a, const int *lda,
                          const void *b, const int *ldb, const void *beta, void *c,
                          const int *ldc, size_t option1_length, size_t option2_length);
typedef void fortran_syrk(const char *uplo, const char *trans, const int *n, const int *k,
                          const void *alpha, const void *a, const int *lda, const void *beta,
                          void *c, const int *ldc, size_t uplo_length, size_t trans_length);
typedef void fortran_trmm(const char *side, const char *uplo, const char *transa,
                          const char *diag, const int *m, const int *n, const void *alpha,
                          const void *a, const int *lda, void *b, const int *ldb,
                          size_t side_length, size_t uplo_length, size_t transa_length,
                          size_t diag_length);

/* blasroute's own entry points (this program is linked with it): what a program calls. */
extern fortran_gemm sgemm_, dgemm_, cgemm_, zgemm_;
extern fortran_symm ssymm_, dsymm_, csymm_, zsymm_, chemm_, zhemm_;
extern fortran_syrk ssyrk_, dsyrk_, csyrk_, zsyrk_, cherk_, zherk_;
extern fortran_symm ssyr2k_, dsyr2k_, csyr2k_, zsyr2k_, cher2k_, zher2k_;
extern fortran_trmm strmm_, dtrmm_, ctrmm_, ztrmm_, strsm_, dtrsm_, ctrsm_, ztrsm_;

#define ENTRY(f) ((bench_function *)(f))
#define ENTRIES(s, d, c, z) {ENTRY(s), ENTRY(d), ENTRY(c), ENTRY(z)}
#define COMPLEX_ENTRIES(c, z) {NULL, NULL, ENTRY(c), ENTRY(z)}

static const struct family {
    const char *name;
    enum bench_option_shape shape;
    const char *default_options;
    bench_function *blasroute[4]; /* s, d, c, z; NULL where the routine does not exist */
} families[BENCH_FAMILY_COUNT] = {
    [BENCH_GEMM] = {"gemm", BENCH_SHAPE_NONE, "NN", ENTRIES(sgemm_, dgemm_, cgemm_, zgemm_)},
    [BENCH_SYMM] = {"symm", BENCH_SHAPE_SIDE_UPLO, "LU", ENTRIES(ssymm_, dsymm_, csymm_, zsymm_)},
    [BENCH_HEMM] = {"hemm", BENCH_SHAPE_SIDE_UPLO, "LU", COMPLEX_ENTRIES(chemm_, zhemm_)},
    [BENCH_SYRK] = {"syrk", BENCH_SHAPE_UPLO_TRANS, "UN", ENTRIES(ssyrk_, dsyrk_, csyrk_, zsyrk_)},
    [BENCH_HERK] = {"herk", BENCH_SHAPE_UPLO_TRANS, "UN", COMPLEX_ENTRIES(cherk_, zherk_)},
    [BENCH_SYR2K] = {"syr2k", BENCH_SHAPE_UPLO_TRANS, "UN",
                     ENTRIES(ssyr2k_, dsyr2k_, csyr2k_, zsyr2k_)},
    [BENCH_HER2K] = {"her2k", BENCH_SHAPE_UPLO_TRANS, "UN", COMPLEX_ENTRIES(cher2k_, zher2k_)},
    [BENCH_TRMM] = {"trmm", BENCH_SHAPE_TRIANGULAR, "LUNN",
                    ENTRIES(strmm_, dtrmm_, ctrmm_, ztrmm_)},
    [BENCH_TRSM] = {"trsm", BENCH_SHAPE_TRIANGULAR, "LUNN",
                    ENTRIES(strsm_, dtrsm_, ctrsm_, ztrsm_)},
};

/* The CPU BLAS's and NVBLAS's, bound by bench_set_entry (blasroute's are the table's). */
static bench_function *entries[BENCH_ENTRY_COUNT][BENCH_FAMILY_COUNT][4];

static int precision_index(char precision)
{
    const char *letters = "sdcz", *at = strchr(letters, precision);
    return at && precision ? (int)(at - letters) : 0;
}

const char *bench_family_name(enum bench_family family)
{
    return families[family].name;
}

int bench_family_exists(enum bench_family family, char precision)
{
    return families[family].blasroute[precision_index(precision)] != NULL;
}

enum bench_option_shape bench_family_shape(enum bench_family family)
{
    return families[family].shape;
}

struct bench_shape bench_shape_taken(enum bench_family family, struct bench_shape shape)
{
    switch (families[family].shape) {
    case BENCH_SHAPE_NONE: return shape;
    case BENCH_SHAPE_UPLO_TRANS: return (struct bench_shape){0, shape.n, shape.k};
    default: return (struct bench_shape){shape.m, shape.n, 0};
    }
}

const char *bench_family_default(enum bench_family family)
{
    return families[family].default_options;
}

void bench_effective_options(enum bench_family family, char precision, const char *given,
                             char out[5])
{
    snprintf(out, 5, "%s", given);
    int complex = bench_is_complex(precision);
    for (int i = 0; out[i]; i++) {
        /* Which letters are transpositions: gemm's both, the rank-k families' second, and
         * trmm/trsm's third. */
        int trans = family == BENCH_GEMM || (families[family].shape == BENCH_SHAPE_UPLO_TRANS
                                             && i == 1) ||
                    (families[family].shape == BENCH_SHAPE_TRIANGULAR && i == 2);
        if (!trans || out[i] == 'N')
            continue;
        if (family == BENCH_HERK || family == BENCH_HER2K)
            out[i] = 'C';
        else if (!complex || family == BENCH_SYRK || family == BENCH_SYR2K)
            out[i] = 'T';
    }
}

void bench_setup(struct bench_problem *p, enum bench_family family, char precision,
                 const char *options, struct bench_shape s, double beta)
{
    int complex = bench_is_complex(precision);
    memset(p, 0, sizeof *p);
    p->family = family;
    p->precision = precision;
    snprintf(p->options, sizeof p->options, "%s", options);
    p->side = p->uplo = p->transa = p->transb = p->diag = ' ';
    p->element_size = (precision == 's' ? 4 : precision == 'z' ? 16 : 8);
    p->alpha[0] = 1.1, p->alpha[1] = complex ? 0.2 : 0;
    p->beta[0] = beta, p->beta[1] = complex && beta != 0 ? -0.3 : 0;
    p->ldb = 1; /* without B */
    switch (families[family].shape) {
    case BENCH_SHAPE_NONE: /* gemm */
        p->transa = options[0], p->transb = options[1];
        p->m = s.m, p->n = s.n, p->k = s.k;
        p->lda = p->transa == 'N' ? s.m : s.k;
        p->a_cols = p->transa == 'N' ? s.k : s.m;
        p->ldb = p->transb == 'N' ? s.k : s.n;
        p->b_cols = p->transb == 'N' ? s.n : s.k;
        p->ldc = s.m, p->c_cols = s.n;
        break;
    case BENCH_SHAPE_SIDE_UPLO: /* symm, hemm */
        p->side = options[0], p->uplo = options[1];
        p->m = s.m, p->n = s.n;
        p->lda = p->a_cols = p->side == 'L' ? s.m : s.n;
        p->ldb = p->ldc = s.m, p->b_cols = p->c_cols = s.n;
        break;
    case BENCH_SHAPE_UPLO_TRANS: /* syrk, herk, syr2k, her2k */
        p->uplo = options[0], p->transa = options[1];
        p->n = s.n, p->k = s.k;
        p->lda = p->transa == 'N' ? s.n : s.k;
        p->a_cols = p->transa == 'N' ? s.k : s.n;
        if (family == BENCH_SYR2K || family == BENCH_HER2K)
            p->ldb = p->lda, p->b_cols = p->a_cols;
        p->ldc = p->c_cols = s.n;
        if (family == BENCH_HERK)
            p->alpha[1] = 0;
        if (family == BENCH_HERK || family == BENCH_HER2K)
            p->beta[1] = 0;
        break;
    case BENCH_SHAPE_TRIANGULAR: /* trmm, trsm: B is the output, C here */
        p->side = options[0], p->uplo = options[1], p->transa = options[2], p->diag = options[3];
        p->m = s.m, p->n = s.n;
        p->lda = p->a_cols = p->side == 'L' ? s.m : s.n;
        p->ldc = s.m, p->c_cols = s.n;
        p->beta[0] = p->beta[1] = 0;
        break;
    }
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

/* Every real and imaginary part of x set to scale times a random number in [-1, 1). */
static void fill(void *x, size_t bytes, char precision, double scale)
{
    int single = precision == 's' || precision == 'c';
    size_t count = bytes / (single ? sizeof(float) : sizeof(double));
    for (size_t i = 0; i < count; i++) {
        if (single)
            ((float *)x)[i] = (float)(scale * random_unit());
        else
            ((double *)x)[i] = scale * random_unit();
    }
}

void bench_fill(const struct bench_problem *p, void *a, void *b, void *c0)
{
    /* TRSM's triangle is made diagonally dominant, so that every solve is well conditioned and
     * its result stays of the order of B: a diagonal of twice the order (plus [-1/2, 1/2]) over
     * off-diagonal entries in [-1, 1], or with a unit diagonal, off-diagonal entries in
     * [-1, 1] / (2 order). */
    int order = p->lda, unit = p->family == BENCH_TRSM && p->diag == 'U';
    fill(a, bench_a_bytes(p), p->precision, unit ? 0.5 / order : 1);
    if (p->family == BENCH_TRSM && !unit) {
        int single = p->precision == 's' || p->precision == 'c';
        size_t step = (size_t)(order + 1) * (bench_is_complex(p->precision) ? 2 : 1);
        for (size_t i = 0; i < (size_t)order; i++) {
            double value = 2.0 * order + random_unit() / 2;
            if (single)
                ((float *)a)[i * step] = (float)value;
            else
                ((double *)a)[i * step] = value;
        }
    }
    if (b)
        fill(b, bench_b_bytes(p), p->precision, 1);
    /* With beta 0, NaN times each random number: C all NaN, not to be read. */
    fill(c0, bench_c_bytes(p), p->precision, bench_beta_zero(p) ? NAN : 1);
}

int bench_beta_zero(const struct bench_problem *p)
{
    return families[p->family].shape != BENCH_SHAPE_TRIANGULAR && p->beta[0] == 0 &&
           p->beta[1] == 0;
}

double bench_flops(const struct bench_problem *p)
{
    double m = p->m, n = p->n, k = p->k, flops = 0;
    switch (p->family) {
    case BENCH_GEMM: flops = 2 * m * n * k; break;
    case BENCH_SYMM:
    case BENCH_HEMM: flops = 2 * m * n * (p->side == 'L' ? m : n); break;
    case BENCH_SYRK:
    case BENCH_HERK: flops = n * (n + 1) * k; break;
    case BENCH_SYR2K:
    case BENCH_HER2K: flops = 2 * n * (n + 1) * k; break;
    default: flops = m * n * (p->side == 'L' ? m : n); break; /* trmm, trsm */
    }
    return bench_is_complex(p->precision) ? 4 * flops : flops;
}

void bench_fortran_name(enum bench_family family, char precision, char out[8])
{
    snprintf(out, 8, "%c%s_", precision, families[family].name);
}

void bench_set_entry(enum bench_entry source, enum bench_family family, char precision,
                     bench_function *entry)
{
    entries[source][family][precision_index(precision)] = entry;
}

int bench_bind_entries(void *handle, enum bench_entry source, char missing[8])
{
    for (int f = 0; f < BENCH_FAMILY_COUNT; f++)
        for (int i = 0; i < 4; i++) {
            if (!bench_family_exists((enum bench_family)f, "sdcz"[i]))
                continue;
            bench_fortran_name((enum bench_family)f, "sdcz"[i], missing);
            void *address = dlsym(handle, missing);
            if (!address)
                return -1;
            bench_function *entry; /* POSIX: a dlsym result converts to a function pointer */
            memcpy(&entry, &address, sizeof address);
            bench_set_entry(source, (enum bench_family)f, "sdcz"[i], entry);
        }
    missing[0] = 0;
    return 0;
}

/* A scalar in the precision's own representation, for the Fortran ABI (a real scalar of a
 * complex routine, HERK's or HER2K's beta, is the first part, the imaginary one being 0). */
union scalar {
    float f[2];
    double d[2];
};

static union scalar native(char precision, const double value[2])
{
    union scalar s = {.d = {0, 0}};
    if (precision == 's' || precision == 'c')
        s.f[0] = (float)value[0], s.f[1] = (float)value[1];
    else
        s.d[0] = value[0], s.d[1] = value[1];
    return s;
}

void bench_call(const struct bench_problem *p, enum bench_entry source)
{
    int i = precision_index(p->precision);
    bench_function *entry = source == BENCH_BLASROUTE ? families[p->family].blasroute[i]
                                                      : entries[source][p->family][i];
    union scalar alpha = native(p->precision, p->alpha), beta = native(p->precision, p->beta);
    const char *o = p->options;
    switch (families[p->family].shape) {
    case BENCH_SHAPE_NONE:
        ((fortran_gemm *)entry)(&o[0], &o[1], &p->m, &p->n, &p->k, &alpha, p->a, &p->lda, p->b,
                                &p->ldb, &beta, p->c, &p->ldc, 1, 1);
        break;
    case BENCH_SHAPE_SIDE_UPLO:
        ((fortran_symm *)entry)(&o[0], &o[1], &p->m, &p->n, &alpha, p->a, &p->lda, p->b,
                                &p->ldb, &beta, p->c, &p->ldc, 1, 1);
        break;
    case BENCH_SHAPE_UPLO_TRANS:
        if (p->family == BENCH_SYRK || p->family == BENCH_HERK)
            ((fortran_syrk *)entry)(&o[0], &o[1], &p->n, &p->k, &alpha, p->a, &p->lda, &beta,
                                    p->c, &p->ldc, 1, 1);
        else
            ((fortran_symm *)entry)(&o[0], &o[1], &p->n, &p->k, &alpha, p->a, &p->lda, p->b,
                                    &p->ldb, &beta, p->c, &p->ldc, 1, 1);
        break;
    case BENCH_SHAPE_TRIANGULAR:
        ((fortran_trmm *)entry)(&o[0], &o[1], &o[2], &o[3], &p->m, &p->n, &alpha, p->a, &p->lda,
                                p->c, &p->ldc, 1, 1, 1, 1);
        break;
    }
}

/* Element (i, j) of a column-major array of ld rows. */
static const char *at_element(const struct bench_problem *p, const void *x, int ld, int i,
                              int j)
{
    return (const char *)x + ((size_t)i + (size_t)j * (size_t)ld) * p->element_size;
}

int bench_call_columns(const struct bench_problem *p, enum bench_entry source,
                       const int *columns, int count)
{
    int i = precision_index(p->precision), one = 1;
    if (source == BENCH_BLASROUTE ||
        (families[p->family].shape != BENCH_SHAPE_NONE &&
         families[p->family].shape != BENCH_SHAPE_UPLO_TRANS && p->side != 'L'))
        return -1; /* a side-R column reads every column of B */
    bench_function *entry = entries[source][p->family][i];
    fortran_gemm *gemm = (fortran_gemm *)entries[source][BENCH_GEMM][i];
    union scalar alpha = native(p->precision, p->alpha), beta = native(p->precision, p->beta);
    union scalar one_scalar = native(p->precision, (const double[2]){1, 0});
    /* The second product of SYR2K and HER2K: alpha, conjugated for HER2K. */
    double second[2] = {p->alpha[0], p->family == BENCH_HER2K ? -p->alpha[1] : p->alpha[1]};
    union scalar alpha2 = native(p->precision, second);
    const char *o = p->options;
    for (int c = 0; c < count; c++) {
        int j = columns[c];
        char *out = (char *)at_element(p, p->c, p->ldc, 0, j);
        switch (families[p->family].shape) {
        case BENCH_SHAPE_NONE: { /* C(:, j) = alpha op(A) op(B)(:, j) + beta C(:, j) */
            const char *bj = p->transb == 'N' ? at_element(p, p->b, p->ldb, 0, j)
                                              : at_element(p, p->b, p->ldb, j, 0);
            ((fortran_gemm *)entry)(&o[0], &o[1], &p->m, &one, &p->k, &alpha, p->a, &p->lda, bj,
                                    &p->ldb, &beta, out, &p->ldc, 1, 1);
            break;
        }
        case BENCH_SHAPE_SIDE_UPLO: /* side L: C(:, j) = alpha A B(:, j) + beta C(:, j) */
            ((fortran_symm *)entry)(&o[0], &o[1], &p->m, &one, &alpha, p->a, &p->lda,
                                    at_element(p, p->b, p->ldb, 0, j), &p->ldb, &beta, out,
                                    &p->ldc, 1, 1);
            break;
        case BENCH_SHAPE_TRIANGULAR: /* side L: B(:, j) alone */
            ((fortran_trmm *)entry)(&o[0], &o[1], &o[2], &o[3], &p->m, &one, &alpha, p->a,
                                    &p->lda, out, &p->ldc, 1, 1, 1, 1);
            break;
        case BENCH_SHAPE_UPLO_TRANS: {
            /* The triangle's part of column j, rows [first, first + rows): alpha op(X) rows
             * times op(Y) row j (transposed, conjugated for HERK and HER2K) + beta C, as GEMM;
             * for the rank-2k routines the second product added. op(X) = X or X^T (^H). */
            int upper = p->uplo == 'U', first = upper ? 0 : j, rows = upper ? j + 1 : p->n - j;
            int straight = p->transa == 'N';
            int hermitian = p->family == BENCH_HERK || p->family == BENCH_HER2K;
            char ta = straight ? 'N' : p->transa, tb = straight ? (hermitian ? 'C' : 'T') : 'N';
            int two = p->family == BENCH_SYR2K || p->family == BENCH_HER2K;
            for (int product = 0; product < (two ? 2 : 1); product++) {
                const void *x = product ? p->b : p->a, *y = !two ? p->a : product ? p->a : p->b;
                int ldx = product ? p->ldb : p->lda, ldy = y == p->a ? p->lda : p->ldb;
                const char *xs = straight ? at_element(p, x, ldx, first, 0)
                                          : at_element(p, x, ldx, 0, first);
                const char *yj = straight ? at_element(p, y, ldy, j, 0)
                                          : at_element(p, y, ldy, 0, j);
                gemm(&ta, &tb, &rows, &one, &p->k, product ? &alpha2 : &alpha, xs, &ldx, yj,
                     &ldy, product ? &one_scalar : &beta, out + (size_t)first * p->element_size,
                     &p->ldc, 1, 1);
            }
            /* HERK and HER2K take C's diagonal as real and leave it so; the products above
             * kept beta times its imaginary part. */
            if (hermitian) {
                char *diagonal = out + (size_t)j * p->element_size;
                if (p->precision == 'c')
                    ((float *)diagonal)[1] = 0;
                else
                    ((double *)diagonal)[1] = 0;
            }
            break;
        }
        }
    }
    return 0;
}
