#include "engine/pool.h"

#include <stdlib.h>
#include <string.h>

#include "env.h"

/* Buffers are allocated in whole granules (1 MiB, less under a small cap) so that slightly
 * different shapes reuse them. */
static size_t round_allocation(const struct br_pool *pool, size_t size)
{
    size_t rounded = (size + pool->granule - 1) / pool->granule * pool->granule;
    return rounded > pool->max_allocation ? size : rounded;
}

/* The pool's cap is never lowered below this under memory pressure: a device with less free
 * memory than this answers no calls until the memory comes back. */
#define POOL_FLOOR_BYTES ((size_t)256 << 10)

/* The cap, and the granule that goes with it: a 256th of the cap, between 4 KiB and 1 MiB, so
 * that rounding wastes little of a small cap. */
static void set_cap(struct br_pool *pool, size_t cap)
{
    pool->cap = cap;
    size_t granule = cap / 256;
    pool->granule = granule > ((size_t)1 << 20) ? (size_t)1 << 20 : granule < 4096 ? 4096 : granule;
}

void br_pool_init(struct br_pool *pool, cl_context context, cl_command_queue queue, size_t cap,
                  size_t max_allocation)
{
    memset(pool, 0, sizeof *pool);
    pool->context = context;
    pool->queue = queue;
    pool->full_cap = cap;
    pool->max_allocation = max_allocation;
    set_cap(pool, cap);
}

size_t br_pool_budget(const struct br_pool *pool, int buffers)
{
    size_t waste = (size_t)buffers * pool->granule;
    return pool->cap > waste ? pool->cap - waste : 0;
}

/* `held` is also read, without the engine's lock, by blasroute_device_memory_held. */
static void add_held(struct br_pool *pool, size_t bytes, int sign)
{
    __atomic_store_n(&pool->held, sign > 0 ? pool->held + bytes : pool->held - bytes,
                     __ATOMIC_RELAXED);
}

static void drop(struct br_pool *pool, int index)
{
    clReleaseMemObject(pool->buffers[index].mem);
    add_held(pool, pool->buffers[index].size, -1);
    pool->buffers[index] = pool->buffers[--pool->count];
}

/* Makes the driver place a new buffer on the device now (a migration of no content), so that
 * a shortage of device memory is told by this allocation. */
static cl_int place_on_device(struct br_pool *pool, cl_mem mem)
{
    if (!pool->queue)
        return CL_SUCCESS;
    cl_event placed = NULL;
    cl_int error = clEnqueueMigrateMemObjects(pool->queue, 1, &mem,
                                              CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, 0, NULL,
                                              &placed);
    if (error == CL_SUCCESS)
        error = clWaitForEvents(1, &placed);
    if (placed)
        clReleaseEvent(placed);
    return error == CL_SUCCESS ? CL_SUCCESS : CL_MEM_OBJECT_ALLOCATION_FAILURE;
}

/* A new device buffer, or CL_MEM_OBJECT_ALLOCATION_FAILURE where the device has no room (or
 * the test suite says it has none: BLASROUTE_TEST_FAULT=alloc, a device whose memory is all
 * taken; BLASROUTE_TEST_DEVICE_FREE, memory another process holds). */
static cl_int create(struct br_pool *pool, size_t allocation, cl_mem *out)
{
    size_t free_bytes = br_env()->test_device_free;
    cl_int error = CL_SUCCESS;
    cl_mem mem = NULL;
    if (br_fault_injected(BR_FAULT_ALLOC) ||
        (free_bytes && pool->held + allocation > free_bytes))
        error = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    else
        mem = clCreateBuffer(pool->context, CL_MEM_READ_WRITE, allocation, NULL, &error);
    if (error == CL_SUCCESS)
        error = place_on_device(pool, mem);
    if (error != CL_SUCCESS) {
        if (mem)
            clReleaseMemObject(mem);
        mem = NULL;
        if (error == CL_MEM_OBJECT_ALLOCATION_FAILURE || error == CL_OUT_OF_RESOURCES) {
            pool->failed_at = pool->held + allocation;
            error = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        }
    }
    *out = mem;
    return error;
}

cl_int br_pool_acquire(struct br_pool *pool, size_t size, cl_mem *buffer)
{
    *buffer = NULL;
    if (size == 0)
        size = 1;
    if (size > pool->max_allocation)
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    /* The smallest free buffer that fits and is at most twice the need. */
    int best = -1;
    for (int i = 0; i < pool->count; i++) {
        size_t have = pool->buffers[i].size;
        if (!pool->buffers[i].in_use && have >= size && have <= 2 * size &&
            (best < 0 || have < pool->buffers[best].size))
            best = i;
    }
    if (best >= 0) {
        pool->buffers[best].in_use = 1;
        *buffer = pool->buffers[best].mem;
        return CL_SUCCESS;
    }
    size_t allocation = round_allocation(pool, size);
    /* Make room under the cap by dropping free buffers, largest first. */
    while (pool->held + allocation > pool->cap || pool->count == BR_POOL_MAX_BUFFERS) {
        int largest = -1;
        for (int i = 0; i < pool->count; i++)
            if (!pool->buffers[i].in_use &&
                (largest < 0 || pool->buffers[i].size > pool->buffers[largest].size))
                largest = i;
        if (largest < 0)
            break;
        drop(pool, largest);
    }
    if (pool->held + allocation > pool->cap && pool->held + size <= pool->cap)
        allocation = size;
    if (pool->held + allocation > pool->cap || pool->count == BR_POOL_MAX_BUFFERS)
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    cl_mem mem;
    cl_int error = create(pool, allocation, &mem);
    if (error != CL_SUCCESS)
        return error;
    pool->buffers[pool->count].mem = mem;
    pool->buffers[pool->count].size = allocation;
    pool->buffers[pool->count].in_use = 1;
    pool->count++;
    add_held(pool, allocation, +1);
    *buffer = mem;
    return CL_SUCCESS;
}

int br_pool_fits(const struct br_pool *pool, const size_t *sizes, int count)
{
    size_t total = 0;
    int buffers = 0;
    for (int i = 0; i < count; i++) {
        if (sizes[i] > pool->max_allocation)
            return 0;
        total += sizes[i];
        buffers += sizes[i] > 0;
    }
    return total <= br_pool_budget(pool, buffers);
}

static cl_int acquire_each(struct br_pool *pool, const size_t *sizes, int count,
                           cl_mem *buffers)
{
    cl_int error = CL_SUCCESS;
    for (int i = 0; i < count; i++)
        buffers[i] = NULL;
    for (int i = 0; i < count && error == CL_SUCCESS; i++)
        if (sizes[i])
            error = br_pool_acquire(pool, sizes[i], &buffers[i]);
    if (error != CL_SUCCESS)
        for (int i = 0; i < count; i++)
            br_pool_release(pool, buffers[i]);
    return error;
}

cl_int br_pool_acquire_all(struct br_pool *pool, const size_t *sizes, int count,
                           cl_mem *buffers)
{
    cl_int error = acquire_each(pool, sizes, count, buffers);
    if (error == CL_MEM_OBJECT_ALLOCATION_FAILURE && !br_fault_injected(BR_FAULT_ALLOC)) {
        br_pool_trim(pool);
        error = acquire_each(pool, sizes, count, buffers);
    }
    if (error != CL_SUCCESS)
        for (int i = 0; i < count; i++)
            buffers[i] = NULL;
    return error;
}

int br_pool_shrink(struct br_pool *pool, double now)
{
    br_pool_trim(pool);
    size_t floor = pool->full_cap < POOL_FLOOR_BYTES ? pool->full_cap : POOL_FLOOR_BYTES;
    if (pool->cap <= floor)
        return 0;
    /* Below what failed, with room for what the driver keeps beside each buffer. */
    size_t failed = pool->failed_at && pool->failed_at < pool->cap ? pool->failed_at : pool->cap;
    set_cap(pool, failed / 4 * 3 > floor ? failed / 4 * 3 : floor);
    pool->failed_at = 0;
    pool->pressure_at = now;
    return 1;
}

void br_pool_relax(struct br_pool *pool, double now)
{
    if (pool->cap < pool->full_cap && now - pool->pressure_at >= BR_POOL_RELAX_S)
        set_cap(pool, pool->full_cap);
}

void br_pool_release(struct br_pool *pool, cl_mem buffer)
{
    for (int i = 0; buffer && i < pool->count; i++)
        if (pool->buffers[i].mem == buffer)
            pool->buffers[i].in_use = 0;
}

void br_pool_trim(struct br_pool *pool)
{
    for (int i = pool->count - 1; i >= 0; i--)
        if (!pool->buffers[i].in_use)
            drop(pool, i);
}

cl_int br_staging_init(struct br_staging *staging, cl_context context, cl_command_queue queue,
                       size_t slot_size, int copy_pool)
{
    memset(staging, 0, sizeof *staging);
    staging->slot_size = slot_size;
    cl_int error = CL_SUCCESS;
    for (int s = 0; s < BR_STAGING_SLOTS && error == CL_SUCCESS; s++) {
        staging->buffers[s] = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                             slot_size, NULL, &error);
        if (error == CL_SUCCESS)
            staging->host[s] = clEnqueueMapBuffer(queue, staging->buffers[s], CL_TRUE,
                                                  CL_MAP_READ | CL_MAP_WRITE, 0, slot_size, 0,
                                                  NULL, NULL, &error);
    }
    if (error != CL_SUCCESS)
        br_staging_release(staging, queue);
    else
        staging->ready = 1;
    staging->copy_pool = copy_pool; /* transfers without the ring still copy */
    return error;
}

cl_int br_staging_next_slot(struct br_staging *staging, int *slot)
{
    int s = staging->next;
    staging->next = (s + 1) % BR_STAGING_SLOTS;
    cl_int error = CL_SUCCESS;
    if (staging->busy[s]) {
        error = clWaitForEvents(1, &staging->busy[s]);
        clReleaseEvent(staging->busy[s]);
        staging->busy[s] = NULL;
    }
    *slot = s;
    return error;
}

void br_staging_release(struct br_staging *staging, cl_command_queue queue)
{
    for (int s = 0; s < BR_STAGING_SLOTS; s++) {
        if (staging->busy[s]) {
            clWaitForEvents(1, &staging->busy[s]);
            clReleaseEvent(staging->busy[s]);
        }
        if (staging->host[s])
            clEnqueueUnmapMemObject(queue, staging->buffers[s], staging->host[s], 0, NULL, NULL);
        if (staging->buffers[s])
            clReleaseMemObject(staging->buffers[s]);
    }
    if (queue)
        clFinish(queue);
    free(staging->scratch);
    memset(staging, 0, sizeof *staging);
}

void br_pinned_release(struct br_pinned *pinned, cl_command_queue queue)
{
    if (pinned->host)
        clEnqueueUnmapMemObject(queue, pinned->buffer, pinned->host, 0, NULL, NULL);
    if (pinned->buffer) {
        clFinish(queue);
        clReleaseMemObject(pinned->buffer);
    }
    memset(pinned, 0, sizeof *pinned);
}

cl_int br_pinned_reserve(struct br_pinned *pinned, cl_context context, cl_command_queue queue,
                         size_t size)
{
    if (pinned->size >= size)
        return CL_SUCCESS;
    br_pinned_release(pinned, queue);
    cl_int error = CL_SUCCESS;
    pinned->buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, size,
                                    NULL, &error);
    if (error == CL_SUCCESS)
        pinned->host = clEnqueueMapBuffer(queue, pinned->buffer, CL_TRUE,
                                          CL_MAP_READ | CL_MAP_WRITE, 0, size, 0, NULL, NULL,
                                          &error);
    if (error == CL_SUCCESS)
        pinned->size = size;
    else
        br_pinned_release(pinned, queue);
    return error;
}
