/* first-weighed: what the first device-sized call of a process costs beyond the CPU BLAS's
 * own time: 200 small dgemm_ calls (order 8), then dgemm_(N, N, 64) CALLS times in a row,
 * printing each call's microseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 960, calls = argc > 2 ? atoi(argv[2]) : 6, k = 64, s = 8;
    double *a = malloc(sizeof(double) * n * k), *b = malloc(sizeof(double) * n * k), *c = malloc(sizeof(double) * n * n);
    for (long i = 0; i < (long)n * k; i++) a[i] = b[i] = 1.0 / (1 + i % 7);
    for (long i = 0; i < (long)n * n; i++) c[i] = 0;
    double one = 1, minus = -1;
    for (int i = 0; i < 200; i++) dgemm_("N", "N", &s, &s, &s, &one, a, &s, b, &s, &one, c, &s, 1, 1);
    for (int i = 0; i < calls; i++) {
        double t = now();
        dgemm_("N", "N", &n, &n, &k, &minus, a, &n, b, &k, &one, c, &n, 1, 1);
        printf("%.0f ", (now() - t) * 1e6);
    }
    printf("\n");
    return 0;
}
