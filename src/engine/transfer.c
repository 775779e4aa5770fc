#include "engine/transfer.h"

#include <stdlib.h>
#include <string.h>

#include "engine/host_copy.h"
#include "engine/timeline.h"
#include "env.h"

/* Below this, a block goes straight from the caller's memory: the staging copy would cost more
 * than the slower pageable transfer of so few bytes. */
enum { DIRECT_UPLOAD_LIMIT = 1 << 18 };

/* The rows of column j that a block holds: all, or those of its triangle. */
static void column_rows(const struct br_block *b, size_t j, size_t *first, size_t *end)
{
    *first = 0;
    *end = b->rows;
    if (b->triangle == 'U')
        *end = j + (b->skip_diagonal ? 0 : 1) < b->rows ? j + (b->skip_diagonal ? 0 : 1)
                                                        : b->rows;
    else if (b->triangle == 'L')
        *first = j + (b->skip_diagonal ? 1 : 0) < b->rows ? j + (b->skip_diagonal ? 1 : 0)
                                                          : b->rows;
}

/* Whether a block's columns follow one another in memory (ld = rows, the whole block): then
 * it moves as one run of bytes, in slot-sized pieces at offsets that are multiples of the slot
 * size. Pieces of whole columns start where the columns do (n = 4097: every 16388 bytes), and
 * the driver moves a piece at an unaligned offset more slowly. */
static int contiguous(const struct br_block *b)
{
    return !b->triangle && b->ld == b->rows;
}

/* Copies columns [first, first + count) between the caller's layout and a compact buffer;
 * with a triangle, only its part of each column. */
static void pack_columns(void *compact, const struct br_block *b, size_t first, size_t count,
                         int to_compact)
{
    size_t column = b->rows * b->element, stride = b->ld * b->element;
    char *host = (char *)b->host + first * stride;
    if (!b->triangle) {
        if (to_compact)
            br_host_copy(compact, column, host, stride, column, count);
        else
            br_host_copy(host, stride, compact, column, column, count);
        return;
    }
    for (size_t j = 0; j < count; j++) {
        size_t lo, hi;
        column_rows(b, first + j, &lo, &hi);
        if (hi <= lo)
            continue;
        char *dense = (char *)compact + j * column + lo * b->element;
        char *user = host + j * stride + lo * b->element;
        if (to_compact)
            memcpy(dense, user, (hi - lo) * b->element);
        else
            memcpy(user, dense, (hi - lo) * b->element);
    }
}

cl_int br_upload(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                 const struct br_block *b, cl_uint wait_count, const cl_event *wait,
                 cl_event *done)
{
    size_t column = b->rows * b->element, bytes = column * b->cols;
    *done = NULL;
    if (bytes == 0)
        return clEnqueueMarkerWithWaitList(queue, wait_count, wait, done);
    int stageable = staging->ready && (column <= staging->slot_size || contiguous(b));
    if (!b->triangle && (bytes <= DIRECT_UPLOAD_LIMIT || !stageable)) {
        const size_t origin[3] = {0, 0, 0}, region[3] = {column, b->cols, 1};
        cl_int error = clEnqueueWriteBufferRect(queue, dst, CL_FALSE, origin, origin, region,
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
        pack_columns(dense, b, 0, b->cols, 1);
        cl_int error = clEnqueueWriteBuffer(queue, dst, CL_TRUE, 0, bytes, dense, wait_count,
                                            wait, NULL);
        free(dense);
        return error == CL_SUCCESS ? clEnqueueMarkerWithWaitList(queue, 0, NULL, done) : error;
    }
    cl_int error = CL_SUCCESS;
    if (contiguous(b)) {
        for (size_t offset = 0; offset < bytes && error == CL_SUCCESS;
             offset += staging->slot_size) {
            size_t size = bytes - offset < staging->slot_size ? bytes - offset : staging->slot_size;
            int slot;
            error = br_staging_next_slot(staging, &slot);
            if (error != CL_SUCCESS)
                break;
            br_host_copy(staging->host[slot], size, (const char *)b->host + offset, size, size, 1);
            error = clEnqueueWriteBuffer(queue, dst, CL_FALSE, offset, size, staging->host[slot],
                                         offset == 0 ? wait_count : 0, offset == 0 ? wait : NULL,
                                         &staging->busy[slot]);
            if (error == CL_SUCCESS)
                br_timeline_note(staging->busy[slot], "upload staged", size);
        }
        return error == CL_SUCCESS ? clEnqueueMarkerWithWaitList(queue, 0, NULL, done) : error;
    }
    size_t per_chunk = staging->slot_size / column;
    for (size_t first = 0; first < b->cols && error == CL_SUCCESS; first += per_chunk) {
        size_t count = b->cols - first < per_chunk ? b->cols - first : per_chunk;
        int slot;
        error = br_staging_next_slot(staging, &slot);
        if (error != CL_SUCCESS)
            break;
        pack_columns(staging->host[slot], b, first, count, 1);
        error = clEnqueueWriteBuffer(queue, dst, CL_FALSE, first * column, count * column,
                                     staging->host[slot], first == 0 ? wait_count : 0,
                                     first == 0 ? wait : NULL, &staging->busy[slot]);
        if (error == CL_SUCCESS)
            br_timeline_note(staging->busy[slot], "upload staged", count * column);
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

/* br_download of a contiguous block in slot-sized pieces of bytes, for columns no longer than
 * a piece. The caller's memory is still written only in whole columns: once piece c has
 * arrived, the columns that end in it are copied out; the start of the one that does not is
 * left until piece c + 1 (its slot is not reused before then: one slot fewer is kept in
 * flight). A column no longer than a piece spans at most two. */
static cl_int download_contiguous(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                                  const struct br_block *b, cl_uint wait_count,
                                  const cl_event *wait, size_t *columns_written)
{
    size_t column = b->rows * b->element, bytes = column * b->cols, piece = staging->slot_size;
    size_t pieces = (bytes + piece - 1) / piece, issued = 0, copied = 0; /* bytes copied out */
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
        /* Arrived: bytes up to the end of piece c; copied out: up to its last whole column. */
        size_t arrived = (c + 1) * piece < bytes ? (c + 1) * piece : bytes;
        size_t end = arrived / column * column;
        while (copied < end) { /* from the slot of the piece that holds `copied` */
            size_t p = copied / piece, in_piece = copied - p * piece;
            size_t size = (p + 1) * piece < end ? (p + 1) * piece - copied : end - copied;
            br_host_copy((char *)b->host + copied, size,
                         (const char *)staging->host[slots[p % BR_STAGING_SLOTS]] + in_piece, size,
                         size, 1);
            copied += size;
        }
        *columns_written = copied / column;
    }
    return error;
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
            pack_columns(dense, b, 0, b->cols, 0);
            *columns_written = b->cols;
        }
        free(dense);
        return error;
    }
    if (contiguous(b) && bytes > staging->slot_size && column <= staging->slot_size)
        return download_contiguous(queue, staging, src, b, wait_count, wait, columns_written);
    /* Keep every slot in flight: the reads of the next chunks run while this one is copied
     * out. */
    size_t per_chunk = staging->slot_size / column;
    size_t chunks = (b->cols + per_chunk - 1) / per_chunk;
    int slots[BR_STAGING_SLOTS];
    cl_int error = CL_SUCCESS;
    size_t issued = 0;
    for (size_t c = 0; c < chunks && error == CL_SUCCESS; c++) {
        while (issued < chunks && issued < c + BR_STAGING_SLOTS && error == CL_SUCCESS) {
            size_t first = issued * per_chunk;
            size_t count = b->cols - first < per_chunk ? b->cols - first : per_chunk;
            int *slot = &slots[issued % BR_STAGING_SLOTS];
            error = br_staging_next_slot(staging, slot);
            if (error == CL_SUCCESS)
                error = clEnqueueReadBuffer(queue, src, CL_FALSE, first * column, count * column,
                                            staging->host[*slot], issued == 0 ? wait_count : 0,
                                            issued == 0 ? wait : NULL, &staging->busy[*slot]);
            if (error == CL_SUCCESS)
                br_timeline_note(staging->busy[*slot], "download staged", count * column);
            issued++;
        }
        if (error != CL_SUCCESS)
            break;
        int slot = slots[c % BR_STAGING_SLOTS];
        error = clWaitForEvents(1, &staging->busy[slot]);
        if (error == CL_SUCCESS) {
            size_t first = c * per_chunk;
            size_t count = b->cols - first < per_chunk ? b->cols - first : per_chunk;
            pack_columns(staging->host[slot], b, first, count, 0);
            *columns_written = first + count;
        }
    }
    return error;
}

/* The host copy br_download_atomic gathers a result in: kept and grown, not allocated per
 * call, so that its pages are faulted in once rather than on every call. Used under the
 * engine's lock. */
static void *scratch;
static size_t scratch_size;

cl_int br_download_atomic(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                          const struct br_block *b, cl_uint wait_count, const cl_event *wait)
{
    size_t bytes = b->rows * b->element * b->cols;
    if (bytes == 0)
        return CL_SUCCESS;
    if (bytes > scratch_size) {
        void *bigger = realloc(scratch, bytes);
        if (!bigger)
            return CL_OUT_OF_HOST_MEMORY;
        scratch = bigger;
        scratch_size = bytes;
    }
    /* Through the staging ring into the scratch copy (compact), then into the caller's
     * memory once all of it has arrived. */
    struct br_block dense = {.host = scratch, .ld = b->rows, .rows = b->rows, .cols = b->cols,
                             .element = b->element};
    size_t columns = 0;
    cl_int error = br_download(queue, staging, src, &dense, wait_count, wait, &columns);
    if (error == CL_SUCCESS)
        pack_columns(scratch, b, 0, b->cols, 0);
    return error;
}
