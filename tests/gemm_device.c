/*
 * gemm_device.c - TAP test of sgemm_, dgemm_, cgemm_, zgemm_ (Fortran ABI)
 * and cblas_?gemm (column- and row-major) of the library under test against
 * the Netlib reference BLAS, written for the OpenCL GEMM engine.
 *
 * It is meant to run with BLASROUTE_MODE=device BLASROUTE_DEVICE=cpu (PoCL),
 * so that every GEMM goes through the engine, but it sets neither: the
 * caller does, so the same program checks the CPU path (BLASROUTE_MODE=cpu)
 * and the fault-injection runs of tests/device_faults.sh, where the engine
 * must fall back to the CPU and still be right.
 *
 * The reference is loaded with dlopen(RTLD_DEEPBIND) from
 * $BLASROUTE_REFERENCE_BLAS (as in level3_vs_reference.c) and called with
 * the same arguments on identical copies of the data.  A passing line
 * proves, for every call of its group, that the library:
 *  - computes what the reference computes, within a per-element rounding
 *    error bound   |x - ref| <= 8 (k + 2) eps E + tiny,
 *    E = |alpha| sum_l |op(A)(i,l)| |op(B)(l,j)| + |beta| |C(i,j)|;
 *    about a third of the calls use small non-zero integer data, for which
 *    every partial sum is exact whatever the order of summation, so there
 *    any difference at all (a dropped or doubled tile, a K remainder) fails;
 *  - reads nothing it must not read: C is NaN when beta = 0, A and B are
 *    NaN when alpha = 0, and the padding between the rows (or columns) and
 *    the leading dimension of A, B and C is NaN, so a read shows as a NaN;
 *  - writes nothing but C's m x n block: guard bands before and after every
 *    array, the padding of C, and all of A and B are compared byte for byte
 *    with what was there before the call.
 *
 * Groups (one TAP line each), per precision s, d, c, z:
 *  - edge shapes, one line per interface (fortran, cblas col-major, cblas
 *    row-major): every (m, n, k) in {0,1,2,7,13,31,61,127}^3, with the nine
 *    transpose pairs of N, T, C in turn, alpha and beta in {0, 1, other},
 *    tight and padded leading dimensions (random per call);
 *  - large k: k = 10000 (and 9973) with m, n <= 7, all interfaces;
 *  - larger shapes: shapes around 64/128/256, random shapes up to 300 and
 *    520 x 530 x 260 (and 531 x 517 x 260): many work-group tiles with
 *    ragged edges in every dimension and, once the buffer pool is capped
 *    (BLASROUTE_DEVICE_MEMORY=1M, as device_faults.sh does), several
 *    host-side tiles over M, N and K.  The default pool may hold such a call
 *    whole: to run the full set tiled, cap the pool the same way.
 *
 * Environment:
 *   BLASROUTE_REFERENCE_BLAS  path of the reference library (default
 *                             Debian's Netlib libblas.so.3); the test is
 *                             skipped if it does not exist
 *   BLASROUTE_TEST_SEED       seed to replay a run (printed as "# seed N")
 *   BLASROUTE_TEST_QUICK=1    smaller set: sizes {0,1,2,13,61}, each triple
 *                             in one interface only, fewer large calls, one
 *                             520 x 530 x 260 call per precision (about a
 *                             second on PoCL; used by device_faults.sh)
 *   BLASROUTE_TEST_TIMEOUT    seconds before the program gives up with
 *                             "Bail out!" (default 600; 0: never), so that a
 *                             hung device makes a failure, not a hang
 *   BLASROUTE_MODE, BLASROUTE_DEVICE, ... are read by the library only.
 *
 * Output: TAP on stdout; each failing line is preceded by up to three
 * failing calls, each with its arguments and its first bad element (0-based
 * row, column of the matrix as the routine sees it).  Exit status 0 whatever
 * the results; 1 on an internal error.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* clock_gettime under -std=c11 */
#endif

#include "blas_test_common.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seed of one group: the run seed mixed with small numbers (FNV-1a). */
static uint64_t mix_seed(uint64_t seed, int a, int b, int c)
{
    uint64_t h = seed_hash_begin(seed);
    h = seed_hash_int(h, a);
    h = seed_hash_int(h, b);
    return seed_hash_int(h, c);
}

/* ------------------------------------------------------------------------ */
/* Calls                                                                    */
/* ------------------------------------------------------------------------ */

/* One call: its arguments as passed (the GEMM call of blas_test_common.h,
 * shared with gemm_threads.c), and how they were chosen. */
struct gcall {
    struct gemm_call args;
    int pad[N_OPS];           /* leading dimension beyond the tight one */
    int alpha_cls, beta_cls;  /* 0: zero, 1: one, 2: other */
};

/* A scalar of class 0, 1 or other.  "Other" is complex for complex
 * precisions; with integer data it is a small integer, so that alpha * sum
 * and beta * c stay exact. */
static void make_scalar(int cls, const struct gcall *c, struct rng *g,
                        double v[2], union scalar *arg)
{
    const struct precision *p = &PRECISIONS[c->args.prec];
    v[0] = cls == 0 ? 0.0 : 1.0;
    v[1] = 0.0;
    if (cls == 2) {
        for (int i = 0; i < 1 + p->cplx; i++) {
            double sign = rng_next(g) & 1 ? 1.0 : -1.0;
            v[i] = c->args.integer_data ? sign * (1 + rng_below(g, 3))
                                        : sign * (0.25 + 0.75 * rng_unit(g));
        }
        if (!p->cplx && c->args.integer_data && v[0] == 1.0)
            v[0] = 2.0; /* keep "other" different from one */
    }
    set_scalar_arg(p, 1 + p->cplx, v, arg);
}

/* Scalars and leading dimensions of a call whose shape, transposes and
 * interface are set.  Beta = 0 is common in real code (and is where a
 * NaN-poisoned C must not leak), so it gets the largest share. */
static void finish_call(struct gcall *c, struct rng *g, int alpha_cls,
                        int beta_cls)
{
    static const int alpha_share[8] = { 0, 1, 1, 2, 2, 2, 2, 2 };
    static const int beta_share[8] = { 0, 0, 0, 1, 1, 2, 2, 2 };
    c->alpha_cls = alpha_cls >= 0 ? alpha_cls : alpha_share[rng_below(g, 8)];
    c->beta_cls = beta_cls >= 0 ? beta_cls : beta_share[rng_below(g, 8)];
    for (int o = 0; o < N_OPS; o++)
        c->pad[o] = rng_below(g, 2) ? 0 : 1 + rng_below(g, 7);
    make_scalar(c->alpha_cls, c, g, c->args.alpha, &c->args.alpha_arg);
    make_scalar(c->beta_cls, c, g, c->args.beta, &c->args.beta_arg);
}

/* ------------------------------------------------------------------------ */
/* Operands                                                                 */
/* ------------------------------------------------------------------------ */

/* Buffers and scratch, grown as needed and reused from call to call. */
struct workspace {
    unsigned char *buf[N_OPS][3];
    size_t cap[N_OPS];
    unsigned char *scratch;
    size_t scratch_cap;
    double *P, *Q, *E;    /* |op(A)|, |op(B)|, magnitude of the result */
    size_t pcap, qcap, ecap;
};

/* An operand (struct operand of blas_test_common.h) read whole, or not at
 * all (alpha = 0 or beta = 0: all of it NaN), and written nowhere; C's
 * write region is set by the caller. */
static void mat_init(struct operand *o, char name, int rows, int cols,
                     int pad, int rowmajor, int readable, int slot,
                     const struct precision *p, struct workspace *ws)
{
    size_t es = elem_size(p);
    *o = (struct operand){ .present = 1, .name = name, .rows = rows,
                           .cols = cols, .rowmajor = rowmajor,
                           .read = readable ? REG_ALL : REG_NONE };
    operand_layout(o, pad);
    grow((void **)&ws->scratch, &ws->scratch_cap, o->nelem * es);
    if (o->nelem * es > ws->cap[slot]) {
        for (int i = 0; i < 3; i++)
            ws->buf[slot][i] = xrealloc(ws->buf[slot][i], o->nelem * es);
        ws->cap[slot] = o->nelem * es;
    }
    o->orig = ws->buf[slot][0];
    o->lib = ws->buf[slot][1];
    o->ref = ws->buf[slot][2];
}

/* Random data in the matrix (unless it must not be read), poison in the
 * guard bands and padding; identical copies for library and reference. */
static void mat_fill(const struct operand *o, const struct precision *p,
                     struct rng *g, int integer_data)
{
    size_t es = elem_size(p);
    poison_range(p, o->orig, o->nelem);
    if (o->read != REG_NONE) {
        for (int i = 0; i < o->rows; i++)
            for (int j = 0; j < o->cols; j++) {
                double v[2];
                /* integer data is non-zero: every term counts */
                for (int h = 0; h < 2; h++)
                    v[h] = rng_value(g, integer_data);
                store_elem(p, o->orig + offset_of(o, i, j) * es, v[0], v[1]);
            }
    }
    operand_copies(o, p);
}

/* ------------------------------------------------------------------------ */
/* Checking one call                                                        */
/* ------------------------------------------------------------------------ */

/* out = |op(X)| as a dense column-major matrix, by modulus_hypot()
 * (abs_op() of blas_test_common.h uses modulus()). */
static void abs_op_hypot(const struct operand *o,
                         const struct precision *p, char trans, double *out)
{
    size_t es = elem_size(p);
    int t = trans != 'N';
    size_t R = (size_t)(t ? o->cols : o->rows); /* rows of op(X) */
    for (int i = 0; i < o->rows; i++)
        for (int j = 0; j < o->cols; j++) {
            double v[2];
            load_elem(p, o->orig + offset_of(o, i, j) * es, v);
            out[t ? (size_t)j + i * R : (size_t)i + j * R] = modulus_hypot(v);
        }
}

/* E = |alpha| |op(A)| |op(B)| + |beta| |C|: what the rounding error of
 * each element of the result is proportional to. */
static void magnitude(const struct gcall *c, const struct operand op[N_OPS],
                      const struct precision *p, struct workspace *ws)
{
    int m = c->args.m, n = c->args.n, k = c->args.k;
    size_t mn = (size_t)m * n, es = elem_size(p);
    grow((void **)&ws->E, &ws->ecap, mn * sizeof(double));
    double *E = ws->E;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double v[2] = { 0.0, 0.0 };
            if (c->beta_cls != 0)
                load_elem(p, op[OP_C].orig + offset_of(&op[OP_C], i, j) * es,
                          v);
            E[i + (size_t)j * m] = modulus_hypot(c->args.beta) *
                                   modulus_hypot(v);
        }
    if (c->alpha_cls == 0 || k == 0)
        return;
    grow((void **)&ws->P, &ws->pcap, (size_t)m * k * sizeof(double));
    grow((void **)&ws->Q, &ws->qcap, (size_t)k * n * sizeof(double));
    abs_op_hypot(&op[OP_A], p, c->args.transa, ws->P);
    abs_op_hypot(&op[OP_B], p, c->args.transb, ws->Q);
    abs_product(E, m, n, k, ws->P, ws->Q, modulus_hypot(c->args.alpha));
}

/* Compare C's m x n block with the reference: the first element that is
 * NaN or outside the bound is reported, with the number of bad ones. */
static int check_values(const struct gcall *c, const struct operand op[N_OPS],
                        const struct precision *p, struct workspace *ws,
                        char *msg, size_t len)
{
    const struct operand *C = &op[OP_C];
    size_t es = elem_size(p);
    int have_bound = 0;
    struct bad_elements bad = { 0 };

    for (int j = 0; j < c->args.n; j++)
        for (int i = 0; i < c->args.m; i++) {
            double x[2], r[2], bound, err;
            char what[200];
            load_elem(p, C->lib + offset_of(C, i, j) * es, x);
            load_elem(p, C->ref + offset_of(C, i, j) * es, r);
            if (isnan(r[0]) || isnan(r[1])) {
                snprintf(msg, len, "reference result C(%d,%d) is NaN "
                         "(test bug: poisoned an element that is read?)",
                         i, j);
                return 1;
            }
            double d[2] = { x[0] - r[0], x[1] - r[1] };
            err = modulus_hypot(d);
            if (err == 0.0)
                continue;
            if (isnan(err)) {
                snprintf(what, sizeof what, "NaN: read a poisoned element "
                         "(C when beta = 0, A or B when alpha = 0, "
                         "padding), or did not write it");
            } else if (c->args.integer_data) {
                /* every partial sum is an integer below 2^24: exact in
                 * any order of summation, so any difference is an error */
                snprintf(what, sizeof what, "integer data must be exact");
            } else {
                if (!have_bound) { /* exact agreement needs no bound */
                    magnitude(c, op, p, ws);
                    have_bound = 1;
                }
                bound = rounding_bound(8.0, c->args.k, p,
                                       ws->E[i + (size_t)j * c->args.m]);
                if (err <= bound)
                    continue;
                snprintf(what, sizeof what, "bound %.3g", bound);
            }
            note_bad_element(&bad, i, j, x, r, err, what);
        }
    if (!bad.count)
        return 0;
    format_bad_elements(&bad, 'C', (long)c->args.m * c->args.n, p, msg,
                        len);
    return 1;
}

/* Run one call through the library and the reference on identical data;
 * 1 and a message if the library got it wrong. */
static int run_call(struct gcall *c, const struct gemm_entry *lib,
                    const struct gemm_entry *ref, struct rng *g,
                    struct workspace *ws, char *msg, size_t len)
{
    const struct precision *p = &PRECISIONS[c->args.prec];
    int ta = c->args.transa != 'N', tb = c->args.transb != 'N';
    int row = c->args.ifc == IF_CBLAS_ROW, alpha_read = c->alpha_cls != 0;
    int m = c->args.m, n = c->args.n, k = c->args.k;
    struct operand op[N_OPS];
    size_t es = elem_size(p);

    mat_init(&op[OP_A], 'A', ta ? k : m, ta ? m : k, c->pad[OP_A], row,
             alpha_read, OP_A, p, ws);
    mat_init(&op[OP_B], 'B', tb ? n : k, tb ? k : n, c->pad[OP_B], row,
             alpha_read, OP_B, p, ws);
    mat_init(&op[OP_C], 'C', m, n, c->pad[OP_C], row, c->beta_cls != 0,
             OP_C, p, ws);
    op[OP_C].write = REG_ALL;
    c->args.lda = op[OP_A].ld;
    c->args.ldb = op[OP_B].ld;
    c->args.ldc = op[OP_C].ld;
    for (int i = 0; i < N_OPS; i++)
        mat_fill(&op[i], p, g, c->args.integer_data);

    call_gemm(lib, &c->args, op[OP_A].lib + GUARD * es,
              op[OP_B].lib + GUARD * es, op[OP_C].lib + GUARD * es);
    call_gemm(ref, &c->args, op[OP_A].ref + GUARD * es,
              op[OP_B].ref + GUARD * es, op[OP_C].ref + GUARD * es);

    if (check_all_unchanged(op, p, ws->scratch,
                            "wrote outside C's m x n block:", msg, len))
        return 1;
    return check_values(c, op, p, ws, msg, len);
}

/* ------------------------------------------------------------------------ */
/* Groups                                                                   */
/* ------------------------------------------------------------------------ */

enum kind { K_EDGE, K_LARGE_K, K_LARGER };

struct group {
    enum prec prec;
    enum kind kind;
    enum iface ifc;   /* K_EDGE only */
};

struct settings {
    uint64_t seed;
    int quick;
    unsigned timeout;
};

static const int EDGE_FULL[] = { 0, 1, 2, 7, 13, 31, 61, 127 };
static const int EDGE_QUICK[] = { 0, 1, 2, 13, 61 };
static const char TRANS[] = "NTC";

struct call_list {
    struct gcall *v;
    int n, cap;
};

static struct gcall *new_call(struct call_list *l, enum prec prec,
                              enum iface ifc, int tpair, int m, int n, int k)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    struct gcall *c = &l->v[l->n++];
    *c = (struct gcall){ .args = { .prec = prec, .ifc = ifc, .m = m, .n = n,
                                   .k = k, .transa = TRANS[tpair / 3],
                                   .transb = TRANS[tpair % 3] } };
    return c;
}

/* Edge shapes.  Full set: every triple of the size list in every interface,
 * the triples shuffled (seed per group) and given transpose pair t % 9 by
 * position, so each pair gets a ninth of them and the pairing differs from
 * interface to interface.  Quick set: the triples are shuffled per
 * precision and dealt out, interface t % 3, transpose pair (t / 3) % 9, so
 * the three groups of a precision together still cover every triple. */
static void plan_edge(const struct group *gr, const struct settings *s,
                      struct rng *g, struct call_list *l)
{
    const int *S = s->quick ? EDGE_QUICK : EDGE_FULL;
    int ns = s->quick ? (int)(sizeof EDGE_QUICK / sizeof *S)
                      : (int)(sizeof EDGE_FULL / sizeof *S);
    int nt = ns * ns * ns, step = s->quick ? N_IFACES : 1;
    int *perm = xrealloc(NULL, (size_t)nt * sizeof *perm);
    struct rng shuffle = { mix_seed(s->seed, gr->prec, K_EDGE,
                                    s->quick ? 99 : (int)gr->ifc) };

    for (int t = 0; t < nt; t++)
        perm[t] = t;
    for (int t = nt - 1; t > 0; t--) {
        int u = rng_below(&shuffle, t + 1), tmp = perm[t];
        perm[t] = perm[u];
        perm[u] = tmp;
    }
    for (int t = s->quick ? (int)gr->ifc : 0; t < nt; t += step) {
        int x = perm[t];
        struct gcall *c = new_call(l, gr->prec, gr->ifc, (t / step) % 9,
                                   S[x % ns], S[x / ns % ns], S[x / ns / ns]);
        c->args.integer_data = rng_below(g, 3) == 0;
        finish_call(c, g, -1, -1);
    }
    free(perm);
}

/* Large k with small m, n: long dot products, several K tiles on the
 * device.  Alternating integer data (exact: a lost or repeated K tile
 * fails) and random data (rounding-error bound). */
static void plan_large_k(const struct group *gr, const struct settings *s,
                         struct rng *g, struct call_list *l)
{
    static const int shapes[][3] = {
        { 3, 5, 10000 }, { 5, 3, 10000 }, { 1, 1, 10000 },
        { 7, 2, 9973 },  { 2, 7, 10000 }, { 3, 5, 9973 },
        { 4, 4, 10000 }, { 1, 6, 10000 }, { 6, 1, 9973 },
    };
    int ncalls = s->quick ? 3 : 9;
    for (int i = 0; i < ncalls; i++) {
        /* quick: pairs NN, TC, CT; full: all nine */
        static const int quick_pairs[3] = { 0, 5, 7 };
        int tpair = s->quick ? quick_pairs[i] : i;
        struct gcall *c = new_call(l, gr->prec,
                                   (enum iface)((i + gr->prec) % N_IFACES),
                                   tpair, shapes[i][0], shapes[i][1],
                                   shapes[i][2]);
        c->args.integer_data = i % 2 == 0;
        finish_call(c, g, i % 3 == 2 ? 1 : 2, i % 3);
    }
}

/* Larger shapes: around the usual work-group tile sizes (and just past them), random up to
 * 300, and 520 x 530 x 260: beyond 512 in M and N and 256 in K, with ragged
 * edges for any power-of-two tiling, and big enough to be split into
 * host-side tiles when the pool is capped. */
static void plan_larger(const struct group *gr, const struct settings *s,
                        struct rng *g, struct call_list *l)
{
    static const int fixed[][3] = {
        { 64, 64, 64 },  { 65, 33, 129 }, { 128, 127, 1 },
        { 1, 129, 256 }, { 257, 63, 65 }, { 96, 0, 40 },
        /* a row or two past whole tiles of any power-of-two size: the tiled kernel takes the
         * whole tiles and the direct kernel the thin strips */
        { 257, 258, 300 }, { 130, 513, 100 },
        /* C beyond one staging slot (8 MB) in d, c, z: moved in pieces that cut columns */
        { 1100, 1000, 16 },
    };
    int nfixed = s->quick ? 2 : (int)(sizeof fixed / sizeof fixed[0]);
    int nrandom = s->quick ? 2 : 20, ntiled = s->quick ? 1 : 3, i = 0;

    for (int f = 0; f < nfixed; f++, i++) {
        struct gcall *c = new_call(l, gr->prec, (enum iface)(i % N_IFACES),
                                   rng_below(g, 9), fixed[f][0], fixed[f][1],
                                   fixed[f][2]);
        c->args.integer_data = rng_below(g, 3) == 0;
        finish_call(c, g, -1, -1);
    }
    for (int r = 0; r < nrandom; r++, i++) {
        struct gcall *c = new_call(l, gr->prec, (enum iface)(i % N_IFACES),
                                   rng_below(g, 9), 1 + rng_below(g, 300),
                                   1 + rng_below(g, 300),
                                   1 + rng_below(g, 300));
        c->args.integer_data = rng_below(g, 3) == 0;
        finish_call(c, g, rng_below(g, 4) ? 2 : 1, -1);
    }
    /* The tiled calls: integer data first (any tiling slip is an exact
     * mismatch), then random data; beta = 0 on the first, so that the
     * NaN-poisoned C must be overwritten tile by tile. */
    for (int t = 0; t < ntiled; t++, i++) {
        int m = t == 2 ? 531 : 520, n = t == 2 ? 517 : 530;
        struct gcall *c = new_call(l, gr->prec,
                                   (enum iface)((t + gr->prec) % N_IFACES),
                                   rng_below(g, 9), m, n, 260);
        c->args.integer_data = t == 0;
        finish_call(c, g, 2, t == 0 ? 0 : 2);
    }
}

static void plan_group(const struct group *gr, const struct settings *s,
                       struct rng *g, struct call_list *l)
{
    l->n = 0;
    switch (gr->kind) {
    case K_EDGE:
        plan_edge(gr, s, g, l);
        break;
    case K_LARGE_K:
        plan_large_k(gr, s, g, l);
        break;
    default:
        plan_larger(gr, s, g, l);
        break;
    }
}

static void group_name(const struct group *gr, char *out, size_t len)
{
    char letter = PRECISIONS[gr->prec].letter;
    switch (gr->kind) {
    case K_EDGE:
        snprintf(out, len, "%cgemm %s: edge shapes, all transposes", letter,
                 IFACE_NAME[gr->ifc]);
        break;
    case K_LARGE_K:
        snprintf(out, len, "%cgemm large k (~10000), all interfaces",
                 letter);
        break;
    default:
        snprintf(out, len, "%cgemm larger shapes (up to 300, and "
                 "520x530x260 for device tiling), all interfaces", letter);
        break;
    }
}

enum { MAX_REPORTS = 3 };

static void run_group(const struct group *gr, int number,
                      const struct settings *s, const struct gemm_entry *lib,
                      const struct gemm_entry *ref, struct workspace *ws,
                      struct call_list *l, long *total_calls)
{
    struct rng g = { mix_seed(s->seed, gr->prec, gr->kind, gr->ifc) };
    long failures = 0;
    char name[160];

    plan_group(gr, s, &g, l);
    group_name(gr, name, sizeof name);
    for (int i = 0; i < l->n; i++) {
        struct gcall *c = &l->v[i];
        char msg[512], desc[300];
        if (!run_call(c, &lib[c->args.prec], &ref[c->args.prec], &g, ws,
                      msg, sizeof msg))
            continue;
        if (++failures <= MAX_REPORTS) {
            describe_gemm_call(&c->args, desc, sizeof desc);
            printf("# %s\n#     %s\n", desc, msg);
        }
    }
    *total_calls += l->n;
    print_more_failures(failures, MAX_REPORTS);
    if (failures)
        printf("not ok %d - %s: %ld of %d calls failed\n", number, name,
               failures, l->n);
    else
        printf("ok %d - %s (%d calls)\n", number, name, l->n);
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */
/* ------------------------------------------------------------------------ */

static void read_settings(struct settings *s)
{
    s->seed = read_test_seed();
    s->quick = read_test_quick();
    s->timeout = (unsigned)env_number("BLASROUTE_TEST_TIMEOUT", 600);
}

int main(void)
{
    const struct gemm_entry *lib = GEMM_UNDER_TEST;
    struct gemm_entry ref[N_PRECS];
    struct group groups[N_PRECS * (N_IFACES + 2)];
    struct settings s;
    struct workspace ws;
    struct call_list calls = { NULL, 0, 0 };
    struct timespec t0, t1;
    int ngroups = 0;
    long total_calls = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    read_settings(&s);
    load_reference_gemm(ref);
    arm_timeout(s.timeout, "a GEMM call hung?");
    for (int p = 0; p < N_PRECS; p++) {
        for (int i = 0; i < N_IFACES; i++)
            groups[ngroups++] = (struct group){ (enum prec)p, K_EDGE,
                                                (enum iface)i };
        groups[ngroups++] = (struct group){ (enum prec)p, K_LARGE_K,
                                            IF_FORTRAN };
        groups[ngroups++] = (struct group){ (enum prec)p, K_LARGER,
                                            IF_FORTRAN };
    }
    printf("1..%d\n", ngroups);
    printf("# seed %llu (BLASROUTE_TEST_SEED replays it)%s\n",
           (unsigned long long)s.seed, s.quick ? ", quick set" : "");

    memset(&ws, 0, sizeof ws);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < ngroups; i++)
        run_group(&groups[i], i + 1, &s, lib, ref, &ws, &calls,
                  &total_calls);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("# %ld calls in %.1f s\n", total_calls,
           (double)(t1.tv_sec - t0.tv_sec) +
               1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));

    free(calls.v);
    for (int i = 0; i < N_OPS; i++)
        for (int j = 0; j < 3; j++)
            free(ws.buf[i][j]);
    free(ws.scratch);
    free(ws.P);
    free(ws.Q);
    free(ws.E);
    return 0;
}
