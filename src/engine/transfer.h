/* Moving a column-major block between the caller's memory (any leading dimension) and a
 * compact device buffer, through the pinned staging rings so that the link runs at full speed
 * and the host copy of one chunk overlaps the DMA of the previous one. */
#ifndef BLASROUTE_ENGINE_TRANSFER_H
#define BLASROUTE_ENGINE_TRANSFER_H

#include <stddef.h>

#include "engine/opencl.h"
#include "engine/pool.h"

struct br_block {
    void *host;       /* element (0, 0) of the block in the caller's memory */
    size_t ld;        /* the caller's leading dimension, in elements */
    size_t rows, cols;
    size_t element;   /* bytes per element */
};

/* Enqueues the upload of block into dst (compact: leading dimension rows) on queue, after the
 * events in wait; *done receives an event that completes when all of it is on the device.
 * Small blocks go directly from the caller's memory; the caller's memory must stay unchanged
 * until *done completes (BLAS calls return only after that). */
cl_int br_upload(cl_command_queue queue, struct br_staging *staging, cl_mem dst,
                 const struct br_block *block, cl_uint wait_count, const cl_event *wait,
                 cl_event *done);

/* Downloads src (compact) into block after the events in wait, and returns when it is in the
 * caller's memory. The caller's memory is written only from data that has fully arrived, chunk
 * by chunk, so a failed transfer never leaves half-written elements behind. */
cl_int br_download(cl_command_queue queue, struct br_staging *staging, cl_mem src,
                   const struct br_block *block, cl_uint wait_count, const cl_event *wait);

#endif
