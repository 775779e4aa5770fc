/* Host memory copies between the caller's matrices and the pinned staging buffers, spread over
 * a few helper threads: one core cannot feed a PCIe/NVLink DMA engine (a single memcpy moves
 * about 10 GB/s, the link 55 GB/s). */
#ifndef BLASROUTE_ENGINE_HOST_COPY_H
#define BLASROUTE_ENGINE_HOST_COPY_H

#include <stddef.h>

/* Pools of helper threads: one per device (its engine's index, below BR_MAX_DEVICES), so that
 * several devices' transfers copy at once. How many pools are in use (the devices opened): the helpers, half the cores, are shared
 * among them. Set before the first copy; pools started earlier keep their helpers. */
void br_host_copy_set_pools(int count);

/* How many threads one device call's copies keep busy: its caller and a pool's helpers. */
int br_host_copy_threads(void);

/* Copies `columns` columns of column_bytes each, from src (columns src_stride bytes apart) to
 * dst (dst_stride apart), with the helpers of `pool`. Large copies are split over the helper
 * threads and the caller; the call returns when all of it is done. */
void br_host_copy(int pool, void *dst, size_t dst_stride, const void *src, size_t src_stride,
                  size_t column_bytes, size_t columns);

/* A device call of this pool's device has ended: its helpers stop watching for the next
 * round and sleep now, instead of spinning their SPIN_NS on cores that the CPU BLAS's calls,
 * which may come next, want (a spin pays only between the rounds of one call). */
void br_host_copy_rest(int pool);

/* In a child forked after the devices were opened (the engine's fork handler): the helpers
 * are gone and their locks are made anew. */
void br_host_copy_after_fork(void);

#endif
