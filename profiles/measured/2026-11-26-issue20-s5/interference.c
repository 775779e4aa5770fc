/* Issue 20, session 5: what opening the device and building its program do to the CPU BLAS's
 * calls made meanwhile on other threads (a cold dgeqrf 8192 in auto mode spent 0.41 s on one
 * CPU dgemm of 6880 x 6880 x 32, 0.027 s otherwise, right after the device opened).
 *
 *     interference SECONDS M N K OPEN_AT BUILD_AT [nice]
 *
 * One thread calls the CPU BLAS's dgemm_ (BLASROUTE_CPU_BLAS, dlopened) on M x K by K x N for
 * SECONDS; the main thread opens the devices (br_engine_count) at OPEN_AT seconds and builds the
 * first one's double-precision program (br_engine_build) at BUILD_AT, at nice 19 with "nice".
 * Prints when each happened and every call longer than twice the median, with the median and
 * the sum of the excess. Built against libblasroute_core (the engine's own opening and build):
 *   gcc -O2 -std=c11 -D_GNU_SOURCE -Isrc -I. -DCL_TARGET_OPENCL_VERSION=120 \
 *     profiles/measured/2026-11-26-issue20-s5/interference.c .libs/libblasroute_core.a \
 *     -lOpenCL -ldl -lm -lpthread -o .dev/bin/interference */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"

typedef void dgemm_fn(const char *, const char *, const int *, const int *, const int *,
                      const double *, const double *, const int *, const double *, const int *,
                      const double *, double *, const int *, size_t, size_t);
static dgemm_fn *dgemm;
static int m, n, k;
static double seconds, *a, *b, *c;
static double starts[100000], took[100000];
static int calls;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static double t0;

static void *caller(void *unused)
{
    (void)unused;
    double one = 1, minus = -1;
    while (now() - t0 < seconds && calls < 100000) {
        double s = now();
        dgemm("N", "N", &m, &n, &k, &minus, a, &m, b, &k, &one, c, &m, 1, 1);
        starts[calls] = s - t0;
        took[calls++] = now() - s;
        usleep(2000); /* a LAPACK panel's CPU work between products */
    }
    return NULL;
}

static int by_value(const void *x, const void *y)
{
    double d = *(const double *)x - *(const double *)y;
    return d < 0 ? -1 : d > 0;
}

int main(int argc, char **argv)
{
    if (argc < 7)
        return 2;
    seconds = atof(argv[1]), m = atoi(argv[2]), n = atoi(argv[3]), k = atoi(argv[4]);
    double open_at = atof(argv[5]), build_at = atof(argv[6]);
    int niced = argc > 7;
    void *blas = dlopen(getenv("BLASROUTE_CPU_BLAS"), RTLD_NOW | RTLD_LOCAL);
    dgemm = blas ? (dgemm_fn *)dlsym(blas, "dgemm_") : NULL;
    if (!dgemm)
        return 3;
    a = calloc((size_t)m * k, 8), b = calloc((size_t)k * n, 8), c = calloc((size_t)m * n, 8);
    for (size_t i = 0; i < (size_t)m * k; i++) a[i] = 1e-3 * (double)(i % 97);
    for (size_t i = 0; i < (size_t)k * n; i++) b[i] = 1e-3 * (double)(i % 89);
    double one = 1;
    dgemm("N", "N", &m, &n, &k, &one, a, &m, b, &k, &one, c, &m, 1, 1); /* pages, threads */
    pthread_t t;
    t0 = now();
    pthread_create(&t, NULL, caller, NULL);
    if (niced)
        setpriority(PRIO_PROCESS, 0, 19); /* this thread alone (Linux: per thread) */
    while (now() - t0 < open_at) usleep(1000);
    double o0 = now() - t0;
    int found = br_engine_count();
    double o1 = now() - t0;
    while (now() - t0 < build_at) usleep(1000);
    double b0 = now() - t0;
    int built = found > 0 && br_engine_build(0, BR_D);
    double b1 = now() - t0;
    pthread_join(t, NULL);
    printf("open %.3f-%.3f s (%d devices), build %.3f-%.3f s (%s)%s\n", o0, o1, found, b0, b1,
           built ? "built" : "not built", niced ? ", at nice 19" : "");
    double *sorted = malloc(sizeof *sorted * (size_t)calls), excess = 0;
    for (int i = 0; i < calls; i++) sorted[i] = took[i];
    qsort(sorted, (size_t)calls, sizeof *sorted, by_value);
    double median = sorted[calls / 2];
    for (int i = 0; i < calls; i++)
        if (took[i] > 2 * median) {
            excess += took[i] - median;
            printf("  call at %.3f s took %.1f ms\n", starts[i], took[i] * 1e3);
        }
    printf("%d calls, median %.1f ms, excess over the median %.3f s\n", calls, median * 1e3,
           excess);
    return 0;
}
