/* SYMM, HEMM, SYRK, HERK, SYR2K, HER2K and TRMM on the device, by the copy+GEMM method of
 * Matsumoto, Nakasato and Sedukhin: copy kernels expand each operand into the K-major layout of
 * the one tuned GEMM kernel (a symmetric or Hermitian matrix to full, a triangle to a full
 * matrix with zeros), and the GEMM kernel does the arithmetic, with a triangle mask for the
 * rank-k family and K ranges that skip TRMM's zero blocks.
 *
 * Each routine is described by a recipe: which host blocks go up (only the referenced triangle
 * of a triangular, symmetric or Hermitian operand, never C: the host adds beta C as the result
 * comes home, engine/gemm.c's way), how each side of the GEMM is packed from them, the GEMM's
 * options, and where the result goes. One executor runs
 * every recipe, in panels (engine/panels.h), as GEMM's columns go in tiles: SYMM, HEMM and
 * TRMM by the result's columns (side L) or rows (side R), which each depend on their own of
 * B's only, A expanded once; the rank-k family by C's triangle in panels along its diagonal,
 * the side that spans the panels packed once. One panel's transfers overlap another's product;
 * each panel is written back as its columns arrive (a side-R TRMM panel with op(A) upper
 * whole), and after a failure the CPU BLAS computes what was not written. A problem whose
 * fixed side does not fit the device's memory even beside one narrow panel is declined
 * (engine.c then cuts it in pieces or gives it to the CPU BLAS). */
#include <string.h>

#include "engine/engine.h"
#include "engine/launch.h"
#include "engine/panels.h"
#include "engine/transfer.h"
#include "env.h"
#include "policy/halves.h"

enum { MAX_UPLOADS = 3, MAX_PACKS = 2 };

/* One packing into a side of the GEMM: from upload `source`, general or structured. */
struct side_pack {
    int source;
    int structured;
    /* general */
    int straight;
    cl_int rows, cols, k_offset;
    const union br_scalar *scale;
    /* structured */
    enum br_structure structure;
    int upper, transposed;
    int conjugate;
};

struct recipe {
    int second_half_exists; /* br_halves_second_exists: side-R panels go back by columns */
    struct br_block uploads[MAX_UPLOADS];
    int upload_count;
    int output; /* which upload is the result's buffer, or -1: a buffer of its own */
    struct br_block result; /* where the result goes in the caller's memory */
    cl_int m, n, k;         /* of the GEMM */
    struct side_pack a_side[MAX_PACKS], b_side[MAX_PACKS];
    int a_count, b_count;
    union br_scalar alpha, beta;
    int beta_zero;
    cl_int triangle, real_diagonal, k_from, k_to;
    union br_scalar scales[2]; /* HER2K: alpha and conj(alpha), folded into the packs */
    /* SYMM, HEMM, TRMM: the side of the structured operand (upload 0), whose other side is
     * B (upload 1, general) and goes in panels, with C (upload 2) when it is read; 0: the
     * rank-k family, in one piece. */
    char panel_side;
};

/* A caller's whole matrix as a block. */
static struct br_block host_block(const void *host, br_int ld, br_int rows, br_int cols,
                                  size_t element)
{
    return br_block_at(host, (size_t)ld, element, 0, 0, (size_t)rows, (size_t)cols);
}

/* A general pack of op(X) where X is stored rows x cols and op is trans ('N', 'T', 'C'):
 * element (i, p) of the packed side is op(X)(i, p), optionally conjugated once more. */
static struct side_pack general(int source, char trans, br_int stored_rows,
                                br_int stored_cols, int conjugate_more)
{
    struct side_pack pack = {.source = source};
    pack.straight = trans == 'N';
    pack.rows = pack.straight ? stored_rows : stored_cols;
    pack.cols = pack.straight ? stored_cols : stored_rows;
    pack.conjugate = (trans == 'C') != (conjugate_more != 0);
    return pack;
}

static struct side_pack structured(int source, enum br_structure structure, int upper,
                                   int transposed, int conjugate)
{
    return (struct side_pack){.source = source, .structured = 1, .structure = structure,
                              .upper = upper, .transposed = transposed,
                              .conjugate = conjugate};
}

static void symm_recipe(const struct br_call *c, struct recipe *r)
{
    size_t e = br_element_size(c->precision);
    br_int na = c->side == 'L' ? c->m : c->n;
    enum br_structure kind = c->family == BR_HEMM ? BR_HERMITIAN : BR_SYMMETRIC;
    struct br_block a = host_block(c->a, c->lda, na, na, e);
    a.triangle = c->uplo;
    r->uploads[0] = a;
    r->uploads[1] = host_block(c->b, c->ldb, c->m, c->n, e);
    r->uploads[2] = host_block(c->c, c->ldc, c->m, c->n, e);
    r->upload_count = r->beta_zero ? 2 : 3;
    r->output = r->beta_zero ? -1 : 2;
    r->result = r->uploads[2];
    r->m = c->m;
    r->n = c->n;
    r->k = na;
    r->panel_side = c->side;
    if (c->side == 'L') { /* C = A B: A expanded; B(p, j) read along p */
        r->a_side[0] = structured(0, kind, c->uplo == 'U', 0, 0);
        r->b_side[0] = general(1, 'T', c->m, c->n, 0);
    } else { /* C = B A: element (j, p) of the B side is A(p, j) */
        r->a_side[0] = general(1, 'N', c->m, c->n, 0);
        r->b_side[0] = structured(0, kind, c->uplo == 'U', 1, 0);
    }
    r->a_count = r->b_count = 1;
}

/* SYRK/HERK: C = alpha op(A) op(A)' + beta C; SYR2K/HER2K: C = alpha op(A) op(B)' +
 * alpha~ op(B) op(A)' + beta C, as one GEMM over K = 2k: [op(A) | op(B)] [op(B)' ; op(A)']. */
static void rank_recipe(const struct br_call *c, struct recipe *r)
{
    size_t e = br_element_size(c->precision);
    int hermitian = c->family == BR_HERK || c->family == BR_HER2K;
    int two = c->family == BR_SYR2K || c->family == BR_HER2K;
    br_int rows = c->transa == 'N' ? c->n : c->k, cols = c->transa == 'N' ? c->k : c->n;
    r->uploads[0] = host_block(c->a, c->lda, rows, cols, e);
    r->upload_count = 1;
    if (two)
        r->uploads[r->upload_count++] = host_block(c->b, c->ldb, rows, cols, e);
    struct br_block out = host_block(c->c, c->ldc, c->n, c->n, e);
    out.triangle = c->uplo;
    r->result = out;
    r->output = -1;
    if (!r->beta_zero) {
        r->output = r->upload_count;
        r->uploads[r->upload_count++] = out;
    }
    r->m = r->n = c->n;
    r->k = two ? 2 * c->k : c->k;
    r->triangle = c->uplo == 'U' ? 1 : 2;
    r->real_diagonal = hermitian;
    /* The B side is the transpose (conjugate transpose) of the A side's operands: the same
     * packing, conjugated once more when Hermitian. */
    r->a_side[0] = general(0, c->transa, rows, cols, 0);
    r->a_count = 1;
    if (!two) {
        r->b_side[0] = general(0, c->transa, rows, cols, hermitian);
        r->b_count = 1;
        return;
    }
    r->a_side[1] = general(1, c->transa, rows, cols, 0);
    r->a_side[1].k_offset = c->k;
    r->a_count = 2;
    r->b_side[0] = general(1, c->transa, rows, cols, hermitian);
    r->b_side[1] = general(0, c->transa, rows, cols, hermitian);
    r->b_side[1].k_offset = c->k;
    r->b_count = 2;
    if (hermitian) { /* alpha on the first product, conj(alpha) on the second */
        r->scales[0] = r->alpha;
        r->scales[1] = br_scalar_conjugate(&r->alpha, c->precision);
        r->a_side[0].scale = &r->scales[0];
        r->a_side[1].scale = &r->scales[1];
        r->alpha = br_scalar_real(c->precision, 1.0);
    }
}

/* TRMM: B := alpha op(A) B or alpha B op(A), the triangle expanded with zeros, the GEMM's K
 * loop limited to the blocks that are not zero; the result replaces B. */
static void trmm_recipe(const struct br_call *c, struct recipe *r)
{
    size_t e = br_element_size(c->precision);
    br_int na = c->side == 'L' ? c->m : c->n;
    struct br_block a = host_block(c->a, c->lda, na, na, e);
    a.triangle = c->uplo;
    a.skip_diagonal = c->diag == 'U';
    r->uploads[0] = a;
    r->uploads[1] = host_block(c->b, c->ldb, c->m, c->n, e);
    r->upload_count = 2;
    r->output = -1;
    r->result = r->uploads[1];
    r->m = c->m;
    r->n = c->n;
    r->k = na;
    r->beta = br_scalar_real(c->precision, 0.0);
    r->beta_zero = 1;
    r->panel_side = c->side;
    enum br_structure kind = c->diag == 'U' ? BR_UNIT_TRIANGULAR : BR_TRIANGULAR;
    int transposed = c->transa != 'N', conjugate = c->transa == 'C';
    /* Whether op(A) is upper triangular: a transpose turns upper into lower. */
    int op_upper = (c->uplo == 'U') != transposed;
    if (c->side == 'L') {
        r->a_side[0] = structured(0, kind, c->uplo == 'U', transposed, conjugate);
        r->b_side[0] = general(1, 'T', c->m, c->n, 0);
        /* Row block i of an upper op(A) is zero before column i, of a lower one after. */
        if (op_upper)
            r->k_from = 1;
        else
            r->k_to = 1;
    } else {
        r->a_side[0] = general(1, 'N', c->m, c->n, 0);
        /* B side element (j, p) is op(A)(p, j). */
        r->b_side[0] = structured(0, kind, c->uplo == 'U', !transposed, conjugate);
        if (op_upper)
            r->k_to = 2;
        else
            r->k_from = 2;
    }
    r->a_count = r->b_count = 1;
}

/* square: the order of a structured operand (the GEMM's K). A general pack takes its rows
 * [first, first + count) only when count > 0 (a panel of the rank-k family's side). */
static cl_int enqueue_rows(struct br_engine *engine, const struct br_program *program,
                           enum br_precision precision, const struct side_pack *pack,
                           cl_int square, cl_mem const *sources, const cl_event *uploaded,
                           cl_mem dst, cl_int dst_ld, cl_int dst_cols, cl_int first,
                           cl_int count, cl_event *done);

static cl_int enqueue_side(struct br_engine *engine, const struct br_program *program,
                           enum br_precision precision, const struct side_pack *pack,
                           cl_int square, cl_mem const *sources, const cl_event *uploaded,
                           cl_mem dst, cl_int dst_ld, cl_int dst_cols, cl_event *done)
{
    return enqueue_rows(engine, program, precision, pack, square, sources, uploaded, dst,
                        dst_ld, dst_cols, 0, 0, done);
}

static cl_int enqueue_rows(struct br_engine *engine, const struct br_program *program,
                           enum br_precision precision, const struct side_pack *pack,
                           cl_int square, cl_mem const *sources, const cl_event *uploaded,
                           cl_mem dst, cl_int dst_ld, cl_int dst_cols, cl_int first,
                           cl_int count, cl_event *done)
{
    /* (No event: the source is already on the device, for blasroute-bench's resident runs.) */
    const cl_event *wait = uploaded[pack->source] ? &uploaded[pack->source] : NULL;
    cl_uint waits = wait ? 1 : 0;
    if (pack->structured)
        return br_enqueue_pack_structured(engine, program, sources[pack->source], square,
                                          pack->structure,
                                          pack->upper, pack->transposed, pack->conjugate, dst,
                                          dst_ld, dst_cols, waits, wait, done);
    struct br_pack p = {sources[pack->source], pack->straight, pack->conjugate, pack->rows,
                        pack->cols, dst, dst_ld, dst_cols - pack->k_offset,
                        pack->k_offset * dst_ld, pack->scale, 0, 0, 0};
    if (count > 0) { /* op(X)(i, p) at i + p ld when straight, at p + i ld when transposed */
        p.src_ld = pack->straight ? pack->rows : pack->cols;
        p.src_offset = pack->straight ? first : first * p.src_ld;
        p.rows = count;
    }
    return br_enqueue_pack(engine, program, precision, &p, waits, wait, done);
}

/* --- SYMM, HEMM and TRMM in panels ---------------------------------------------------------- */

/* Side L: the result's columns j depend on B's column j alone (C = A B); side R: its rows on
 * B's rows (C = B A). A panel is `width` of them; two sets of buffers when there are several. */
enum { FIXED_RAW, FIXED_PACKED, FIXED_COUNT };
enum { SET_RAW, SET_C, SET_PACKED, SET_COUNT };
enum { MAX_SETS = BR_PANEL_SETS, PANEL_BUFFERS = FIXED_COUNT + SET_COUNT * MAX_SETS };

struct panel_plan {
    int left;
    struct br_panels panels;
    size_t e;
    cl_int depth_padded, fixed_padded; /* K, and the fixed side's padded M (L) or N (R) */
};

/* Panel `index`'s block of the m x n matrix `whole` (B or C). */
static struct br_block panel_of(const struct panel_plan *p, const struct br_block *whole,
                                size_t index)
{
    size_t first = br_panels_first_of(&p->panels, index);
    size_t size = br_panels_size_of(&p->panels, index);
    struct br_block b =
        p->left ? br_block_at(whole->host, whole->ld, p->e, 0, first, whole->rows, size)
                : br_block_at(whole->host, whole->ld, p->e, first, 0, size, whole->cols);
    b.add = whole->add;
    return b;
}

static void panel_sizes(const struct recipe *r, const struct panel_plan *p,
                        size_t sizes[PANEL_BUFFERS], int *count)
{
    size_t width = p->panels.width;
    size_t rows = p->left ? (size_t)r->m : width, cols = p->left ? width : (size_t)r->n;
    sizes[FIXED_RAW] = r->uploads[0].rows * r->uploads[0].cols * p->e;
    sizes[FIXED_PACKED] = (size_t)p->fixed_padded * (size_t)p->depth_padded * p->e;
    *count = FIXED_COUNT;
    for (size_t s = 0; s < p->panels.sets; s++) {
        sizes[(*count)++] = rows * cols * p->e;
        sizes[(*count)++] = rows * cols * p->e;
        sizes[(*count)++] =
            br_round_up(width, p->panels.granule) * (size_t)p->depth_padded * p->e;
    }
}

/* The panels, narrowed until they fit; 0 if even one granule does not. `whole`: one panel or
 * nothing (blasroute-bench's resident runs). */
static int plan_panels(const struct br_engine *engine, const struct recipe *r, size_t granule,
                       int whole, struct panel_plan *p, size_t sizes[PANEL_BUFFERS], int *count)
{
    br_panels_first(&p->panels, 2.0 * (double)r->m * (double)r->n * (double)r->k,
                    p->left ? (size_t)r->n : (size_t)r->m, granule, whole);
    for (;;) {
        panel_sizes(r, p, sizes, count);
        if (br_pool_fits(&engine->pool, sizes, *count))
            return 1;
        if (whole || !br_panels_narrower(&p->panels))
            return 0;
    }
}

/* A call's panels for br_panels_run: SYMM, HEMM and TRMM's, or the rank family's. */
struct panel_run {
    struct br_engine *engine;
    const struct br_program *program;
    enum br_precision precision;
    const struct recipe *r;
    const void *plan; /* struct panel_plan or struct rank_plan */
    const cl_mem *fixed;
    const cl_event *raw_uploaded;
    const cl_mem *sets[MAX_SETS];
};

/* Enqueues panel `index` on set `s`: B's panel (and C's, when read) up, packed, multiplied by
 * the fixed side; *done: the product's end. */
static cl_int enqueue_panel(void *context, size_t index, size_t s, int upload, cl_event *done)
{
    const struct panel_run *run = context;
    struct br_engine *engine = run->engine;
    const struct recipe *r = run->r;
    const struct panel_plan *p = run->plan;
    const cl_mem *fixed = run->fixed, *set = run->sets[s];
    struct br_block b = panel_of(p, &r->uploads[1], index);
    cl_int rows = (cl_int)b.rows, cols = (cl_int)b.cols;
    cl_event uploaded[MAX_UPLOADS] = {NULL}, packed = NULL;
    cl_int error = CL_SUCCESS;
    if (upload)
        error = br_upload(engine->upload, &engine->upload_staging, set[SET_RAW], &b, 0, NULL,
                          &uploaded[1]);
    if (error == CL_SUCCESS && upload && r->output >= 0) {
        struct br_block c = panel_of(p, &r->uploads[r->output], index);
        error = br_upload(engine->upload, &engine->upload_staging, set[SET_C], &c, 0, NULL,
                          &uploaded[r->output]);
    }
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);
    /* B's panel, packed as the recipe packs the whole of B: element (j, p) = B(p, j) (L), or
     * (i, p) = B(i, p) (R). */
    struct side_pack side = general(1, p->left ? 'T' : 'N', rows, cols, 0);
    cl_int panel_padded = (cl_int)br_round_up(p->left ? (size_t)cols : (size_t)rows,
                                              p->panels.granule);
    cl_mem sources[MAX_UPLOADS] = {fixed[FIXED_RAW], set[SET_RAW], set[SET_C]};
    if (error == CL_SUCCESS)
        error = enqueue_side(engine, run->program, run->precision, &side, r->k, sources,
                             uploaded, set[SET_PACKED], panel_padded, p->depth_padded, &packed);
    cl_event c_ready = r->output >= 0 ? uploaded[r->output] : NULL;
    struct br_gemm_launch launch = {rows, cols, p->depth_padded,
                                    p->left ? p->fixed_padded : panel_padded,
                                    p->left ? panel_padded : p->fixed_padded,
                                    &r->alpha, &r->beta, r->beta_zero,
                                    p->left ? fixed[FIXED_PACKED] : set[SET_PACKED],
                                    p->left ? set[SET_PACKED] : fixed[FIXED_PACKED],
                                    set[SET_C], 0, rows, r->triangle, r->real_diagonal,
                                    r->k_from, r->k_to, 0, 0};
    if (error == CL_SUCCESS)
        error = br_enqueue_gemm(engine, run->program, run->precision, &launch, c_ready ? 1 : 0,
                                c_ready ? &c_ready : NULL, done);
    if (error == CL_SUCCESS)
        error = clFlush(engine->compute);
    for (int u = 0; u < MAX_UPLOADS; u++)
        br_release_event(&uploaded[u]);
    br_release_event(&packed);
    return error;
}

static struct br_block panel_result(void *context, size_t index)
{
    struct panel_run *run = context;
    return panel_of(run->plan, &run->r->result, index);
}

static cl_int run_panels(struct br_engine *engine, const struct br_program *program,
                         enum br_precision precision, struct recipe *r)
{
    const struct br_gemm_params *g = &program->params.gemm;
    struct panel_plan p = {.left = r->panel_side == 'L', .e = br_element_size(precision)};
    p.depth_padded = (cl_int)br_round_up((size_t)r->k, (size_t)g->kwg);
    p.fixed_padded = (cl_int)(p.left ? br_round_up((size_t)r->m, (size_t)g->mwg)
                                     : br_round_up((size_t)r->n, (size_t)g->nwg));
    int rounds = engine->bench_repeats;
    size_t sizes[PANEL_BUFFERS];
    int count;
    if (!plan_panels(engine, r, p.left ? (size_t)g->nwg : (size_t)g->mwg, rounds > 0, &p, sizes,
                     &count))
        return BR_CL_TOO_LARGE;
    engine->rows_per_tile = p.left ? (size_t)r->m : p.panels.width;
    engine->cols_per_tile = p.left ? p.panels.width : (size_t)r->n;

    cl_mem buffers[PANEL_BUFFERS] = {NULL};
    cl_event a_uploaded[MAX_UPLOADS] = {NULL}, fixed_packed = NULL, done[MAX_SETS] = {NULL};
    cl_int error = br_pool_acquire_all(&engine->pool, sizes, count, buffers);
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, buffers[FIXED_RAW],
                          &r->uploads[0], 0, NULL, &a_uploaded[0]);
    /* The structured side, once: upload 0 expanded. */
    const struct side_pack *fixed_side = p.left ? &r->a_side[0] : &r->b_side[0];
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);
    if (error == CL_SUCCESS)
        error = enqueue_side(engine, program, precision, fixed_side, r->k, buffers, a_uploaded,
                             buffers[FIXED_PACKED], p.fixed_padded, p.depth_padded,
                             &fixed_packed);
    struct panel_run run = {engine, program, precision, r, &p, buffers, a_uploaded,
                            {&buffers[FIXED_COUNT], &buffers[FIXED_COUNT + SET_COUNT]}};
    cl_mem results[MAX_SETS] = {run.sets[0][SET_C], run.sets[1][SET_C]};
    /* Side R by columns too where the CPU can compute the rest of a panel's rows from its
     * leading columns (panels.h): SYMM, HEMM, and TRMM with op(A) lower. */
    struct br_panel_steps steps = {&run, enqueue_panel, panel_result, results,
                                   p.left || r->second_half_exists};
    if (error == CL_SUCCESS)
        error = br_panels_run(engine, &p.panels, &steps, done);
    br_panels_end(engine, error, done, buffers, count);
    br_release_event(&a_uploaded[0]);
    br_release_event(&fixed_packed);
    return error;
}

/* --- the rank-k and rank-2k family in panels ------------------------------------------------ */

/* C's triangle in panels along its diagonal: a lower one by columns J (rows from J's first to
 * n: C(J.., J) = alpha op(A)(J.., :) op(B)(J, :)' + beta C(J.., J)), an upper one by rows I
 * (columns from I's first), so that each panel's product starts on the diagonal, where the
 * kernel's triangle mask is. The side that spans the panel's long dimension (A's for lower,
 * B's for upper) is packed once; the other side's rows for the panel are packed from the same
 * raw operands on the device. */
enum { RANK_RAW0, RANK_RAW1, RANK_FIXED, RANK_FIXED_COUNT };
enum { RANK_C, RANK_PACKED, RANK_SET_COUNT };
enum { RANK_BUFFERS = RANK_FIXED_COUNT + RANK_SET_COUNT * MAX_SETS };

struct rank_plan {
    int lower;
    int raws; /* the operands uploaded whole: A, and B for 2k */
    struct br_panels panels;
    size_t n, e;
    cl_int depth_padded, fixed_padded;
};

/* Panel `index` of C: its trapezoid (the diagonal block's triangle and the rectangle past it). */
static struct br_block rank_result(void *context, size_t index)
{
    const struct panel_run *run = context;
    const struct rank_plan *p = run->plan;
    const struct br_block *c = &run->r->result;
    size_t first = br_panels_first_of(&p->panels, index);
    size_t size = br_panels_size_of(&p->panels, index), rest = p->n - first;
    struct br_block b = br_block_at(c->host, c->ld, p->e, first, first, p->lower ? rest : size,
                                    p->lower ? size : rest);
    b.triangle = p->lower ? 'L' : 'U';
    b.add = c->add;
    return b;
}

static void rank_sizes(const struct recipe *r, const struct rank_plan *p,
                       size_t sizes[RANK_BUFFERS], int *count)
{
    size_t width = p->panels.width;
    sizes[RANK_RAW0] = r->uploads[0].rows * r->uploads[0].cols * p->e;
    sizes[RANK_RAW1] = p->raws > 1 ? r->uploads[1].rows * r->uploads[1].cols * p->e : 0;
    sizes[RANK_FIXED] = (size_t)p->fixed_padded * (size_t)p->depth_padded * p->e;
    *count = RANK_FIXED_COUNT;
    for (size_t s = 0; s < p->panels.sets; s++) {
        sizes[(*count)++] = p->n * width * p->e;
        sizes[(*count)++] =
            br_round_up(width, p->panels.granule) * (size_t)p->depth_padded * p->e;
    }
}

static cl_int enqueue_rank_panel(void *context, size_t index, size_t s, int upload,
                                 cl_event *done)
{
    const struct panel_run *run = context;
    struct br_engine *engine = run->engine;
    const struct recipe *r = run->r;
    const struct rank_plan *p = run->plan;
    const cl_mem *fixed = run->fixed, *set = run->sets[s];
    size_t first = br_panels_first_of(&p->panels, index);
    cl_int size = (cl_int)br_panels_size_of(&p->panels, index);
    cl_int rest = (cl_int)(p->n - first);
    cl_int panel_padded = (cl_int)br_round_up((size_t)size, p->panels.granule);
    cl_event c_uploaded = NULL;
    cl_int error = CL_SUCCESS;
    if (upload && !r->beta_zero) {
        struct br_block c = rank_result(context, index);
        error = br_upload(engine->upload, &engine->upload_staging, set[RANK_C], &c, 0, NULL,
                          &c_uploaded);
        if (error == CL_SUCCESS)
            error = clFlush(engine->upload);
    }
    /* The panel's rows of the short side: B's for lower, A's for upper. */
    const struct side_pack *packs = p->lower ? r->b_side : r->a_side;
    int pack_count = p->lower ? r->b_count : r->a_count;
    cl_mem sources[MAX_UPLOADS] = {fixed[RANK_RAW0], fixed[RANK_RAW1], NULL};
    for (int i = 0; i < pack_count && error == CL_SUCCESS; i++) {
        cl_event packed = NULL;
        error = enqueue_rows(engine, run->program, run->precision, &packs[i], r->k, sources,
                             run->raw_uploaded, set[RANK_PACKED], panel_padded,
                             p->depth_padded, (cl_int)first, size, &packed);
        br_release_event(&packed);
    }
    struct br_gemm_launch launch = {p->lower ? rest : size, p->lower ? size : rest,
                                    p->depth_padded,
                                    p->lower ? p->fixed_padded : panel_padded,
                                    p->lower ? panel_padded : p->fixed_padded,
                                    &r->alpha, &r->beta, r->beta_zero,
                                    p->lower ? fixed[RANK_FIXED] : set[RANK_PACKED],
                                    p->lower ? set[RANK_PACKED] : fixed[RANK_FIXED],
                                    set[RANK_C], 0, p->lower ? rest : size, r->triangle,
                                    r->real_diagonal, 0, 0, p->lower ? (cl_int)first : 0,
                                    p->lower ? 0 : (cl_int)first};
    if (error == CL_SUCCESS)
        error = br_enqueue_gemm(engine, run->program, run->precision, &launch,
                                c_uploaded ? 1 : 0, c_uploaded ? &c_uploaded : NULL, done);
    if (error == CL_SUCCESS)
        error = clFlush(engine->compute);
    br_release_event(&c_uploaded);
    return error;
}

static cl_int run_rank_panels(struct br_engine *engine, const struct br_program *program,
                              enum br_precision precision, struct recipe *r)
{
    const struct br_gemm_params *g = &program->params.gemm;
    struct rank_plan p = {.lower = r->triangle == 2, .n = (size_t)r->n,
                          .e = br_element_size(precision),
                          .raws = r->output >= 0 ? r->output : r->upload_count};
    /* A panel's first row is an offset into the packed long side: whole tiles of both. */
    size_t mwg = (size_t)g->mwg, nwg = (size_t)g->nwg, granule = mwg;
    while (granule % nwg)
        granule += mwg;
    p.depth_padded = (cl_int)br_round_up((size_t)r->k, (size_t)g->kwg);
    p.fixed_padded = (cl_int)br_round_up(p.n, p.lower ? mwg : nwg);
    int rounds = engine->bench_repeats;
    size_t sizes[RANK_BUFFERS];
    int count;
    br_panels_first(&p.panels, 2.0 * (double)p.n * (double)p.n * (double)r->k / 2, p.n,
                    granule, rounds > 0);
    for (;;) {
        rank_sizes(r, &p, sizes, &count);
        if (br_pool_fits(&engine->pool, sizes, count))
            break;
        if (rounds > 0 || !br_panels_narrower(&p.panels))
            return BR_CL_TOO_LARGE;
    }
    engine->rows_per_tile = p.panels.width;
    engine->cols_per_tile = p.panels.width;

    cl_mem buffers[RANK_BUFFERS] = {NULL};
    cl_event raw_uploaded[MAX_UPLOADS] = {NULL}, fixed_packed = NULL, done[MAX_SETS] = {NULL};
    cl_int error = br_pool_acquire_all(&engine->pool, sizes, count, buffers);
    for (int u = 0; u < p.raws && error == CL_SUCCESS; u++)
        error = br_upload(engine->upload, &engine->upload_staging,
                          buffers[u == 0 ? RANK_RAW0 : RANK_RAW1], &r->uploads[u], 0, NULL,
                          &raw_uploaded[u]);
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);
    /* The long side, once: A's for lower, B's for upper, every pack of it (two for 2k). */
    const struct side_pack *packs = p.lower ? r->a_side : r->b_side;
    int pack_count = p.lower ? r->a_count : r->b_count;
    cl_mem sources[MAX_UPLOADS] = {buffers[RANK_RAW0], buffers[RANK_RAW1], NULL};
    for (int i = 0; i < pack_count && error == CL_SUCCESS; i++) {
        br_release_event(&fixed_packed);
        error = enqueue_side(engine, program, precision, &packs[i], r->k, sources, raw_uploaded,
                             buffers[RANK_FIXED], p.fixed_padded, p.depth_padded,
                             &fixed_packed);
    }
    struct panel_run run = {engine, program, precision, r, &p, buffers, raw_uploaded,
                            {&buffers[RANK_FIXED_COUNT],
                             &buffers[RANK_FIXED_COUNT + RANK_SET_COUNT]}};
    cl_mem results[MAX_SETS] = {run.sets[0][RANK_C], run.sets[1][RANK_C]};
    /* Every panel written back by columns as its pieces arrive, upper ones too: a column of an
     * upper panel's trapezoid is final once written, and what is left after a failure is
     * still BLAS calls (br_panels_finish_on_cpu). */
    struct br_panel_steps steps = {&run, enqueue_rank_panel, rank_result, results, 1};
    if (error == CL_SUCCESS)
        error = br_panels_run(engine, &p.panels, &steps, done);
    br_panels_end(engine, error, done, buffers, count);
    for (int u = 0; u < MAX_UPLOADS; u++)
        br_release_event(&raw_uploaded[u]);
    br_release_event(&fixed_packed);
    return error;
}

cl_int br_level3_device(struct br_engine *engine, const struct br_program *program,
                        const struct br_call *call)
{
    struct recipe r;
    memset(&r, 0, sizeof r);
    r.second_half_exists = br_halves_second_exists(call);
    r.alpha = call->alpha;
    r.beta = call->beta;
    int real_scalars = call->family == BR_HERK;
    r.beta_zero = br_call_beta_is_zero(call);
    if (real_scalars)
        r.alpha = br_scalar_complex_of_real(&call->alpha, call->precision);
    if (call->family == BR_HERK || call->family == BR_HER2K)
        r.beta = br_scalar_complex_of_real(&call->beta, call->precision);
    /* C is not uploaded: the recipes run as for beta = 0 (the kernel writes alpha's product
     * alone) and the host adds beta C as C comes home, as GEMM's (engine/gemm.c). TRMM has no
     * beta; blasroute-bench's resident runs, which bring nothing home, keep it in the kernel. */
    int beta_on_host = !r.beta_zero && call->family != BR_TRMM && engine->bench_repeats == 0 &&
                       !br_env()->test_device_beta;
    if (beta_on_host)
        r.beta_zero = 1;
    switch (call->family) {
    case BR_SYMM:
    case BR_HEMM:
        symm_recipe(call, &r);
        break;
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        rank_recipe(call, &r);
        break;
    case BR_TRMM:
        trmm_recipe(call, &r);
        break;
    default:
        return CL_INVALID_OPERATION;
    }
    if (beta_on_host)
        r.result.add = br_host_add_beta(call->precision, &r.beta, r.real_diagonal);
    return r.panel_side ? run_panels(engine, program, call->precision, &r)
                        : run_rank_panels(engine, program, call->precision, &r);
}
