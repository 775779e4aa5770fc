/* lapack-stream: a real call stream for the router, an unmodified reference-LAPACK program:
 * dgetrf and dpotrf of order N (LAPACK blocks them itself and calls dgemm_, dtrsm_, dsyrk_ ...
 * through the BLAS names), timed, each factorization checked on sampled entries.
 *     lapack-stream N [getrf|potrf|both]
 * Linked with -llapack (the reference, whose BLAS calls blasroute answers when preloaded).
 * Not installed: a development measurement (issue 20's workload suite). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgetrf_(const int *, const int *, double *, const int *, int *, int *);
void dpotrf_(const char *, const int *, double *, const int *, int *, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096, info = 0, wrong = 0;
    const char *which = argc > 2 ? argv[2] : "both";
    size_t nn = (size_t)n * n;
    double *a = malloc(nn * sizeof *a), *orig = malloc(nn * sizeof *orig);
    int *ipiv = malloc((size_t)n * sizeof *ipiv);
    if (!a || !orig || !ipiv || n < 1)
        return 2;
    srand(11);
    if (strcmp(which, "potrf") != 0) {
        for (size_t i = 0; i < nn; i++)
            orig[i] = rand() / (double)RAND_MAX - 0.5;
        memcpy(a, orig, nn * sizeof *a);
        double t = now();
        dgetrf_(&n, &n, a, &n, ipiv, &info);
        t = now() - t;
        /* Row p(i) of A against row i of L U, at 16 sampled entries. */
        int *perm = malloc((size_t)n * sizeof *perm);
        for (int i = 0; i < n; i++)
            perm[i] = i;
        for (int i = 0; i < n; i++) {
            int r = ipiv[i] - 1, x = perm[i];
            perm[i] = perm[r], perm[r] = x;
        }
        for (int s = 0; s < 16; s++) {
            int i = rand() % n, j = rand() % n;
            long double sum = 0;
            for (int l = 0; l <= (i < j ? i : j); l++)
                sum += (long double)(l == i ? 1 : a[i + (size_t)l * n]) * a[l + (size_t)j * n];
            if (!(fabsl(sum - orig[perm[i] + (size_t)j * n]) <= 1e-9L * n))
                wrong++;
        }
        free(perm);
        printf("dgetrf %d %.3f s  %.1f GFLOP/s  info %d\n", n, t, 2.0 / 3 * n * n * (double)n / t * 1e-9, info);
    }
    if (strcmp(which, "getrf") != 0) {
        /* A diagonally dominant symmetric matrix: positive definite. */
        for (int j = 0; j < n; j++)
            for (int i = 0; i <= j; i++)
                orig[i + (size_t)j * n] = orig[j + (size_t)i * n] =
                    i == j ? n : rand() / (double)RAND_MAX - 0.5;
        memcpy(a, orig, nn * sizeof *a);
        double t = now();
        dpotrf_("L", &n, a, &n, &info, 1);
        t = now() - t;
        for (int s = 0; s < 16; s++) {
            int i = rand() % n, j = rand() % n;
            if (j > i)
                j = i;
            long double sum = 0;
            for (int l = 0; l <= j; l++)
                sum += (long double)a[i + (size_t)l * n] * a[j + (size_t)l * n];
            if (!(fabsl(sum - orig[i + (size_t)j * n]) <= 1e-9L * n))
                wrong++;
        }
        printf("dpotrf %d %.3f s  %.1f GFLOP/s  info %d\n", n, t, 1.0 / 3 * n * n * (double)n / t * 1e-9, info);
    }
    printf("%s\n", wrong ? "WRONG" : "right");
    free(a), free(orig), free(ipiv);
    return wrong ? 1 : 0;
}
