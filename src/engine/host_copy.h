/* Host memory copies between the caller's matrices and the pinned staging buffers, spread over
 * a few helper threads: one core cannot feed a PCIe/NVLink DMA engine (a single memcpy moves
 * about 10 GB/s, the link 55 GB/s). */
#ifndef BLASROUTE_ENGINE_HOST_COPY_H
#define BLASROUTE_ENGINE_HOST_COPY_H

#include <stddef.h>

/* Copies `columns` columns of column_bytes each, from src (columns src_stride bytes apart) to
 * dst (dst_stride apart). Large copies are split over the helper threads and the caller; the
 * call returns when all of it is done. */
void br_host_copy(void *dst, size_t dst_stride, const void *src, size_t src_stride,
                  size_t column_bytes, size_t columns);

#endif
