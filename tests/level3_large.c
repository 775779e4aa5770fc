/*
 * level3_large.c - TAP test of the Level-3 routines of the library under
 * test against the Netlib reference BLAS at sizes that span many blocks of
 * the OpenCL engine: the accuracy of the blocked TRSM (explicitly inverted
 * diagonal blocks, then GEMM updates) on well- and moderately-conditioned
 * triangles, and the other routines at sizes that span several device
 * tiles.
 *
 * Like gemm_device.c, it sets neither BLASROUTE_MODE nor BLASROUTE_DEVICE:
 * tests/level3_large.sh runs it through tests/on_device.sh (PoCL), and the
 * same program checks the CPU path with BLASROUTE_MODE=cpu.
 *
 * The reference is loaded with dlopen(RTLD_DEEPBIND) from
 * $BLASROUTE_REFERENCE_BLAS (as in level3_vs_reference.c) and every call
 * goes through the Fortran entry points (?trsm_, ?gemm_, ...) of both, with
 * the same arguments on identical copies of the data.
 *
 * TRSM (two lines per precision: well- and moderately-conditioned): every
 * side, uplo, transa (N, T, C; C is T for real data) and diag, 24 calls,
 * the triangle of order 97, 128, 131, 193 or 257 (several 32-, 64- and
 * 128-blocks, mostly with a partial last block), the other dimension in
 * 40..70, alpha neither 0 nor 1 (complex for c, z).  Triangles:
 *  - well-conditioned: diagonal of modulus in [1, 2] (random sign or
 *    phase), off-diagonal uniform in [-1, 1] / order;
 *  - moderately conditioned: off-diagonal uniform in [-1, 1], diagonal of
 *    modulus in [1, 2] scaled by a common factor found by bisection so that
 *    cond_1(A) is about 1e4 (accepted in [10^3.5, 10^4.5]); with a unit
 *    diagonal the off-diagonal is scaled instead.
 * A call passes when the solution X is finite and the Netlib-style ratio
 *     max over right-hand sides of
 *       |op(A) X - alpha B|_inf / ((|op(A)| |X| + |alpha| |B|)_inf eps order)
 * (a right-hand side is a column of B for side = L, a row for side = R;
 * computed in long double) is below 16 and at most 10 times the reference's
 * ratio on the same data, plus 1.  The unreferenced triangle of A, a unit
 * diagonal and the padding of A and B (lda > order, ldb > m) are NaN; A,
 * B's padding and guard bands around both arrays must come back unchanged,
 * byte for byte.
 *
 * The others (one line per routine): ?gemm (four transpose pairs), ?symm,
 * ?hemm, ?trmm (every side x uplo; trmm cycles through transa and diag),
 * ?syrk, ?herk, ?syr2k, ?her2k (every uplo x trans), every dimension in
 * 150..300, alpha neither 0 nor 1, beta = 0 (C is then all NaN) or not, in
 * turn.  Leading dimensions are padded and the padding is NaN, as are the
 * unreferenced triangles (A of symm, hemm, trmm; C of the rank-k family),
 * a unit diagonal, the imaginary parts of a Hermitian diagonal (A of hemm,
 * C of herk, her2k).  Everything the routine may not write (guard bands,
 * padding, the other triangle of C, A and B) is compared byte for byte; the
 * written elements must be within
 *     |x - ref| <= 8 (k + 2) eps (|alpha| sum_l |a_il| |b_lj| + |beta| |c_ij|)
 * of the reference's (k: the inner dimension, 2k for syr2k, her2k), and a
 * herk or her2k result must have an exactly real diagonal.
 *
 * Environment:
 *   BLASROUTE_REFERENCE_BLAS  path of the reference library (default
 *                             Debian's Netlib libblas.so.3); the test is
 *                             skipped if it does not exist
 *   BLASROUTE_TEST_SEED       seed to replay a run (printed as "# seed N")
 *   BLASROUTE_TEST_QUICK=1    smaller set: triangles of order 69 or 97
 *                             with 20..40 right-hand sides, 12 TRSM calls
 *                             per line, other sizes in 70..140
 *   BLASROUTE_TEST_ROUTINES   comma list of routines (dtrsm, zherk, ...) or
 *                             families (trsm, gemm, ...) to run; default all
 *                             (the data of a routine does not depend on it)
 *   BLASROUTE_TEST_TIGHT_LD=1 leading dimensions equal to the rows (no
 *                             padding): the blocks a device call moves are
 *                             then contiguous (the pinned uploads' case)
 *   BLASROUTE_TEST_TIMEOUT    seconds before "Bail out!" (default 600; 0:
 *                             never), so that a hung device makes a failure
 *   BLASROUTE_MODE, BLASROUTE_DEVICE, ... are read by the library only.
 *
 * Output: TAP on stdout, each failing line preceded by up to three failing
 * calls with their arguments and what was wrong (0-based row, column).
 * Exit status 0 whatever the results; 1 on an internal error.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* M_PI, clock_gettime under -std=c11 */
#endif

#include "blas_test_common.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seed of one group: the run seed mixed with a name and a number (FNV-1a),
 * so that a group's data depends on neither the others nor the selection. */
static uint64_t group_seed(uint64_t seed, const char *name, int kind)
{
    return seed_hash_int(seed_hash_string(seed_hash_begin(seed), name), kind);
}

/* ------------------------------------------------------------------------ */
/* Routines                                                                 */
/* ------------------------------------------------------------------------ */

enum family { F_GEMM, F_SYMM, F_HEMM, F_SYRK, F_HERK, F_SYR2K, F_HER2K,
              F_TRMM, F_TRSM };
static const char *const FAMILY_NAME[] = {
    "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"
};

struct routine {
    const char *name;
    enum family fam;
    enum prec prec;
    anyfn lib, ref;  /* Fortran entry: library under test, reference */
};

#define ROUTINE(NAME, FAM, PREC) { #NAME, FAM, PREC, (anyfn)NAME##_, NULL }

static struct routine ROUTINES[] = {
    ROUTINE(strsm, F_TRSM, PS),   ROUTINE(dtrsm, F_TRSM, PD),
    ROUTINE(ctrsm, F_TRSM, PC),   ROUTINE(ztrsm, F_TRSM, PZ),
    ROUTINE(sgemm, F_GEMM, PS),   ROUTINE(dgemm, F_GEMM, PD),
    ROUTINE(cgemm, F_GEMM, PC),   ROUTINE(zgemm, F_GEMM, PZ),
    ROUTINE(ssymm, F_SYMM, PS),   ROUTINE(dsymm, F_SYMM, PD),
    ROUTINE(csymm, F_SYMM, PC),   ROUTINE(zsymm, F_SYMM, PZ),
    ROUTINE(chemm, F_HEMM, PC),   ROUTINE(zhemm, F_HEMM, PZ),
    ROUTINE(ssyrk, F_SYRK, PS),   ROUTINE(dsyrk, F_SYRK, PD),
    ROUTINE(csyrk, F_SYRK, PC),   ROUTINE(zsyrk, F_SYRK, PZ),
    ROUTINE(cherk, F_HERK, PC),   ROUTINE(zherk, F_HERK, PZ),
    ROUTINE(ssyr2k, F_SYR2K, PS), ROUTINE(dsyr2k, F_SYR2K, PD),
    ROUTINE(csyr2k, F_SYR2K, PC), ROUTINE(zsyr2k, F_SYR2K, PZ),
    ROUTINE(cher2k, F_HER2K, PC), ROUTINE(zher2k, F_HER2K, PZ),
    ROUTINE(strmm, F_TRMM, PS),   ROUTINE(dtrmm, F_TRMM, PD),
    ROUTINE(ctrmm, F_TRMM, PC),   ROUTINE(ztrmm, F_TRMM, PZ),
};
enum { N_ROUTINES = sizeof ROUTINES / sizeof ROUTINES[0] };

/* One call, as the routine sees it. */
struct call {
    const struct routine *r;
    char side, uplo, transa, transb, diag;
    int m, n, k;
    int lda, ldb, ldc;
    int pad[3];                 /* leading dimension beyond the tight one */
    int beta_zero;
    double alpha[2], beta[2];   /* values as passed, widened to double */
    union scalar alpha_arg, beta_arg;
    double cond;                /* trsm: cond_1 of the triangle */
};

static void invoke(anyfn fn, const struct call *c, void *a, void *b, void *cc)
{
    switch (c->r->fam) {
    case F_GEMM:
        ((gemm_f *)fn)(&c->transa, &c->transb, &c->m, &c->n, &c->k,
                       &c->alpha_arg, a, &c->lda, b, &c->ldb, &c->beta_arg,
                       cc, &c->ldc, 1, 1);
        break;
    case F_SYMM:
    case F_HEMM:
        ((symm_f *)fn)(&c->side, &c->uplo, &c->m, &c->n, &c->alpha_arg, a,
                       &c->lda, b, &c->ldb, &c->beta_arg, cc, &c->ldc, 1, 1);
        break;
    case F_SYRK:
    case F_HERK:
        ((syrk_f *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha_arg, a,
                       &c->lda, &c->beta_arg, cc, &c->ldc, 1, 1);
        break;
    case F_SYR2K:
    case F_HER2K:
        ((syr2k_f *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha_arg,
                        a, &c->lda, b, &c->ldb, &c->beta_arg, cc, &c->ldc, 1,
                        1);
        break;
    case F_TRMM:
    case F_TRSM:
        ((trxm_f *)fn)(&c->side, &c->uplo, &c->transa, &c->diag, &c->m,
                       &c->n, &c->alpha_arg, a, &c->lda, b, &c->ldb, 1, 1, 1,
                       1);
        break;
    }
}

/* A scalar neither 0 nor 1: modulus in [0.5, 2), random sign, or random
 * phase unless real_only.  beta = 0 when zero is set. */
static void make_scalar(int zero, int real_only, const struct precision *p,
                        struct rng *g, double v[2], union scalar *arg)
{
    int cplx = p->cplx && !real_only;
    double r = 0.5 + 1.5 * rng_unit(g), t = 2.0 * M_PI * rng_unit(g);
    v[0] = zero ? 0.0 : cplx ? r * cos(t) : (rng_next(g) & 1 ? r : -r);
    v[1] = zero || !cplx ? 0.0 : r * sin(t);
    set_scalar_arg(p, 2, v, arg);
}

/* ------------------------------------------------------------------------ */
/* Operands                                                                 */
/* ------------------------------------------------------------------------ */

enum { MAXPAD = 9 };

struct workspace {
    unsigned char *buf[N_OPS][3];
    size_t cap[N_OPS][3];
    unsigned char *scratch;
    size_t scratch_cap;
    double *E, *P, *Q, *R, *S;  /* dense magnitudes for error bounds */
    size_t ecap, pcap, qcap, rcap, scap;
    /* TRSM: dense triangle (double) and the residual's long doubles */
    double *tre, *tim, *inv_re, *inv_im, *col_re, *col_im;
    size_t tcap[6];
    long double *l_are, *l_aim, *l_aabs, *l_xre, *l_xim, *l_xabs;
    long double *l_rre, *l_rim, *l_mag, *l_num, *l_den;
    size_t lcap[11];
};

/* Operand id of a call, in the workspace's buffers for it: column-major
 * (rowmajor = 0), as every call goes through the Fortran interface. */
static void mat_init(struct operand *o, int id, char name, int rows,
                     int cols, int pad, enum region read,
                     const struct precision *p, struct workspace *ws)
{
    size_t es = elem_size(p);
    *o = (struct operand){ .present = 1, .name = name, .rows = rows,
                           .cols = cols, .read = read };
    operand_layout(o, pad);
    for (int i = 0; i < 3; i++)
        grow((void **)&ws->buf[id][i], &ws->cap[id][i], o->nelem * es);
    grow((void **)&ws->scratch, &ws->scratch_cap, o->nelem * es);
    o->orig = ws->buf[id][0];
    o->lib = ws->buf[id][1];
    o->ref = ws->buf[id][2];
}

/* Random data in [-1, 1] where the routine may read, poison elsewhere. */
static void mat_fill(const struct operand *o, const struct precision *p,
                     struct rng *g)
{
    size_t es = elem_size(p);
    poison_range(p, o->orig, o->nelem);
    for (int j = 0; j < o->cols; j++) {
        int lo, hi;
        region_span(o, o->read, j, &lo, &hi);
        for (int i = lo; i < hi; i++) {
            if (o->unit_diag && i == j)
                continue; /* stays NaN */
            unsigned char *e = o->orig + offset_of(o, i, j) * es;
            double re = rng_sym(g), im = rng_sym(g);
            store_elem(p, e, re, im);
            if (o->real_diag && i == j)
                poison_real(p, e + p->rsize);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Error bounds of the routines other than TRSM                             */
/* ------------------------------------------------------------------------ */

/* The bound's magnitudes: ws->E = |alpha| |op(A)| |op(B)| (or the
 * routine's analogue) + |beta| |C|; returns the inner dimension. */
static int magnitude(const struct call *c, const struct operand op[N_OPS],
                     const struct precision *p, struct workspace *ws)
{
    const struct operand *out = &op[c->r->fam == F_TRMM ? OP_B : OP_C];
    size_t mn = (size_t)out->rows * out->cols, sq;
    double s = modulus(c->alpha), bs = modulus(c->beta);
    int kdim = 0;

    grow((void **)&ws->E, &ws->ecap, mn * sizeof(double));
    memset(ws->E, 0, mn * sizeof(double));
    if (c->r->fam != F_TRMM && !c->beta_zero) {
        abs_op(&op[OP_C], p, 'N', 0, ws->E);
        for (size_t i = 0; i < mn; i++)
            ws->E[i] *= bs;
    }
    switch (c->r->fam) {
    case F_GEMM:
        grow((void **)&ws->P, &ws->pcap, (size_t)c->m * c->k * sizeof(double));
        grow((void **)&ws->Q, &ws->qcap, (size_t)c->k * c->n * sizeof(double));
        abs_op(&op[OP_A], p, c->transa, 0, ws->P);
        abs_op(&op[OP_B], p, c->transb, 0, ws->Q);
        abs_product(ws->E, c->m, c->n, c->k, ws->P, ws->Q, s);
        kdim = c->k;
        break;
    case F_SYMM:
    case F_HEMM:
    case F_TRMM:
        kdim = c->side == 'L' ? c->m : c->n;
        sq = (size_t)kdim * kdim;
        grow((void **)&ws->S, &ws->scap, sq * sizeof(double));
        grow((void **)&ws->P, &ws->pcap, mn * sizeof(double));
        abs_op(&op[OP_A], p, c->r->fam == F_TRMM ? c->transa : 'N',
               c->r->fam != F_TRMM, ws->S);
        abs_op(&op[OP_B], p, 'N', 0, ws->P);
        if (c->side == 'L')
            abs_product(ws->E, c->m, c->n, c->m, ws->S, ws->P, s);
        else
            abs_product(ws->E, c->m, c->n, c->n, ws->P, ws->S, s);
        break;
    case F_SYRK:
    case F_HERK:
    case F_SYR2K:
    case F_HER2K: {
        char t = c->transa == 'N' ? 'N' : 'T', u = t == 'N' ? 'T' : 'N';
        int two = c->r->fam == F_SYR2K || c->r->fam == F_HER2K;
        size_t nk = (size_t)c->n * c->k * sizeof(double);
        grow((void **)&ws->P, &ws->pcap, nk);
        grow((void **)&ws->Q, &ws->qcap, nk);
        abs_op(&op[OP_A], p, t, 0, ws->P);
        abs_op(two ? &op[OP_B] : &op[OP_A], p, u, 0, ws->Q);
        abs_product(ws->E, c->n, c->n, c->k, ws->P, ws->Q, s);
        kdim = c->k;
        if (two) {
            grow((void **)&ws->R, &ws->rcap, nk);
            grow((void **)&ws->S, &ws->scap, nk);
            abs_op(&op[OP_B], p, t, 0, ws->R);
            abs_op(&op[OP_A], p, u, 0, ws->S);
            abs_product(ws->E, c->n, c->n, c->k, ws->R, ws->S, s);
            kdim = 2 * c->k;
        }
        break;
    }
    case F_TRSM:
        break;
    }
    return kdim;
}

/* Compare the written region of the output with the reference's: the first
 * bad element is reported with the number of bad ones; *worst is the
 * largest error / bound seen. */
static int check_values(const struct call *c, const struct operand op[N_OPS],
                        const struct precision *p, struct workspace *ws,
                        double *worst, char *msg, size_t len)
{
    const struct operand *o = &op[c->r->fam == F_TRMM ? OP_B : OP_C];
    size_t es = elem_size(p);
    int kdim = magnitude(c, op, p, ws);
    long total = 0;
    struct bad_elements bad = { 0 };

    for (int j = 0; j < o->cols; j++) {
        int lo, hi;
        region_span(o, o->write, j, &lo, &hi);
        for (int i = lo; i < hi; i++) {
            double x[2], r[2], d[2], err, bound;
            char what[120];
            total++;
            load_elem(p, o->lib + offset_of(o, i, j) * es, x);
            load_elem(p, o->ref + offset_of(o, i, j) * es, r);
            if (isnan(r[0]) || isnan(r[1])) {
                snprintf(msg, len, "reference result %c(%d,%d) is NaN (test "
                         "bug: poisoned an element that is read?)", o->name,
                         i, j);
                return 1;
            }
            d[0] = x[0] - r[0];
            d[1] = x[1] - r[1];
            err = modulus(d);
            bound = rounding_bound(8.0, kdim, p,
                                   ws->E[i + (size_t)j * o->rows]);
            if (isnan(err)) {
                snprintf(what, sizeof what, "NaN: read a poisoned element "
                         "or did not write it");
            } else if (o->herm_out && i == j && x[1] != 0.0) {
                snprintf(what, sizeof what, "imaginary part of the diagonal "
                         "not zero");
            } else {
                if (err / bound > *worst)
                    *worst = err / bound;
                if (err <= bound)
                    continue;
                snprintf(what, sizeof what, "bound %.3g", bound);
            }
            note_bad_element(&bad, i, j, x, r, err, what);
        }
    }
    if (!bad.count)
        return 0;
    format_bad_elements(&bad, o->name, total, p, msg, len);
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Calls of the routines other than TRSM                                    */
/* ------------------------------------------------------------------------ */

struct settings {
    uint64_t seed;
    int quick;
    int tight;              /* leading dimensions equal to the rows: no padding */
    unsigned timeout;
    const char *routines;   /* NULL: all */
};

enum { MAX_CALLS = 32, MAX_REPORTS = 3 };

static void describe_call(const struct call *c, char *out, size_t len)
{
    const struct precision *p = &PRECISIONS[c->r->prec];
    enum family f = c->r->fam;
    int real_alpha = f == F_HERK, real_beta = f == F_HERK || f == F_HER2K;
    char a[64], b[64];
    size_t n = 0;
    appendf(out, len, &n, "%s_:", c->r->name);
    if (f == F_SYMM || f == F_HEMM || f == F_TRMM || f == F_TRSM)
        appendf(out, len, &n, " side=%c", c->side);
    if (f != F_GEMM)
        appendf(out, len, &n, " uplo=%c", c->uplo);
    if (f != F_SYMM && f != F_HEMM)
        appendf(out, len, &n, " %s=%c",
                f == F_TRMM || f == F_TRSM || f == F_GEMM ? "transa"
                                                          : "trans",
                c->transa);
    if (f == F_GEMM)
        appendf(out, len, &n, " transb=%c", c->transb);
    if (f == F_TRMM || f == F_TRSM)
        appendf(out, len, &n, " diag=%c", c->diag);
    if (f == F_SYRK || f == F_HERK || f == F_SYR2K || f == F_HER2K)
        appendf(out, len, &n, " n=%d k=%d", c->n, c->k);
    else if (f == F_GEMM)
        appendf(out, len, &n, " m=%d n=%d k=%d", c->m, c->n, c->k);
    else
        appendf(out, len, &n, " m=%d n=%d", c->m, c->n);
    appendf(out, len, &n, " lda=%d", c->lda);
    if (f != F_SYRK && f != F_HERK)
        appendf(out, len, &n, " ldb=%d", c->ldb);
    if (f != F_TRMM && f != F_TRSM)
        appendf(out, len, &n, " ldc=%d", c->ldc);
    format_value(a, sizeof a, c->alpha, p->cplx && !real_alpha);
    appendf(out, len, &n, " alpha=%s", a);
    if (f != F_TRMM && f != F_TRSM) {
        format_value(b, sizeof b, c->beta, p->cplx && !real_beta);
        appendf(out, len, &n, " beta=%s", b);
    }
    if (f == F_TRSM)
        appendf(out, len, &n, " cond_1(A)=%.3g", c->cond);
}

/* Count a failing call of a group; print its arguments and what was
 * wrong if it is one of the group's first MAX_REPORTS. */
static void report_failure(const struct call *c, const char *msg,
                           int *failures)
{
    char desc[400];
    if (++*failures > MAX_REPORTS)
        return;
    describe_call(c, desc, sizeof desc);
    printf("# %s\n#     %s\n", desc, msg);
}

/* The calls of one group of a routine other than TRSM: every side x uplo
 * (symm, hemm, trmm), uplo x trans (rank-k) or four transpose pairs
 * (gemm); beta = 0 in every other call, starting at random. */
static int plan_calls(const struct routine *r, const struct settings *s,
                      struct rng *g, struct call *calls)
{
    const struct precision *p = &PRECISIONS[r->prec];
    static const char *const GEMM_REAL[] = { "NN", "TN", "NT", "TT" };
    static const char *const GEMM_CPLX[] = { "NN", "CN", "NC", "TC" };
    int lo = s->quick ? 70 : 150, hi = s->quick ? 140 : 300;
    int beta_rot = rng_below(g, 2), trans_rot = rng_below(g, 3),
        diag_rot = rng_below(g, 2);
    int count = 4;
    for (int i = 0; i < count; i++) {
        struct call *c = &calls[i];
        memset(c, 0, sizeof *c);
        c->r = r;
        c->m = rng_between(g, lo, hi);
        c->n = rng_between(g, lo, hi);
        c->k = rng_between(g, lo, hi);
        for (int o = 0; o < N_OPS; o++)
            c->pad[o] = s->tight ? 0 : 1 + rng_below(g, MAXPAD);
        c->beta_zero = (i + beta_rot) % 2 == 0;
        c->side = "LR"[i / 2];
        c->uplo = "UL"[i % 2];
        switch (r->fam) {
        case F_GEMM:
            c->transa = (p->cplx ? GEMM_CPLX : GEMM_REAL)[i][0];
            c->transb = (p->cplx ? GEMM_CPLX : GEMM_REAL)[i][1];
            break;
        case F_SYRK:
        case F_SYR2K:
            /* real data: 'C' means 'T'; complex syrk, syr2k take N, T */
            c->transa = i < 2 ? 'N' : p->cplx || i == 2 ? 'T' : 'C';
            break;
        case F_HERK:
        case F_HER2K:
            c->transa = i < 2 ? 'N' : 'C';
            break;
        case F_TRMM:
            c->transa = "NTC"[(i + trans_rot) % 3];
            c->diag = "NU"[(i + diag_rot) % 2];
            break;
        default:
            break;
        }
        make_scalar(0, r->fam == F_HERK, p, g, c->alpha, &c->alpha_arg);
        make_scalar(c->beta_zero, r->fam == F_HERK || r->fam == F_HER2K, p,
                    g, c->beta, &c->beta_arg);
    }
    return count;
}

/* Lay out the operands of a call (what is read, written, poisoned). */
static void shape_call(struct call *c, struct operand op[N_OPS],
                       const struct precision *p, struct workspace *ws)
{
    enum family f = c->r->fam;
    int t = c->transa != 'N', tb = c->transb != 'N';
    int ka = c->side == 'L' ? c->m : c->n;
    memset(op, 0, N_OPS * sizeof *op);
    switch (f) {
    case F_GEMM:
        mat_init(&op[OP_A], OP_A, 'A', t ? c->k : c->m, t ? c->m : c->k,
                 c->pad[OP_A], REG_ALL, p, ws);
        mat_init(&op[OP_B], OP_B, 'B', tb ? c->n : c->k, tb ? c->k : c->n,
                 c->pad[OP_B], REG_ALL, p, ws);
        mat_init(&op[OP_C], OP_C, 'C', c->m, c->n, c->pad[OP_C], REG_ALL, p,
                 ws);
        op[OP_C].write = REG_ALL;
        break;
    case F_SYMM:
    case F_HEMM:
        mat_init(&op[OP_A], OP_A, 'A', ka, ka, c->pad[OP_A],
                 uplo_region(c->uplo), p, ws);
        op[OP_A].real_diag = f == F_HEMM;
        mat_init(&op[OP_B], OP_B, 'B', c->m, c->n, c->pad[OP_B], REG_ALL, p,
                 ws);
        mat_init(&op[OP_C], OP_C, 'C', c->m, c->n, c->pad[OP_C], REG_ALL, p,
                 ws);
        op[OP_C].write = REG_ALL;
        break;
    case F_SYRK:
    case F_HERK:
    case F_SYR2K:
    case F_HER2K:
        c->m = c->n;
        mat_init(&op[OP_A], OP_A, 'A', t ? c->k : c->n, t ? c->n : c->k,
                 c->pad[OP_A], REG_ALL, p, ws);
        if (f == F_SYR2K || f == F_HER2K)
            mat_init(&op[OP_B], OP_B, 'B', t ? c->k : c->n, t ? c->n : c->k,
                     c->pad[OP_B], REG_ALL, p, ws);
        mat_init(&op[OP_C], OP_C, 'C', c->n, c->n, c->pad[OP_C],
                 uplo_region(c->uplo), p, ws);
        op[OP_C].write = uplo_region(c->uplo);
        op[OP_C].real_diag = op[OP_C].herm_out = f == F_HERK || f == F_HER2K;
        break;
    case F_TRMM:
    case F_TRSM:
        mat_init(&op[OP_A], OP_A, 'A', ka, ka, c->pad[OP_A],
                 uplo_region(c->uplo), p, ws);
        op[OP_A].unit_diag = c->diag == 'U';
        mat_init(&op[OP_B], OP_B, 'B', c->m, c->n, c->pad[OP_B], REG_ALL, p,
                 ws);
        op[OP_B].write = REG_ALL;
        break;
    }
    if (c->beta_zero && op[OP_C].present)
        op[OP_C].read = REG_NONE;   /* all NaN */
    c->lda = op[OP_A].ld;
    c->ldb = op[OP_B].present ? op[OP_B].ld : 0;
    c->ldc = op[OP_C].present ? op[OP_C].ld : 0;
}

static unsigned char *arg_of(const struct operand *o,
                             const struct precision *p, int ref)
{
    return o->present ? (ref ? o->ref : o->lib) + GUARD * elem_size(p) : NULL;
}

static void run_both(const struct call *c, const struct operand op[N_OPS],
                     const struct precision *p)
{
    invoke(c->r->lib, c, arg_of(&op[OP_A], p, 0), arg_of(&op[OP_B], p, 0),
           arg_of(&op[OP_C], p, 0));
    invoke(c->r->ref, c, arg_of(&op[OP_A], p, 1), arg_of(&op[OP_B], p, 1),
           arg_of(&op[OP_C], p, 1));
}

static void run_group(const struct routine *r, int number,
                      const struct settings *s, struct workspace *ws)
{
    const struct precision *p = &PRECISIONS[r->prec];
    struct rng g = { group_seed(s->seed, r->name, 0) };
    struct call calls[MAX_CALLS];
    int count = plan_calls(r, s, &g, calls), failures = 0;
    int smin = 1 << 30, smax = 0;
    double worst = 0.0;

    for (int i = 0; i < count; i++) {
        struct call *c = &calls[i];
        struct operand op[N_OPS];
        char msg[400];
        shape_call(c, op, p, ws);
        for (int o = 0; o < N_OPS; o++)
            if (op[o].present) {
                mat_fill(&op[o], p, &g);
                operand_copies(&op[o], p);
            }
        run_both(c, op, p);
        int dims[3] = { c->m, c->n, c->r->fam == F_GEMM ||
                        c->r->fam == F_SYRK || c->r->fam == F_HERK ||
                        c->r->fam == F_SYR2K || c->r->fam == F_HER2K
                            ? c->k : c->m };
        for (int d = 0; d < 3; d++)
            smin = imin(smin, dims[d]), smax = imax(smax, dims[d]);
        if (!check_all_unchanged(op, p, ws->scratch,
                                 "wrote outside its region:", msg,
                                 sizeof msg) &&
            !check_values(c, op, p, ws, &worst, msg, sizeof msg))
            continue;
        report_failure(c, msg, &failures);
    }
    print_more_failures(failures, MAX_REPORTS);
    printf("%s %d - %s: %d calls, sizes %d..%d, max error/bound %.3g%s\n",
           failures ? "not ok" : "ok", number, r->name, count, smin, smax,
           worst, failures ? " (FAILED)" : "");
}

/* ------------------------------------------------------------------------ */
/* TRSM                                                                     */
/* ------------------------------------------------------------------------ */

enum tkind { T_WELL, T_MODERATE };
static const char *const TKIND_NAME[] = { "well-conditioned",
                                          "moderately conditioned" };

static void ensure_d(double **p, size_t *cap, size_t n)
{
    grow((void **)p, cap, n * sizeof(double));
}

static void ensure_l(long double **p, size_t *cap, size_t n)
{
    grow((void **)p, cap, n * sizeof(long double));
}

/* cond_1 of the n x n triangle T = D + t N (dense column-major, upper or
 * lower, zero elsewhere, D = diagonal of dre/dim, N = off-diagonal of
 * nre/nim), by its exact inverse, column by column. */
static double triangle_cond(int n, int upper, double t, const double *dre,
                            const double *dim, const double *nre,
                            const double *nim, struct workspace *ws)
{
    double anorm = 0.0, inorm = 0.0;
    double *xr = ws->col_re, *xi = ws->col_im;
    for (int j = 0; j < n; j++) {
        double s = sqrt(dre[j] * dre[j] + dim[j] * dim[j]);
        int lo = upper ? 0 : j + 1, hi = upper ? j : n;
        for (int i = lo; i < hi; i++) {
            size_t e = (size_t)j * n + i;
            s += t * sqrt(nre[e] * nre[e] + nim[e] * nim[e]);
        }
        if (s > anorm)
            anorm = s;
    }
    for (int j = 0; j < n; j++) {
        /* solve T x = e_j by columns; x is zero outside [j, n) (lower) or
         * [0, j] (upper) */
        int lo = upper ? 0 : j, hi = upper ? j + 1 : n;
        for (int i = lo; i < hi; i++)
            xr[i] = xi[i] = 0.0;
        xr[j] = 1.0;
        double s = 0.0;
        for (int step = 0; step < hi - lo; step++) {
            int k = upper ? hi - 1 - step : lo + step;
            double dr = dre[k], di = dim[k], den = dr * dr + di * di;
            double br = xr[k], bi = xi[k];
            double vr = (br * dr + bi * di) / den, vi = (bi * dr - br * di) / den;
            xr[k] = vr, xi[k] = vi;
            s += sqrt(vr * vr + vi * vi);
            const double *cr = nre + (size_t)k * n, *ci = nim + (size_t)k * n;
            int ulo = upper ? lo : k + 1, uhi = upper ? k : hi;
            double tr = t * vr, ti = t * vi;
            for (int i = ulo; i < uhi; i++) {
                xr[i] -= cr[i] * tr - ci[i] * ti;
                xi[i] -= cr[i] * ti + ci[i] * tr;
            }
        }
        if (s > inorm)
            inorm = s;
    }
    return anorm * inorm;
}

/* Fill A (the triangle, poison elsewhere) for one TRSM call; returns its
 * cond_1. */
static double make_triangle(const struct call *c, const struct operand *A,
                            const struct precision *p, enum tkind kind,
                            struct rng *g, struct workspace *ws)
{
    int n = A->rows, upper = c->uplo == 'U', unit = c->diag == 'U';
    size_t nn = (size_t)n * n, es = elem_size(p);
    ensure_d(&ws->tre, &ws->tcap[0], nn);
    ensure_d(&ws->tim, &ws->tcap[1], nn);
    ensure_d(&ws->inv_re, &ws->tcap[2], (size_t)n);
    ensure_d(&ws->inv_im, &ws->tcap[3], (size_t)n);
    ensure_d(&ws->col_re, &ws->tcap[4], (size_t)n);
    ensure_d(&ws->col_im, &ws->tcap[5], (size_t)n);
    double *nre = ws->tre, *nim = ws->tim, *dre = ws->inv_re,
           *dim = ws->inv_im;

    memset(nre, 0, nn * sizeof *nre);
    memset(nim, 0, nn * sizeof *nim);
    for (int j = 0; j < n; j++) {
        double r = 1.0 + rng_unit(g), th = 2.0 * M_PI * rng_unit(g);
        if (unit)
            dre[j] = 1.0, dim[j] = 0.0;
        else if (p->cplx)
            dre[j] = r * cos(th), dim[j] = r * sin(th);
        else
            dre[j] = rng_next(g) & 1 ? r : -r, dim[j] = 0.0;
        int lo = upper ? 0 : j + 1, hi = upper ? j : n;
        for (int i = lo; i < hi; i++) {
            nre[(size_t)j * n + i] = rng_sym(g);
            nim[(size_t)j * n + i] = p->cplx ? rng_sym(g) : 0.0;
        }
    }

    /* T = D + t N; well-conditioned: t = 1/n.  Moderate: bisection on
     * log t for cond_1(T) in [10^3.5, 10^4.5]; cond_1 grows with t. */
    double t = 1.0 / n, cond = triangle_cond(n, upper, t, dre, dim, nre, nim,
                                             ws);
    if (kind == T_MODERATE) {
        double lo = t, hi = 1.0, target = 4.0;
        for (int i = 0; i < 40 && log10(triangle_cond(n, upper, lo, dre, dim,
                                                      nre, nim, ws)) > target;
             i++)
            lo /= 2;
        for (int i = 0; i < 40 && log10(triangle_cond(n, upper, hi, dre, dim,
                                                      nre, nim, ws)) < target;
             i++)
            hi *= 2;
        for (int i = 0; i < 60; i++) {
            t = sqrt(lo * hi);
            cond = triangle_cond(n, upper, t, dre, dim, nre, nim, ws);
            double d = log10(cond) - target;
            if (fabs(d) <= 0.5)
                break;
            if (d < 0)
                lo = t;
            else
                hi = t;
        }
    }

    /* Store it: well-conditioned D + N/n; moderate: (D + t N) / t, that is
     * N with the diagonal scaled by 1/t (the same condition number), or
     * I + t N for a unit diagonal. */
    double dscale = kind == T_MODERATE && !unit ? 1.0 / t : 1.0;
    double nscale = kind == T_MODERATE && !unit ? 1.0 : t;
    poison_range(p, A->orig, A->nelem);
    for (int j = 0; j < n; j++) {
        int lo = upper ? 0 : j + 1, hi = upper ? j : n;
        for (int i = lo; i < hi; i++)
            store_elem(p, A->orig + offset_of(A, i, j) * es,
                  nscale * nre[(size_t)j * n + i],
                  nscale * nim[(size_t)j * n + i]);
        if (!unit)
            store_elem(p, A->orig + offset_of(A, j, j) * es, dscale * dre[j],
                  dscale * dim[j]);
    }
    return cond;
}

/* Dense op(A) in long double (re, im, modulus), as the routine sees it:
 * 1 on a unit diagonal, 0 outside the triangle. */
static void dense_op_a(const struct call *c, const struct operand *A,
                       const struct precision *p, struct workspace *ws)
{
    int n = A->rows, upper = c->uplo == 'U', unit = c->diag == 'U';
    size_t nn = (size_t)n * n, es = elem_size(p);
    ensure_l(&ws->l_are, &ws->lcap[0], nn);
    ensure_l(&ws->l_aim, &ws->lcap[1], nn);
    ensure_l(&ws->l_aabs, &ws->lcap[2], nn);
    for (size_t e = 0; e < nn; e++)
        ws->l_are[e] = ws->l_aim[e] = ws->l_aabs[e] = 0.0L;
    for (int j = 0; j < n; j++) {
        int lo = upper ? 0 : j, hi = upper ? j + 1 : n;
        for (int i = lo; i < hi; i++) {
            double v[2] = { 1.0, 0.0 };
            if (!(unit && i == j))
                load_elem(p, A->orig + offset_of(A, i, j) * es, v);
            if (c->transa == 'C')
                v[1] = -v[1];
            size_t e = c->transa == 'N' ? (size_t)j * n + i
                                        : (size_t)i * n + j;
            long double re = v[0], im = v[1];
            ws->l_are[e] = re;
            ws->l_aim[e] = im;
            ws->l_aabs[e] = sqrtl(re * re + im * im);
        }
    }
}

/* Netlib-style ratio of the solution in buf (B's layout) of the call:
 * max over right-hand sides of |op(A) X - alpha B|_inf /
 * ((|op(A)| |X| + |alpha| |B|)_inf eps order), in long double.  Returns
 * NaN (and the first bad element) if X is not finite. */
static double trsm_ratio(const struct call *c, const struct operand *B,
                         const unsigned char *buf, const struct precision *p,
                         struct workspace *ws, int *bad_i, int *bad_j)
{
    int m = c->m, n = c->n, left = c->side == 'L', na = left ? m : n;
    size_t mn = (size_t)m * n, es = elem_size(p);
    int cplx = p->cplx;
    long double ar = c->alpha[0], ai = c->alpha[1];
    long double amod = sqrtl(ar * ar + ai * ai);

    ensure_l(&ws->l_xre, &ws->lcap[3], mn);
    ensure_l(&ws->l_xim, &ws->lcap[4], mn);
    ensure_l(&ws->l_xabs, &ws->lcap[5], mn);
    ensure_l(&ws->l_rre, &ws->lcap[6], (size_t)m);
    ensure_l(&ws->l_rim, &ws->lcap[7], (size_t)m);
    ensure_l(&ws->l_mag, &ws->lcap[8], (size_t)m);
    ensure_l(&ws->l_num, &ws->lcap[9], (size_t)imax(m, n));
    ensure_l(&ws->l_den, &ws->lcap[10], (size_t)imax(m, n));
    long double *xr = ws->l_xre, *xi = ws->l_xim, *xa = ws->l_xabs;
    long double *rr = ws->l_rre, *ri = ws->l_rim, *mg = ws->l_mag;
    const long double *Ar = ws->l_are, *Ai = ws->l_aim, *Aa = ws->l_aabs;

    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double v[2];
            load_elem(p, buf + offset_of(B, i, j) * es, v);
            if (!isfinite(v[0]) || !isfinite(v[1])) {
                *bad_i = i, *bad_j = j;
                return NAN;
            }
            size_t e = (size_t)j * m + i;
            xr[e] = v[0], xi[e] = v[1];
            xa[e] = sqrtl(xr[e] * xr[e] + xi[e] * xi[e]);
        }
    /* per right-hand side: numerator and denominator maxima */
    int nrhs = left ? n : m;
    for (int h = 0; h < nrhs; h++)
        ws->l_num[h] = ws->l_den[h] = 0.0L;

    for (int j = 0; j < n; j++) {
        /* column j of op(A) X (left) or X op(A) (right) */
        for (int i = 0; i < m; i++)
            rr[i] = ri[i] = mg[i] = 0.0L;
        for (int l = 0; l < na; l++) {
            /* left: += op(A)(:, l) X(l, j); right: += X(:, l) op(A)(l, j) */
            const long double *ur, *ui, *ua;
            long double vr, vi, va;
            if (left) {
                size_t e = (size_t)l * na, x = (size_t)j * m + l;
                ur = Ar + e, ui = Ai + e, ua = Aa + e;
                vr = xr[x], vi = xi[x], va = xa[x];
            } else {
                size_t e = (size_t)j * na + l, x = (size_t)l * m;
                ur = xr + x, ui = xi + x, ua = xa + x;
                vr = Ar[e], vi = Ai[e], va = Aa[e];
            }
            if (va == 0.0L)
                continue;
            if (cplx) {
                for (int i = 0; i < m; i++) {
                    rr[i] += ur[i] * vr - ui[i] * vi;
                    ri[i] += ur[i] * vi + ui[i] * vr;
                    mg[i] += ua[i] * va;
                }
            } else {
                for (int i = 0; i < m; i++) {
                    rr[i] += ur[i] * vr;
                    mg[i] += ua[i] * va;
                }
            }
        }
        for (int i = 0; i < m; i++) {
            double v[2];
            load_elem(p, B->orig + offset_of(B, i, j) * es, v);
            long double br = v[0], bi = v[1];
            long double dr = rr[i] - (ar * br - ai * bi);
            long double di = ri[i] - (ar * bi + ai * br);
            long double num = sqrtl(dr * dr + di * di);
            long double den = mg[i] + amod * sqrtl(br * br + bi * bi);
            int h = left ? j : i;
            if (num > ws->l_num[h])
                ws->l_num[h] = num;
            if (den > ws->l_den[h])
                ws->l_den[h] = den;
        }
    }
    long double worst = 0.0L;
    for (int h = 0; h < nrhs; h++) {
        if (ws->l_num[h] == 0.0L)
            continue;
        long double r = ws->l_num[h] /
                        (ws->l_den[h] * (long double)p->eps * na);
        if (r > worst)
            worst = r;
    }
    return (double)worst;
}

static const int ORDERS_FULL[] = { 97, 131, 128, 193, 257 };
static const int ORDERS_QUICK[] = { 69, 97 };

/* Netlib's threshold, and how much worse than the reference is accepted. */
#define TRSM_THRESHOLD 16.0
#define TRSM_VS_REFERENCE 10.0

static void run_trsm_group(const struct routine *r, enum tkind kind,
                           int number, const struct settings *s,
                           struct workspace *ws)
{
    const struct precision *p = &PRECISIONS[r->prec];
    struct rng g = { group_seed(s->seed, r->name, 1 + (int)kind) };
    const int *orders = s->quick ? ORDERS_QUICK : ORDERS_FULL;
    int norders = s->quick ? 2 : 5, ncalls = s->quick ? 12 : 24;
    int rot = rng_below(&g, norders), start = rng_below(&g, 24);
    int failures = 0, omin = 1 << 30, omax = 0;
    double worst_lib = 0.0, worst_ref = 0.0, cmin = INFINITY, cmax = 0.0;

    for (int i = 0; i < ncalls; i++) {
        /* quick: 12 of the 24 combinations, from a random start */
        int combo = s->quick ? (start + 2 * i) % 24 : i;
        struct call cl, *c = &cl;
        struct operand op[N_OPS];
        char msg[400] = "";
        int order = orders[(i + rot) % norders];
        int other = s->quick ? rng_between(&g, 20, 40)
                             : rng_between(&g, 40, 70);
        memset(c, 0, sizeof *c);
        c->r = r;
        c->side = "LR"[combo & 1];
        c->uplo = "UL"[(combo >> 1) & 1];
        c->diag = "NU"[(combo >> 2) & 1];
        c->transa = "NTC"[combo >> 3];
        c->m = c->side == 'L' ? order : other;
        c->n = c->side == 'L' ? other : order;
        c->pad[OP_A] = s->tight ? 0 : 1 + rng_below(&g, MAXPAD);
        c->pad[OP_B] = s->tight ? 0 : 1 + rng_below(&g, MAXPAD);
        make_scalar(0, 0, p, &g, c->alpha, &c->alpha_arg);
        shape_call(c, op, p, ws);
        c->cond = make_triangle(c, &op[OP_A], p, kind, &g, ws);
        mat_fill(&op[OP_B], p, &g);
        operand_copies(&op[OP_A], p);
        operand_copies(&op[OP_B], p);
        run_both(c, op, p);

        omin = imin(omin, order), omax = imax(omax, order);
        if (c->cond < cmin)
            cmin = c->cond;
        if (c->cond > cmax)
            cmax = c->cond;
        int failed = check_all_unchanged(op, p, ws->scratch,
                                         "wrote outside its region:", msg,
                                         sizeof msg),
            bi = -1, bj = -1;
        if (!failed) {
            dense_op_a(c, &op[OP_A], p, ws);
            double rl = trsm_ratio(c, &op[OP_B], op[OP_B].lib, p, ws, &bi,
                                   &bj);
            if (isnan(rl)) {
                double v[2];
                char xs[64];
                load_elem(p, op[OP_B].lib + offset_of(&op[OP_B], bi, bj) *
                                           elem_size(p), v);
                format_value(xs, sizeof xs, v, p->cplx);
                snprintf(msg, sizeof msg, "X(%d,%d) = %s is not finite", bi,
                         bj, xs);
                failed = 1;
            }
            double rr = trsm_ratio(c, &op[OP_B], op[OP_B].ref, p, ws, &bi,
                                   &bj);
            if (isnan(rr) && !failed) {
                snprintf(msg, sizeof msg, "reference solution X(%d,%d) is "
                         "not finite (test bug?)", bi, bj);
                failed = 1;
            }
            if (!failed) {
                if (rl > worst_lib)
                    worst_lib = rl;
                if (rr > worst_ref)
                    worst_ref = rr;
                if (!(rl < TRSM_THRESHOLD) ||
                    !(rl <= TRSM_VS_REFERENCE * rr + 1.0)) {
                    snprintf(msg, sizeof msg, "test ratio %.3g, reference "
                             "%.3g (must be < %g and <= %g x reference + 1)",
                             rl, rr, TRSM_THRESHOLD, TRSM_VS_REFERENCE);
                    failed = 1;
                }
            }
        }
        if (!failed)
            continue;
        report_failure(c, msg, &failures);
    }
    print_more_failures(failures, MAX_REPORTS);
    printf("%s %d - %s %s: %d calls, order %d..%d, cond_1 %.2g..%.2g, "
           "max ratio %.3g (reference %.3g)%s\n",
           failures ? "not ok" : "ok", number, r->name, TKIND_NAME[kind],
           ncalls, omin, omax, cmin, cmax, worst_lib, worst_ref,
           failures ? " (FAILED)" : "");
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */
/* ------------------------------------------------------------------------ */

static int selected(const struct routine *r, const struct settings *s)
{
    return !s->routines || list_has(s->routines, r->name) ||
           list_has(s->routines, FAMILY_NAME[r->fam]);
}

/* Is the word a routine or a family of ROUTINES? */
static int known_routine(const char *word, size_t len)
{
    for (int i = 0; i < N_ROUTINES; i++)
        if ((strlen(ROUTINES[i].name) == len &&
             !strncmp(word, ROUTINES[i].name, len)) ||
            (strlen(FAMILY_NAME[ROUTINES[i].fam]) == len &&
             !strncmp(word, FAMILY_NAME[ROUTINES[i].fam], len)))
            return 1;
    return 0;
}

static void read_settings(struct settings *s)
{
    s->seed = read_test_seed();
    s->quick = read_test_quick();
    s->tight = env_number("BLASROUTE_TEST_TIGHT_LD", 0) != 0;
    s->timeout = (unsigned)env_number("BLASROUTE_TEST_TIMEOUT", 600);
    s->routines = read_routine_selection(known_routine);
}

/* Load the reference; print a SKIP plan and exit if it is not there. */
static void load_reference(void)
{
    struct reference_blas ref = open_reference_blas();
    char name[32];
    for (int i = 0; i < N_ROUTINES; i++) {
        struct routine *r = &ROUTINES[i];
        snprintf(name, sizeof name, "%s_", r->name);
        r->ref = reference_symbol(&ref, name);
        /* A reference that is the library itself would prove nothing. */
        if (r->ref == r->lib)
            bail_out("reference %s resolves %s to the library under test",
                     ref.path, name);
    }
    printf("# reference BLAS: %s\n", ref.path);
}

static void workspace_free(struct workspace *ws)
{
    for (int i = 0; i < N_OPS; i++)
        for (int j = 0; j < 3; j++)
            free(ws->buf[i][j]);
    void *blocks[] = { ws->scratch, ws->E, ws->P, ws->Q, ws->R, ws->S,
                       ws->tre, ws->tim, ws->inv_re, ws->inv_im, ws->col_re,
                       ws->col_im, ws->l_are, ws->l_aim, ws->l_aabs,
                       ws->l_xre, ws->l_xim, ws->l_xabs, ws->l_rre,
                       ws->l_rim, ws->l_mag, ws->l_num, ws->l_den };
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        free(blocks[i]);
}

int main(void)
{
    struct settings s;
    struct workspace ws;
    struct timespec t0, t1;
    int groups = 0, number = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    read_settings(&s);
    for (int i = 0; i < N_ROUTINES; i++)
        if (selected(&ROUTINES[i], &s))
            groups += ROUTINES[i].fam == F_TRSM ? 2 : 1;
    load_reference();
    arm_timeout(s.timeout, "a call hung?");
    printf("1..%d\n", groups);
    printf("# seed %llu (BLASROUTE_TEST_SEED replays it)%s\n",
           (unsigned long long)s.seed, s.quick ? ", quick set" : "");

    memset(&ws, 0, sizeof ws);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int kind = T_WELL; kind <= T_MODERATE; kind++)
        for (int i = 0; i < N_ROUTINES; i++)
            if (ROUTINES[i].fam == F_TRSM && selected(&ROUTINES[i], &s))
                run_trsm_group(&ROUTINES[i], (enum tkind)kind, ++number, &s,
                               &ws);
    for (int i = 0; i < N_ROUTINES; i++)
        if (ROUTINES[i].fam != F_TRSM && selected(&ROUTINES[i], &s))
            run_group(&ROUTINES[i], ++number, &s, &ws);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("# %.1f s\n", (double)(t1.tv_sec - t0.tv_sec) +
                             1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    workspace_free(&ws);
    return 0;
}
