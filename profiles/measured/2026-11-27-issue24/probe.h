/* What the session-14 transfer probes (hostmem.c here, pinpipe.c in ../2026-11-27-issue20-s14)
 * share: a clock, an OpenCL check that ends the probe, and a fill with a recognisable pattern. */
#ifndef PROBE_H
#define PROBE_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define CHECK(x)                                                                   \
    do {                                                                           \
        cl_int e_ = (x);                                                           \
        if (e_ != CL_SUCCESS) {                                                    \
            fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #x, (int)e_);  \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

static inline void fill(char *p, size_t bytes, uint64_t seed)
{
    uint64_t *w = (uint64_t *)p;
    for (size_t i = 0; i < bytes / 8; i++)
        w[i] = seed ^ (i * 0x9E3779B97F4A7C15ull);
}

#endif
