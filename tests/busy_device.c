/* Keeps Level-3 calls going, for the tests of what blasroute does around them:
 *   busy_device exit THREADS MICROSECONDS  opens the device with one call, starts THREADS
 *                                          threads making DGEMM calls without end, and calls
 *                                          exit(7) after MICROSECONDS (tests/exit.sh);
 *   busy_device loop SECONDS               makes DGEMM calls for SECONDS, each checked, and
 *                                          exits 0 if every result was right (tests/backoff.sh).
 * Operands are small integers, so every correct product is exact and is checked element by
 * element against a plain loop. Nothing is printed on stdout: that is the host program's. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

/* One n x n product of integer matrices; 1 if C is exactly right. */
static int product_right(int n, unsigned seed)
{
    size_t count = (size_t)n * (size_t)n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    double *c = malloc(count * sizeof *c);
    if (!a || !b || !c)
        abort();
    for (size_t i = 0; i < count; i++) {
        a[i] = (double)((seed + 7 * i) % 9) - 4;
        b[i] = (double)((seed + 5 * i) % 7) - 3;
        c[i] = 1e300; /* beta = 0: must not be read */
    }
    const double one = 1, zero = 0;
    dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
    int right = 1;
    for (int j = 0; j < n && right; j++)
        for (int i = 0; i < n && right; i++) {
            double sum = 0;
            for (int l = 0; l < n; l++)
                sum += a[i + (size_t)l * n] * b[l + (size_t)j * n];
            right = c[i + (size_t)j * n] == sum;
        }
    free(a);
    free(b);
    free(c);
    return right;
}

static void *calls_without_end(void *argument)
{
    int n = (int)(long)argument;
    for (unsigned seed = 0;; seed++)
        if (!product_right(n, seed)) {
            fprintf(stderr, "busy_device: a wrong product of order %d\n", n);
            _exit(3);
        }
    return NULL;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "exit") == 0) {
        if (!product_right(64, 1))
            return 3;
        int threads = atoi(argv[2]);
        for (int t = 0; t < threads; t++) {
            pthread_t thread;
            /* Different orders, so that exit finds the threads at different stages. */
            if (pthread_create(&thread, NULL, calls_without_end, (void *)(long)(160 + 40 * t)))
                return 4;
        }
        usleep((useconds_t)atol(argv[3]));
        exit(7);
    }
    if (argc == 3 && strcmp(argv[1], "loop") == 0) {
        double end = now() + atof(argv[2]);
        int calls = 0;
        while (now() < end) {
            if (!product_right(160, (unsigned)calls++)) {
                fprintf(stderr, "busy_device: call %d wrong\n", calls);
                return 1;
            }
        }
        return 0;
    }
    fprintf(stderr, "usage: busy_device exit THREADS MICROSECONDS | loop SECONDS\n");
    return 2;
}
