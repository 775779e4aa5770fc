/* The Level-3 routines as the random-call tests see them: see
 * level3_routines.h. */
#include "level3_routines.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The invokers, once per integer width: f_gemm_32, ..., cbi_trxm_d_64. */
#define INVOKER_INT int
#define INVOKER(name) name##_32
#include "level3_invokers.h"
#undef INVOKER_INT
#undef INVOKER
#define INVOKER_INT int64_t
#define INVOKER(name) name##_64
#include "level3_invokers.h"
#undef INVOKER_INT
#undef INVOKER

/* An invoker at both widths, as the tables hold it. */
#define BOTH_WIDTHS(name) { [WIDTH32] = name##_32, [WIDTH64] = name##_64 }

void operand_init(struct operand *o, char name, int rows, int cols,
                  enum region read)
{
    *o = (struct operand){ .present = 1, .name = name, .rows = rows,
                           .cols = cols, .read = read };
}

/* --- shapes: what each routine reads and writes --- */

static void shape_gemm(const struct call *c, struct operand op[N_OPS])
{
    int ta = c->transa != 'N', tb = c->transb != 'N';
    operand_init(&op[OP_A], 'A', ta ? c->k : c->m, ta ? c->m : c->k,
                 REG_ALL);
    operand_init(&op[OP_B], 'B', tb ? c->n : c->k, tb ? c->k : c->n,
                 REG_ALL);
    operand_init(&op[OP_C], 'C', c->m, c->n, REG_ALL);
    op[OP_C].write = REG_ALL;
}

static void shape_symm(const struct call *c, struct operand op[N_OPS])
{
    int ka = c->side == 'L' ? c->m : c->n;
    operand_init(&op[OP_A], 'A', ka, ka, uplo_region(c->uplo));
    operand_init(&op[OP_B], 'B', c->m, c->n, REG_ALL);
    operand_init(&op[OP_C], 'C', c->m, c->n, REG_ALL);
    op[OP_C].write = REG_ALL;
}

static void shape_hemm(const struct call *c, struct operand op[N_OPS])
{
    shape_symm(c, op);
    op[OP_A].real_diag = 1;
}

static void shape_syrk(const struct call *c, struct operand op[N_OPS])
{
    int t = c->transa != 'N';
    operand_init(&op[OP_A], 'A', t ? c->k : c->n, t ? c->n : c->k, REG_ALL);
    operand_init(&op[OP_C], 'C', c->n, c->n, uplo_region(c->uplo));
    op[OP_C].write = uplo_region(c->uplo);
}

static void shape_syr2k(const struct call *c, struct operand op[N_OPS])
{
    shape_syrk(c, op);
    op[OP_B] = op[OP_A];
    op[OP_B].name = 'B';
}

/* herk/her2k: the imaginary parts of C's diagonal are never read and are
 * set to zero, except when the routine returns at once (beta = 1 and
 * nothing to add), leaving C as it is. */
static void make_hermitian_output(const struct call *c, struct operand *C)
{
    C->herm_out = 1;
    C->real_diag = !(c->beta_class == 1 && (c->alpha_class == 0 || c->k == 0));
}

static void shape_herk(const struct call *c, struct operand op[N_OPS])
{
    shape_syrk(c, op);
    make_hermitian_output(c, &op[OP_C]);
}

static void shape_her2k(const struct call *c, struct operand op[N_OPS])
{
    shape_syr2k(c, op);
    make_hermitian_output(c, &op[OP_C]);
}

static void shape_trmm(const struct call *c, struct operand op[N_OPS])
{
    int ka = c->side == 'L' ? c->m : c->n;
    operand_init(&op[OP_A], 'A', ka, ka, uplo_region(c->uplo));
    op[OP_A].unit_diag = c->diag == 'U';
    operand_init(&op[OP_B], 'B', c->m, c->n, REG_ALL);
    op[OP_B].write = REG_ALL;
}

/* --- magnitudes for error bounds --- */

/* E = |beta| * |C| (zero when beta = 0: C is not read). */
static void beta_term(const struct call *c, const struct operand *C,
                      const struct precision *p, double *E)
{
    size_t n = (size_t)C->rows * C->cols;
    if (c->beta_class == 0) {
        memset(E, 0, n * sizeof *E);
        return;
    }
    abs_op(C, p, 'N', 0, E);
    double s = modulus(c->beta);
    for (size_t i = 0; i < n; i++)
        E[i] *= s;
}

/* E += s * S * P (side = 'L') or s * P * S (side = 'R'), where S holds
 * the square |op(A)| and P holds |B|, both m x n results. */
static void side_product(const struct call *c, struct work *w, double s)
{
    if (c->side == 'L')
        abs_product(w->E, c->m, c->n, c->m, w->S, w->P, s);
    else
        abs_product(w->E, c->m, c->n, c->n, w->P, w->S, s);
}

static struct bound mag_gemm(const struct call *c,
                             const struct operand op[N_OPS],
                             const struct precision *p, struct work *w)
{
    beta_term(c, &op[OP_C], p, w->E);
    if (c->alpha_class != 0) {
        abs_op(&op[OP_A], p, c->transa, 0, w->P);
        abs_op(&op[OP_B], p, c->transb, 0, w->Q);
        abs_product(w->E, c->m, c->n, c->k, w->P, w->Q, modulus(c->alpha));
    }
    return (struct bound){ 8.0, c->k };
}

static struct bound mag_symm(const struct call *c,
                             const struct operand op[N_OPS],
                             const struct precision *p, struct work *w)
{
    beta_term(c, &op[OP_C], p, w->E);
    if (c->alpha_class != 0) {
        abs_op(&op[OP_A], p, 'N', 1, w->S);
        abs_op(&op[OP_B], p, 'N', 0, w->P);
        side_product(c, w, modulus(c->alpha));
    }
    return (struct bound){ 8.0, c->side == 'L' ? c->m : c->n };
}

static struct bound mag_syrk(const struct call *c,
                             const struct operand op[N_OPS],
                             const struct precision *p, struct work *w)
{
    char t = c->transa == 'N' ? 'N' : 'T', u = t == 'N' ? 'T' : 'N';
    beta_term(c, &op[OP_C], p, w->E);
    if (c->alpha_class != 0) {
        abs_op(&op[OP_A], p, t, 0, w->P);
        abs_op(&op[OP_A], p, u, 0, w->Q);
        abs_product(w->E, c->n, c->n, c->k, w->P, w->Q, modulus(c->alpha));
    }
    return (struct bound){ 8.0, c->k };
}

static struct bound mag_syr2k(const struct call *c,
                              const struct operand op[N_OPS],
                              const struct precision *p, struct work *w)
{
    char t = c->transa == 'N' ? 'N' : 'T', u = t == 'N' ? 'T' : 'N';
    double s = modulus(c->alpha);
    beta_term(c, &op[OP_C], p, w->E);
    if (c->alpha_class != 0) {
        abs_op(&op[OP_A], p, t, 0, w->P);
        abs_op(&op[OP_B], p, u, 0, w->Q);
        abs_op(&op[OP_B], p, t, 0, w->R);
        abs_op(&op[OP_A], p, u, 0, w->S);
        abs_product(w->E, c->n, c->n, c->k, w->P, w->Q, s);
        abs_product(w->E, c->n, c->n, c->k, w->R, w->S, s);
    }
    return (struct bound){ 8.0, 2 * c->k };
}

static struct bound mag_trmm(const struct call *c,
                             const struct operand op[N_OPS],
                             const struct precision *p, struct work *w)
{
    memset(w->E, 0, (size_t)c->m * c->n * sizeof *w->E);
    if (c->alpha_class != 0) {
        abs_op(&op[OP_A], p, c->transa, 0, w->S);
        abs_op(&op[OP_B], p, 'N', 0, w->P);
        side_product(c, w, modulus(c->alpha));
    }
    return (struct bound){ 8.0, c->side == 'L' ? c->m : c->n };
}

/* trsm: error relative to the largest element of the solution. */
static struct bound mag_trsm(const struct call *c,
                             const struct operand op[N_OPS],
                             const struct precision *p, struct work *w)
{
    const struct operand *B = &op[OP_B];
    size_t es = elem_size(p), n = (size_t)c->m * c->n;
    double big = 0.0, v[2];
    for (int j = 0; j < c->n; j++)
        for (int i = 0; i < c->m; i++) {
            load_elem(p, B->ref + offset_of(B, i, j) * es, v);
            if (modulus(v) > big)
                big = modulus(v);
        }
    for (size_t i = 0; i < n; i++)
        w->E[i] = big;
    return (struct bound){ 50.0, c->side == 'L' ? c->m : c->n };
}

#define OPTS(side, uplo, trans, transb, diag) \
    { side, uplo, trans, transb, diag }

static const struct family FAM_GEMM = {
    .name = "gemm", .opt = OPTS(NULL, NULL, "NTC", "NTC", NULL),
    .trans_name = "transa", .dims = DIM_M | DIM_N | DIM_K, .has_beta = 1,
    .sampled_ld = 1, .output = OP_C, .fortran = BOTH_WIDTHS(f_gemm),
    .shape = shape_gemm, .magnitude = mag_gemm,
};
static const struct family FAM_SYMM = {
    .name = "symm", .opt = OPTS("LR", "UL", NULL, NULL, NULL),
    .dims = DIM_M | DIM_N, .has_beta = 1, .output = OP_C,
    .fortran = BOTH_WIDTHS(f_symm), .shape = shape_symm,
    .magnitude = mag_symm,
};
static const struct family FAM_HEMM = {
    .name = "hemm", .opt = OPTS("LR", "UL", NULL, NULL, NULL),
    .dims = DIM_M | DIM_N, .has_beta = 1, .output = OP_C,
    .fortran = BOTH_WIDTHS(f_symm), .shape = shape_hemm,
    .magnitude = mag_symm,
};
static const struct family FAM_SYRK = {
    .name = "syrk", .opt = OPTS(NULL, "UL", "NTC", NULL, NULL),
    .complex_trans = "NT", .trans_name = "trans", .dims = DIM_N | DIM_K,
    .has_beta = 1, .output = OP_C, .fortran = BOTH_WIDTHS(f_syrk),
    .shape = shape_syrk, .magnitude = mag_syrk,
};
static const struct family FAM_HERK = {
    .name = "herk", .opt = OPTS(NULL, "UL", "NC", NULL, NULL),
    .trans_name = "trans", .dims = DIM_N | DIM_K, .has_beta = 1,
    .real_alpha = 1, .real_beta = 1, .output = OP_C,
    .fortran = BOTH_WIDTHS(f_syrk), .shape = shape_herk,
    .magnitude = mag_syrk,
};
static const struct family FAM_SYR2K = {
    .name = "syr2k", .opt = OPTS(NULL, "UL", "NTC", NULL, NULL),
    .complex_trans = "NT", .trans_name = "trans", .dims = DIM_N | DIM_K,
    .has_beta = 1, .output = OP_C, .fortran = BOTH_WIDTHS(f_syr2k),
    .shape = shape_syr2k, .magnitude = mag_syr2k,
};
static const struct family FAM_HER2K = {
    .name = "her2k", .opt = OPTS(NULL, "UL", "NC", NULL, NULL),
    .trans_name = "trans", .dims = DIM_N | DIM_K, .has_beta = 1,
    .real_beta = 1, .output = OP_C, .fortran = BOTH_WIDTHS(f_syr2k),
    .shape = shape_her2k, .magnitude = mag_syr2k,
};
static const struct family FAM_TRMM = {
    .name = "trmm", .opt = OPTS("LR", "UL", "NTC", NULL, "UN"),
    .trans_name = "transa", .dims = DIM_M | DIM_N, .output = OP_B,
    .fortran = BOTH_WIDTHS(f_trxm), .shape = shape_trmm,
    .magnitude = mag_trmm,
};
const struct family FAM_TRSM = {
    .name = "trsm", .opt = OPTS("LR", "UL", "NTC", NULL, "UN"),
    .trans_name = "transa", .dims = DIM_M | DIM_N, .output = OP_B,
    .fortran = BOTH_WIDTHS(f_trxm), .shape = shape_trmm,
    .magnitude = mag_trsm,
};

/* ------------------------------------------------------------------------ */
/* Routines                                                                 */

/* ------------------------------------------------------------------------ */
/* Routines                                                                 */
/* ------------------------------------------------------------------------ */

/* The linked plain names, 32-bit integers: what every program calls unless
 * level3_names.c points the routines elsewhere. */
#define ROUTINE(NAME, FAM, PREC, CBI)                                        \
    { #NAME, &FAM, PREC, (anyfn)NAME##_, (anyfn)cblas_##NAME,              \
      BOTH_WIDTHS(CBI), NULL, NULL, WIDTH32 }

struct routine ROUTINES[N_ROUTINES] = {
    ROUTINE(sgemm, FAM_GEMM, PS, cbi_gemm_f),
    ROUTINE(dgemm, FAM_GEMM, PD, cbi_gemm_d),
    ROUTINE(cgemm, FAM_GEMM, PC, cbi_gemm_p),
    ROUTINE(zgemm, FAM_GEMM, PZ, cbi_gemm_p),
    ROUTINE(ssymm, FAM_SYMM, PS, cbi_symm_f),
    ROUTINE(dsymm, FAM_SYMM, PD, cbi_symm_d),
    ROUTINE(csymm, FAM_SYMM, PC, cbi_symm_p),
    ROUTINE(zsymm, FAM_SYMM, PZ, cbi_symm_p),
    ROUTINE(chemm, FAM_HEMM, PC, cbi_symm_p),
    ROUTINE(zhemm, FAM_HEMM, PZ, cbi_symm_p),
    ROUTINE(ssyrk, FAM_SYRK, PS, cbi_syrk_f),
    ROUTINE(dsyrk, FAM_SYRK, PD, cbi_syrk_d),
    ROUTINE(csyrk, FAM_SYRK, PC, cbi_syrk_p),
    ROUTINE(zsyrk, FAM_SYRK, PZ, cbi_syrk_p),
    ROUTINE(cherk, FAM_HERK, PC, cbi_syrk_f),
    ROUTINE(zherk, FAM_HERK, PZ, cbi_syrk_d),
    ROUTINE(ssyr2k, FAM_SYR2K, PS, cbi_syr2k_f),
    ROUTINE(dsyr2k, FAM_SYR2K, PD, cbi_syr2k_d),
    ROUTINE(csyr2k, FAM_SYR2K, PC, cbi_syr2k_p),
    ROUTINE(zsyr2k, FAM_SYR2K, PZ, cbi_syr2k_p),
    ROUTINE(cher2k, FAM_HER2K, PC, cbi_her2k_f),
    ROUTINE(zher2k, FAM_HER2K, PZ, cbi_her2k_d),
    ROUTINE(strmm, FAM_TRMM, PS, cbi_trxm_f),
    ROUTINE(dtrmm, FAM_TRMM, PD, cbi_trxm_d),
    ROUTINE(ctrmm, FAM_TRMM, PC, cbi_trxm_p),
    ROUTINE(ztrmm, FAM_TRMM, PZ, cbi_trxm_p),
    ROUTINE(strsm, FAM_TRSM, PS, cbi_trxm_f),
    ROUTINE(dtrsm, FAM_TRSM, PD, cbi_trxm_d),
    ROUTINE(ctrsm, FAM_TRSM, PC, cbi_trxm_p),
    ROUTINE(ztrsm, FAM_TRSM, PZ, cbi_trxm_p),
};

int family_has_b(const struct family *f)
{
    return f->fortran[WIDTH32] != f_syrk_32;
}

/* ------------------------------------------------------------------------ */
/* Making, running and checking one call                                    */
/* ------------------------------------------------------------------------ */

/* A scalar of class 0, 1 or other; "other" is complex unless real_only. */
void make_scalar(int cls, int real_only, enum prec prec,
                 struct rng *g, double v[2], union scalar *arg)
{
    const struct precision *p = &PRECISIONS[prec];
    int cplx = p->cplx && !real_only;
    v[0] = cls == 0 ? 0.0 : 1.0;
    v[1] = 0.0;
    if (cls == 2) {
        v[0] = (rng_next(g) & 1 ? 1 : -1) * (0.25 + 0.75 * rng_unit(g));
        if (cplx)
            v[1] = (rng_next(g) & 1 ? 1 : -1) * (0.25 + 0.75 * rng_unit(g));
    }
    set_scalar_arg(p, 1 + cplx, v, arg);
}

/* Complete the operands of a call: layout, leading dimensions, what alpha
 * = 0 / beta = 0 leave unread, buffers. */
void finish_operands(struct call *c, struct operand op[N_OPS],
                     struct workspace *ws)
{
    int *ld[N_OPS] = { &c->lda, &c->ldb, &c->ldc };
    for (int i = 0; i < N_OPS; i++) {
        struct operand *o = &op[i];
        if (!o->present)
            continue;
        o->rowmajor = c->ifc == IF_CBLAS_ROW;
        operand_layout(o, c->ld_extra[i]);
        *ld[i] = o->ld;
        if ((i == OP_C ? c->beta_class : c->alpha_class) == 0)
            o->read = REG_NONE;
        o->orig = ws->buf[i][0];
        o->lib = ws->buf[i][1];
        o->ref = ws->buf[i][2];
    }
}

/* Random data where the routine may read, poison everywhere else.
 * trsm_fill (A of trsm): a well-conditioned triangle, a dominant diagonal
 * (modulus 2 to 3) and the rest scaled down by the order. */
void fill_operand(const struct operand *o, const struct precision *p,
                  int trsm_fill, struct rng *g)
{
    size_t es = elem_size(p);
    double scale = trsm_fill ? 1.0 / imax(1, o->rows) : 1.0;
    poison_range(p, o->orig, o->nelem);
    for (int line = 0; line < outer_dim(o); line++) {
        int lo, hi, i, j;
        region_span(o, o->read, line, &lo, &hi);
        for (int u = lo; u < hi; u++) {
            logical(o, line, u, &i, &j);
            if (o->unit_diag && i == j)
                continue;           /* stays NaN */
            unsigned char *e = o->orig + offset_of(o, i, j) * es;
            double re = rng_sym(g) * scale, im = rng_sym(g) * scale;
            if (trsm_fill && i == j) {
                re = (rng_next(g) & 1 ? 1 : -1) * (2.0 + rng_unit(g));
                im = 0.5 * rng_sym(g);
            }
            store_elem(p, e, re, im);
            if (o->real_diag && i == j)
                poison_real(p, e + p->rsize);
        }
    }
    operand_copies(o, p);
}

void point_args(struct call *c, const struct operand op[N_OPS],
                const struct precision *p, int use_ref)
{
    void **arg[N_OPS] = { &c->a, &c->b, &c->c };
    for (int i = 0; i < N_OPS; i++)
        *arg[i] = op[i].present
                      ? (use_ref ? op[i].ref : op[i].lib) + GUARD * elem_size(p)
                      : NULL;
}

void invoke_ints(const struct call *c, anyfn fn, enum int_width width,
                 const struct call_ints *v)
{
    if (c->ifc == IF_FORTRAN)
        c->r->fam->fortran[width](fn, c, v);
    else
        c->r->cblas[width](fn, c, v);
}

void invoke(const struct call *c, int reference)
{
    const struct routine *r = c->r;
    const struct call_ints v = { c->m, c->n, c->k, c->lda, c->ldb, c->ldc };
    int fortran = c->ifc == IF_FORTRAN;
    anyfn fn = reference ? (fortran ? r->ref_fortran : r->ref_cblas)
                         : (fortran ? r->lib_fortran : r->lib_cblas);
    invoke_ints(c, fn, r->width, &v);
}

/* Failures of one written element that no tolerance excuses: NaN, or a
 * non-zero imaginary diagonal of a Hermitian result where the reference's
 * is zero. */
static int check_element(const struct operand *o, const struct precision *p,
                         int i, int j, const double x[2], double ref[2],
                         char *msg, size_t len)
{
    char xs[64], rs[64];
    int ref_nan = isnan(ref[0]) || isnan(ref[1]);
    int nan = isnan(x[0]) || isnan(x[1]);
    int imag = o->herm_out && i == j && ref[1] == 0.0 && x[1] != 0.0;

    if (!ref_nan && !nan && !imag) {
        /* The reference's quick return (beta = 1, nothing to add) leaves
         * C as it is; zeroing the imaginary diagonal there, as documented
         * for herk/her2k, is accepted too. */
        if (o->herm_out && i == j && x[1] == 0.0)
            ref[1] = 0.0;
        return 0;
    }
    format_value(xs, sizeof xs, x, p->cplx);
    format_value(rs, sizeof rs, ref, p->cplx);
    if (ref_nan)
        snprintf(msg, len, "reference result %c(%d,%d) is %s (test bug: "
                 "poisoned an element that is read?)", o->name, i, j, rs);
    else if (nan)
        snprintf(msg, len, "%c(%d,%d) = %s, reference %s: NaN read from a "
                 "poisoned element, or element not written", o->name, i, j,
                 xs, rs);
    else
        snprintf(msg, len, "%c(%d,%d) = %s: imaginary part of the diagonal "
                 "not zero", o->name, i, j, xs);
    return 1;
}

/* Compare the written region of the output with the reference's: hard
 * failures first, then the element with the largest error / bound. */
int check_values(const struct call *c, const struct operand op[N_OPS],
                 struct workspace *ws, char *msg, size_t len)
{
    const struct family *f = c->r->fam;
    const struct precision *p = &PRECISIONS[c->r->prec];
    const struct operand *o = &op[f->output];
    size_t es = elem_size(p);
    double x[2], ref[2], worst = 0.0, werr = 0.0, wbound = 0.0;
    int wi = -1, wj = -1, have_bound = 0;
    struct bound b = { 0.0, 0 };
    char xs[64], rs[64];

    for (int line = 0; line < outer_dim(o); line++) {
        int lo, hi, i, j;
        region_span(o, o->write, line, &lo, &hi);
        for (int u = lo; u < hi; u++) {
            logical(o, line, u, &i, &j);
            load_elem(p, o->lib + offset_of(o, i, j) * es, x);
            load_elem(p, o->ref + offset_of(o, i, j) * es, ref);
            if (check_element(o, p, i, j, x, ref, msg, len))
                return 1;
            double d[2] = { x[0] - ref[0], x[1] - ref[1] };
            double err = modulus(d);
            if (err == 0.0)
                continue;
            if (!have_bound) {   /* exact agreement needs no bound */
                b = f->magnitude(c, op, p, &ws->w);
                have_bound = 1;
            }
            double bound = rounding_bound(b.factor, b.kdim, p,
                                          ws->w.E[i + (size_t)j * o->rows]);
            if (err / bound > worst) {
                worst = err / bound;
                wi = i, wj = j, werr = err, wbound = bound;
            }
        }
    }
    if (worst <= 1.0)
        return 0;
    load_elem(p, o->lib + offset_of(o, wi, wj) * es, x);
    load_elem(p, o->ref + offset_of(o, wi, wj) * es, ref);
    format_value(xs, sizeof xs, x, p->cplx);
    format_value(rs, sizeof rs, ref, p->cplx);
    snprintf(msg, len, "%c(%d,%d) = %s, reference %s: error %.3g > bound %.3g",
             o->name, wi, wj, xs, rs, werr, wbound);
    return 1;
}

/* Allocated and touched at once: the soak watches the resident set, which
 * must not grow with the test's own data. */
static void *touched(size_t bytes)
{
    void *p = xmalloc(bytes);
    memset(p, 0, bytes);
    return p;
}

void workspace_init(struct workspace *ws, int max_dim, int max_pad)
{
    size_t elems = 2 * (size_t)GUARD + (size_t)(max_dim + max_pad) * max_dim;
    size_t bytes = elems * 2 * sizeof(double);
    size_t square = (size_t)max_dim * max_dim * sizeof(double);
    for (int i = 0; i < N_OPS; i++)
        for (int j = 0; j < 3; j++)
            ws->buf[i][j] = touched(bytes);
    ws->scratch = touched(bytes);
    double **mats[] = { &ws->w.E, &ws->w.P, &ws->w.Q, &ws->w.R, &ws->w.S };
    for (size_t i = 0; i < sizeof mats / sizeof mats[0]; i++)
        *mats[i] = touched(square);
}

void workspace_free(struct workspace *ws)
{
    for (int i = 0; i < N_OPS; i++)
        for (int j = 0; j < 3; j++)
            free(ws->buf[i][j]);
    free(ws->scratch);
    free(ws->w.E);
    free(ws->w.P);
    free(ws->w.Q);
    free(ws->w.R);
    free(ws->w.S);
}

const char *load_reference_routines(void)
{
    struct reference_blas ref = ROUTINES[0].width == WIDTH64
                                    ? open_reference_blas64()
                                    : open_reference_blas();
    char name[32];
    for (int i = 0; i < N_ROUTINES; i++) {
        struct routine *r = &ROUTINES[i];
        snprintf(name, sizeof name, "%s_", r->name);
        r->ref_fortran = reference_symbol(&ref, name);
        snprintf(name, sizeof name, "cblas_%s", r->name);
        r->ref_cblas = reference_symbol(&ref, name);
        if (r->ref_fortran == r->lib_fortran || r->ref_cblas == r->lib_cblas)
            bail_out("reference %s resolves %s to the library under test",
                     ref.path, r->name);
    }
    return ref.path;
}
