/*
 * first_call.c - the first BLAS call of a process and its exit (tests/first_call.sh). Prints
 * how long its first dgemm_ (a product of order 8 of fresh random matrices) took, checks that
 * product against a naive loop, then starts THREADS threads that multiply small matrices
 * through dgemm_ in a loop, each checking its products, and calls exit(7) from the main thread
 * after DELAY microseconds, while they run. A wrong product prints "wrong" and exits 1.
 *     first_call THREADS DELAY
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

enum { N = 8 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One product of order N of random matrices (seeded by *seed), checked; 0 if right. */
static int product(unsigned *seed, double *seconds)
{
    double a[N * N], b[N * N], c[N * N];
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)rand_r(seed) / RAND_MAX - 0.5;
        b[i] = (double)rand_r(seed) / RAND_MAX - 0.5;
        c[i] = NAN; /* beta = 0: never read */
    }
    const int n = N;
    const double one = 1, zero = 0;
    double start = now();
    dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
    if (seconds)
        *seconds = now() - start;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            double sum = 0;
            for (int l = 0; l < N; l++)
                sum += a[i + l * N] * b[l + j * N];
            if (!(fabs(sum - c[i + j * N]) <= 1e-12))
                return 1;
        }
    return 0;
}

static void *products(void *arg)
{
    unsigned seed = (unsigned)(size_t)arg;
    for (;;)
        if (product(&seed, NULL) != 0) {
            printf("wrong\n");
            fflush(stdout);
            _exit(1);
        }
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 0;
    long delay = argc > 2 ? atol(argv[2]) : 0;
    unsigned seed = (unsigned)time(NULL) ^ (unsigned)getpid();
    double seconds;
    if (product(&seed, &seconds) != 0) {
        printf("wrong\n");
        return 1;
    }
    printf("first %.6f\n", seconds);
    fflush(stdout);
    for (int i = 0; i < threads; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, products, (void *)(size_t)(seed + 1 + (unsigned)i)) != 0)
            return 1;
    }
    usleep((useconds_t)delay);
    exit(7);
}
