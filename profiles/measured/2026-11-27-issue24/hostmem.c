/* Issue 24 probe (2026-11-27): can the NVIDIA OpenCL driver move a caller's (pageable) array
 * to the device without the host copy into pinned staging? Two ranks of HPL on one host moved
 * 26.5 GB/s each through blasroute against 40 for one alone: every staged byte crosses host
 * memory three times (read pageable, write pinned, the copy engine's read), and the two ranks
 * share the host's memory bandwidth. A direct DMA from the caller's pages would cross it once.
 *
 * Measures, on the first GPU, for SIZE MiB (default 1024):
 *   - host memcpy, 1 thread and T threads (the host's memory bandwidth);
 *   - clEnqueueWriteBuffer / ReadBuffer from pinned (ALLOC_HOST_PTR, mapped) and pageable memory;
 *   - CL_MEM_USE_HOST_PTR over a malloc'd array: the creation's cost, clEnqueueCopyBuffer to and
 *     from a device buffer, and whether a copy sees host writes made after the creation
 *     (without and with a map/unmap in between), and the host sees a copy into it;
 *   - cuMemHostRegister(PORTABLE) of a malloc'd array through the CUDA driver (dlopen), then
 *     clEnqueueWriteBuffer / ReadBuffer from it: does the OpenCL driver then DMA directly?
 * Prints one line per figure to stdout. Built on the development machine:
 *   gcc -O2 -std=gnu11 -o hostmem hostmem.c -lOpenCL -lpthread -ldl
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "probe.h"

struct part {
    char *dst;
    const char *src;
    size_t bytes;
};

static void *copy_part(void *arg)
{
    struct part *p = arg;
    memcpy(p->dst, p->src, p->bytes);
    return NULL;
}

static double threaded_copy(char *dst, const char *src, size_t bytes, int threads)
{
    pthread_t id[64];
    struct part parts[64];
    size_t share = bytes / threads;
    double t = now();
    for (int i = 0; i < threads; i++) {
        parts[i] = (struct part){dst + i * share, src + i * share,
                                 i == threads - 1 ? bytes - i * share : share};
        pthread_create(&id[i], NULL, copy_part, &parts[i]);
    }
    for (int i = 0; i < threads; i++)
        pthread_join(id[i], NULL);
    return now() - t;
}

/* best of reps for a command on queue q, in GB/s */
#define BEST(label, bytes, reps, command)                                          \
    do {                                                                           \
        double best_ = 1e30;                                                       \
        for (int r_ = 0; r_ < (reps); r_++) {                                      \
            double t_ = now();                                                     \
            CHECK(command);                                                        \
            CHECK(clFinish(q));                                                    \
            t_ = now() - t_;                                                       \
            if (t_ < best_)                                                        \
                best_ = t_;                                                        \
        }                                                                          \
        printf("%-44s %8.2f GB/s  (%.2f ms)\n", label, (bytes) / best_ / 1e9, best_ * 1e3); \
    } while (0)

typedef int (*cu_init_t)(unsigned);
typedef int (*cu_device_get_t)(int *, int);
typedef int (*cu_ctx_retain_t)(void **, int);
typedef int (*cu_ctx_set_t)(void *);
typedef int (*cu_register_t)(void *, size_t, unsigned);
typedef int (*cu_unregister_t)(void *);

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 1024;
    int threads = argc > 2 ? atoi(argv[2]) : 8;
    size_t bytes = mib << 20;
    char *a = aligned_alloc(4096, bytes), *b = aligned_alloc(4096, bytes);
    char *check = aligned_alloc(4096, bytes);
    fill(a, bytes, 1);
    fill(b, bytes, 2);
    fill(check, bytes, 3);
    printf("size %zu MiB, %d copy threads\n", mib, threads);

    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        double t = threaded_copy(b, a, bytes, 1);
        best = t < best ? t : best;
    }
    printf("%-44s %8.2f GB/s\n", "host memcpy, 1 thread", bytes / best / 1e9);
    for (int t = 2; t <= threads; t *= 2) {
        best = 1e30;
        for (int r = 0; r < 3; r++) {
            double s = threaded_copy(b, a, bytes, t);
            best = s < best ? s : best;
        }
        char label[64];
        snprintf(label, sizeof label, "host memcpy, %d threads", t);
        printf("%-44s %8.2f GB/s\n", label, bytes / best / 1e9);
    }

    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    cl_device_id device = NULL;
    for (cl_uint i = 0; i < np && !device; i++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[i], getenv("HOSTMEM_ANY") ? CL_DEVICE_TYPE_ALL
                                                               : CL_DEVICE_TYPE_GPU,
                           1, &device, &nd) != CL_SUCCESS)
            device = NULL;
    }
    if (!device) {
        fprintf(stderr, "no GPU\n");
        return 1;
    }
    char name[256];
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("device %s\n", name);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK(err);
    cl_mem dev = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    cl_mem pinned = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL,
                                   &err);
    CHECK(err);
    char *pin = clEnqueueMapBuffer(q, pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0,
                                   NULL, NULL, &err);
    CHECK(err);
    memcpy(pin, a, bytes);
    CHECK(clEnqueueWriteBuffer(q, dev, CL_TRUE, 0, bytes, a, 0, NULL, NULL)); /* first touch */

    BEST("write from pinned", bytes, 3, clEnqueueWriteBuffer(q, dev, CL_FALSE, 0, bytes, pin, 0, NULL, NULL));
    BEST("read into pinned", bytes, 3, clEnqueueReadBuffer(q, dev, CL_FALSE, 0, bytes, pin, 0, NULL, NULL));
    BEST("write from pageable", bytes, 3, clEnqueueWriteBuffer(q, dev, CL_FALSE, 0, bytes, a, 0, NULL, NULL));
    BEST("read into pageable", bytes, 3, clEnqueueReadBuffer(q, dev, CL_FALSE, 0, bytes, b, 0, NULL, NULL));

    /* USE_HOST_PTR over b */
    fill(b, bytes, 4);
    double t = now();
    cl_mem wrap = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, b, &err);
    CHECK(err);
    printf("%-44s %8.2f ms\n", "USE_HOST_PTR create", (now() - t) * 1e3);
    t = now();
    CHECK(clEnqueueCopyBuffer(q, wrap, dev, 0, 0, bytes, 0, NULL, NULL));
    CHECK(clFinish(q));
    printf("%-44s %8.2f GB/s (first)\n", "USE_HOST_PTR copy to device", bytes / (now() - t) / 1e9);
    BEST("USE_HOST_PTR copy to device", bytes, 3, clEnqueueCopyBuffer(q, wrap, dev, 0, 0, bytes, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dev, CL_TRUE, 0, bytes, check, 0, NULL, NULL));
    printf("USE_HOST_PTR copy matches the host before writes: %s\n",
           memcmp(check, b, bytes) ? "NO" : "yes");
    /* the host writes after the creation: does a copy see them without a map? */
    fill(b, bytes, 5);
    CHECK(clEnqueueCopyBuffer(q, wrap, dev, 0, 0, bytes, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dev, CL_TRUE, 0, bytes, check, 0, NULL, NULL));
    printf("USE_HOST_PTR copy sees host writes without map: %s\n",
           memcmp(check, b, bytes) ? "NO" : "yes");
    fill(b, bytes, 6);
    t = now();
    void *m = clEnqueueMapBuffer(q, wrap, CL_TRUE, CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &err);
    CHECK(err);
    double mapped = now() - t;
    printf("USE_HOST_PTR map returns the host pointer: %s\n", m == b ? "yes" : "NO");
    t = now();
    CHECK(clEnqueueUnmapMemObject(q, wrap, m, 0, NULL, NULL));
    CHECK(clEnqueueCopyBuffer(q, wrap, dev, 0, 0, bytes, 0, NULL, NULL));
    CHECK(clFinish(q));
    printf("%-44s map %.2f ms, unmap+copy %.2f ms\n", "USE_HOST_PTR map/unmap then copy",
           mapped * 1e3, (now() - t) * 1e3);
    CHECK(clEnqueueReadBuffer(q, dev, CL_TRUE, 0, bytes, check, 0, NULL, NULL));
    printf("USE_HOST_PTR copy sees host writes after map/unmap: %s\n",
           memcmp(check, b, bytes) ? "NO" : "yes");
    /* download into the wrapped array */
    CHECK(clEnqueueWriteBuffer(q, dev, CL_TRUE, 0, bytes, a, 0, NULL, NULL));
    BEST("USE_HOST_PTR copy from device", bytes, 3, clEnqueueCopyBuffer(q, dev, wrap, 0, 0, bytes, 0, NULL, NULL));
    printf("USE_HOST_PTR copy from device seen by host without map: %s\n",
           memcmp(a, b, bytes) ? "NO" : "yes");
    m = clEnqueueMapBuffer(q, wrap, CL_TRUE, CL_MAP_READ, 0, bytes, 0, NULL, NULL, &err);
    CHECK(err);
    printf("USE_HOST_PTR copy from device seen by host after map: %s\n",
           memcmp(a, b, bytes) ? "NO" : "yes");
    CHECK(clEnqueueUnmapMemObject(q, wrap, m, 0, NULL, NULL));
    CHECK(clFinish(q));
    clReleaseMemObject(wrap);

    /* a small USE_HOST_PTR window inside a large array: the creation's cost per size */
    for (size_t w = 1 << 20; w <= bytes; w <<= 3) {
        t = now();
        cl_mem small = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, w, a, &err);
        CHECK(err);
        double made = now() - t;
        t = now();
        CHECK(clEnqueueCopyBuffer(q, small, dev, 0, 0, w, 0, NULL, NULL));
        CHECK(clFinish(q));
        double copied = now() - t;
        t = now();
        clReleaseMemObject(small);
        printf("USE_HOST_PTR %6zu MiB: create %.3f ms, copy %.3f ms (%.2f GB/s), release %.3f ms\n",
               w >> 20, made * 1e3, copied * 1e3, w / copied / 1e9, (now() - t) * 1e3);
    }

    /* cuMemHostRegister through the CUDA driver */
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW);
    if (!cuda) {
        printf("no libcuda.so.1\n");
        return 0;
    }
    cu_init_t cu_init = (cu_init_t)dlsym(cuda, "cuInit");
    cu_device_get_t cu_device_get = (cu_device_get_t)dlsym(cuda, "cuDeviceGet");
    cu_ctx_retain_t cu_retain = (cu_ctx_retain_t)dlsym(cuda, "cuDevicePrimaryCtxRetain");
    cu_ctx_set_t cu_set = (cu_ctx_set_t)dlsym(cuda, "cuCtxSetCurrent");
    cu_register_t cu_register = (cu_register_t)dlsym(cuda, "cuMemHostRegister_v2");
    cu_unregister_t cu_unregister = (cu_unregister_t)dlsym(cuda, "cuMemHostUnregister");
    int cudev = 0;
    void *cuctx = NULL;
    int r = cu_init(0);
    if (!r)
        r = cu_device_get(&cudev, 0);
    if (!r)
        r = cu_retain(&cuctx, cudev);
    if (!r)
        r = cu_set(cuctx);
    t = now();
    if (!r)
        r = cu_register(b, bytes, 1 /* PORTABLE */);
    printf("%-44s %8.2f ms (status %d)\n", "cuMemHostRegister PORTABLE", (now() - t) * 1e3, r);
    if (r)
        return 0;
    fill(b, bytes, 7);
    BEST("write from registered", bytes, 3, clEnqueueWriteBuffer(q, dev, CL_FALSE, 0, bytes, b, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dev, CL_TRUE, 0, bytes, check, 0, NULL, NULL));
    printf("write from registered right: %s\n", memcmp(check, b, bytes) ? "NO" : "yes");
    BEST("read into registered", bytes, 3, clEnqueueReadBuffer(q, dev, CL_FALSE, 0, bytes, b, 0, NULL, NULL));
    BEST("write from pageable (again)", bytes, 3, clEnqueueWriteBuffer(q, dev, CL_FALSE, 0, bytes, a, 0, NULL, NULL));
    t = now();
    r = cu_unregister(b);
    printf("%-44s %8.2f ms (status %d)\n", "cuMemHostUnregister", (now() - t) * 1e3, r);
    return 0;
}
