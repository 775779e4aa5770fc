/* Moving a column-major block between the caller's memory (any leading dimension) and a
 * compact device buffer, through the pinned staging rings so that the link runs at full speed
 * and the host copy of one chunk overlaps the DMA of the previous one. */
#ifndef BLASROUTE_ENGINE_TRANSFER_H
#define BLASROUTE_ENGINE_TRANSFER_H

#include <stddef.h>

#include "engine/host_copy.h"
#include "engine/opencl.h"
#include "engine/pool.h"

struct br_block {
    void *host;       /* element (0, 0) of the block in the caller's memory */
    size_t ld;        /* the caller's leading dimension, in elements */
    size_t rows, cols;
    size_t element;   /* bytes per element */
    /* 'U' or 'L': only that triangle of the block is read or written (the rest of the device
     * buffer is left undefined and must not be used); 0: the whole block. */
    char triangle;
    int skip_diagonal; /* with a triangle: its diagonal too is neither read nor written */
    /* Downloads: what arrives is added to the caller's values scaled (block := arrived + beta
     * block, in its triangle if it has one; beta applied on the host, C never uploaded);
     * plain (zero) overwrites them. Uploads ignore it. */
    struct br_host_add add;
};

/* The rows x cols block at (row, col) of a column-major matrix with leading dimension ld. */
static inline struct br_block br_block_at(const void *matrix, size_t ld, size_t element,
                                          size_t row, size_t col, size_t rows, size_t cols)
{
    return (struct br_block){.host = (char *)matrix + (row + col * ld) * element, .ld = ld,
                             .rows = rows, .cols = cols, .element = element};
}

/* Enqueues the upload of block into dst (compact: leading dimension rows) on queue, after the
 * events in wait; *done receives an event that completes when all of it is on the device.
 * Small blocks go directly from the caller's memory; the caller's memory must stay unchanged
 * until *done completes (BLAS calls return only after that). */
cl_int br_upload(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                 const struct br_block *block, cl_uint wait_count, const cl_event *wait,
                 cl_event *done);

/* br_upload into dst from byte dst_offset on (a block of a larger buffer). */
cl_int br_upload_at(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                    size_t dst_offset, const struct br_block *block, cl_uint wait_count,
                    const cl_event *wait, cl_event *done);

/* On a device that shares the host's memory (CL_DEVICE_HOST_UNIFIED_MEMORY): a read-only
 * buffer over the caller's block itself (CL_MEM_USE_HOST_PTR), from its first element to its
 * last, the caller's leading dimension kept, so that kernels read it in place instead of a
 * copy. NULL if the block is a triangle or the driver refuses (then copy it: br_upload). The
 * caller's memory must stay unchanged until the kernels reading it complete. */
cl_mem br_wrap_block(cl_context context, const struct br_block *block);

/* Downloads src (compact) into block after the events in wait, and returns when it is in the
 * caller's memory. The caller's memory is written only from data that has fully arrived, chunk
 * of whole columns by chunk: *columns_written says how many leading columns are final, also
 * after a failure. */
cl_int br_download(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                   const struct br_block *block, cl_uint wait_count, const cl_event *wait,
                   size_t *columns_written);

/* Like br_download, but the caller's memory is written only once every byte has arrived: a
 * failure leaves it untouched (for results that cannot be finished column by column). */
cl_int br_download_atomic(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                          const struct br_block *block, cl_uint wait_count,
                          const cl_event *wait);

#endif
