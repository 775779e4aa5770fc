/* Device memory reused across calls: a bounded pool of device buffers (no allocation per call in
 * steady state), and rings of pinned host staging buffers for the transfers. */
#ifndef BLASROUTE_ENGINE_POOL_H
#define BLASROUTE_ENGINE_POOL_H

#include <stddef.h>

#include "engine/opencl.h"

enum { BR_POOL_MAX_BUFFERS = 64 };

struct br_pool {
    cl_context context;
    cl_command_queue queue; /* where a new buffer is placed on the device (br_pool_acquire) */
    size_t full_cap;      /* most bytes held at once (BLASROUTE_DEVICE_MEMORY or a share of the
                             device's memory) */
    size_t cap;           /* the same, lowered for a while when the device's memory is short */
    double pressure_at;   /* when an allocation last failed (br_pool_shrink), or 0 */
    size_t failed_at;     /* bytes held plus the allocation that failed, or 0 */
    size_t max_allocation; /* the device's largest single buffer */
    size_t held;          /* bytes in buffers, in use or not */
    size_t granule;       /* allocations are rounded up to this, so that close shapes reuse */
    struct {
        cl_mem mem;
        size_t size;
        int in_use;
    } buffers[BR_POOL_MAX_BUFFERS];
    int count;
};

void br_pool_init(struct br_pool *pool, cl_context context, cl_command_queue queue, size_t cap,
                  size_t max_allocation);

/* After a call failed for want of device memory (another process holds it): frees every
 * buffer not in use and lowers the cap below what failed, so that the call can be planned
 * again in smaller tiles. 0 when the cap is already at its floor (the call goes to the CPU). */
int br_pool_shrink(struct br_pool *pool, double now);

/* Before each call: the cap goes back to its full size BR_POOL_RELAX_S seconds after the
 * memory was last short (if it still is, the next call finds out and shrinks it again). */
void br_pool_relax(struct br_pool *pool, double now);
#define BR_POOL_RELAX_S 10.0

/* What a call needing `buffers` buffers may plan on: the cap less what rounding can waste. */
size_t br_pool_budget(const struct br_pool *pool, int buffers);

/* A buffer of at least size bytes: a free one of the pool when one fits (and is not
 * wastefully large), else a new one, after dropping free buffers if the cap requires it.
 * A new buffer is placed on the device before it is handed out, so that a device without
 * the memory says so here, before any of the call's work, rather than at its first use (NVIDIA
 * allocates on first use). CL_MEM_OBJECT_ALLOCATION_FAILURE when the cap or the device cannot
 * give it. */
cl_int br_pool_acquire(struct br_pool *pool, size_t size, cl_mem *buffer);

/* Whether buffers of these sizes (0: none) can be held: each within the device's largest
 * allocation, all together within the budget. */
int br_pool_fits(const struct br_pool *pool, const size_t *sizes, int count);

/* Buffers of these sizes (NULL where a size is 0), all or none. Free buffers reused from earlier
 * calls may be larger than needed and crowd out the rest under the cap: then the pool is
 * emptied and the buffers are taken again, where anything br_pool_fits accepted fits. */
cl_int br_pool_acquire_all(struct br_pool *pool, const size_t *sizes, int count,
                           cl_mem *buffers);

/* Gives a buffer back for reuse (NULL is ignored). */
void br_pool_release(struct br_pool *pool, cl_mem buffer);

/* Frees every buffer not in use. */
void br_pool_trim(struct br_pool *pool);

/* Pinned staging: slots of host memory the driver can DMA from and to at full link speed
 * (CL_MEM_ALLOC_HOST_PTR buffers, mapped once for the life of the process). Each slot remembers
 * the event of the last transfer that uses it. */
enum { BR_STAGING_SLOTS = 4 };

struct br_staging {
    cl_mem buffers[BR_STAGING_SLOTS];
    void *host[BR_STAGING_SLOTS];
    cl_event busy[BR_STAGING_SLOTS];
    size_t slot_size;
    int next;
    int ready;
    /* The host copy br_download_atomic gathers a result in: kept and grown, not allocated per
     * call, so that its pages are faulted in once rather than on every call. Per engine, as the
     * ring: several devices download at once. */
    void *scratch;
    size_t scratch_size;
    int copy_pool; /* the host copy helpers (host_copy.h) of the engine's device */
};

/* Creates and maps the slots through queue; 0 on success. copy_pool: the engine's host copy
 * helpers, kept also when the slots cannot be made. */
cl_int br_staging_init(struct br_staging *staging, cl_context context, cl_command_queue queue,
                       size_t slot_size, int copy_pool);

/* The next slot in turn, once the transfer that last used it has finished. */
cl_int br_staging_next_slot(struct br_staging *staging, int *slot);

void br_staging_release(struct br_staging *staging, cl_command_queue queue);

/* Pinned host memory kept and grown across calls (a resident session's panels, which travel
 * at every step of a factorization: from pageable memory they would cross the link at a
 * fraction of its speed). */
struct br_pinned {
    cl_mem buffer;
    void *host;
    size_t size;
};

/* At least `size` bytes of pinned memory in pinned->host (mapped through queue); the old
 * contents are not kept when it grows. */
cl_int br_pinned_reserve(struct br_pinned *pinned, cl_context context, cl_command_queue queue,
                         size_t size);
void br_pinned_release(struct br_pinned *pinned, cl_command_queue queue);

#endif
