/* Issue 21/24 probe (2026-11-27): an upload path through the driver's pinning of the caller's
 * own pages. hostmem.c (profiles/measured/2026-11-27-issue24) found that the NVIDIA OpenCL
 * driver pins a CL_MEM_USE_HOST_PTR array at creation and moves it to the device with one DMA
 * at 52 GB/s on first use (no host copy), but that pinning costs about 40 ms per GiB on one
 * thread. Here: pieces of a 1 GiB pageable array,
 * each wrapped (USE_HOST_PTR), copied into a device buffer and released at once, by T threads
 * with a queue each, for piece sizes and thread counts; the same for downloads (copy into the
 * wrapper, then a map for reading, which brings the bytes to the host, and unmap); and pieces
 * that start 8 bytes past a page. Every configuration's result is checked. GB/s on stdout.
 *   gcc -O2 -Wall -std=gnu11 -o pinpipe pinpipe.c -lOpenCL -lpthread
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../2026-11-27-issue24/probe.h"

static cl_context ctx;
static cl_device_id device;
static cl_mem dev;
static char *host;
static size_t bytes, piece, skew;
static int threads, download;
static double create_s[64], release_s[64], sync_s[64];

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK(err);
    size_t pieces = (bytes - skew) / piece;
    for (size_t p = t; p < pieces; p += threads) {
        char *at = host + skew + p * piece;
        double t0 = now();
        cl_mem wrap = clCreateBuffer(
            ctx, (download ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY) | CL_MEM_USE_HOST_PTR, piece,
            at, &err);
        CHECK(err);
        double t1 = now();
        create_s[t] += t1 - t0;
        if (!download) {
            CHECK(clEnqueueCopyBuffer(q, wrap, dev, 0, p * piece, piece, 0, NULL, NULL));
            CHECK(clFlush(q));
        } else {
            CHECK(clEnqueueCopyBuffer(q, dev, wrap, p * piece, 0, piece, 0, NULL, NULL));
            void *m = clEnqueueMapBuffer(q, wrap, CL_TRUE, CL_MAP_READ, 0, piece, 0, NULL, NULL,
                                         &err);
            CHECK(err);
            CHECK(clEnqueueUnmapMemObject(q, wrap, m, 0, NULL, NULL));
            sync_s[t] += now() - t1;
        }
        double t2 = now();
        CHECK(clReleaseMemObject(wrap));
        release_s[t] += now() - t2;
    }
    CHECK(clFinish(q));
    clReleaseCommandQueue(q);
    return NULL;
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 1024;
    bytes = mib << 20;
    host = aligned_alloc(4096, bytes + 4096);
    char *check = aligned_alloc(4096, bytes + 4096);
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    for (cl_uint i = 0; i < np && !device; i++)
        if (clGetDeviceIDs(platforms[i], getenv("PINPIPE_ANY") ? CL_DEVICE_TYPE_ALL
                                                                : CL_DEVICE_TYPE_GPU,
                           1, &device, NULL) != CL_SUCCESS)
            device = NULL;
    if (!device) {
        fprintf(stderr, "no GPU\n");
        return 1;
    }
    cl_int err;
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    dev = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK(err);
    CHECK(clEnqueueFillBuffer(q, dev, "\0", 1, 0, bytes, 0, NULL, NULL));
    CHECK(clFinish(q));
    static const size_t pieces_mib[] = {4, 16, 64};
    static const int counts[] = {1, 2, 4, 8};
    printf("%-9s %6s %7s %4s %9s %11s %11s %11s %s\n", "direction", "piece", "skew", "thr",
           "GB/s", "create ms", "sync ms", "release ms", "right");
    for (int dir = 0; dir < 2; dir++)
        for (size_t pi = 0; pi < sizeof pieces_mib / sizeof *pieces_mib; pi++)
            for (size_t ti = 0; ti < sizeof counts / sizeof *counts; ti++)
                for (int sk = 0; sk < 2; sk++) {
                    if (sk && (ti != 2 || pi != 1))
                        continue; /* the skewed start: 16 MiB pieces, 4 threads */
                    download = dir, piece = pieces_mib[pi] << 20, threads = counts[ti];
                    skew = sk ? 8 : 0;
                    size_t moved = (bytes - skew) / piece * piece;
                    if (!download) {
                        fill(host, bytes + 4096, 11 + pi * 8 + ti);
                    } else {
                        fill(check, bytes, 21 + pi * 8 + ti);
                        CHECK(clEnqueueWriteBuffer(q, dev, CL_TRUE, 0, bytes, check, 0, NULL,
                                                   NULL));
                        memset(host, 0, bytes + 4096);
                    }
                    memset(create_s, 0, sizeof create_s);
                    memset(release_s, 0, sizeof release_s);
                    memset(sync_s, 0, sizeof sync_s);
                    pthread_t id[64];
                    double t0 = now();
                    for (int t = 0; t < threads; t++)
                        pthread_create(&id[t], NULL, worker, (void *)(intptr_t)t);
                    for (int t = 0; t < threads; t++)
                        pthread_join(id[t], NULL);
                    double took = now() - t0;
                    int right;
                    if (!download) {
                        CHECK(clEnqueueReadBuffer(q, dev, CL_TRUE, 0, moved, check, 0, NULL,
                                                  NULL));
                        right = memcmp(check, host + skew, moved) == 0;
                    } else {
                        right = memcmp(check, host + skew, moved) == 0;
                    }
                    double c = 0, r = 0, s = 0;
                    for (int t = 0; t < threads; t++)
                        c += create_s[t], r += release_s[t], s += sync_s[t];
                    printf("%-9s %4zuMi %7zu %4d %9.2f %11.2f %11.2f %11.2f %s\n",
                           download ? "download" : "upload", pieces_mib[pi], skew, threads,
                           moved / took / 1e9, c * 1e3, s * 1e3, r * 1e3, right ? "yes" : "NO");
                    fflush(stdout);
                }
    return 0;
}
