/* GEMM on the device: C := alpha * op(A) op(B) + beta * C.
 *
 * Small and skinny calls run the direct kernel on the operands as uploaded. Others follow the
 * copy+GEMM path: the copy kernels transpose, conjugate and zero-pad op(A) and op(B) into the
 * K-major form of the tuned kernel, which then needs no bounds checks in its inner loop.
 *
 * C is cut into tiles (blocks of columns, and of rows and of K when memory requires): the
 * uploads of the next tile run on the upload queue while the kernels of this one run on the
 * compute queue and the previous tile comes back on the download queue. A tile is copied into
 * the caller's C only once it has fully arrived, so if the device fails mid-call, the tiles
 * already written are final and the CPU computes the others from the untouched C.
 *
 * C is not uploaded: the kernels compute alpha op(A) op(B) alone, and beta C
 * is added on the host as each tile comes home, in the copy out of the staging buffers that
 * reads C's lines anyway (transfer.h's add). Uploading C cost a third more host copies and
 * link traffic: DGEMM 8192 end to end from host arrays ran 24 to 25 TFLOP/s at beta 0.5 against
 * 29.8 at beta 0 on an H100 (2026-12-07, profiles/measured/2026-12-07-s32, call 5). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "engine/launch.h"
#include "engine/transfer.h"
#include "env.h"
#include "stats.h"

/* Buffer sets for B and C: tiles take them in turn, so that one tile's transfers overlap
 * another's kernels; three when tiles go in groups (group_size). */
enum { SETS_MAX = 3 };

struct gemm_plan {
    int direct;
    size_t rows, cols, depth; /* tile sizes along M, N, K */
    size_t tiles_m, tiles_n, chunks_k;
    int sets; /* buffer sets for B and C: two when tiles alternate, three for groups */
};

/* The device buffers of a call. */
struct gemm_buffers {
    cl_mem a, a_packed;
    cl_mem b[SETS_MAX], b_packed[SETS_MAX], c[SETS_MAX];
};

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

enum { GEMM_BUFFERS = 2 + 3 * SETS_MAX };

/* The bytes of each buffer a plan needs, in the order of gemm_slots (0: not needed). */
static void plan_sizes(const struct gemm_plan *plan, const struct br_gemm_params *g,
                       size_t element, size_t sizes[GEMM_BUFFERS])
{
    size_t depth_padded = br_round_up(plan->depth, (size_t)g->kwg);
    size_t packed = plan->direct ? 0 : 1;
    sizes[0] = plan->rows * plan->depth * element;
    sizes[1] = packed * br_round_up(plan->rows, (size_t)g->mwg) * depth_padded * element;
    for (int s = 0; s < SETS_MAX; s++) {
        size_t used = s < plan->sets ? 1 : 0;
        sizes[2 + 3 * s] = used * plan->depth * plan->cols * element;
        sizes[3 + 3 * s] =
            used * packed * br_round_up(plan->cols, (size_t)g->nwg) * depth_padded * element;
        sizes[4 + 3 * s] = used * plan->rows * plan->cols * element;
    }
}

static void count_tiles(struct gemm_plan *plan, const struct br_call *call)
{
    plan->tiles_m = ((size_t)call->m + plan->rows - 1) / plan->rows;
    plan->tiles_n = ((size_t)call->n + plan->cols - 1) / plan->cols;
    plan->chunks_k = ((size_t)call->k + plan->depth - 1) / plan->depth;
    plan->sets = plan->tiles_m * plan->tiles_n > 1 ? 2 : 1;
}

/* A large block of op(A) is loaded in pieces of rows, each packed and multiplied as soon as it
 * arrives: the kernels of the first piece start while the others are on their way. Loaded
 * whole, the block held every kernel back for its whole upload (2 GB of dgemm 16384's A took
 * 40 ms on an H200, a tenth of the call). Pieces are at least A_PIECE_MIN_BYTES, for their
 * transfers to stay long, and a piece's kernel on a tile at least A_PIECE_MIN_WAVES work-groups
 * per compute unit: on an H200, sgemm pieces of 1024 x 2048 (128 work-groups of 128 x 128 on
 * 132 SMs) ran at 66% of the rate of whole tiles, dgemm ones of 512 work-groups at 88%.
 * At most A_PIECES_MAX: each piece's kernels end in a partly filled wave of work-groups, a
 * loss that grows with their number, while the upload they hide shrinks only as 1 - 1/pieces.
 * On an H200 (2026-11-21, end to end, beta 0) c, d and z 8192 and sgemm 16384 ran best with 2
 * to 4 pieces and lost 3% to 8% of that with 7 (cgemm with 7: 6% slower than A whole). */
enum { A_PIECES_MAX = 4, A_PIECE_MIN_WAVES = 2 };
#define A_PIECE_MIN_BYTES ((size_t)32 << 20)

/* The rows of each piece of a rows x depth block of op(A), for tiles of `cols` columns: a
 * multiple of the kernel's rows per work-group, `rows` or more when the block goes whole. */
static size_t a_piece_rows(const struct br_engine *engine, const struct br_gemm_params *g,
                           size_t rows, size_t cols, size_t depth, size_t element)
{
    size_t mwg = (size_t)g->mwg, nwg = (size_t)g->nwg;
    size_t groups_across = (cols + nwg - 1) / nwg;
    size_t groups_wanted = A_PIECE_MIN_WAVES * (size_t)engine->device.compute_units;
    size_t min_rows = (groups_wanted + groups_across - 1) / groups_across * mwg;
    size_t pieces = rows * depth * element / A_PIECE_MIN_BYTES;
    if (pieces > rows / min_rows)
        pieces = rows / min_rows;
    if (pieces > A_PIECES_MAX)
        pieces = A_PIECES_MAX;
    if (br_env()->test_gemm_a_pieces > 0) /* a measurement hook */
        pieces = (size_t)br_env()->test_gemm_a_pieces;
    /* The pack kernel takes a piece's start in the raw buffer as an int. */
    if (pieces < 2 || rows * depth > (size_t)INT_MAX)
        return rows;
    return br_round_up((rows + pieces - 1) / pieces, mwg);
}

static int choose_plan(const struct br_engine *engine, const struct br_kernel_params *params,
                       const struct br_call *call, struct gemm_plan *plan)
{
    const struct br_gemm_params *g = &params->gemm;
    size_t element = br_element_size(call->precision);
    size_t m = (size_t)call->m, n = (size_t)call->n, k = (size_t)call->k;
    memset(plan, 0, sizeof *plan);

    enum br_gemm_kernel_choice choice = br_env()->test_gemm_kernel;
    int direct = choice == BR_GEMM_KERNEL_DIRECT ||
                 (choice == BR_GEMM_KERNEL_AUTO &&
                  ((double)m * n * k <= params->direct_max_volume ||
                   m < (size_t)params->direct_below_side || n < (size_t)params->direct_below_side));
    if (direct) {
        *plan = (struct gemm_plan){1, m, n, k, 1, 1, 1, 1};
        size_t sizes[GEMM_BUFFERS];
        plan_sizes(plan, g, element, sizes);
        if (br_pool_fits(&engine->pool, sizes, GEMM_BUFFERS))
            return 0;
        memset(plan, 0, sizeof *plan);
    }

    /* Whole rows and depth; columns in tiles (br_gemm_column_tiles). */
    size_t tiles = br_gemm_column_tiles(br_call_flops(call), n);
    if (br_env()->test_gemm_tiles > 0) /* a measurement hook */
        tiles = (size_t)br_env()->test_gemm_tiles;
    plan->rows = m;
    plan->depth = k;
    plan->cols = min_size(n, br_round_up((n + tiles - 1) / tiles, (size_t)g->nwg));
    for (;;) {
        count_tiles(plan, call);
        size_t sizes[GEMM_BUFFERS];
        /* A third buffer set for the tiles that go in groups, if it fits. */
        if (plan->tiles_m * plan->tiles_n >= SETS_MAX &&
            a_piece_rows(engine, g, plan->rows, plan->cols, plan->depth, element) < plan->rows) {
            plan->sets = SETS_MAX;
            plan_sizes(plan, g, element, sizes);
            if (br_pool_fits(&engine->pool, sizes, GEMM_BUFFERS))
                return 0;
            plan->sets = 2;
        }
        plan_sizes(plan, g, element, sizes);
        if (br_pool_fits(&engine->pool, sizes, GEMM_BUFFERS))
            return 0;
        /* Shrink what takes the memory: the columns while the sets of B and C hold at least
         * as much as A's block, else A's rows, K last. Each tile streams its row block's B
         * and C once, and A's block is loaded once per row block while K is whole but again
         * for every tile when K is cut. Columns first whatever A held cut dgemm 50,000
         * under a 16 GiB cap into tiles of one kernel column, each streaming A's 20 GB again:
         * it ran past 150 s where dsymm of that order took 10 (H200, 2026-11-27). */
        size_t total = 0;
        for (int i = 0; i < GEMM_BUFFERS; i++)
            total += sizes[i];
        size_t a_bytes = sizes[0] + sizes[1];
        int rows_left = plan->rows > (size_t)g->mwg;
        if (plan->cols > (size_t)g->nwg && (total - a_bytes >= a_bytes || !rows_left))
            plan->cols = br_round_up(plan->cols / 2, (size_t)g->nwg);
        else if (rows_left)
            plan->rows = br_round_up(plan->rows / 2, (size_t)g->mwg);
        else if (plan->depth > (size_t)g->kwg)
            plan->depth = br_round_up(plan->depth / 2, (size_t)g->kwg);
        else
            return -1;
    }
}

/* The buffers of a call in the order of plan_sizes. */
static void gemm_slots(struct gemm_buffers *b, cl_mem *slots[GEMM_BUFFERS])
{
    slots[0] = &b->a;
    slots[1] = &b->a_packed;
    for (int s = 0; s < SETS_MAX; s++) {
        slots[2 + 3 * s] = &b->b[s];
        slots[3 + 3 * s] = &b->b_packed[s];
        slots[4 + 3 * s] = &b->c[s];
    }
}

static cl_int acquire_buffers(struct br_engine *engine, const struct gemm_plan *plan,
                              const struct br_kernel_params *params, size_t element,
                              struct gemm_buffers *buffers)
{
    size_t sizes[GEMM_BUFFERS];
    cl_mem acquired[GEMM_BUFFERS], *slots[GEMM_BUFFERS];
    plan_sizes(plan, &params->gemm, element, sizes);
    cl_int error = br_pool_acquire_all(&engine->pool, sizes, GEMM_BUFFERS, acquired);
    gemm_slots(buffers, slots);
    for (int i = 0; i < GEMM_BUFFERS; i++)
        *slots[i] = acquired[i];
    return error;
}

static void release_buffers(struct br_engine *engine, struct gemm_buffers *buffers)
{
    cl_mem *slots[GEMM_BUFFERS];
    gemm_slots(buffers, slots);
    for (int i = 0; i < GEMM_BUFFERS; i++)
        br_pool_release(&engine->pool, *slots[i]);
}

/* The scalars of a call as kernel arguments, and the value one. beta_zero: the kernels do not
 * read C (nor is it uploaded); add: what the host does with C as it comes home (plain, or beta
 * C added: br_gemm_device; the resident benchmark keeps beta in the kernel). */
struct gemm_scalars {
    const union br_scalar *alpha, *beta;
    union br_scalar one;
    size_t size;
    cl_int beta_zero;
    struct br_host_add add;
};

static void init_scalars(struct gemm_scalars *s, const struct br_call *call)
{
    s->alpha = &call->alpha;
    s->beta = &call->beta;
    s->one = br_scalar_real(call->precision, 1.0);
    s->size = br_element_size(call->precision);
    s->beta_zero = br_scalar_is_zero(&call->beta, call->precision, 0);
    s->add = (struct br_host_add){BR_HOST_COPY_PLAIN, 0, 0, 0};
}

/* Where a tile's blocks are in the caller's memory. */
struct tile {
    size_t row, col, rows, cols;
};

static struct tile tile_at(const struct gemm_plan *plan, const struct br_call *call, size_t t)
{
    struct tile tile;
    tile.row = t / plan->tiles_n * plan->rows;
    tile.col = t % plan->tiles_n * plan->cols;
    tile.rows = min_size(plan->rows, (size_t)call->m - tile.row);
    tile.cols = min_size(plan->cols, (size_t)call->n - tile.col);
    return tile;
}

/* op(A) rows [row, row + rows) x K [p, p + depth) as stored; likewise op(B) K x columns. */
static struct br_block a_block(const struct br_call *c, size_t row, size_t rows, size_t p,
                               size_t depth)
{
    size_t e = br_element_size(c->precision), lda = (size_t)c->lda;
    return c->transa == 'N' ? br_block_at(c->a, lda, e, row, p, rows, depth)
                            : br_block_at(c->a, lda, e, p, row, depth, rows);
}

static struct br_block b_block(const struct br_call *c, size_t col, size_t cols, size_t p,
                               size_t depth)
{
    size_t e = br_element_size(c->precision), ldb = (size_t)c->ldb;
    return c->transb == 'N' ? br_block_at(c->b, ldb, e, p, col, depth, cols)
                            : br_block_at(c->b, ldb, e, col, p, cols, depth);
}

static struct br_block c_block(const struct br_call *c, const struct tile *tile)
{
    return br_block_at(c->c, (size_t)c->ldc, br_element_size(c->precision), tile->row,
                       tile->col, tile->rows, tile->cols);
}

/* Events that order the reuse of buffers across the queues. */
struct gemm_events {
    cl_event a_packed;    /* the last pack of A: the raw A buffer is free after it */
    cl_event b_packed[SETS_MAX]; /* the last pack of B per set */
    cl_event done[SETS_MAX];     /* the last kernel writing C per set */
};

static void release_events(struct gemm_events *events)
{
    br_release_event(&events->a_packed);
    for (int s = 0; s < SETS_MAX; s++) {
        br_release_event(&events->b_packed[s]);
        br_release_event(&events->done[s]);
    }
}

/* The direct kernel on compact A (lda = its stored rows), B and C (ldc = m). */
static cl_int launch_direct(struct br_engine *engine, const struct br_program *program,
                            const struct br_call *call, const struct gemm_scalars *s,
                            const struct gemm_buffers *buffers, cl_uint wait_count,
                            const cl_event *wait, cl_event *done)
{
    cl_int m = call->m, n = call->n, k = call->k, zero = 0;
    cl_int lda = call->transa == 'N' ? m : k, ldb = call->transb == 'N' ? k : n, ldc = m;
    cl_int a_trans = call->transa == 'N' ? 0 : call->transa == 'T' ? 1 : 2;
    cl_int b_trans = call->transb == 'N' ? 0 : call->transb == 'T' ? 1 : 2;
    struct br_kernel_arg args[] = {
        BR_ARG(m), BR_ARG(n), BR_ARG(k), {s->size, s->alpha}, {s->size, s->beta},
        BR_ARG(s->beta_zero), BR_ARG(buffers->a), BR_ARG(zero), BR_ARG(lda), BR_ARG(a_trans),
        BR_ARG(buffers->b[0]), BR_ARG(zero), BR_ARG(ldb), BR_ARG(b_trans), BR_ARG(buffers->c[0]),
        BR_ARG(zero), BR_ARG(ldc)};
    cl_int error = br_set_args(program->gemm_direct, args, 17);
    size_t dim = (size_t)program->params.direct.dim;
    size_t local[2] = {dim, dim};
    size_t global[2] = {br_round_up((size_t)m, dim), br_round_up((size_t)n, dim)};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, program->gemm_direct, 2, global, local,
                                 wait_count, wait, done);
    return error;
}

/* The direct kernel over the whole call. */
static cl_int enqueue_direct(struct br_engine *engine, const struct br_program *program,
                             const struct br_call *call, const struct gemm_scalars *s,
                             struct gemm_buffers *buffers, struct gemm_events *events)
{
    cl_event uploads[3] = {NULL, NULL, NULL};
    cl_uint waits = 0;
    struct tile whole = {0, 0, (size_t)call->m, (size_t)call->n};
    struct br_block a = a_block(call, 0, (size_t)call->m, 0, (size_t)call->k);
    struct br_block b = b_block(call, 0, (size_t)call->n, 0, (size_t)call->k);
    struct br_block c = c_block(call, &whole);
    cl_int error = br_upload(engine->upload, &engine->upload_staging, buffers->a, &a, 0, NULL,
                             &uploads[waits++]);
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, buffers->b[0], &b, 0, NULL,
                          &uploads[waits++]);
    if (error == CL_SUCCESS && !s->beta_zero)
        error = br_upload(engine->upload, &engine->upload_staging, buffers->c[0], &c, 0, NULL,
                          &uploads[waits++]);
    if (error == CL_SUCCESS)
        error = launch_direct(engine, program, call, s, buffers, waits, uploads,
                              &events->done[0]);
    for (cl_uint i = 0; i < 3; i++)
        br_release_event(&uploads[i]);
    return error;
}

/* Uploads a block of an operand into pack->src (from element pack->src_offset on) once `reuse`
 * (if not NULL: the last packing from that part of the buffer) is done, then packs it; *done
 * receives the packing's event. On a device that shares the host's memory the pack kernel reads
 * the caller's block in place instead (no copy), unless the driver refuses to wrap it. */
static cl_int upload_and_pack(struct br_engine *engine, const struct br_program *program,
                              enum br_precision precision, const struct br_block *block,
                              const struct br_pack *pack, cl_event reuse, cl_event *done)
{
    cl_event uploaded = NULL;
    cl_int error = CL_SUCCESS;
    cl_mem in_place = engine->device.host_unified ? br_wrap_block(engine->context, block)
                                                  : NULL;
    *done = NULL;
    if (in_place) {
        struct br_pack from_host = *pack;
        from_host.src = in_place;
        from_host.src_ld = (cl_int)block->ld;
        from_host.src_offset = 0;
        error = br_enqueue_pack(engine, program, precision, &from_host, 0, NULL, done);
        clReleaseMemObject(in_place); /* freed once the pack that reads it completes */
        engine->read_in_place = 1;
    } else {
        size_t offset = (size_t)pack->src_offset * br_element_size(precision);
        /* `reuse` is a compute-queue event: OpenCL wants that queue flushed before another
         * queue's command waits for it (a driver need not submit it on its own). */
        if (reuse)
            error = clFlush(engine->compute);
        if (error == CL_SUCCESS)
            error = br_upload_at(engine->upload, &engine->upload_staging, pack->src, offset,
                                 block, reuse ? 1 : 0, reuse ? &reuse : NULL, &uploaded);
        if (error == CL_SUCCESS)
            error = br_enqueue_pack(engine, program, precision, pack, 1, &uploaded, done);
    }
    br_release_event(&uploaded);
    return error;
}

/* upload_and_pack for a buffer used by one packing at a time: *packed is the last packing from
 * it, and becomes the new one. */
static cl_int reload(struct br_engine *engine, const struct br_program *program,
                     enum br_precision precision, const struct br_block *block,
                     const struct br_pack *pack, cl_event *packed)
{
    cl_event done = NULL;
    cl_int error = upload_and_pack(engine, program, precision, block, pack, *packed, &done);
    if (error == CL_SUCCESS) {
        br_release_event(packed);
        *packed = done;
    }
    return error;
}

/* Starts what is queued for upload and compute now rather than at the first wait. */
static cl_int flush_queues(struct br_engine *engine)
{
    cl_int error = clFlush(engine->upload);
    return error == CL_SUCCESS ? clFlush(engine->compute) : error;
}

/* The tiles of C enqueued together: with A loaded in pieces, the first two tiles of its row
 * block take each piece in turn, so that the kernels have twice the work per piece while A is
 * on its way (at n = 16384 on two H200s a piece's upload took 4.5 ms and its kernel on one
 * tile 2.9). One tile otherwise. A group needs a third buffer set, for the tile after it to be
 * enqueued before the group's first tile is home. */
enum { GROUP_MAX = 2 };

static size_t group_size(const struct gemm_plan *plan, size_t t, size_t a_loaded)
{
    /* choose_plan gave the plan its third set only for A in pieces. */
    int a_new = a_loaded != t / plan->tiles_n * plan->chunks_k;
    int next_in_row = t % plan->tiles_n + 1 < plan->tiles_n;
    return a_new && next_in_row && plan->sets == SETS_MAX ? GROUP_MAX : 1;
}

/* Uploads and packs the K range [p, p + depth) of a tile's op(B) into its buffer set. */
static cl_int load_b(struct br_engine *engine, const struct br_program *program,
                     const struct br_call *call, struct gemm_buffers *buffers,
                     struct gemm_events *events, const struct tile *tile, int set, size_t p,
                     size_t depth)
{
    const struct br_gemm_params *g = &program->params.gemm;
    struct br_block b = b_block(call, tile->col, tile->cols, p, depth);
    struct br_pack pack = {buffers->b[set], call->transb != 'N', call->transb == 'C',
                           (cl_int)tile->cols, (cl_int)depth, buffers->b_packed[set],
                           (cl_int)br_round_up(tile->cols, (size_t)g->nwg),
                           (cl_int)br_round_up(depth, (size_t)g->kwg), 0, NULL, 0, 0, 0};
    return reload(engine, program, call->precision, &b, &pack, &events->b_packed[set]);
}

/* Whether tile u of a group has its B loaded before A: when A stays (B changes every tile),
 * and for the first tile when A comes in pieces (that piece's kernel needs both). Otherwise B
 * follows A's first piece, just before the tile's first kernel. */
static int b_before_a(int load_a, int in_pieces, size_t u)
{
    return !load_a || (in_pieces && u == 0);
}

/* Tiles [first, first + count) of one row block, on buffer sets first % sets on: for each K
 * chunk, their B blocks and the A block are uploaded and packed, and the GEMM kernel
 * accumulates into each tile's C buffer (beta on the first chunk, one after). A is loaded
 * again only when its block changes (with one row block and one K chunk, once for the whole
 * call); when large, in pieces of rows after B, each piece's kernels launched at once. */
static cl_int enqueue_tiles(struct br_engine *engine, const struct br_program *program,
                            const struct br_call *call, const struct gemm_plan *plan,
                            const struct gemm_scalars *s, struct gemm_buffers *buffers,
                            struct gemm_events *events, size_t first, size_t count,
                            size_t *a_loaded)
{
    const struct br_gemm_params *g = &program->params.gemm;
    struct tile tiles[GROUP_MAX];
    int sets[GROUP_MAX];
    cl_event c_uploaded[GROUP_MAX] = {NULL};
    cl_int error = CL_SUCCESS;
    for (size_t u = 0; u < count; u++) {
        tiles[u] = tile_at(plan, call, first + u);
        sets[u] = (int)((first + u) % (size_t)plan->sets);
    }
    size_t rows = tiles[0].rows, row0 = tiles[0].row;
    size_t rows_padded = br_round_up(rows, (size_t)g->mwg);
    for (size_t chunk = 0; chunk < plan->chunks_k && error == CL_SUCCESS; chunk++) {
        size_t p = chunk * plan->depth, depth = min_size(plan->depth, (size_t)call->k - p);
        cl_int depth_padded = (cl_int)br_round_up(depth, (size_t)g->kwg);
        size_t a_key = first / plan->tiles_n * plan->chunks_k + chunk;
        int load_a = *a_loaded != a_key;
        size_t piece_rows = load_a ? a_piece_rows(engine, g, rows, tiles[0].cols, depth, s->size)
                                   : rows;
        int in_pieces = piece_rows < rows;
        for (size_t u = 0; u < count && error == CL_SUCCESS; u++)
            if (b_before_a(load_a, in_pieces, u))
                error = load_b(engine, program, call, buffers, events, &tiles[u], sets[u], p,
                               depth);
        /* Every piece of A waits only for the last packing from the raw A buffer before them
         * (a_reuse), not for its predecessor's packing: the pieces go to other parts of the
         * buffer, and that wait would queue each upload behind the kernels before it. */
        cl_event a_reuse = events->a_packed, a_last = NULL;
        for (size_t row = 0; row < rows && error == CL_SUCCESS; row += piece_rows) {
            size_t piece = min_size(piece_rows, rows - row);
            if (load_a) {
                struct br_block a = a_block(call, row0 + row, piece, p, depth);
                struct br_pack a_pack = {
                    buffers->a, call->transa == 'N', call->transa == 'C', (cl_int)piece,
                    (cl_int)depth, buffers->a_packed, (cl_int)rows_padded, depth_padded,
                    (cl_int)row, NULL, (cl_int)(row * depth), 0,
                    (cl_int)br_round_up(piece, (size_t)g->mwg)};
                cl_event done = NULL;
                error = upload_and_pack(engine, program, call->precision, &a, &a_pack, a_reuse,
                                        &done);
                if (error != CL_SUCCESS)
                    break;
                br_release_event(&a_last);
                a_last = done;
            }
            for (size_t u = 0; u < count && error == CL_SUCCESS; u++) {
                /* A tile's C (if read) goes just before its first kernel too, the kernels
                 * queued so far started first. */
                int load_c = chunk == 0 && row == 0 && !s->beta_zero;
                int load_b_here = row == 0 && !b_before_a(load_a, in_pieces, u);
                if (u > 0 && (load_c || load_b_here))
                    error = flush_queues(engine);
                if (error == CL_SUCCESS && load_c) {
                    struct br_block c = c_block(call, &tiles[u]);
                    error = br_upload(engine->upload, &engine->upload_staging,
                                      buffers->c[sets[u]], &c, 0, NULL, &c_uploaded[u]);
                }
                if (error == CL_SUCCESS && load_b_here)
                    error = load_b(engine, program, call, buffers, events, &tiles[u], sets[u],
                                   p, depth);
                if (error != CL_SUCCESS)
                    break;
                cl_int beta_zero = chunk == 0 ? s->beta_zero : 0;
                const void *beta = chunk == 0 ? (const void *)s->beta : (const void *)&s->one;
                struct br_gemm_launch launch = {
                    (cl_int)piece, (cl_int)tiles[u].cols, depth_padded, (cl_int)rows_padded,
                    (cl_int)br_round_up(tiles[u].cols, (size_t)g->nwg), s->alpha, beta,
                    beta_zero, buffers->a_packed, buffers->b_packed[sets[u]],
                    buffers->c[sets[u]], (cl_int)row, (cl_int)rows, 0, 0, 0, 0, (cl_int)row, 0};
                int wait_c = chunk == 0 && row == 0 && c_uploaded[u];
                br_release_event(&events->done[sets[u]]);
                error = br_enqueue_gemm(engine, program, call->precision, &launch,
                                        wait_c ? 1 : 0, wait_c ? &c_uploaded[u] : NULL,
                                        &events->done[sets[u]]);
            }
            /* Start this piece's transfer and kernels while the next piece is copied. */
            if (error == CL_SUCCESS && in_pieces)
                error = flush_queues(engine);
        }
        if (a_last) {
            br_release_event(&events->a_packed);
            events->a_packed = a_last;
        }
        if (error == CL_SUCCESS && load_a)
            *a_loaded = a_key;
    }
    for (size_t u = 0; u < count; u++)
        br_release_event(&c_uploaded[u]);
    return error;
}

/* Brings tile t home once its last kernel is done (adding beta C on the host if so). */
static cl_int fetch_tile(struct br_engine *engine, const struct br_call *call,
                         const struct gemm_plan *plan, const struct gemm_scalars *s,
                         struct gemm_buffers *buffers, struct gemm_events *events, size_t t)
{
    int set = (int)(t % (size_t)plan->sets);
    struct tile tile = tile_at(plan, call, t);
    struct br_block c = c_block(call, &tile);
    c.add = s->add;
    cl_int error = br_download(engine->download, &engine->download_staging, buffers->c[set], &c,
                               1, &events->done[set], &engine->columns_written);
    if (error == CL_SUCCESS) {
        engine->tiles_written++;
        engine->columns_written = 0;
    }
    return error;
}

cl_int br_gemm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *call)
{
    struct gemm_plan plan;
    engine->tiles_written = 0;
    engine->columns_written = 0;
    engine->rows_per_tile = (size_t)call->m;
    engine->cols_per_tile = (size_t)call->n;
    if (choose_plan(engine, &program->params, call, &plan) != 0)
        return BR_CL_TOO_LARGE;
    engine->rows_per_tile = plan.rows;
    engine->cols_per_tile = plan.cols;

    struct gemm_buffers buffers;
    struct gemm_events events;
    memset(&events, 0, sizeof events);
    struct gemm_scalars scalars;
    init_scalars(&scalars, call);
    if (!scalars.beta_zero && !br_env()->test_device_beta) { /* beta C added on the host */
        scalars.add = br_host_add_beta(call->precision, &call->beta, 0);
        scalars.beta_zero = 1;
    }
    cl_int error = acquire_buffers(engine, &plan, &program->params,
                                   br_element_size(call->precision), &buffers);
    size_t tiles = plan.tiles_m * plan.tiles_n, a_loaded = (size_t)-1;
    size_t next = 0, fetched = 0; /* tiles enqueued, and brought home */
    /* Enqueue the next tiles, then bring home the tiles enqueued before the last sets - 1:
     * their downloads overlap the kernels of those. A tile's buffer set is free again once
     * the tile that used it before is home. */
    while (fetched < tiles && error == CL_SUCCESS) {
        if (next < tiles) {
            size_t count = plan.direct ? 1 : group_size(&plan, next, a_loaded);
            while (fetched + (size_t)plan.sets < next + count && error == CL_SUCCESS)
                error = fetch_tile(engine, call, &plan, &scalars, &buffers, &events, fetched++);
            if (error == CL_SUCCESS)
                error = plan.direct ? enqueue_direct(engine, program, call, &scalars, &buffers,
                                                     &events)
                                    : enqueue_tiles(engine, program, call, &plan, &scalars,
                                                    &buffers, &events, next, count, &a_loaded);
            next += count;
            if (error == CL_SUCCESS)
                error = flush_queues(engine);
        }
        while (error == CL_SUCCESS && fetched < tiles &&
               (fetched + (size_t)plan.sets - 1 < next || next == tiles))
            error = fetch_tile(engine, call, &plan, &scalars, &buffers, &events, fetched++);
    }
    if (error != CL_SUCCESS) {
        /* Nothing may still run against the caller's memory once the call returns. */
        clFinish(engine->upload);
        clFinish(engine->compute);
        clFinish(engine->download);
    }
    release_events(&events);
    release_buffers(engine, &buffers);
    return error;
}

void br_gemm_finish_on_cpu(const struct br_engine *engine, const struct br_call *call)
{
    struct gemm_plan plan = {0};
    plan.rows = engine->rows_per_tile;
    plan.cols = engine->cols_per_tile;
    plan.depth = (size_t)call->k;
    count_tiles(&plan, call);
    for (size_t t = (size_t)engine->tiles_written; t < plan.tiles_m * plan.tiles_n; t++) {
        struct tile tile = tile_at(&plan, call, t);
        if (t == (size_t)engine->tiles_written) { /* its first columns may have arrived */
            tile.col += engine->columns_written;
            tile.cols -= engine->columns_written;
            if (tile.cols == 0)
                continue;
        }
        struct br_call part = *call;
        struct br_block a = a_block(call, tile.row, tile.rows, 0, (size_t)call->k);
        struct br_block b = b_block(call, tile.col, tile.cols, 0, (size_t)call->k);
        part.m = (br_int)tile.rows;
        part.n = (br_int)tile.cols;
        part.a = a.host;
        part.b = b.host;
        part.c = c_block(call, &tile).host;
        br_cpu_level3(&part);
    }
}


cl_int br_gemm_bench_resident(struct br_engine *engine, const struct br_program *program,
                              const struct br_call *call, int repeats, double seconds[2])
{
    /* The kernels' rate on the whole problem in one piece, as resident data would be. */
    struct gemm_plan plan;
    if (choose_plan(engine, &program->params, call, &plan) != 0)
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    const struct br_gemm_params *g = &program->params.gemm;
    size_t element = br_element_size(call->precision);
    if (!plan.direct) {
        plan.rows = (size_t)call->m;
        plan.cols = (size_t)call->n;
        plan.depth = (size_t)call->k;
        count_tiles(&plan, call);
        size_t sizes[GEMM_BUFFERS];
        plan_sizes(&plan, g, element, sizes);
        if (!br_pool_fits(&engine->pool, sizes, GEMM_BUFFERS))
            return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    }
    struct gemm_buffers buffers;
    struct gemm_scalars s;
    init_scalars(&s, call);
    cl_int error = acquire_buffers(engine, &plan, &program->params, element, &buffers);
    /* Operands of ones: the kernels' speed does not depend on the values. */
    cl_mem filled[3] = {buffers.a, buffers.b[0], buffers.c[0]};
    size_t counts[3] = {(size_t)call->m * (size_t)call->k, (size_t)call->k * (size_t)call->n,
                        (size_t)call->m * (size_t)call->n};
    for (int i = 0; i < 3 && error == CL_SUCCESS; i++)
        error = clEnqueueFillBuffer(engine->compute, filled[i], &s.one, element, 0,
                                    counts[i] * element, 0, NULL, NULL);
    cl_int rows_padded = (cl_int)br_round_up((size_t)call->m, (size_t)g->mwg);
    cl_int cols_padded = (cl_int)br_round_up((size_t)call->n, (size_t)g->nwg);
    cl_int depth_padded = (cl_int)br_round_up((size_t)call->k, (size_t)g->kwg);
    struct br_pack pack_a = {buffers.a, call->transa == 'N', 0, call->m, call->k,
                             buffers.a_packed, rows_padded, depth_padded, 0, NULL, 0, 0, 0};
    struct br_pack pack_b = {buffers.b[0], call->transb != 'N', 0, call->n, call->k,
                             buffers.b_packed[0], cols_padded, depth_padded, 0, NULL, 0, 0, 0};
    struct br_gemm_launch launch = {call->m, call->n, depth_padded, rows_padded, cols_padded,
                                    s.alpha, s.beta, s.beta_zero, buffers.a_packed,
                                    buffers.b_packed[0], buffers.c[0], 0, call->m, 0, 0, 0, 0, 0, 0};
    /* An operand already laid out as the kernel reads it is read in place, as a resident
     * session's (br_resident_gemm). */
    int a_in_place = br_pack_read_in_place(&pack_a, br_params_operand_alignment(g, 0),
                                           &launch.a_packed, &launch.a_ld, &launch.a_offset);
    int b_in_place = br_pack_read_in_place(&pack_b, br_params_operand_alignment(g, 1),
                                           &launch.b_packed, &launch.b_ld, &launch.b_offset);
    seconds[0] = seconds[1] = 1e300;
    for (int r = 0; r <= repeats && error == CL_SUCCESS; r++) {
        double start = br_seconds_now(), packed = start;
        if (plan.direct) {
            error = launch_direct(engine, program, call, &s, &buffers, 0, NULL, NULL);
        } else {
            if (!a_in_place)
                error = br_enqueue_pack(engine, program, call->precision, &pack_a, 0, NULL,
                                        NULL);
            if (error == CL_SUCCESS && !b_in_place)
                error = br_enqueue_pack(engine, program, call->precision, &pack_b, 0, NULL,
                                        NULL);
            if (error == CL_SUCCESS)
                error = clFinish(engine->compute);
            packed = br_seconds_now();
            if (error == CL_SUCCESS)
                error = br_enqueue_gemm(engine, program, call->precision, &launch, 0, NULL,
                                        NULL);
        }
        if (error == CL_SUCCESS)
            error = clFinish(engine->compute);
        double end = br_seconds_now();
        if (r > 0 && error == CL_SUCCESS) { /* the first round warms up */
            seconds[0] = end - start < seconds[0] ? end - start : seconds[0];
            seconds[1] = end - packed < seconds[1] ? end - packed : seconds[1];
        }
    }
    clFinish(engine->compute);
    release_buffers(engine, &buffers);
    return error;
}
