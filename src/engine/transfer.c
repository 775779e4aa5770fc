#include "engine/transfer.h"

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/host_copy.h"
#include "engine/timeline.h"
#include "env.h"

/* Below this, a block goes straight from the caller's memory: the staging copy would cost more
 * than the slower pageable transfer of so few bytes. */
enum { DIRECT_UPLOAD_LIMIT = 1 << 18 };

/* Whether a block's columns follow one another in memory (ld = rows, the whole block): then
 * it moves as one run of bytes, in slot-sized pieces at offsets that are multiples of the slot
 * size. Pieces of whole columns start where the columns do (n = 4097: every 16388 bytes), and
 * the driver moves a piece at an unaligned offset more slowly. */
static int contiguous(const struct br_block *b)
{
    return !b->triangle && b->ld == b->rows;
}

/* Copies columns [first, first + count) between the caller's layout and a compact buffer;
 * with a triangle, only its part of each column. `pool`: the device's copy helpers. */
static void pack_columns(int pool, void *compact, const struct br_block *b, size_t first,
                         size_t count, int to_compact)
{
    size_t column = b->rows * b->element, stride = b->ld * b->element;
    char *host = (char *)b->host + first * stride;
    if (to_compact)
        br_host_copy_triangle(pool, compact, column, host, stride, b->element, b->rows, first,
                              count, b->triangle, b->skip_diagonal, NULL);
    else
        br_host_copy_triangle(pool, host, stride, compact, column, b->element, b->rows, first,
                              count, b->triangle, b->skip_diagonal, &b->add);
}

/* The bytes a staged piece holds: a whole slot for a contiguous block (pieces at offsets that
 * are multiples of the slot size), else as many whole columns as a slot holds. */
static size_t piece_bytes(const struct br_block *b, const struct br_staging *staging)
{
    size_t column = b->rows * b->element;
    return contiguous(b) ? staging->slot_size : staging->slot_size / column * column;
}

/* Copies bytes [offset, offset + size) of the block's compact form between `compact` and the
 * caller's memory: any range of a contiguous block, whole columns of any other. */
static void copy_piece(int pool, void *compact, const struct br_block *b, size_t offset,
                       size_t size, int to_compact)
{
    size_t column = b->rows * b->element;
    if (!contiguous(b)) {
        pack_columns(pool, compact, b, offset / column, size / column, to_compact);
        return;
    }
    char *host = (char *)b->host + offset;
    if (to_compact)
        br_host_copy(pool, compact, size, host, size, size, 1);
    else
        br_host_copy_add(pool, host, size, compact, size, size, 1, &b->add);
}

cl_int br_upload(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                 const struct br_block *b, cl_uint wait_count, const cl_event *wait,
                 cl_event *done)
{
    return br_upload_at(queue, staging, dst, 0, b, wait_count, wait, done);
}

cl_int br_upload_at(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                    size_t dst_offset, const struct br_block *b, cl_uint wait_count,
                    const cl_event *wait, cl_event *done)
{
    size_t column = b->rows * b->element, bytes = column * b->cols;
    *done = NULL;
    if (bytes == 0)
        return clEnqueueMarkerWithWaitList(queue, wait_count, wait, done);
    int stageable = staging->ready && (column <= staging->slot_size || contiguous(b));
    if (!b->triangle && (bytes <= DIRECT_UPLOAD_LIMIT || !stageable)) {
        const size_t origin[3] = {dst_offset, 0, 0}, host_origin[3] = {0, 0, 0};
        const size_t region[3] = {column, b->cols, 1};
        cl_int error = clEnqueueWriteBufferRect(queue, dst, CL_FALSE, origin, host_origin, region,
                                                column, 0, b->ld * b->element, 0, b->host,
                                                wait_count, wait, done);
        if (error == CL_SUCCESS)
            br_timeline_note(*done, "upload pageable", bytes);
        return error;
    }
    if (!stageable) {
        /* A triangle must not be read beyond its rows, so it cannot go by rectangle: through a
         * private copy of just the triangle. */
        void *dense = malloc(bytes);
        if (!dense)
            return CL_OUT_OF_HOST_MEMORY;
        pack_columns(staging->copy_pool, dense, b, 0, b->cols, 1);
        cl_int error = clEnqueueWriteBuffer(queue, dst, CL_TRUE, dst_offset, bytes, dense,
                                            wait_count, wait, NULL);
        free(dense);
        return error == CL_SUCCESS ? clEnqueueMarkerWithWaitList(queue, 0, NULL, done) : error;
    }
    size_t piece = piece_bytes(b, staging);
    cl_int error = CL_SUCCESS;
    int timed = br_timeline_on();
    for (size_t offset = 0; offset < bytes && error == CL_SUCCESS; offset += piece) {
        size_t size = bytes - offset < piece ? bytes - offset : piece;
        int slot;
        double asked = timed ? br_seconds_now() : 0;
        error = br_staging_next_slot(staging, &slot);
        if (error != CL_SUCCESS)
            break;
        double free_at = timed ? br_seconds_now() : 0;
        copy_piece(staging->copy_pool, staging->host[slot], b, offset, size, 1);
        double copied_at = timed ? br_seconds_now() : 0;
        error = clEnqueueWriteBuffer(queue, dst, CL_FALSE, dst_offset + offset, size,
                                     staging->host[slot],
                                     offset == 0 ? wait_count : 0, offset == 0 ? wait : NULL,
                                     &staging->busy[slot]);
        if (error == CL_SUCCESS)
            br_timeline_note_host(staging->busy[slot], "upload staged", size, free_at - asked,
                                  copied_at - free_at);
        /* Submitted now, so that its DMA runs while the next piece is copied: OpenCL lets a
         * driver hold enqueued commands until a flush or a wait. (NVIDIA's starts a piece's
         * DMA about 10 us after it is enqueued either way: on the H200 the pieces are spaced
         * by their host copy, about 300 us for 8 MiB against 200 us of DMA, 2026-11-26.) */
        if (error == CL_SUCCESS)
            error = clFlush(queue);
    }
    /* The queue is in order: a marker after the last chunk completes when they all have. */
    if (error == CL_SUCCESS)
        error = clEnqueueMarkerWithWaitList(queue, 0, NULL, done);
    return error;
}

cl_mem br_wrap_block(cl_context context, const struct br_block *b)
{
    if (b->triangle || b->rows == 0 || b->cols == 0 || br_fault_injected(BR_FAULT_WRAP))
        return NULL;
    size_t bytes = ((b->cols - 1) * b->ld + b->rows) * b->element;
    cl_int error = CL_SUCCESS;
    /* OpenCL takes a non-const pointer, but a read-only buffer is never written through. */
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes,
                                   b->host, &error);
    return error == CL_SUCCESS ? buffer : NULL;
}

cl_int br_download(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                   const struct br_block *b, cl_uint wait_count, const cl_event *wait,
                   size_t *columns_written)
{
    size_t column = b->rows * b->element, bytes = column * b->cols;
    *columns_written = 0;
    if (bytes == 0) {
        *columns_written = b->cols;
        return CL_SUCCESS;
    }
    if (!staging->ready || column > staging->slot_size) {
        /* No staging: through a private host copy, so that C is written only from complete
         * data. */
        void *dense = malloc(bytes);
        if (!dense)
            return CL_OUT_OF_HOST_MEMORY;
        cl_int error = clEnqueueReadBuffer(queue, src, CL_TRUE, 0, bytes, dense, wait_count,
                                           wait, NULL);
        if (error == CL_SUCCESS) {
            pack_columns(staging->copy_pool, dense, b, 0, b->cols, 0);
            *columns_written = b->cols;
        }
        free(dense);
        return error;
    }
    /* Pieces as br_upload cuts them. The caller's memory is written only in whole columns:
     * once piece c has arrived, the columns that end in it are copied out. In a contiguous
     * block the start of a column may lie in piece c - 1 (a column no longer than a slot
     * spans at most two pieces), so that piece's slot is not reused before piece c is copied
     * out: one slot fewer than all is kept in flight. */
    size_t piece = piece_bytes(b, staging), pieces = (bytes + piece - 1) / piece;
    size_t issued = 0, copied = 0; /* bytes copied out */
    int slots[BR_STAGING_SLOTS];
    cl_int error = CL_SUCCESS;
    for (size_t c = 0; c < pieces && error == CL_SUCCESS; c++) {
        while (issued < pieces && issued < c + BR_STAGING_SLOTS - 1 && error == CL_SUCCESS) {
            size_t offset = issued * piece;
            size_t size = bytes - offset < piece ? bytes - offset : piece;
            int *slot = &slots[issued % BR_STAGING_SLOTS];
            error = br_staging_next_slot(staging, slot);
            if (error == CL_SUCCESS)
                error = clEnqueueReadBuffer(queue, src, CL_FALSE, offset, size,
                                            staging->host[*slot], issued == 0 ? wait_count : 0,
                                            issued == 0 ? wait : NULL, &staging->busy[*slot]);
            if (error == CL_SUCCESS)
                br_timeline_note(staging->busy[*slot], "download staged", size);
            issued++;
        }
        if (error != CL_SUCCESS)
            break;
        error = clWaitForEvents(1, &staging->busy[slots[c % BR_STAGING_SLOTS]]);
        if (error != CL_SUCCESS)
            break;
        size_t arrived = (c + 1) * piece < bytes ? (c + 1) * piece : bytes;
        size_t end = arrived / column * column;
        while (copied < end) { /* from the slot of the piece that holds `copied` */
            size_t p = copied / piece, in_piece = copied - p * piece;
            size_t size = (p + 1) * piece < end ? (p + 1) * piece - copied : end - copied;
            copy_piece(staging->copy_pool, (char *)staging->host[slots[p % BR_STAGING_SLOTS]] + in_piece, b, copied,
                       size, 0);
            copied += size;
        }
        *columns_written = copied / column;
    }
    return error;
}

cl_int br_download_atomic(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                          const struct br_block *b, cl_uint wait_count, const cl_event *wait)
{
    size_t bytes = b->rows * b->element * b->cols;
    if (bytes == 0)
        return CL_SUCCESS;
    if (bytes > staging->scratch_size) {
        void *bigger = realloc(staging->scratch, bytes);
        if (!bigger)
            return CL_OUT_OF_HOST_MEMORY;
        staging->scratch = bigger;
        staging->scratch_size = bytes;
    }
    void *scratch = staging->scratch;
    /* Through the staging ring into the scratch copy (compact), then into the caller's
     * memory once all of it has arrived. */
    struct br_block dense = {.host = scratch, .ld = b->rows, .rows = b->rows, .cols = b->cols,
                             .element = b->element};
    size_t columns = 0;
    cl_int error = br_download(queue, staging, src, &dense, wait_count, wait, &columns);
    if (error == CL_SUCCESS)
        pack_columns(staging->copy_pool, scratch, b, 0, b->cols, 0);
    return error;
}
