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

static size_t gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static size_t lcm(size_t a, size_t b)
{
    return a / gcd(a, b) * b;
}

enum { R, X, RAW_A, T_A_SIDE, T_B_SIDE, INVERSES, PACKED, BUFFER_COUNT };

cl_int br_trsm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *c)
{
    const struct br_gemm_params *g = &program->params.gemm;
    enum br_precision precision = c->precision;
    size_t e = br_element_size(precision);
    /* The block: a whole number of GEMM tiles on both sides and of K steps. */
    size_t nb = lcm(lcm((size_t)g->mwg, (size_t)g->nwg), (size_t)g->kwg);
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
        [INVERSES] = blocks * nb * nb * e, [PACKED] = packed_ld * nb * e};
    size_t total = 0;
    for (int i = 0; i < BUFFER_COUNT; i++) {
        if (sizes[i] > engine->pool.max_allocation)
            return BR_CL_TOO_LARGE;
        total += sizes[i];
    }
    if (total > br_pool_budget(&engine->pool, BUFFER_COUNT))
        return BR_CL_TOO_LARGE;

    cl_mem buffers[BUFFER_COUNT] = {NULL};
    cl_event uploaded[2] = {NULL, NULL}, done = NULL;
    cl_int error = CL_SUCCESS;
    for (int i = 0; i < BUFFER_COUNT && error == CL_SUCCESS; i++)
        if (sizes[i])
            error = br_pool_acquire(&engine->pool, sizes[i], &buffers[i]);
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
            size_t global[2] = {nb, blocks};
            if (error == CL_SUCCESS)
                error = br_engine_launch(engine, engine->compute, program->invert_blocks, 2, global,
                                         NULL, 0, NULL, NULL);
        }

        union br_scalar one = br_scalar_real(precision, 1.0), zero = br_scalar_real(precision, 0.0);
        union br_scalar minus_one = br_scalar_real(precision, -1.0);
        /* Forward substitution for a lower op(A) on the left or an upper one on the right. */
        int forward = left != op_upper;
        cl_int nb_i = (cl_int)nb, ld = (cl_int)m, pld = (cl_int)packed_ld, ord = (cl_int)order;
        for (size_t step = 0; step < blocks && error == CL_SUCCESS; step++) {
            size_t block = forward ? step : blocks - 1 - step;
            size_t start = block * nb, size = na - start < nb ? na - start : nb;
            size_t rest_start = forward ? start + nb : 0;
            size_t rest = forward ? (na > rest_start ? na - rest_start : 0) : start;
            const union br_scalar *scale = step == 0 ? &c->alpha : &one;
            const union br_scalar *update_beta = step == 0 ? &c->alpha : &one;
            for (int phase = 0; phase < 2 && error == CL_SUCCESS; phase++) {
                /* phase 0: pack R's block and solve it into X; phase 1: pack X's block and update
                 * the rest of R. */
                if (phase == 1 && rest == 0)
                    break;
                cl_mem from = phase == 0 ? buffers[R] : buffers[X];
                struct br_pack pack = {from, !left, 0, (cl_int)(left ? n : m), (cl_int)size,
                                       buffers[PACKED], pld, nb_i, 0, NULL,
                                       (cl_int)(left ? start : start * m), ld};
                error = br_enqueue_pack(engine, program, precision, &pack, 0, NULL, NULL);
                struct br_gemm_launch launch;
                memset(&launch, 0, sizeof launch);
                launch.k_padded = nb_i;
                launch.ldc = ld;
                if (phase == 0) {
                    launch.alpha = scale;
                    launch.beta = &zero;
                    launch.beta_zero = 1;
                    launch.c = buffers[X];
                } else {
                    launch.alpha = &minus_one;
                    launch.beta = update_beta;
                    launch.c = buffers[R];
                }
                if (left) { /* rows of B: [inverse or T block] x packed block */
                    launch.m = (cl_int)(phase == 0 ? size : rest);
                    launch.n = (cl_int)n;
                    launch.a_packed = phase == 0 ? buffers[INVERSES] : buffers[T_A_SIDE];
                    launch.a_ld = phase == 0 ? nb_i : ord;
                    launch.a_offset = (cl_int)(phase == 0 ? block * nb * nb : start * order + rest_start);
                    launch.b_packed = buffers[PACKED];
                    launch.b_ld = pld;
                    launch.c_offset = (cl_int)(phase == 0 ? start : rest_start);
                } else { /* columns of B: packed block x [inverse or T block] */
                    launch.m = (cl_int)m;
                    launch.n = (cl_int)(phase == 0 ? size : rest);
                    launch.a_packed = buffers[PACKED];
                    launch.a_ld = pld;
                    launch.b_packed = phase == 0 ? buffers[INVERSES] : buffers[T_B_SIDE];
                    launch.b_ld = phase == 0 ? nb_i : ord;
                    launch.b_offset = (cl_int)(phase == 0 ? block * nb * nb : start * order + rest_start);
                    launch.c_offset = (cl_int)((phase == 0 ? start : rest_start) * m);
                }
                if (error == CL_SUCCESS)
                    error = br_enqueue_gemm(engine, program, precision, &launch, 0, NULL,
                                            step + 1 == blocks && phase == 0 ? &done : NULL);
            }
            if (error == CL_SUCCESS && step % 8 == 7)
                error = clFlush(engine->compute);
        }
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
        error = br_download_atomic(engine->download, buffers[X], &b, 1, &done);
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
