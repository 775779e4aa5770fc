/* A matrix kept on a device across a session of operations (resident.h). */
#include "engine/resident.h"

#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/launch.h"
#include "engine/timeline.h"
#include "engine/transfer.h"
#include "env.h"

struct br_resident {
    char name[16]; /* the work's name, for the timeline */
    struct br_engine *engine;
    const struct br_program *program;
    enum br_precision precision;
    size_t element;
    br_int rows, cols, depth; /* the matrix is compact on the device: leading dimension rows */
    cl_mem matrix, a_packed, b_packed, small, pivots;
    /* Host copies of what is written from blasroute's own memory (small blocks, pivots): each
     * part is written once, so no write waits for an earlier one to finish reading it. */
    void *small_host;
    int32_t *pivots_host;
    void *workspace, *workspace_own; /* rows x depth: the engine's pinned one, or malloc's */
    cl_event uploaded; /* the matrix's upload: the first operation waits for it */
    cl_event reading;  /* the read in flight */
    cl_int error;      /* the first failure; the session is spent */
};

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

/* Records a failure; returns whether the session can go on. */
static int fine(struct br_resident *r, cl_int error)
{
    if (error != CL_SUCCESS && r->error == CL_SUCCESS)
        r->error = error;
    return r->error == CL_SUCCESS;
}

/* What the next command on the compute queue waits for: the matrix's upload, once. Returns
 * the count, with *list the wait list to pass (NULL when empty, as OpenCL requires). */
static cl_uint first_wait(struct br_resident *r, cl_event *wait, const cl_event **list)
{
    *wait = r->uploaded;
    r->uploaded = NULL;
    *list = *wait ? wait : NULL;
    return *wait ? 1 : 0;
}

static void release(struct br_resident *r)
{
    br_timeline_write_named(r->name, r->rows, r->cols, r->depth);
    br_release_event(&r->uploaded);
    br_release_event(&r->reading);
    cl_mem buffers[] = {r->matrix, r->a_packed, r->b_packed, r->small, r->pivots};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++)
        br_pool_release(&r->engine->pool, buffers[i]);
    free(r->small_host);
    free(r->pivots_host);
    free(r->workspace_own);
    br_engine_session_end(r->engine, r->error);
    free(r);
}

struct br_resident *br_resident_open(const char *name, enum br_precision precision,
                                     br_int rows, br_int cols, const void *host, br_int ld,
                                     br_int depth, int small_blocks)
{
    /* The kernels take element offsets into the matrix as int. */
    if (rows <= 0 || cols <= 0 || depth <= 0 || (double)rows * (double)cols >= INT_MAX ||
        (double)small_blocks * (double)depth * (double)depth >= INT_MAX)
        return NULL;
    const struct br_program *program = NULL;
    struct br_engine *engine = br_engine_session_begin(precision, &program);
    if (!engine)
        return NULL;
    struct br_resident *r = calloc(1, sizeof *r);
    size_t element = br_element_size(precision);
    size_t small_elements = (size_t)small_blocks * (size_t)depth * (size_t)depth;
    if (r) {
        r->small_host = malloc(max_size(small_elements, 1) * element);
        r->pivots_host = malloc((size_t)rows * sizeof *r->pivots_host);
    }
    if (!r || !r->small_host || !r->pivots_host) {
        if (r)
            free(r->small_host), free(r->pivots_host);
        free(r);
        br_engine_session_end(engine, CL_SUCCESS);
        return NULL;
    }
    *r = (struct br_resident){"", engine, program, precision, element, rows, cols, depth,
                              .small_host = r->small_host,
                              .pivots_host = r->pivots_host};
    snprintf(r->name, sizeof r->name, "%s", name);
    const struct br_gemm_params *g = &program->params.gemm;
    size_t side = max_size((size_t)rows, (size_t)cols), k = br_round_up((size_t)depth, g->kwg);
    size_t sizes[5] = {(size_t)rows * (size_t)cols * element,
                       br_round_up(side, (size_t)g->mwg) * k * element,
                       br_round_up(side, (size_t)g->nwg) * k * element,
                       max_size(small_elements, 1) * element,
                       (size_t)rows * sizeof(cl_int)};
    cl_mem buffers[5] = {NULL};
    cl_int error = br_pool_fits(&engine->pool, sizes, 5)
                       ? br_pool_acquire_all(&engine->pool, sizes, 5, buffers)
                       : BR_CL_TOO_LARGE;
    r->matrix = buffers[0], r->a_packed = buffers[1], r->b_packed = buffers[2];
    r->small = buffers[3], r->pivots = buffers[4];
    size_t workspace = (size_t)rows * (size_t)depth * element;
    if (error == CL_SUCCESS) {
        if (br_pinned_reserve(&engine->workspace, engine->context, engine->compute,
                              workspace) == CL_SUCCESS)
            r->workspace = engine->workspace.host;
        else if (!(r->workspace = r->workspace_own = malloc(workspace)))
            error = CL_OUT_OF_HOST_MEMORY;
    }
    struct br_block block = br_block_at(host, (size_t)ld, element, 0, 0, (size_t)rows,
                                        (size_t)cols);
    if (error == CL_SUCCESS)
        error = br_upload(engine->upload, &engine->upload_staging, r->matrix, &block, 0, NULL,
                          &r->uploaded);
    if (error == CL_SUCCESS)
        error = clFlush(engine->upload);
    if (error != CL_SUCCESS) {
        r->error = error;
        if (r->uploaded)
            clWaitForEvents(1, &r->uploaded); /* the staging must not be left mid-transfer */
        release(r);
        return NULL;
    }
    return r;
}

void *br_resident_workspace(struct br_resident *r)
{
    return r->workspace;
}

int br_resident_failed(const struct br_resident *r)
{
    return r->error != CL_SUCCESS;
}

/* With BLASROUTE_TIMELINE: the event to ask a transfer for (noted by noted()), else NULL. */
static cl_event *timeline_event(cl_event *event)
{
    *event = NULL;
    return br_timeline_on() ? event : NULL;
}

static void noted(cl_event event, const char *what, size_t bytes)
{
    if (event) {
        br_timeline_note(event, what, bytes);
        clReleaseEvent(event);
    }
}

/* An operand's buffer, element offset and leading dimension. */
static void locate(const struct br_resident *r, struct br_resident_operand o, cl_mem *mem,
                   cl_int *offset, cl_int *ld)
{
    if (o.small >= 0) {
        *mem = r->small;
        *offset = (cl_int)((br_int)o.small * r->depth * r->depth);
        *ld = (cl_int)r->depth;
    } else {
        *mem = r->matrix;
        *offset = (cl_int)(o.row + o.col * r->rows);
        *ld = (cl_int)r->rows;
    }
}

/* Whether a stored operand of the matrix, `rows` x `cols` from its place, overlaps C's m x n
 * block at (c_row, c_col). */
static int overlaps_c(struct br_resident_operand o, br_int rows, br_int cols, br_int m, br_int n,
                      br_int c_row, br_int c_col)
{
    return o.small < 0 && o.row < c_row + m && c_row < o.row + rows && o.col < c_col + n &&
           c_col < o.col + cols;
}

int br_resident_gemm(struct br_resident *r, char transa, char transb, br_int m, br_int n,
                     br_int k, double alpha, struct br_resident_operand a,
                     struct br_resident_operand b, double beta, br_int c_row, br_int c_col,
                     char triangle)
{
    if (!fine(r, CL_SUCCESS))
        return -1;
    if (m <= 0 || n <= 0 || k <= 0)
        return 0;
    const struct br_gemm_params *g = &r->program->params.gemm;
    cl_int m_padded = (cl_int)br_round_up((size_t)m, g->mwg);
    cl_int n_padded = (cl_int)br_round_up((size_t)n, g->nwg);
    cl_int k_padded = (cl_int)br_round_up((size_t)k, g->kwg);
    struct br_pack pack_a = {.straight = transa == 'N', .conjugate = transa == 'C',
                             .rows = (cl_int)m, .cols = (cl_int)k, .dst = r->a_packed,
                             .dst_ld = m_padded, .dst_cols = k_padded};
    struct br_pack pack_b = {.straight = transb != 'N', .conjugate = transb == 'C',
                             .rows = (cl_int)n, .cols = (cl_int)k, .dst = r->b_packed,
                             .dst_ld = n_padded, .dst_cols = k_padded};
    locate(r, a, &pack_a.src, &pack_a.src_offset, &pack_a.src_ld);
    locate(r, b, &pack_b.src, &pack_b.src_offset, &pack_b.src_ld);
    union br_scalar alpha_value = br_scalar_real(r->precision, alpha);
    union br_scalar beta_value = br_scalar_real(r->precision, beta);
    struct br_gemm_launch launch = {
        .m = (cl_int)m, .n = (cl_int)n, .k_padded = k_padded, .a_ld = m_padded,
        .b_ld = n_padded, .alpha = &alpha_value, .beta = &beta_value,
        .beta_zero = beta == 0, .a_packed = r->a_packed, .b_packed = r->b_packed,
        .c = r->matrix, .c_offset = (cl_int)(c_row + c_col * r->rows), .ldc = (cl_int)r->rows,
        .triangle = triangle == 'U' ? 1 : triangle == 'L' ? 2 : 0,
        .real_diagonal = triangle && br_is_complex(r->precision)};
    /* An operand already laid out as the kernel reads it is read where it is, unless C is
     * written over it (Cholesky's panel times an inverse, in place). */
    int a_in_place = !overlaps_c(a, pack_a.rows, pack_a.cols, m, n, c_row, c_col) &&
                     br_pack_read_in_place(&pack_a, br_params_operand_alignment(g, 0),
                                           &launch.a_packed, &launch.a_ld, &launch.a_offset);
    int b_in_place = !overlaps_c(b, pack_b.rows, pack_b.cols, m, n, c_row, c_col) &&
                     br_pack_read_in_place(&pack_b, br_params_operand_alignment(g, 1),
                                           &launch.b_packed, &launch.b_ld, &launch.b_offset);
    cl_event wait;
    const cl_event *list;
    cl_uint waits = first_wait(r, &wait, &list); /* for the first command enqueued */
    struct br_engine *e = r->engine;
    cl_int error = CL_SUCCESS;
    if (!a_in_place) {
        error = br_enqueue_pack(e, r->program, r->precision, &pack_a, waits, list, NULL);
        waits = 0, list = NULL;
    }
    if (error == CL_SUCCESS && !b_in_place) {
        error = br_enqueue_pack(e, r->program, r->precision, &pack_b, waits, list, NULL);
        waits = 0, list = NULL;
    }
    if (error == CL_SUCCESS)
        error = br_enqueue_gemm(e, r->program, r->precision, &launch, waits, list, NULL);
    br_release_event(&wait);
    return fine(r, error) ? 0 : -1;
}

int br_resident_set_pivots(struct br_resident *r, br_int first, br_int count,
                           const br_int *pivots)
{
    if (!fine(r, CL_SUCCESS))
        return -1;
    for (br_int i = 0; i < count; i++)
        r->pivots_host[first + i] = (int32_t)pivots[i];
    cl_event wait;
    const cl_event *list;
    cl_uint waits = first_wait(r, &wait, &list);
    cl_event event;
    cl_int error = clEnqueueWriteBuffer(r->engine->compute, r->pivots, CL_FALSE,
                                        (size_t)first * sizeof(cl_int),
                                        (size_t)count * sizeof(cl_int), r->pivots_host + first,
                                        waits, list, timeline_event(&event));
    br_release_event(&wait);
    noted(event, "upload pivots", (size_t)count * sizeof(cl_int));
    return fine(r, error) ? 0 : -1;
}

int br_resident_swap_rows(struct br_resident *r, br_int first, br_int count, br_int col,
                          br_int cols)
{
    if (!fine(r, CL_SUCCESS))
        return -1;
    if (cols <= 0 || count <= 0)
        return 0;
    cl_int n = (cl_int)cols, rows = (cl_int)count, from = (cl_int)first;
    cl_int offset = (cl_int)(col * r->rows), ld = (cl_int)r->rows;
    struct br_kernel_arg args[] = {BR_ARG(n),         BR_ARG(rows),   BR_ARG(from),
                                   BR_ARG(r->pivots), BR_ARG(r->matrix), BR_ARG(offset),
                                   BR_ARG(ld)};
    cl_int error = br_set_args(r->program->swap_rows, args, 7);
    size_t local = 64, global = br_round_up((size_t)cols, local);
    cl_event wait;
    const cl_event *list;
    cl_uint waits = first_wait(r, &wait, &list);
    if (error == CL_SUCCESS)
        error = br_engine_launch(r->engine, r->engine->compute, r->program->swap_rows, 1, &global,
                                 &local, waits, list, NULL);
    br_release_event(&wait);
    return fine(r, error) ? 0 : -1;
}

int br_resident_put_small(struct br_resident *r, int index, br_int order, const void *host,
                          br_int ld)
{
    if (!fine(r, CL_SUCCESS))
        return -1;
    size_t start = (size_t)index * (size_t)r->depth * (size_t)r->depth;
    char *copy = (char *)r->small_host + start * r->element;
    for (br_int j = 0; j < order; j++)
        memcpy(copy + (size_t)j * (size_t)r->depth * r->element,
               (const char *)host + (size_t)j * (size_t)ld * r->element,
               (size_t)order * r->element);
    cl_event wait;
    const cl_event *list;
    cl_uint waits = first_wait(r, &wait, &list);
    /* Whole columns of depth elements: what lies past the order in each is not read. */
    cl_event event;
    size_t bytes = (size_t)order * (size_t)r->depth * r->element;
    cl_int error = clEnqueueWriteBuffer(r->engine->compute, r->small, CL_FALSE,
                                        start * r->element, bytes, copy, waits, list,
                                        timeline_event(&event));
    br_release_event(&wait);
    noted(event, "upload small", bytes);
    return fine(r, error) ? 0 : -1;
}

/* A rectangle transfer between the rows x cols block at (row, col) of the matrix and host
 * (leading dimension ld), on the compute queue after what is enqueued: a read or a write;
 * done, if not NULL, receives its event. */
static int transfer(struct br_resident *r, int read, br_int row, br_int col, br_int rows,
                    br_int cols, void *host, br_int ld, cl_event *done)
{
    if (!fine(r, CL_SUCCESS))
        return -1;
    size_t origin[3] = {(size_t)row * r->element, (size_t)col, 0};
    size_t region[3] = {(size_t)rows * r->element, (size_t)cols, 1};
    size_t host_origin[3] = {0, 0, 0}, pitch = (size_t)r->rows * r->element;
    size_t host_pitch = (size_t)ld * r->element;
    cl_event wait, event = NULL;
    const cl_event *list;
    cl_uint waits = first_wait(r, &wait, &list);
    cl_event *out = done ? done : timeline_event(&event);
    cl_int error =
        read ? clEnqueueReadBufferRect(r->engine->compute, r->matrix, CL_FALSE, origin,
                                       host_origin, region, pitch, 0, host_pitch, 0, host,
                                       waits, list, out)
             : clEnqueueWriteBufferRect(r->engine->compute, r->matrix, CL_FALSE, origin,
                                        host_origin, region, pitch, 0, host_pitch, 0, host,
                                        waits, list, out);
    br_release_event(&wait);
    const char *what = read ? "download panel" : "upload panel";
    if (error == CL_SUCCESS && done && br_timeline_on())
        br_timeline_note(*done, what, region[0] * region[1]);
    noted(event, what, region[0] * region[1]);
    return fine(r, error) ? 0 : -1;
}

int br_resident_write(struct br_resident *r, br_int row, br_int col, br_int rows, br_int cols,
                      const void *host, br_int ld)
{
    return transfer(r, 0, row, col, rows, cols, (void *)host, ld, NULL);
}

int br_resident_read_start(struct br_resident *r, br_int row, br_int col, br_int rows,
                           br_int cols, void *host, br_int ld)
{
    br_release_event(&r->reading);
    return transfer(r, 1, row, col, rows, cols, host, ld, &r->reading);
}

int br_resident_read_wait(struct br_resident *r)
{
    if (!fine(r, CL_SUCCESS) || !r->reading)
        return fine(r, CL_SUCCESS) ? 0 : -1;
    /* Start what is queued behind the read (the device's update) before waiting for it. */
    cl_int error = clFlush(r->engine->compute);
    if (error == CL_SUCCESS)
        error = clWaitForEvents(1, &r->reading);
    cl_int status = CL_COMPLETE;
    if (error == CL_SUCCESS)
        error = clGetEventInfo(r->reading, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                               &status, NULL);
    if (error == CL_SUCCESS && status < 0)
        error = status;
    br_release_event(&r->reading);
    /* Results have started coming back: what the enqueue-late fault waits for. */
    r->engine->tiles_written = 1;
    return fine(r, error) ? 0 : -1;
}

int br_resident_close(struct br_resident *r, void *host, br_int ld, char triangle,
                      br_int *columns_final)
{
    struct br_engine *e = r->engine;
    size_t written = 0;
    cl_event done = NULL;
    cl_int error = r->error;
    if (error == CL_SUCCESS && host) {
        struct br_block block = br_block_at(host, (size_t)ld, r->element, 0, 0,
                                            (size_t)r->rows, (size_t)r->cols);
        block.triangle = triangle;
        cl_event wait;
        const cl_event *list;
        cl_uint waits = first_wait(r, &wait, &list);
        error = clEnqueueMarkerWithWaitList(e->compute, waits, list, &done);
        br_release_event(&wait);
        if (error == CL_SUCCESS)
            error = clFlush(e->compute);
        /* The download-half fault: half the columns arrive, then the transfer fails. */
        int broken = br_fault_injected(BR_FAULT_DOWNLOAD_HALF);
        if (broken)
            block.cols /= 2;
        if (error == CL_SUCCESS)
            error = br_download(e->download, &e->download_staging, r->matrix, &block, 1, &done,
                                &written);
        if (error == CL_SUCCESS && broken)
            error = CL_OUT_OF_RESOURCES;
        fine(r, error);
    }
    /* Nothing may be left running on the session's buffers when they go back to the pool. */
    clFinish(e->compute);
    clFinish(e->download);
    br_release_event(&done);
    if (columns_final)
        *columns_final = (br_int)written;
    int ok = host && r->error == CL_SUCCESS;
    release(r);
    return ok ? 0 : -1;
}
