#include "engine/launch.h"

#include <string.h>

#include "env.h"

size_t br_round_up(size_t x, size_t multiple)
{
    return (x + multiple - 1) / multiple * multiple;
}

void br_release_event(cl_event *event)
{
    if (*event)
        clReleaseEvent(*event);
    *event = NULL;
}

cl_int br_set_args(cl_kernel kernel, const struct br_kernel_arg *args, int count)
{
    cl_int error = CL_SUCCESS;
    for (int i = 0; i < count && error == CL_SUCCESS; i++)
        error = clSetKernelArg(kernel, (cl_uint)i, args[i].size, args[i].value);
    return error;
}

/* The leading dimension of a pack's source: given, or its compact one. */
static cl_int source_ld(const struct br_pack *pack)
{
    return pack->src_ld ? pack->src_ld : pack->straight ? pack->rows : pack->cols;
}

cl_int br_enqueue_pack(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_pack *pack,
                       cl_uint wait_count, const cl_event *wait, cl_event *done)
{
    const struct br_copy_params *c = &program->params.copy;
    cl_int ld = source_ld(pack);
    cl_int offset = pack->src_offset;
    cl_int conjugate = pack->conjugate, scaled = pack->scale != NULL;
    union br_scalar one = br_scalar_real(precision, 1.0);
    const void *scale = pack->scale ? (const void *)pack->scale : (const void *)&one;
    size_t element = br_element_size(precision);
    cl_int dst_rows = pack->dst_rows ? pack->dst_rows : pack->dst_ld;
    struct br_kernel_arg args[] = {
        BR_ARG(pack->rows),       BR_ARG(pack->cols),   BR_ARG(ld),       BR_ARG(offset),
        BR_ARG(pack->src),        BR_ARG(conjugate),    BR_ARG(pack->dst_ld), BR_ARG(dst_rows),
        BR_ARG(pack->dst_cols),   BR_ARG(pack->dst_offset), BR_ARG(scaled), {element, scale},
        BR_ARG(pack->dst)};
    cl_kernel kernel = pack->straight ? program->pack_straight : program->pack_transpose;
    cl_int error = br_set_args(kernel, args, 13);
    size_t global[2], local[2];
    size_t rows = (size_t)dst_rows, dst_cols = (size_t)pack->dst_cols;
    if (pack->straight) {
        local[0] = (size_t)c->dim_x;
        local[1] = (size_t)c->dim_y;
        global[0] = br_round_up(rows, local[0]);
        global[1] = br_round_up((dst_cols + (size_t)c->wpt - 1) / (size_t)c->wpt, local[1]);
    } else {
        size_t tile = (size_t)c->transpose_dim;
        local[0] = tile;
        local[1] = tile / (size_t)c->transpose_wpt;
        global[0] = br_round_up(rows, tile);
        global[1] = br_round_up(dst_cols, tile) / (size_t)c->transpose_wpt;
    }
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, kernel, 2, global, local, wait_count,
                                 wait, done);
    return error;
}

struct br_host_add br_host_add_beta(enum br_precision precision, const union br_scalar *beta,
                                    int real_diagonal)
{
    switch (precision) {
    case BR_S:
        return (struct br_host_add){BR_HOST_ADD_FLOAT, beta->s, 0, 0};
    case BR_D:
        return (struct br_host_add){BR_HOST_ADD_DOUBLE, beta->d, 0, 0};
    case BR_C:
        return (struct br_host_add){BR_HOST_ADD_COMPLEX_FLOAT, beta->c[0], beta->c[1],
                                    real_diagonal};
    default:
        return (struct br_host_add){BR_HOST_ADD_COMPLEX_DOUBLE, beta->z[0], beta->z[1],
                                    real_diagonal};
    }
}

int br_pack_read_in_place(const struct br_pack *pack, cl_int alignment, cl_mem *packed,
                          cl_int *ld, cl_int *offset)
{
    cl_int dst_rows = pack->dst_rows ? pack->dst_rows : pack->dst_ld;
    cl_int src_ld = source_ld(pack);
    if (!pack->straight || pack->conjugate || pack->scale || pack->dst_offset != 0 ||
        pack->rows != pack->dst_ld || dst_rows != pack->dst_ld ||
        pack->cols != pack->dst_cols || alignment <= 0 || pack->src_offset % alignment != 0 ||
        src_ld % alignment != 0)
        return 0;
    *packed = pack->src;
    *ld = src_ld;
    *offset = pack->src_offset;
    return 1;
}

cl_int br_enqueue_pack_structured(struct br_engine *engine, const struct br_program *program,
                                  cl_mem src, cl_int n, enum br_structure structure, int upper,
                                  int transposed, int conjugate, cl_mem dst, cl_int dst_ld,
                                  cl_int dst_cols, cl_uint wait_count, const cl_event *wait,
                                  cl_event *done)
{
    const struct br_copy_params *c = &program->params.copy;
    cl_int kind = (cl_int)structure, up = upper, trans = transposed, conj = conjugate;
    struct br_kernel_arg args[] = {BR_ARG(n),      BR_ARG(src),    BR_ARG(kind),     BR_ARG(up), BR_ARG(trans),
                                BR_ARG(conj),   BR_ARG(dst_ld), BR_ARG(dst_cols), BR_ARG(dst)};
    cl_int error = br_set_args(program->pack_structured, args, 9);
    size_t local[2] = {(size_t)c->dim_x, (size_t)c->dim_y};
    size_t global[2] = {br_round_up((size_t)dst_ld, local[0]),
                        br_round_up((size_t)dst_cols, local[1])};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, program->pack_structured, 2, global,
                                 local, wait_count, wait, done);
    return error;
}

/* The part of a side the tiled kernel takes: all of it, or all but a thin remainder past a
 * whole number of tiles. A remainder of a few rows (n = 4097 on 128-row tiles) would cost a
 * whole row of padded work-groups, and with it often one more wave of work-groups, mostly idle
 * (sgemm 4097 ran at 0.86 of 4096's rate on the H200); gemm_thin computes the strip instead.
 * Beyond a sixteenth of a tile the padded work costs less than the strip kernel's slower rate
 * would. */
static cl_int tiled_part(cl_int extent, cl_int tile)
{
    cl_int rest = extent % tile;
    return extent > tile && rest > 0 && rest <= tile / 16 && rest <= BR_THIN_MAX ? extent - rest
                                                                                : extent;
}

/* K per layer of gemm_thin: a work-item's loop over its layer is a chain of global reads, so
 * short layers, many of them side by side (at 256, a layer took 115 us on the H200). */
enum { STRIP_CHUNK = 64, STRIP_GROUP = 128 };

/* The engine's strip scratch, grown to at least `bytes`. */
static cl_int strip_scratch(struct br_engine *engine, size_t bytes, cl_mem *scratch)
{
    if (engine->strip_scratch_size < bytes) {
        if (engine->strip_scratch)
            clReleaseMemObject(engine->strip_scratch);
        engine->strip_scratch_size = 0;
        cl_int error = CL_SUCCESS;
        engine->strip_scratch = clCreateBuffer(engine->context, CL_MEM_READ_WRITE, bytes, NULL,
                                               &error);
        if (error != CL_SUCCESS) {
            engine->strip_scratch = NULL;
            return error;
        }
        engine->strip_scratch_size = bytes;
    }
    *scratch = engine->strip_scratch;
    return CL_SUCCESS;
}

/* C's rows x cols block at c_offset := alpha * (the sum of `layers` slices of partial sums,
 * each rows x cols) + beta * C, by gemm_sum_layers: the layers of a strip's K (enqueue_strip),
 * or a tiled launch's K slices, which keep to the launch's triangle (`triangular`). */
static cl_int sum_layers(struct br_engine *engine, cl_command_queue queue,
                         const struct br_program *program, enum br_precision precision,
                         const struct br_gemm_launch *l, cl_int rows, cl_int cols,
                         cl_int layers, cl_mem partial, cl_int c_offset, int triangular,
                         cl_event *done)
{
    size_t element = br_element_size(precision);
    cl_int triangle = triangular ? l->triangle : 0;
    cl_int real_diagonal = triangular ? l->real_diagonal : 0;
    struct br_kernel_arg args[] = {
        BR_ARG(rows),       BR_ARG(cols),   BR_ARG(layers),      BR_ARG(partial),
        {element, l->alpha}, {element, l->beta}, BR_ARG(l->beta_zero), BR_ARG(l->c),
        BR_ARG(c_offset),   BR_ARG(l->ldc), BR_ARG(triangle),    BR_ARG(real_diagonal)};
    cl_int error = br_set_args(program->gemm_sum_layers, args, 12);
    size_t global[2] = {(size_t)rows, (size_t)cols};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, queue, program->gemm_sum_layers, 2, global, NULL, 0,
                                 NULL, done);
    return error;
}

/* A strip of C from the packed operands, tall (at most BR_THIN_MAX columns) or wide (at most
 * BR_THIN_MAX rows): gemm_thin's layers of K, then gemm_sum_layers adds them into C. */
static cl_int enqueue_strip(struct br_engine *engine, const struct br_program *program,
                            enum br_precision precision, const struct br_gemm_launch *l,
                            cl_int row, cl_int rows, cl_int col, cl_int cols, cl_int tall,
                            cl_event *done)
{
    size_t element = br_element_size(precision);
    cl_int a_offset = l->a_offset + row, b_offset = l->b_offset + col;
    cl_int c_offset = l->c_offset + row + col * l->ldc;
    cl_int chunk = STRIP_CHUNK, layers = (l->k_padded + chunk - 1) / chunk;
    size_t along = (size_t)(tall ? rows : cols);
    cl_mem partial = NULL;
    cl_int error = strip_scratch(engine, (size_t)layers * (size_t)rows * (size_t)cols * element,
                                 &partial);
    if (error != CL_SUCCESS)
        return error;
    struct br_kernel_arg thin_args[] = {
        BR_ARG(rows),        BR_ARG(cols),     BR_ARG(l->k_padded), BR_ARG(chunk),
        BR_ARG(tall),        BR_ARG(l->a_packed), BR_ARG(a_offset), BR_ARG(l->a_ld),
        BR_ARG(l->b_packed), BR_ARG(b_offset), BR_ARG(l->b_ld),    BR_ARG(partial)};
    error = br_set_args(program->gemm_thin, thin_args, 12);
    size_t local[2] = {STRIP_GROUP, 1};
    size_t global[2] = {br_round_up(along, STRIP_GROUP), (size_t)layers};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, program->gemm_thin, 2, global, local, 0,
                                 NULL, NULL);
    /* Strips are of a whole rectangle of C (br_enqueue_gemm): no triangle. */
    if (error == CL_SUCCESS)
        error = sum_layers(engine, engine->compute, program, precision, l, rows, cols, layers,
                           partial, c_offset, 0, done);
    return error;
}

/* Why: a GEMM of 64 x 64 from K = 8192 is one work-group, on one of an H200's 132
 * compute units: its z rank-2k ran at 89 GFLOP/s on the device against 157 on the CPU BLAS
 * (2026-11-27, profiles/measured/2026-11-27-issue22-s16, calls 7 and 8). Sliced, about twice
 * as many work-groups as compute units run at once, each over at least SLICE_K_MIN of K (the
 * partial sums they write and gemm_sum_layers' launch then cost little beside their work).
 * Only where C's tiles would fill at most a quarter of the units: the updates of TRSM's
 * blocked solve (a few dozen tiles each) are left as they are until slicing is measured on a
 * GPU. BLASROUTE_TEST_GEMM_SLICES asks for a number of slices wherever K has room for them. */
enum { SLICE_K_MIN = 1024, SLICES_MAX = 64 };
cl_int br_gemm_k_slices(const struct br_device *device, const struct br_gemm_params *g,
                        size_t groups, cl_int k_padded)
{
    cl_int most = k_padded / g->kwg, wanted = 1; /* slices have whole K steps */
    int asked = br_env()->test_gemm_slices;
    size_t units = device->compute_units;
    if (asked > 0) {
        wanted = asked;
    } else if ((device->type & CL_DEVICE_TYPE_GPU) && groups > 0 && 4 * groups <= units) {
        wanted = (cl_int)((2 * units + groups - 1) / groups);
        most = k_padded / SLICE_K_MIN;
    }
    wanted = wanted < most ? wanted : most;
    return wanted < 1 ? 1 : wanted > SLICES_MAX ? SLICES_MAX : wanted;
}

/* K per slice of a launch cut in `slices`: whole K steps of kwg. */
static cl_int k_slice_of(cl_int k_padded, cl_int kwg, cl_int slices)
{
    cl_int steps = k_padded / kwg;
    return (steps + slices - 1) / slices * kwg;
}

/* gemm_tiled's arguments for the m x n block of C at c_offset, op(B)'s columns from b_offset
 * in its packed form, K in slices of k_slice (0: one) with their partial sums in `partial`. */
static cl_int set_tiled_args(const struct br_program *program, enum br_precision precision,
                             const struct br_gemm_launch *l, cl_int m, cl_int n, cl_int b_offset,
                             cl_int c_offset, cl_int k_slice, cl_mem partial)
{
    size_t element = br_element_size(precision);
    struct br_kernel_arg args[] = {
        BR_ARG(m), BR_ARG(n), BR_ARG(l->k_padded), BR_ARG(l->a_ld), BR_ARG(l->b_ld),
        {element, l->alpha}, {element, l->beta}, BR_ARG(l->beta_zero), BR_ARG(l->a_packed),
        BR_ARG(l->b_packed), BR_ARG(l->c), BR_ARG(c_offset), BR_ARG(l->ldc), BR_ARG(l->triangle),
        BR_ARG(l->real_diagonal), BR_ARG(l->k_from), BR_ARG(l->k_to), BR_ARG(l->a_offset),
        BR_ARG(b_offset), BR_ARG(k_slice), BR_ARG(partial)};
    return br_set_args(program->gemm_tiled, args, 21);
}

/* Why: SGEMM 8192 on an H100 is 4096 tiles of 128 x 128, two work-groups a compute unit:
 * 15.5 waves over its 132 units, the last half empty. The kernel alone ran 50.3 TFLOP/s there
 * against 50.9 at 16384 (62.1 waves), cuBLAS 50.7 at 8192 (2026-11-27 and 2026-12-07 records).
 * The plan takes the columns of tiles whose work would fill the last wave, cuts them in K over
 * `slices` times as many work-groups, and prices each choice in waves as if the side queue ran
 * after the main launch (the worst case; a driver that runs them at once fills the last wave
 * better still), plus the partial sums' traffic: each cut tile's elements written `slices`
 * times and read back, at TAIL_TRAFFIC / K of the tile's work each (a GPU moves an element in
 * about the time one of its tile's work-items does 16 to 32 multiply-adds). */
enum { TAIL_SLICES_MAX = 8, TAIL_K_MIN = 256 };
#define TAIL_LAUNCH_COST 0.02 /* waves: two launches more */
#define TAIL_TRAFFIC 128.0    /* a tile's partial-sum element costs 128 / K of its wave share */
#define TAIL_GAIN_MIN 0.1     /* waves the cut must save */

static double whole_waves(size_t groups, size_t at_once)
{
    return (double)((groups + at_once - 1) / at_once);
}

struct br_gemm_tail br_gemm_tail_plan(size_t tiles_m, size_t tiles_n, size_t at_once,
                                      cl_int k_padded, cl_int kwg)
{
    struct br_gemm_tail best = {0, 0};
    size_t tiles = tiles_m * tiles_n;
    if (at_once < 2 || tiles <= at_once || tiles % at_once == 0 || tiles_n < 2 || kwg < 1)
        return best;
    double uncut = whole_waves(tiles, at_once), best_cost = uncut - TAIL_GAIN_MIN;
    cl_int steps = k_padded / kwg;
    for (size_t cols = 1; cols < tiles_n; cols++) {
        size_t tail = tiles_m * cols;
        if (tail > at_once) /* more than a wave: the main launch would be short of whole ones */
            break;
        for (cl_int slices = 2; slices <= TAIL_SLICES_MAX; slices++) {
            cl_int slice_steps = (steps + slices - 1) / slices;
            /* Whole K steps a slice, none empty, none shorter than TAIL_K_MIN. */
            if (slice_steps * kwg < TAIL_K_MIN || (slices - 1) * slice_steps >= steps)
                break;
            double cost = whole_waves(tiles - tail, at_once) +
                          whole_waves(tail * (size_t)slices, at_once) / slices +
                          TAIL_LAUNCH_COST +
                          (double)tail * (slices + 1) * TAIL_TRAFFIC /
                              ((double)k_padded * (double)at_once);
            if (cost < best_cost) {
                best_cost = cost;
                best.cols = (cl_int)cols;
                best.slices = slices;
            }
        }
    }
    return best;
}

/* How many work-groups of gemm_tiled one NVIDIA multiprocessor holds, as CUDA's occupancy
 * rules count them: registers go to warps in blocks of 256 out of 65536 a unit; a unit holds at
 * most 64 warps (32 on 7.5, 48 on 8.6 to 8.9), 32 work-groups (16 on 7.5 and 8.6, 24 on 8.9)
 * and its shared memory, of which each work-group also takes 1 KiB from 8.0 on. `registers` is
 * what ptxas reports for the kernel (program.c); 0 or anything past 255 leaves the width
 * unknown and nothing is cut, as a wrong width could make the cut cost a wave where it should
 * save half of one. */
size_t br_gemm_at_once(const struct br_device *d, const struct br_gemm_params *g, int registers,
                       cl_ulong local)
{
    size_t threads = (size_t)g->mdimc * (size_t)g->ndimc;
    int cc = d->nv_compute_capability;
    if (!(d->type & CL_DEVICE_TYPE_GPU) || !strstr(d->vendor, "NVIDIA") || !threads ||
        registers <= 0 || registers > 255 || cc < 70)
        return 0;
    size_t warps = (threads + 31) / 32;
    size_t warp_registers = ((size_t)registers * 32 + 255) / 256 * 256;
    size_t most_warps = cc == 75 ? 32 : cc >= 86 && cc < 90 ? 48 : 64;
    size_t most_groups = cc == 75 || cc == 86 ? 16 : cc == 89 ? 24 : 32;
    size_t shared = cc >= 90   ? 228 << 10
                    : cc == 80 ? 164 << 10
                    : cc >= 86 ? 100 << 10
                    : cc == 75 ? 64 << 10
                               : 96 << 10;
    size_t group_shared = (size_t)local + (cc >= 80 ? 1024 : 0);
    size_t per_unit = (65536 / warp_registers) / warps;
    if (per_unit > most_warps / warps)
        per_unit = most_warps / warps;
    if (per_unit > most_groups)
        per_unit = most_groups;
    if (per_unit > shared / group_shared)
        per_unit = shared / group_shared;
    return per_unit * d->compute_units;
}

/* The cut columns of a tiled launch (br_gemm_tail_plan): `cols` columns of C (col_tiles tiles,
 * the last perhaps partial) from column `first_col` on, in `slices` K slices on the side queue
 * once the compute queue's work so far (`ready`) is done, their sums added into C there
 * (*summed: the caller makes the compute queue's later work wait for it). */
static cl_int enqueue_tail(struct br_engine *engine, const struct br_program *program,
                           enum br_precision precision, const struct br_gemm_launch *l,
                           cl_int m, cl_int first_col, cl_int cols, size_t col_tiles,
                           cl_int slices, cl_event ready, cl_event *summed)
{
    const struct br_gemm_params *g = &program->params.gemm;
    size_t element = br_element_size(precision);
    cl_int k_slice = k_slice_of(l->k_padded, g->kwg, slices);
    cl_int b_offset = l->b_offset + first_col, c_offset = l->c_offset + first_col * l->ldc;
    cl_mem partial = NULL;
    cl_int error = strip_scratch(engine, (size_t)slices * (size_t)m * (size_t)cols * element,
                                 &partial);
    if (error == CL_SUCCESS)
        error = set_tiled_args(program, precision, l, m, cols, b_offset, c_offset, k_slice,
                               partial);
    size_t row_tiles = br_round_up((size_t)m, (size_t)g->mwg) / (size_t)g->mwg;
    size_t global[3] = {row_tiles * (size_t)g->mdimc, col_tiles * (size_t)g->ndimc,
                        (size_t)slices};
    size_t local[3] = {(size_t)g->mdimc, (size_t)g->ndimc, 1};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->side, program->gemm_tiled, 3, global, local, 1,
                                 &ready, NULL);
    if (error == CL_SUCCESS)
        error = sum_layers(engine, engine->side, program, precision, l, m, cols, slices, partial,
                           c_offset, 0, summed);
    return error;
}

cl_int br_enqueue_gemm(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_gemm_launch *l,
                       cl_uint wait_count, const cl_event *wait, cl_event *done)
{
    const struct br_gemm_params *g = &program->params.gemm;
    size_t element = br_element_size(precision);
    /* Strips only for a whole rectangle of C: triangles and triangular K ranges (SYRK, TRMM)
     * keep the padded tiles. */
    int whole = l->triangle == 0 && !l->real_diagonal && l->k_from == 0 && l->k_to == 0;
    cl_int m = whole ? tiled_part(l->m, g->mwg) : l->m;
    cl_int n = whole ? tiled_part(l->n, g->nwg) : l->n;
    /* Work-groups cover C's m x n only: the packed operands may be larger (blocks inside
     * them), and reading past the block's padded tiles could leave the buffer. */
    size_t tiles_m = br_round_up((size_t)m, (size_t)g->mwg) / (size_t)g->mwg;
    size_t tiles_n = br_round_up((size_t)n, (size_t)g->nwg) / (size_t)g->nwg;
    cl_int slices = br_gemm_k_slices(&engine->device, g, tiles_m * tiles_n, l->k_padded);
    cl_int k_slice = 0; /* the kernel's: 0 for one slice */
    cl_mem partial = NULL;
    cl_int error = CL_SUCCESS;
    if (slices > 1) {
        k_slice = k_slice_of(l->k_padded, g->kwg, slices);
        slices = (l->k_padded + k_slice - 1) / k_slice;
        error = strip_scratch(engine, (size_t)slices * (size_t)m * (size_t)n * element,
                              &partial);
    }
    /* A whole rectangle of C in more than a wave of work-groups: the last wave's cut. */
    struct br_gemm_tail tail = {0, 0};
    int forced = br_env()->test_gemm_tail;
    if (whole && slices == 1 && forced > 0 && tiles_n > 1 && l->k_padded >= 2 * g->kwg) {
        tail.cols = forced < (int)tiles_n ? forced : (cl_int)tiles_n - 1;
        tail.slices = 2;
    } else if (whole && slices == 1) {
        tail = br_gemm_tail_plan(tiles_m, tiles_n, program->gemm_at_once, l->k_padded, g->kwg);
    }
    /* C's last tile may be partial (the kernel keeps to m x n): the main part is whole tiles. */
    cl_int main_n = tail.cols > 0 ? ((cl_int)tiles_n - tail.cols) * g->nwg : n;
    if (error == CL_SUCCESS)
        error = set_tiled_args(program, precision, l, m, main_n, l->b_offset, l->c_offset,
                               k_slice, partial);
    size_t main_tiles_n = tiles_n - (size_t)tail.cols;
    size_t global[3] = {tiles_m * (size_t)g->mdimc, main_tiles_n * (size_t)g->ndimc,
                        (size_t)slices};
    size_t local[3] = {(size_t)g->mdimc, (size_t)g->ndimc, 1};
    /* The compute queue runs in order: the slices' sum and the strips follow the main part,
     * and only the last launch's event is wanted. The right strip takes every row, the bottom
     * one the rest. (The strips' layers reuse the slices' scratch after their sum.) */
    int right = n < l->n, bottom = m < l->m;
    /* The cut columns start on the side queue when everything the main part waits for is done:
     * the compute queue's work so far and the wait list (a marker on compute). */
    cl_event ready = NULL, summed = NULL;
    if (error == CL_SUCCESS && tail.cols > 0)
        error = clEnqueueMarkerWithWaitList(engine->compute, wait_count, wait, &ready);
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, program->gemm_tiled, slices > 1 ? 3 : 2,
                                 global, local, wait_count, wait,
                                 right || bottom || slices > 1 || tail.cols > 0 ? NULL : done);
    if (tail.cols > 0) {
        /* Both queues submitted now: each waits on the other's events. */
        if (error == CL_SUCCESS)
            error = clFlush(engine->compute);
        if (error == CL_SUCCESS)
            error = enqueue_tail(engine, program, precision, l, m, main_n, n - main_n,
                                 (size_t)tail.cols, tail.slices, ready, &summed);
        if (error == CL_SUCCESS)
            error = clFlush(engine->side);
        /* Compute's later work (strips, the caller's downloads' waits) follows the tail. */
        if (error == CL_SUCCESS)
            error = clEnqueueMarkerWithWaitList(engine->compute, 1, &summed,
                                                right || bottom ? NULL : done);
        if (error != CL_SUCCESS && ready) /* nothing on the side queue outlives the call */
            clFinish(engine->side);
        br_release_event(&ready);
        br_release_event(&summed);
    }
    if (error == CL_SUCCESS && slices > 1)
        error = sum_layers(engine, engine->compute, program, precision, l, m, n, slices,
                           partial, l->c_offset, 1, right || bottom ? NULL : done);
    if (error == CL_SUCCESS && right)
        error = enqueue_strip(engine, program, precision, l, 0, l->m, n, l->n - n, 1,
                              bottom ? NULL : done);
    if (error == CL_SUCCESS && bottom)
        error = enqueue_strip(engine, program, precision, l, m, l->m - m, 0, n, 0, done);
    return error;
}
