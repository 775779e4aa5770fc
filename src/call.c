/* Argument checks and work classification of the canonical Level-3 call, exactly as the
 * reference BLAS 3.11 does them: the same checks in the same order, the first failure wins. */
#include "call.h"

#include <string.h>

/* LSAME: the same letter, either case. */
static int same(char c, char upper)
{
    return c == upper || c == upper + ('a' - 'A');
}

static char upper(char c)
{
    return (c >= 'a' && c <= 'z') ? (char)(c - ('a' - 'A')) : c;
}

static br_int at_least_1(br_int x)
{
    return x > 1 ? x : 1;
}

static int is_trans(char c, int allow_n, int allow_t, int allow_c)
{
    return (allow_n && same(c, 'N')) || (allow_t && same(c, 'T')) || (allow_c && same(c, 'C'));
}

static br_int check_gemm(const struct br_call *call)
{
    br_int nrowa = same(call->transa, 'N') ? call->m : call->k;
    br_int nrowb = same(call->transb, 'N') ? call->k : call->n;
    if (!is_trans(call->transa, 1, 1, 1))
        return 1;
    if (!is_trans(call->transb, 1, 1, 1))
        return 2;
    if (call->m < 0)
        return 3;
    if (call->n < 0)
        return 4;
    if (call->k < 0)
        return 5;
    if (call->lda < at_least_1(nrowa))
        return 8;
    if (call->ldb < at_least_1(nrowb))
        return 10;
    if (call->ldc < at_least_1(call->m))
        return 13;
    return 0;
}

static br_int check_symm(const struct br_call *call)
{
    br_int nrowa = same(call->side, 'L') ? call->m : call->n;
    if (!same(call->side, 'L') && !same(call->side, 'R'))
        return 1;
    if (!same(call->uplo, 'U') && !same(call->uplo, 'L'))
        return 2;
    if (call->m < 0)
        return 3;
    if (call->n < 0)
        return 4;
    if (call->lda < at_least_1(nrowa))
        return 7;
    if (call->ldb < at_least_1(call->m))
        return 9;
    if (call->ldc < at_least_1(call->m))
        return 12;
    return 0;
}

/* SYRK, HERK, SYR2K and HER2K share their checks; they differ in the transposes they accept
 * and, for the rank-2k ones, in B. */
static br_int check_rank_k(const struct br_call *call)
{
    int complex_type = br_is_complex(call->precision);
    int hermitian = call->family == BR_HERK || call->family == BR_HER2K;
    int two = call->family == BR_SYR2K || call->family == BR_HER2K;
    /* Real SYRK/SYR2K take N, T and C; complex symmetric ones N and T; Hermitian ones N and C. */
    int allow_t = !hermitian;
    int allow_c = hermitian || !complex_type;
    br_int nrowa = same(call->transa, 'N') ? call->n : call->k;
    if (!same(call->uplo, 'U') && !same(call->uplo, 'L'))
        return 1;
    if (!is_trans(call->transa, 1, allow_t, allow_c))
        return 2;
    if (call->n < 0)
        return 3;
    if (call->k < 0)
        return 4;
    if (call->lda < at_least_1(nrowa))
        return 7;
    if (two && call->ldb < at_least_1(nrowa))
        return 9;
    if (call->ldc < at_least_1(call->n))
        return two ? 12 : 10;
    return 0;
}

static br_int check_triangular(const struct br_call *call)
{
    br_int nrowa = same(call->side, 'L') ? call->m : call->n;
    if (!same(call->side, 'L') && !same(call->side, 'R'))
        return 1;
    if (!same(call->uplo, 'U') && !same(call->uplo, 'L'))
        return 2;
    if (!is_trans(call->transa, 1, 1, 1))
        return 3;
    if (!same(call->diag, 'U') && !same(call->diag, 'N'))
        return 4;
    if (call->m < 0)
        return 5;
    if (call->n < 0)
        return 6;
    if (call->lda < at_least_1(nrowa))
        return 9;
    if (call->ldb < at_least_1(call->m))
        return 11;
    return 0;
}

br_int br_check_call(const struct br_call *call)
{
    switch (call->family) {
    case BR_GEMM:
        return check_gemm(call);
    case BR_SYMM:
    case BR_HEMM:
        return check_symm(call);
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        return check_rank_k(call);
    case BR_TRMM:
    case BR_TRSM:
        return check_triangular(call);
    default:
        return 0;
    }
}

int br_scalar_is_zero(const union br_scalar *x, enum br_precision precision, int real)
{
    switch (precision) {
    case BR_S:
        return x->s == 0.0f;
    case BR_D:
        return x->d == 0.0;
    case BR_C:
        return x->c[0] == 0.0f && (real || x->c[1] == 0.0f);
    default:
        return x->z[0] == 0.0 && (real || x->z[1] == 0.0);
    }
}

int br_call_beta_is_zero(const struct br_call *call)
{
    return br_scalar_is_zero(&call->beta, call->precision,
                             call->family == BR_HERK || call->family == BR_HER2K);
}

static int is_one(const union br_scalar *x, enum br_precision precision, int real)
{
    switch (precision) {
    case BR_S:
        return x->s == 1.0f;
    case BR_D:
        return x->d == 1.0;
    case BR_C:
        return x->c[0] == 1.0f && (real || x->c[1] == 0.0f);
    default:
        return x->z[0] == 1.0 && (real || x->z[1] == 0.0);
    }
}

void br_settle_call(struct br_call *call)
{
    call->side = upper(call->side);
    call->uplo = upper(call->uplo);
    call->transa = upper(call->transa);
    call->transb = upper(call->transb);
    call->diag = upper(call->diag);
    /* For real data a conjugate transpose is a transpose: say so once, here. */
    if (!br_is_complex(call->precision)) {
        if (call->transa == 'C')
            call->transa = 'T';
        if (call->transb == 'C')
            call->transb = 'T';
    }

    int real_alpha = call->family == BR_HERK;
    int real_beta = call->family == BR_HERK || call->family == BR_HER2K;
    int alpha_zero = br_scalar_is_zero(&call->alpha, call->precision, real_alpha);
    int beta_one = is_one(&call->beta, call->precision, real_beta);
    int empty, scale_only;
    switch (call->family) {
    case BR_GEMM:
        empty = call->m == 0 || call->n == 0;
        scale_only = alpha_zero || call->k == 0;
        break;
    case BR_SYMM:
    case BR_HEMM:
        empty = call->m == 0 || call->n == 0;
        scale_only = alpha_zero;
        break;
    case BR_TRMM:
    case BR_TRSM:
        /* Quick return on an empty B only; alpha = 0 zeroes B whatever beta would be. */
        call->work = (call->m == 0 || call->n == 0) ? BR_WORK_NONE
                     : alpha_zero                   ? BR_WORK_SCALE
                                                    : BR_WORK_FULL;
        return;
    default: /* the rank-k updates */
        empty = call->n == 0;
        scale_only = alpha_zero || call->k == 0;
        break;
    }
    if (empty || (scale_only && beta_one))
        call->work = BR_WORK_NONE;
    else
        call->work = scale_only ? BR_WORK_SCALE : BR_WORK_FULL;
}

static const char *const family_names[BR_FAMILY_COUNT] = {
    "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};
static const char precision_letters[BR_PRECISION_COUNT] = {'s', 'd', 'c', 'z'};

const char *br_family_name(enum br_family family)
{
    return family_names[family];
}

char br_precision_letter(enum br_precision precision)
{
    return precision_letters[precision];
}

int br_parse_family(const char *name)
{
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        if (strcmp(name, family_names[f]) == 0)
            return f;
    return -1;
}

int br_parse_routine(const char *name, enum br_family *family, enum br_precision *precision)
{
    const char *letter = name[0] ? memchr(precision_letters, name[0], BR_PRECISION_COUNT) : NULL;
    int f = letter ? br_parse_family(name + 1) : -1;
    if (f < 0)
        return -1;
    *family = (enum br_family)f;
    *precision = (enum br_precision)(letter - precision_letters);
    return 0;
}

void br_routine_name_lower(const struct br_call *call, char name[8])
{
    const char *family = family_names[call->family];
    size_t i = 0;
    name[i++] = precision_letters[call->precision];
    while (*family)
        name[i++] = *family++;
    name[i] = '\0';
}

void br_routine_name_fortran(const struct br_call *call, char name[7])
{
    char lower[8];
    br_routine_name_lower(call, lower);
    size_t i = 0;
    for (; lower[i] && i < 6; i++)
        name[i] = upper(lower[i]);
    for (; i < 6; i++)
        name[i] = ' ';
    name[6] = '\0';
}

union br_scalar br_scalar_complex_of_real(const union br_scalar *x, enum br_precision precision)
{
    union br_scalar z;
    memset(&z, 0, sizeof z);
    if (precision == BR_C)
        z.c[0] = x->s;
    else
        z.z[0] = x->d;
    return z;
}

union br_scalar br_scalar_conjugate(const union br_scalar *x, enum br_precision precision)
{
    union br_scalar z = *x;
    if (precision == BR_C)
        z.c[1] = -z.c[1];
    else if (precision == BR_Z)
        z.z[1] = -z.z[1];
    return z;
}

union br_scalar br_scalar_real(enum br_precision precision, double value)
{
    union br_scalar x;
    memset(&x, 0, sizeof x);
    if (precision == BR_S)
        x.s = (float)value;
    else if (precision == BR_C)
        x.c[0] = (float)value;
    else if (precision == BR_D)
        x.d = value;
    else
        x.z[0] = value;
    return x;
}

struct br_call br_square_call(enum br_family family, enum br_precision precision, br_int n)
{
    struct br_call c = {.family = family, .precision = precision, .work = BR_WORK_FULL,
                        .n = n, .lda = n, .ldb = n, .ldc = n};
    switch (family) {
    case BR_GEMM:
        c.transa = c.transb = 'N', c.m = c.k = n;
        break;
    case BR_SYMM:
    case BR_HEMM:
        c.side = 'L', c.uplo = 'U', c.m = n;
        break;
    case BR_TRMM:
    case BR_TRSM:
        c.side = 'L', c.uplo = 'U', c.transa = 'N', c.diag = 'N', c.m = n;
        break;
    default: /* the rank-k and rank-2k families */
        c.uplo = 'U', c.transa = 'N', c.k = n;
        break;
    }
    return c;
}

double br_call_flops(const struct br_call *c)
{
    double m = c->m, n = c->n, k = c->k, flops;
    switch (c->family) {
    case BR_GEMM:
        flops = 2 * m * n * k;
        break;
    case BR_SYMM:
    case BR_HEMM:
        flops = 2 * m * n * (c->side == 'L' ? m : n);
        break;
    case BR_SYRK:
    case BR_HERK:
        flops = n * (n + 1) * k;
        break;
    case BR_SYR2K:
    case BR_HER2K:
        flops = 2 * n * (n + 1) * k;
        break;
    default: /* TRMM, TRSM */
        flops = m * n * (c->side == 'L' ? m : n);
        break;
    }
    return br_is_complex(c->precision) ? 4 * flops : flops;
}
