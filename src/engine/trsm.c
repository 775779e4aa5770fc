/* TRSM on the device: op(A) X = alpha B or X op(A) = alpha B, X written over B, by blocks that
 * never leave the device. One kernel inverts every diagonal block of the triangle; then, block
 * by block in the order of the substitution, the GEMM kernel multiplies the block of the
 * right-hand side by its diagonal block's inverse and subtracts its contribution from all the
 * blocks still to solve. All of it is enqueued at once on the in-order compute queue: no host
 * synchronisation per block. alpha is applied on the way: to the first block's product and, in
 * the first update, to every other block as the GEMM's beta. */
#include <string.h>

#include "engine/engine.h"
#include "engine/launch.h"
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

cl_int br_trsm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *c)
{
    const struct br_gemm_params *g = &program->params.gemm;
    enum br_precision precision = c->precision;
    size_t e = br_element_size(precision);
    /* The block: a whole number of GEMM tiles on both sides and of K steps. */
    size_t nb = (size_t)br_params_trsm_block(&program->params);
    int left = c->side == 'L';
    size_t m = (size_t)c->m, n = (size_t)c->n, na = left ? m : n;
    int transposed = c->transa != 'N', conjugate = c->transa == 'C';
    int op_upper = (c->uplo == 'U') != transposed;
    enum br_structure kind = c->diag == 'U' ? BR_UNIT_TRIANGULAR : BR_TRIANGULAR;
    size_t order = br_round_up(na, nb), blocks = order / nb;
    /* The packed right-hand side block: K-major nb deep, along N (left) or M (right). */
    size_t packed_ld = left ? br_round_up(n, (size_t)g->nwg) : br_round_up(m, (size_t)g->mwg);

    size_t sizes[BUFFER_COUNT] = {
        [R] = m * n * e, [X] = m * n * e, [RAW_A] = na * na * e,
        [T_A_SIDE] = order * order * e, [T_B_SIDE] = left ? 0 : order * order * e,
        [INVERSES] = blocks * nb * nb * e, [PACKED] = packed_ld * order * e};
    if (!br_pool_fits(&engine->pool, sizes, BUFFER_COUNT))
        return BR_CL_TOO_LARGE;

    cl_mem buffers[BUFFER_COUNT] = {NULL};
    cl_event uploaded[2] = {NULL, NULL}, done = NULL;
    cl_int error = br_pool_acquire_all(&engine->pool, sizes, BUFFER_COUNT, buffers);
    struct br_block a = {.host = (void *)c->a, .ld = (size_t)c->lda, .rows = na, .cols = na,
                         .element = e, .triangle = c->uplo, .skip_diagonal = c->diag == 'U'};
    struct br_block b = {.host = c->b, .ld = (size_t)c->ldb, .rows = m, .cols = n,
                         .element = e};
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, buffers[RAW_A], &a, 0, NULL,
                          &uploaded[0]);
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, buffers[R], &b, 0, NULL,
                          &uploaded[1]);
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);

    /* Once, or for blasroute-bench a warm-up and `repeats` timed runs on resident data. */
    int rounds = engine->bench_repeats;
    if (rounds && error == CL_SUCCESS)
        error = clFinish(engine->upload);
    for (int round = 0; round <= rounds && error == CL_SUCCESS; round++) {
        double started = br_seconds_now();
        br_release_event(&done);
        /* T = op(A) expanded: A side ((i, p) at p * order + i) for the inversion and the left
         * updates, B side ((j, p) = T(p, j)) for the right updates. */
        if (error == CL_SUCCESS)
            error = br_enqueue_pack_structured(engine, program, buffers[RAW_A], (cl_int)na, kind,
                                               c->uplo == 'U', transposed, conjugate,
                                               buffers[T_A_SIDE], (cl_int)order, (cl_int)order, 2,
                                               uploaded, NULL);
        if (error == CL_SUCCESS && !left)
            error = br_enqueue_pack_structured(engine, program, buffers[RAW_A], (cl_int)na, kind,
                                               c->uplo == 'U', !transposed, conjugate,
                                               buffers[T_B_SIDE], (cl_int)order, (cl_int)order, 0,
                                               NULL, NULL);
        if (error == CL_SUCCESS) {
            cl_int order_arg = (cl_int)na, nb_arg = (cl_int)nb, ld = (cl_int)order;
            cl_int upper = op_upper, transpose_out = !left;
            struct br_kernel_arg args[] = {BR_ARG(order_arg), BR_ARG(nb_arg),
                                           BR_ARG(buffers[T_A_SIDE]), BR_ARG(ld), BR_ARG(upper),
                                           BR_ARG(transpose_out), BR_ARG(buffers[INVERSES])};
            error = br_set_args(program->invert_blocks, args, 7);
            size_t global[2] = {nb, blocks}, local[2] = {nb, 1};
            if (error == CL_SUCCESS)
                error = br_engine_launch(engine, engine->compute, program->invert_blocks, 2, global,
                                         local, 0, NULL, NULL);
        }

        struct solve solve = {engine, program, precision, left, left != op_upper,
                              (cl_int)m, (cl_int)n, (cl_int)na, (cl_int)nb, (cl_int)order,
                              (cl_int)packed_ld, buffers, &c->alpha,
                              br_scalar_real(precision, 1.0), br_scalar_real(precision, 0.0),
                              br_scalar_real(precision, -1.0), CL_SUCCESS};
        solve_range(&solve, 0, (cl_int)blocks, 0);
        error = solve.error;
        br_release_event(&done);
        if (error == CL_SUCCESS)
            error = clEnqueueMarkerWithWaitList(engine->compute, 0, NULL, &done);
        if (rounds && error == CL_SUCCESS) {
            error = clFinish(engine->compute);
            double time = br_seconds_now() - started;
            if (round > 0 && time < engine->bench_best)
                engine->bench_best = time;
        }
    }
    if (rounds && error == CL_SUCCESS) /* nothing goes back to the caller's memory */
        goto finish;
    if (error == CL_SUCCESS)
        error = clFlush(engine->compute);
    if (error == CL_SUCCESS)
        error = br_download_atomic(engine->download, &engine->download_staging, buffers[X],
                                   &b, 1, &done);
finish:
    if (error != CL_SUCCESS) {
        clFinish(engine->upload);
        clFinish(engine->compute);
        clFinish(engine->download);
    }
    br_release_event(&uploaded[0]);
    br_release_event(&uploaded[1]);
    br_release_event(&done);
    for (int i = 0; i < BUFFER_COUNT; i++)
        br_pool_release(&engine->pool, buffers[i]);
    return error;
}
