#include "engine/launch.h"

#include <string.h>

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

cl_int br_enqueue_pack(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_pack *pack,
                       cl_uint wait_count, const cl_event *wait, cl_event *done)
{
    const struct br_copy_params *c = &program->params.copy;
    cl_int ld = pack->src_ld ? pack->src_ld : pack->straight ? pack->rows : pack->cols;
    cl_int offset = pack->src_offset;
    cl_int conjugate = pack->conjugate, scaled = pack->scale != NULL;
    union br_scalar one = br_scalar_real(precision, 1.0);
    const void *scale = pack->scale ? (const void *)pack->scale : (const void *)&one;
    size_t element = br_element_size(precision);
    struct br_kernel_arg args[] = {
        BR_ARG(pack->rows), BR_ARG(pack->cols), BR_ARG(ld), BR_ARG(offset), BR_ARG(pack->src), BR_ARG(conjugate),
        BR_ARG(pack->dst_ld), BR_ARG(pack->dst_cols), BR_ARG(pack->dst_offset), BR_ARG(scaled),
        {element, scale}, BR_ARG(pack->dst)};
    cl_kernel kernel = pack->straight ? program->pack_straight : program->pack_transpose;
    cl_int error = br_set_args(kernel, args, 12);
    size_t global[2], local[2];
    size_t dst_ld = (size_t)pack->dst_ld, dst_cols = (size_t)pack->dst_cols;
    if (pack->straight) {
        local[0] = (size_t)c->dim_x;
        local[1] = (size_t)c->dim_y;
        global[0] = br_round_up(dst_ld, local[0]);
        global[1] = br_round_up((dst_cols + (size_t)c->wpt - 1) / (size_t)c->wpt, local[1]);
    } else {
        size_t tile = (size_t)c->transpose_dim;
        local[0] = tile;
        local[1] = tile / (size_t)c->transpose_wpt;
        global[0] = br_round_up(dst_ld, tile);
        global[1] = br_round_up(dst_cols, tile) / (size_t)c->transpose_wpt;
    }
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, kernel, 2, global, local, wait_count,
                                 wait, done);
    return error;
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

cl_int br_enqueue_gemm(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_gemm_launch *l,
                       cl_uint wait_count, const cl_event *wait, cl_event *done)
{
    const struct br_gemm_params *g = &program->params.gemm;
    size_t element = br_element_size(precision);
    struct br_kernel_arg args[] = {
        BR_ARG(l->m), BR_ARG(l->n), BR_ARG(l->k_padded), BR_ARG(l->a_ld), BR_ARG(l->b_ld),
        {element, l->alpha}, {element, l->beta}, BR_ARG(l->beta_zero), BR_ARG(l->a_packed),
        BR_ARG(l->b_packed), BR_ARG(l->c), BR_ARG(l->c_offset), BR_ARG(l->ldc), BR_ARG(l->triangle),
        BR_ARG(l->real_diagonal), BR_ARG(l->k_from), BR_ARG(l->k_to), BR_ARG(l->a_offset),
        BR_ARG(l->b_offset)};
    cl_int error = br_set_args(program->gemm_tiled, args, 19);
    /* Work-groups cover C's m x n only: the packed operands may be larger (blocks inside
     * them), and reading past the block's padded tiles could leave the buffer. */
    size_t global[2] = {br_round_up((size_t)l->m, (size_t)g->mwg) / (size_t)g->mwg *
                            (size_t)g->mdimc,
                        br_round_up((size_t)l->n, (size_t)g->nwg) / (size_t)g->nwg *
                            (size_t)g->ndimc};
    size_t local[2] = {(size_t)g->mdimc, (size_t)g->ndimc};
    if (error == CL_SUCCESS)
        error = br_engine_launch(engine, engine->compute, program->gemm_tiled, 2, global, local,
                                 wait_count, wait, done);
    return error;
}
