#include "policy/split.h"

#include <math.h>
#include <string.h>

/* The device's part of a dimension of `total` for a share: whole 32-blocks where both parts
 * stay at least 64 long (the device pads to its tiles; the CPU does not care). */
static br_int device_part(br_int total, double share)
{
    double exact = share * (double)total;
    br_int part = (br_int)llround(exact);
    br_int blocked = (br_int)llround(exact / 32) * 32;
    if (blocked >= 64 && total - blocked >= 64)
        part = blocked;
    return part < 0 ? 0 : part > total ? total : part;
}

static void add(struct br_call *pieces, int *count, const struct br_call *piece)
{
    pieces[(*count)++] = *piece;
}

/* GEMM, SYMM, HEMM, TRMM and TRSM: the output cut into two blocks of rows or of columns, each
 * an ordinary call of the same routine on shifted operands. */
static void split_by_block(const struct br_call *call, double share, struct br_split *out)
{
    const struct br_call *c = call;
    size_t e = br_element_size(c->precision);
    int by_rows;
    switch (c->family) {
    case BR_GEMM:
        by_rows = c->m >= c->n;
        break;
    default: /* SYMM, HEMM, TRMM, TRSM: the dimension A does not span */
        by_rows = c->side == 'R';
        break;
    }
    br_int total = by_rows ? c->m : c->n;
    br_int first = device_part(total, share), rest = total - first;
    struct br_call device = *c, cpu = *c;
    int writes_b = c->family == BR_TRMM || c->family == BR_TRSM;
    if (by_rows) {
        device.m = first;
        cpu.m = rest;
        if (c->family == BR_GEMM)
            cpu.a = br_op_row(c->a, first, c->lda, c->transa, e);
        else /* SYMM/HEMM side R, TRMM/TRSM side R: B's rows follow C's */
            cpu.b = br_element_at(c->b, first, 0, c->ldb, e);
        if (!writes_b)
            cpu.c = br_element_at(c->c, first, 0, c->ldc, e);
    } else {
        device.n = first;
        cpu.n = rest;
        /* Columns of C are columns of op(B) for GEMM, of B for the others. */
        char tb = c->transb == 'N' ? 'T' : 'N'; /* column `first` of op(B): a row of op(B)^T */
        cpu.b = c->family == BR_GEMM ? br_op_row(c->b, first, c->ldb, tb, e)
                                     : br_element_at(c->b, 0, first, c->ldb, e);
        if (!writes_b)
            cpu.c = br_element_at(c->c, 0, first, c->ldc, e);
    }
    if (first > 0)
        add(out->device, &out->device_count, &device);
    if (rest > 0)
        add(out->cpu, &out->cpu_count, &cpu);
    out->device_share = total > 0 ? (double)first / (double)total : 0;
}

/* The block C[rows, cols] of a rank-k (or 2k) update as a GEMM: alpha P[rows] Q[cols]^* with
 * P = op(A) (n x k), Q = op(B), * the transpose, or the conjugate transpose (Hermitian). */
static struct br_call rank_block_as_gemm(const struct br_call *c, const void *p, const void *q,
                                         br_int ldp, br_int ldq, br_int row0,
                                         br_int rows, br_int col0, br_int cols,
                                         union br_scalar alpha, union br_scalar beta)
{
    size_t e = br_element_size(c->precision);
    int hermitian = c->family == BR_HERK || c->family == BR_HER2K;
    struct br_call g = {0};
    g.family = BR_GEMM;
    g.precision = c->precision;
    g.work = BR_WORK_FULL;
    g.transa = c->transa;
    g.transb = c->transa == 'N' ? (hermitian ? 'C' : 'T') : 'N';
    g.m = rows, g.n = cols, g.k = c->k;
    g.alpha = alpha, g.beta = beta;
    g.a = br_op_row(p, row0, ldp, c->transa, e);
    g.lda = ldp;
    g.b = br_op_row(q, col0, ldq, c->transa, e);
    g.ldb = ldq;
    g.c = br_element_at(c->c, row0, col0, c->ldc, e);
    g.ldc = c->ldc;
    return g;
}

int br_rank_block_gemms(const struct br_call *c, br_int row0, br_int rows, br_int col0,
                        br_int cols, struct br_call gemms[2])
{
    if (rows <= 0 || cols <= 0)
        return 0;
    int two = c->family == BR_SYR2K || c->family == BR_HER2K;
    int hermitian = c->family == BR_HERK || c->family == BR_HER2K;
    union br_scalar alpha = c->alpha, beta = c->beta;
    if (c->family == BR_HERK)
        alpha = br_scalar_complex_of_real(&c->alpha, c->precision);
    if (hermitian)
        beta = br_scalar_complex_of_real(&c->beta, c->precision);
    const void *b = two ? c->b : c->a;
    br_int ldb = two ? c->ldb : c->lda;
    gemms[0] = rank_block_as_gemm(c, c->a, b, c->lda, ldb, row0, rows, col0, cols, alpha, beta);
    if (!two)
        return 1;
    /* + alpha' op(B)[rows] op(A)[cols]^*, alpha' = conj(alpha) if Hermitian */
    union br_scalar alpha2 = hermitian ? br_scalar_conjugate(&c->alpha, c->precision) : c->alpha;
    gemms[1] = rank_block_as_gemm(c, c->b, c->a, c->ldb, c->lda, row0, rows, col0, cols, alpha2,
                                  br_scalar_real(c->precision, 1.0));
    return 2;
}

struct br_call br_rank_trailing(const struct br_call *c, br_int first)
{
    size_t e = br_element_size(c->precision);
    struct br_call tail = *c;
    tail.n = c->n - first;
    tail.a = br_op_row(c->a, first, c->lda, c->transa, e);
    if (c->family == BR_SYR2K || c->family == BR_HER2K)
        tail.b = br_op_row(c->b, first, c->ldb, c->transa, e);
    tail.c = br_element_at(c->c, first, first, c->ldc, e);
    return tail;
}

/* SYRK, HERK, SYR2K, HER2K: with C's triangle cut at r, the device computes the diagonal block
 * [0, r) and the block beside it, the CPU the diagonal block [r, n). The CPU's block holds
 * (n - r)^2 / n^2 of the work, so r comes from the square root of the CPU's share. */
static void split_rank(const struct br_call *c, double share, struct br_split *out)
{
    br_int n = c->n;
    br_int trailing = n - device_part(n, 1 - sqrt(fmax(0, 1 - share)));
    br_int r = n - trailing;
    if (r > 0) {
        struct br_call lead = *c;
        lead.n = r;
        add(out->device, &out->device_count, &lead);
    }
    if (r > 0 && trailing > 0) {
        /* Lower: rows [r, n) by columns [0, r); upper: rows [0, r) by columns [r, n). */
        br_int row0 = c->uplo == 'L' ? r : 0, rows = c->uplo == 'L' ? trailing : r;
        br_int col0 = c->uplo == 'L' ? 0 : r, cols = c->uplo == 'L' ? r : trailing;
        struct br_call gemms[2];
        int count = br_rank_block_gemms(c, row0, rows, col0, cols, gemms);
        for (int i = 0; i < count; i++)
            add(out->device, &out->device_count, &gemms[i]);
    }
    if (trailing > 0) {
        struct br_call tail = br_rank_trailing(c, r);
        add(out->cpu, &out->cpu_count, &tail);
    }
    double whole = (double)n * (double)n;
    out->device_share = whole > 0 ? 1 - (double)trailing * (double)trailing / whole : 0;
}

void br_split_call(const struct br_call *call, double share, struct br_split *out)
{
    memset(out, 0, sizeof *out);
    share = share < 0 ? 0 : share > 1 ? 1 : share;
    switch (call->family) {
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        split_rank(call, share, out);
        break;
    default:
        split_by_block(call, share, out);
        break;
    }
}
