/* TRSM on the device: op(A) X = alpha B or X op(A) = alpha B, X written over B, by blocks that
 * never leave the device. One kernel inverts every diagonal block of the triangle; then, block
 * by block in the order of the substitution, the GEMM kernel multiplies the block of the
 * right-hand side by its diagonal block's inverse and subtracts its contribution from all the
 * blocks still to solve. All of it is enqueued at once on the in-order compute queue: no host
 * synchronisation per block. alpha is applied on the way: to the first block's product and, in
 * the first update, to every other block as the GEMM's beta.
 *
 * The right-hand sides are independent: B's columns (side L) or rows (side R) go in panels,
 * as GEMM's columns go in tiles, so that one panel's upload and download overlap another's
 * solve, and a B too large for the device's memory beside the triangle is solved panel by
 * panel. The triangle is uploaded, expanded and inverted once. A panel is written back whole
 * or not at all; after a failure the panels written are final and the CPU BLAS solves the
 * rest (engine/panels.h). */
#include <string.h>

#include "engine/engine.h"
#include "engine/launch.h"
#include "engine/panels.h"
#include "engine/transfer.h"

enum { R, X, RAW_A, T_A_SIDE, T_B_SIDE, INVERSES, PACKED, BUFFER_COUNT };

/* The blocked solve, recursive on ranges of blocks so that the updates are few large GEMMs
 * (K up to half the order) rather than many thin ones: solve the first half, subtract its
 * contribution from the second half in one GEMM, solve the second half. */
struct solve {
    struct br_engine *engine;
    const struct br_program *program;
    enum br_precision precision;
    int left, forward;
    cl_int m, n, order_used, nb, order, packed_ld;
    const cl_mem *buffers;
    const union br_scalar *alpha;
    union br_scalar one, zero, minus_one;
    cl_int error;
};

static cl_int block_end(const struct solve *s, cl_int block)
{
    cl_int end = block * s->nb;
    return end < s->order_used ? end : s->order_used;
}

/* Packs rows (left) or columns (right) [first, first + count) of `from` (m x n, ld m) into
 * PACKED as the GEMM's K dimension, `depth` deep (zero beyond count). */
static void pack_band(struct solve *s, cl_mem from, cl_int first, cl_int count, cl_int depth)
{
    struct br_pack pack = {from, !s->left, 0, s->left ? s->n : s->m, count,
                           s->buffers[PACKED], s->packed_ld, depth, 0, NULL,
                           s->left ? first : first * s->m, s->m, 0};
    if (s->error == CL_SUCCESS)
        s->error = br_enqueue_pack(s->engine, s->program, s->precision, &pack, 0, NULL, NULL);
}

static void gemm(struct solve *s, struct br_gemm_launch *launch)
{
    if (s->error == CL_SUCCESS)
        s->error = br_enqueue_gemm(s->engine, s->program, s->precision, launch, 0, NULL, NULL);
}

/* X's block := (alpha or 1) * inverse of the diagonal block * R's block. */
static void solve_block(struct solve *s, cl_int block, int scaled)
{
    cl_int start = block * s->nb, size = block_end(s, block + 1) - start;
    pack_band(s, s->buffers[R], start, size, s->nb);
    struct br_gemm_launch l = {0};
    l.k_padded = s->nb;
    l.alpha = scaled ? &s->one : s->alpha;
    l.beta = &s->zero;
    l.beta_zero = 1;
    l.c = s->buffers[X];
    l.ldc = s->m;
    if (s->left) {
        l.m = size, l.n = s->n;
        l.a_packed = s->buffers[INVERSES], l.a_ld = s->nb, l.a_offset = block * s->nb * s->nb;
        l.b_packed = s->buffers[PACKED], l.b_ld = s->packed_ld;
        l.c_offset = start;
    } else {
        l.m = s->m, l.n = size;
        l.a_packed = s->buffers[PACKED], l.a_ld = s->packed_ld;
        l.b_packed = s->buffers[INVERSES], l.b_ld = s->nb, l.b_offset = block * s->nb * s->nb;
        l.c_offset = start * s->m;
    }
    gemm(s, &l);
}

/* R's blocks [target, target_end) -= T's coupling block x X's solved blocks [solved,
 * solved_end); beta = alpha the first time these rows of R are touched. */
static void update(struct solve *s, cl_int solved, cl_int solved_end, cl_int target,
                   cl_int target_end, int scaled)
{
    cl_int s0 = solved * s->nb, depth = block_end(s, solved_end) - s0;
    cl_int t0 = target * s->nb, span = block_end(s, target_end) - t0;
    cl_int k_padded = (solved_end - solved) * s->nb;
    pack_band(s, s->buffers[X], s0, depth, k_padded);
    struct br_gemm_launch l = {0};
    l.k_padded = k_padded;
    l.alpha = &s->minus_one;
    l.beta = scaled ? &s->one : s->alpha;
    l.c = s->buffers[R];
    l.ldc = s->m;
    if (s->left) {
        l.m = span, l.n = s->n;
        l.a_packed = s->buffers[T_A_SIDE], l.a_ld = s->order, l.a_offset = s0 * s->order + t0;
        l.b_packed = s->buffers[PACKED], l.b_ld = s->packed_ld;
        l.c_offset = t0;
    } else {
        l.m = s->m, l.n = span;
        l.a_packed = s->buffers[PACKED], l.a_ld = s->packed_ld;
        l.b_packed = s->buffers[T_B_SIDE], l.b_ld = s->order, l.b_offset = s0 * s->order + t0;
        l.c_offset = t0 * s->m;
    }
    gemm(s, &l);
}

/* Solves blocks [lo, hi); scaled: R's blocks there already carry alpha. */
static void solve_range(struct solve *s, cl_int lo, cl_int hi, int scaled)
{
    if (s->error != CL_SUCCESS)
        return;
    if (hi - lo == 1) {
        solve_block(s, lo, scaled);
        return;
    }
    cl_int mid = lo + (hi - lo) / 2;
    if (s->forward) {
        solve_range(s, lo, mid, scaled);
        update(s, lo, mid, mid, hi, scaled);
        solve_range(s, mid, hi, 1);
    } else {
        solve_range(s, mid, hi, scaled);
        update(s, mid, hi, lo, mid, scaled);
        solve_range(s, lo, mid, 1);
    }
}

/* The buffers a plan needs: the triangle's, then each set's R, X and PACKED. */
enum { SET_BUFFERS = 3, MAX_SETS = BR_PANEL_SETS,
       PLAN_BUFFERS = BUFFER_COUNT + SET_BUFFERS * (MAX_SETS - 1) };

/* The narrowest panel planned first (narrower ones only where memory is short). */
enum { MIN_PANEL_WIDTH = 2048 };

struct trsm_shape {
    int left;
    size_t m, n, na, nb, order, blocks, e, granule;
};

/* The panel's R and X (compact) and PACKED for a width, in `sizes` order (R, X, PACKED). */
static void panel_sizes(const struct trsm_shape *t, size_t width, size_t out[SET_BUFFERS])
{
    size_t rows = t->left ? t->m : width, cols = t->left ? width : t->n;
    out[0] = out[1] = rows * cols * t->e;
    out[2] = br_round_up(width, t->granule) * t->order * t->e;
}

static int plan_fits(const struct br_engine *engine, const struct trsm_shape *t,
                     const struct br_panels *p, size_t sizes[PLAN_BUFFERS], int *count)
{
    size_t set[SET_BUFFERS];
    panel_sizes(t, p->width, set);
    sizes[RAW_A] = t->na * t->na * t->e;
    sizes[T_A_SIDE] = t->order * t->order * t->e;
    sizes[T_B_SIDE] = t->left ? 0 : t->order * t->order * t->e;
    sizes[INVERSES] = t->blocks * t->nb * t->nb * t->e;
    sizes[R] = set[0], sizes[X] = set[1], sizes[PACKED] = set[2];
    *count = BUFFER_COUNT;
    for (size_t extra = 1; extra < p->sets; extra++)
        for (int i = 0; i < SET_BUFFERS; i++)
            sizes[(*count)++] = set[i];
    return br_pool_fits(&engine->pool, sizes, *count);
}

/* The panels, narrowed until they fit beside the triangle; 0 if even one granule does not.
 * `whole`: one panel or nothing (blasroute-bench's resident runs). */
static int plan_panels(const struct br_engine *engine, const struct trsm_shape *t, int whole,
                       struct br_panels *p, size_t sizes[PLAN_BUFFERS], int *count)
{
    size_t span = t->left ? t->n : t->m;
    br_panels_first(p, (double)t->na * (double)t->na * (double)span, span, t->granule, whole);
    /* A panel's substitution takes order / nb steps of launches whatever its width, and its
     * products are only as wide as the panel: dtrsm 8192 from host arrays ran 9.1 TFLOP/s in
     * 8 panels of 1024 columns, 10.8 in 4 of 2048 and 10.7 in 2 (H200, 2026-11-27,
     * profiles/measured/2026-11-27-issue21-s15). */
    br_panels_at_least(p, MIN_PANEL_WIDTH);
    while (!plan_fits(engine, t, p, sizes, count))
        if (whole || !br_panels_narrower(p))
            return 0;
    return 1;
}

/* Panel `index` of B in the caller's memory. */
static struct br_block panel_block(const struct br_call *c, const struct trsm_shape *t,
                                   const struct br_panels *p, size_t index)
{
    size_t first = br_panels_first_of(p, index), size = br_panels_size_of(p, index);
    return t->left ? br_block_at(c->b, (size_t)c->ldb, t->e, 0, first, t->m, size)
                   : br_block_at(c->b, (size_t)c->ldb, t->e, first, 0, size, t->n);
}

cl_int br_trsm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *c)
{
    const struct br_gemm_params *g = &program->params.gemm;
    enum br_precision precision = c->precision;
    int left = c->side == 'L';
    struct trsm_shape t = {.left = left, .m = (size_t)c->m, .n = (size_t)c->n,
                           .e = br_element_size(precision)};
    t.na = left ? t.m : t.n;
    /* The block: a whole number of GEMM tiles on both sides and of K steps. */
    t.nb = (size_t)br_params_trsm_block(&program->params);
    t.order = br_round_up(t.na, t.nb), t.blocks = t.order / t.nb;
    /* A panel's packed right-hand side block: K-major nb deep, along N (left) or M (right). */
    t.granule = left ? (size_t)g->nwg : (size_t)g->mwg;
    int transposed = c->transa != 'N', conjugate = c->transa == 'C';
    int op_upper = (c->uplo == 'U') != transposed;
    enum br_structure kind = c->diag == 'U' ? BR_UNIT_TRIANGULAR : BR_TRIANGULAR;

    /* Once, or for blasroute-bench a warm-up and `repeats` timed runs on resident data. */
    int rounds = engine->bench_repeats;
    struct br_panels p;
    size_t sizes[PLAN_BUFFERS];
    int count;
    if (!plan_panels(engine, &t, rounds > 0, &p, sizes, &count))
        return BR_CL_TOO_LARGE;
    engine->rows_per_tile = left ? t.m : p.width;
    engine->cols_per_tile = left ? p.width : t.n;

    cl_mem buffers[PLAN_BUFFERS] = {NULL};
    cl_event a_uploaded = NULL, solved[MAX_SETS] = {NULL, NULL};
    cl_int error = br_pool_acquire_all(&engine->pool, sizes, count, buffers);
    /* Each set's view: the triangle's buffers, and its own R, X and PACKED. */
    cl_mem sets[MAX_SETS][BUFFER_COUNT];
    for (size_t s = 0; s < p.sets; s++) {
        memcpy(sets[s], buffers, sizeof sets[s]);
        if (s > 0) {
            sets[s][R] = buffers[BUFFER_COUNT + SET_BUFFERS * (s - 1)];
            sets[s][X] = buffers[BUFFER_COUNT + SET_BUFFERS * (s - 1) + 1];
            sets[s][PACKED] = buffers[BUFFER_COUNT + SET_BUFFERS * (s - 1) + 2];
        }
    }
    struct br_block a = {.host = (void *)c->a, .ld = (size_t)c->lda, .rows = t.na, .cols = t.na,
                         .element = t.e, .triangle = c->uplo, .skip_diagonal = c->diag == 'U'};
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, buffers[RAW_A], &a, 0, NULL,
                          &a_uploaded);
    if (rounds && error == CL_SUCCESS) {
        struct br_block b = panel_block(c, &t, &p, 0);
        cl_event uploaded = NULL;
        error = br_upload(engine->upload, &engine->upload_staging, buffers[R], &b, 0, NULL,
                          &uploaded);
        br_release_event(&uploaded);
        if (error == CL_SUCCESS)
            error = clFinish(engine->upload);
    }
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);

    for (int round = 0; round <= rounds && error == CL_SUCCESS; round++) {
        double started = br_seconds_now();
        /* T = op(A) expanded: A side ((i, p) at p * order + i) for the inversion and the left
         * updates, B side ((j, p) = T(p, j)) for the right updates. */
        if (error == CL_SUCCESS)
            error = br_enqueue_pack_structured(engine, program, buffers[RAW_A], (cl_int)t.na,
                                               kind, c->uplo == 'U', transposed, conjugate,
                                               buffers[T_A_SIDE], (cl_int)t.order,
                                               (cl_int)t.order, 1, &a_uploaded, NULL);
        if (error == CL_SUCCESS && !left)
            error = br_enqueue_pack_structured(engine, program, buffers[RAW_A], (cl_int)t.na,
                                               kind, c->uplo == 'U', !transposed, conjugate,
                                               buffers[T_B_SIDE], (cl_int)t.order,
                                               (cl_int)t.order, 0, NULL, NULL);
        if (error == CL_SUCCESS) {
            cl_int order_arg = (cl_int)t.na, nb_arg = (cl_int)t.nb, ld = (cl_int)t.order;
            cl_int upper = op_upper, transpose_out = !left;
            struct br_kernel_arg args[] = {BR_ARG(order_arg), BR_ARG(nb_arg),
                                           BR_ARG(buffers[T_A_SIDE]), BR_ARG(ld), BR_ARG(upper),
                                           BR_ARG(transpose_out), BR_ARG(buffers[INVERSES])};
            error = br_set_args(program->invert_blocks, args, 7);
            size_t global[2] = {t.nb, t.blocks}, local[2] = {t.nb, 1};
            if (error == CL_SUCCESS)
                error = br_engine_launch(engine, engine->compute, program->invert_blocks, 2,
                                         global, local, 0, NULL, NULL);
        }
        /* Panel by panel: upload (its set's last solve has been fetched), solve once it has
         * arrived, and fetch the panel `sets` before it meanwhile. */
        for (size_t next = 0, fetched = 0; error == CL_SUCCESS && fetched < p.count;) {
            size_t s = (rounds ? 0 : next) % p.sets;
            if (next < p.count && (next - fetched < p.sets)) {
                struct br_block b = panel_block(c, &t, &p, next);
                cl_event uploaded = NULL;
                if (!rounds)
                    error = br_upload(engine->upload, &engine->upload_staging, sets[s][R], &b, 0,
                                      NULL, &uploaded);
                if (error == CL_SUCCESS)
                    error = clFlush(engine->upload);
                if (error == CL_SUCCESS && uploaded)
                    error = clEnqueueBarrierWithWaitList(engine->compute, 1, &uploaded, NULL);
                br_release_event(&uploaded);
                size_t rows = b.rows, cols = b.cols;
                size_t packed_ld = br_round_up(left ? cols : rows, t.granule);
                struct solve solve = {engine, program, precision, left, left != op_upper,
                                      (cl_int)rows, (cl_int)cols, (cl_int)t.na, (cl_int)t.nb,
                                      (cl_int)t.order, (cl_int)packed_ld, sets[s], &c->alpha,
                                      br_scalar_real(precision, 1.0),
                                      br_scalar_real(precision, 0.0),
                                      br_scalar_real(precision, -1.0), CL_SUCCESS};
                solve_range(&solve, 0, (cl_int)t.blocks, 0);
                error = solve.error;
                br_release_event(&solved[s]);
                if (error == CL_SUCCESS)
                    error = clEnqueueMarkerWithWaitList(engine->compute, 0, NULL, &solved[s]);
                if (error == CL_SUCCESS)
                    error = clFlush(engine->compute);
                next++;
                continue;
            }
            size_t f = fetched % p.sets;
            if (rounds) {
                error = clFinish(engine->compute);
                double time = br_seconds_now() - started;
                if (round > 0 && time < engine->bench_best)
                    engine->bench_best = time; /* nothing goes back to the caller's memory */
            } else {
                struct br_block b = panel_block(c, &t, &p, fetched);
                /* By columns on both sides: a side-R panel's leading columns of X are
                 * final, and the CPU solves the rest of its rows from them (panels.h). */
                error = br_panels_write_back(engine, sets[f][X], &b, solved[f], 1);
            }
            fetched++;
        }
    }
    br_panels_end(engine, error, solved, buffers, count);
    br_release_event(&a_uploaded);
    return error;
}
