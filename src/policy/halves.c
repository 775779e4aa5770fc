/* A call in halves (halves.h). */
#include "policy/halves.h"

#include <string.h>

/* Where row (side L) or column (side R) `first` of B or C (x, ld) starts. */
static void *rows_of(const struct br_call *c, const void *x, br_int ld, br_int first, size_t e)
{
    return br_op_row(x, first, ld, c->side == 'L' ? 'N' : 'T', e);
}

/* The first half of n: on a 32-element boundary (the device's tiles) where both halves stay
 * that long. */
static br_int first_half(br_int n)
{
    return n >= 128 ? n / 2 / 32 * 32 : n / 2;
}

/* The order of A: m for side L, n for side R. */
static br_int order_of_a(const struct br_call *c)
{
    return c->side == 'L' ? c->m : c->n;
}

int br_halves_of_a_first(const struct br_call *c)
{
    switch (c->family) {
    case BR_TRSM:
    case BR_TRMM:
    case BR_SYMM:
    case BR_HEMM:
        return order_of_a(c) >= 2 && order_of_a(c) >= (c->side == 'L' ? c->n : c->m);
    default:
        return 0;
    }
}

/* The quarters of A, cut at n1. */
struct quarters {
    const void *a11, *a21, *a12, *a22;
};

static struct quarters quarters_of(const struct br_call *c, br_int n1)
{
    size_t e = br_element_size(c->precision);
    return (struct quarters){br_element_at(c->a, 0, 0, c->lda, e),
                             br_element_at(c->a, n1, 0, c->lda, e),
                             br_element_at(c->a, 0, n1, c->lda, e),
                             br_element_at(c->a, n1, n1, c->lda, e)};
}

/* A piece of the same routine on a diagonal block of A and the rows (side L) or columns
 * (side R) [first, first + count) of B and C. */
static struct br_call diagonal_piece(const struct br_call *c, const void *block, br_int first,
                                     br_int count, union br_scalar alpha, union br_scalar beta)
{
    size_t e = br_element_size(c->precision);
    struct br_call p = *c;
    p.a = block;
    p.alpha = alpha;
    p.beta = beta;
    int left = c->side == 'L';
    if (left)
        p.m = count;
    else
        p.n = count;
    p.b = rows_of(c, c->b, c->ldb, first, e);
    if (c->c)
        p.c = rows_of(c, c->c, c->ldc, first, e);
    return p;
}

/* A GEMM piece: out (m x n, ldo) = alpha op(x) op(y) + beta out. */
static struct br_call gemm_piece(const struct br_call *c, char tx, const void *x, br_int ldx,
                                 char ty, const void *y, br_int ldy, void *out, br_int ldo,
                                 br_int m, br_int n, br_int k, union br_scalar alpha,
                                 union br_scalar beta)
{
    struct br_call g;
    memset(&g, 0, sizeof g);
    g.names = c->names;
    g.family = BR_GEMM;
    g.precision = c->precision;
    g.work = BR_WORK_FULL;
    g.transa = tx, g.transb = ty;
    g.m = m, g.n = n, g.k = k;
    g.alpha = alpha, g.beta = beta;
    g.a = x, g.lda = ldx;
    g.b = (void *)y, g.ldb = ldy;
    g.c = out, g.ldc = ldo;
    return g;
}

/* Whether op(A) is upper triangular (TRSM, TRMM). */
static int op_upper(const struct br_call *c)
{
    return (c->uplo == 'U') == (c->transa == 'N');
}

/* op(A)'s block below (`low`) or above the diagonal: A's block there, or the transpose of A's
 * block on the other side when op transposes (it is in the stored triangle either way, being
 * op(A)'s nonzero one). Sets *trans, the GEMM's op of the block returned. */
static const void *off_block(const struct br_call *c, const struct quarters *q, int low,
                             char *trans)
{
    int wanted_low = c->transa == 'N' ? low : !low; /* op(A)'s block is A's other one */
    *trans = c->transa;
    return wanted_low ? q->a21 : q->a12;
}

/* TRSM (`solve`) and TRMM: a call on one half's diagonal block, a GEMM coupling the halves
 * through op(A)'s off-diagonal block, a call on the other half's diagonal block. */
static int triangular_pieces(const struct br_call *c, br_int n1, int solve, struct br_call *out)
{
    size_t e = br_element_size(c->precision);
    br_int n2 = order_of_a(c) - n1;
    struct quarters q = quarters_of(c, n1);
    union br_scalar one = br_scalar_real(c->precision, 1);
    union br_scalar minus = br_scalar_real(c->precision, -1);
    int left = c->side == 'L';
    /* TRSM solves first the half whose diagonal block stands alone: on the left the first rows
     * when op(A) is lower, on the right the first columns when it is upper. TRMM computes
     * first the half whose new value reads the other's old one: the opposite. */
    int first_first = (left ? !op_upper(c) : op_upper(c)) == solve;
    const void *diag_first = first_first ? q.a11 : q.a22;
    const void *diag_then = first_first ? q.a22 : q.a11;
    br_int rows_first = first_first ? 0 : n1, count_first = first_first ? n1 : n2;
    br_int rows_then = first_first ? n1 : 0, count_then = first_first ? n2 : n1;
    void *b_first = rows_of(c, c->b, c->ldb, rows_first, e);
    void *b_then = rows_of(c, c->b, c->ldb, rows_then, e);
    /* TRSM: B_then = alpha B_then - op(A)[then, first] X_first (on the right, X_first
     * op(A)[first, then]); TRMM: B_first += alpha op(A)[first, then] B_then, still old (on the
     * right, B_then op(A)[then, first]). The block is below op(A)'s diagonal when `then` is
     * the second half on the left and the first on the right. */
    void *from = solve ? b_first : b_then, *to = solve ? b_then : b_first;
    br_int to_count = solve ? count_then : count_first;
    br_int from_count = solve ? count_first : count_then;
    int to_second = solve == first_first;
    char t;
    const void *coupling = off_block(c, &q, left == to_second, &t);
    union br_scalar g_alpha = solve ? minus : c->alpha, g_beta = solve ? c->alpha : one;
    out[0] = diagonal_piece(c, diag_first, rows_first, count_first, c->alpha, c->beta);
    if (left)
        out[1] = gemm_piece(c, t, coupling, c->lda, 'N', from, c->ldb, to, c->ldb, to_count,
                            c->n, from_count, g_alpha, g_beta);
    else
        out[1] = gemm_piece(c, 'N', from, c->ldb, t, coupling, c->lda, to, c->ldb, c->m,
                            to_count, from_count, g_alpha, g_beta);
    out[2] = diagonal_piece(c, diag_then, rows_then, count_then, solve ? one : c->alpha, c->beta);
    return 3;
}

static int symm_pieces(const struct br_call *c, br_int n1, struct br_call *out)
{
    size_t e = br_element_size(c->precision);
    br_int n2 = order_of_a(c) - n1;
    struct quarters q = quarters_of(c, n1);
    union br_scalar one = br_scalar_real(c->precision, 1);
    int left = c->side == 'L', lower = c->uplo == 'L';
    char flip = c->family == BR_HEMM ? 'C' : 'T';
    /* The off-diagonal block stored (A21 for a lower triangle, A12 for an upper one): A[half,
     * other half] is that block, or it flipped on the other side of the diagonal. */
    const void *block = lower ? q.a21 : q.a12;
    int n = 0;
    for (int half = 0; half < 2; half++) {
        br_int first = half ? n1 : 0, count = half ? n2 : n1, other = half ? 0 : n1;
        br_int other_count = half ? n1 : n2;
        char t = half == lower ? 'N' : flip;
        void *c_half = rows_of(c, c->c, c->ldc, first, e);
        const void *b_other = rows_of(c, c->b, c->ldb, other, e);
        out[n++] = diagonal_piece(c, half ? q.a22 : q.a11, first, count, c->alpha, c->beta);
        if (left) /* C_half += alpha A[half, other] B_other */
            out[n++] = gemm_piece(c, t, block, c->lda, 'N', b_other, c->ldb, c_half, c->ldc,
                                  count, c->n, other_count, c->alpha, one);
        else /* C_half += alpha B_other A[other, half]: A[other, half] is A[half, other]^T */
            out[n++] = gemm_piece(c, 'N', b_other, c->ldb, t == 'N' ? flip : 'N', block,
                                  c->lda, c_half, c->ldc, c->m, count, other_count, c->alpha,
                                  one);
    }
    return n;
}

int br_halves_of_a(const struct br_call *call, struct br_call pieces[BR_HALVES_MAX_PIECES])
{
    if (call->work != BR_WORK_FULL || order_of_a(call) < 2)
        return 0;
    br_int n1 = first_half(order_of_a(call));
    switch (call->family) {
    case BR_TRSM:
    case BR_TRMM:
        return triangular_pieces(call, n1, call->family == BR_TRSM, pieces);
    case BR_SYMM:
    case BR_HEMM:
        return symm_pieces(call, n1, pieces);
    default:
        return 0;
    }
}

int br_halves_second_exists(const struct br_call *call)
{
    if (call->side != 'R')
        return 0;
    switch (call->family) {
    case BR_TRSM:
    case BR_SYMM:
    case BR_HEMM:
        return 1;
    case BR_TRMM:
        return !op_upper(call);
    default:
        return 0;
    }
}

int br_halves_second_of_a(const struct br_call *call, br_int n1,
                          struct br_call pieces[BR_HALVES_MAX_PIECES])
{
    if (call->work != BR_WORK_FULL || !br_halves_second_exists(call) || n1 < 1 ||
        n1 >= order_of_a(call))
        return 0;
    struct br_call all[BR_HALVES_MAX_PIECES];
    switch (call->family) {
    case BR_TRMM:
        /* op(A) lower: the second half's new value reads its own old B only (A22), computed
         * last of the three pieces. */
        triangular_pieces(call, n1, 0, all);
        pieces[0] = all[2];
        return 1;
    case BR_TRSM:
        /* Solve first: the half whose diagonal block stands alone comes first (piece 0); the
         * second half is solved first when op(A) is lower, else updated then solved. */
        triangular_pieces(call, n1, 1, all);
        if (op_upper(call)) {
            pieces[0] = all[1], pieces[1] = all[2];
            return 2;
        }
        pieces[0] = all[0];
        return 1;
    case BR_SYMM:
    case BR_HEMM:
        symm_pieces(call, n1, all); /* per half: its diagonal piece, then its GEMM */
        pieces[0] = all[2], pieces[1] = all[3];
        return 2;
    default:
        return 0;
    }
}

/* Whether the routine has an inner dimension k that halves (GEMM, the rank-k family). */
static int has_k(enum br_family family)
{
    return family == BR_GEMM || family == BR_SYRK || family == BR_HERK || family == BR_SYR2K ||
           family == BR_HER2K;
}

int br_halves_of_k_first(const struct br_call *c)
{
    return has_k(c->family) && c->k >= 2 && (c->family == BR_GEMM || c->k >= c->n);
}

int br_halves_of_k(const struct br_call *call, struct br_call pieces[BR_HALVES_MAX_PIECES])
{
    if (call->work != BR_WORK_FULL || call->k < 2 || !has_k(call->family))
        return 0;
    size_t e = br_element_size(call->precision);
    br_int k1 = first_half(call->k);
    struct br_call first = *call, second = *call;
    first.k = k1;
    second.k = call->k - k1;
    second.beta = br_scalar_real(call->precision, 1);
    /* Column k1 of op(A) (n x k, or m x k), and of the rank-2k routines' op(B), laid out as A;
     * row k1 of GEMM's op(B) (k x n). */
    char across = call->transa == 'N' ? 'T' : 'N';
    second.a = br_op_row(call->a, k1, call->lda, across, e);
    if (call->family == BR_GEMM)
        second.b = br_op_row(call->b, k1, call->ldb, call->transb, e);
    else if (call->b)
        second.b = br_op_row(call->b, k1, call->ldb, across, e);
    pieces[0] = first;
    pieces[1] = second;
    return 2;
}
