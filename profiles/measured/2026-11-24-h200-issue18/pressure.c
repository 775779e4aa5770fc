/* Issue 18's device-memory check, run on the GPU machine while another process holds all but
 * 2 GiB of the GPU's memory: DGEMM of order n (default 8192), `calls` times (default 3), beta 0,
 * from malloc'd arrays; each result checked at 64 places against long-double sums. Prints the
 * seconds and GFLOP/s of each call, and "wrong" for any element off by more than 1e-12
 * relative. Build: gcc -O2 -o pressure pressure.c -lblasroute */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8192, calls = argc > 2 ? atoi(argv[2]) : 3, wrong = 0;
    size_t count = (size_t)n * (size_t)n;
    double *a = malloc(count * 8), *b = malloc(count * 8), *c = malloc(count * 8);
    srand(18);
    for (size_t i = 0; i < count; i++) {
        a[i] = rand() / (double)RAND_MAX - 0.5;
        b[i] = rand() / (double)RAND_MAX - 0.5;
    }
    const double one = 1, zero = 0;
    for (int call = 0; call < calls; call++) {
        double start = now();
        dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
        double seconds = now() - start;
        for (int s = 0; s < 64; s++) {
            size_t i = (size_t)rand() % (size_t)n, j = (size_t)rand() % (size_t)n;
            long double sum = 0, size = 0;
            for (size_t l = 0; l < (size_t)n; l++) {
                sum += (long double)a[i + l * n] * b[l + j * n];
                size += fabsl((long double)a[i + l * n] * b[l + j * n]);
            }
            if (fabsl(c[i + j * n] - sum) > 1e-12L * size)
                wrong++;
        }
        printf("call %d: %.3f s, %.0f GFLOP/s, %d wrong of 64 checked\n", call + 1, seconds,
               2.0 * n * n * (double)n / seconds * 1e-9, wrong);
        fflush(stdout);
    }
    return wrong != 0;
}
