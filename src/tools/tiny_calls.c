/* tiny-calls: what blasroute adds to a call too small for any device, against calling the CPU
 * BLAS directly, in one process: dgemm_ of order 2 (and the other orders given) through
 * blasroute's exported dgemm_ and through the CPU BLAS's own, taken in turns, best of many
 * rounds, nanoseconds a call and the difference.
 *     tiny-calls [CPU_BLAS [ORDER...]]   (default: the CPU BLAS blasroute loads; order 2)
 * Not installed: a development measurement (issue 20: at most 30 ns over the CPU BLAS). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blasroute.h"

typedef void dgemm_fn(const char *, const char *, const int *, const int *, const int *,
                      const double *, const double *, const int *, const double *, const int *,
                      const double *, double *, const int *, size_t, size_t);

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Nanoseconds a call of `calls` calls of dgemm of order n through f. */
static double time_calls(dgemm_fn *f, int n, int calls, const double *a, const double *b,
                         double *c)
{
    double one = 1, zero = 0;
    double start = now();
    for (int i = 0; i < calls; i++)
        f("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
    return (now() - start) * 1e9 / calls;
}

int main(int argc, char **argv)
{
    const char *cpu_path = argc > 1 ? argv[1] : NULL;
    char loaded[4096] = "";
    if (!cpu_path) {
        /* The library blasroute itself answers with: its first call loads it. */
        double x = 1, y = 0;
        int one = 1;
        dgemm_("N", "N", &one, &one, &one, &x, &x, &one, &x, &one, &y, &y, &one, 1, 1);
        Dl_info info;
        void *any = dlsym(RTLD_DEFAULT, "openblas_get_config");
        if (any && dladdr(any, &info))
            snprintf(loaded, sizeof loaded, "%s", info.dli_fname);
        cpu_path = getenv("BLASROUTE_CPU_BLAS") ? getenv("BLASROUTE_CPU_BLAS")
                   : loaded[0]                  ? loaded
                                                : "libopenblas.so.0";
    }
    void *handle = dlopen(cpu_path, RTLD_NOW | RTLD_LOCAL);
    void *symbol = handle ? dlsym(handle, "dgemm_") : NULL;
    if (!symbol) {
        fprintf(stderr, "tiny-calls: no dgemm_ in %s\n", cpu_path);
        return 1;
    }
    dgemm_fn *direct, *ours = dgemm_;
    memcpy(&direct, &symbol, sizeof symbol);
    printf("# tiny-calls: dgemm_ through blasroute and directly through %s, ns a call, best of "
           "41 rounds of 200000 calls taken in turns\n", cpu_path);
    printf("%6s %12s %12s %12s\n", "order", "blasroute", "CPU BLAS", "difference");
    int orders[16] = {2}, count = 1;
    for (int i = 2; i < argc && count < 16; i++)
        orders[(i == 2 ? 0 : count++)] = atoi(argv[i]);
    for (int o = 0; o < count; o++) {
        int n = orders[o];
        double *m = calloc((size_t)3 * n * n, sizeof *m);
        for (int i = 0; i < 2 * n * n; i++)
            m[i] = 1.0 / (i + 1);
        double best_ours = 1e300, best_direct = 1e300;
        for (int round = 0; round < 41; round++) {
            double t_ours = time_calls(ours, n, 200000, m, m + n * n, m + 2 * n * n);
            double t_direct = time_calls(direct, n, 200000, m, m + n * n, m + 2 * n * n);
            best_ours = t_ours < best_ours ? t_ours : best_ours;
            best_direct = t_direct < best_direct ? t_direct : best_direct;
        }
        printf("%6d %12.1f %12.1f %12.1f\n", n, best_ours, best_direct, best_ours - best_direct);
        free(m);
    }
    return 0;
}
