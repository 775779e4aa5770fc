/* lapack-stream: real call streams for the router, from an unmodified reference-LAPACK program.
 * LAPACK blocks each routine itself and calls dgemm_, dtrsm_, dsyrk_, dsymv_ ... through the
 * BLAS names, which blasroute answers when preloaded.
 *
 *     lapack-stream N ROUTINE...     ROUTINE: getrf potrf geqrf syevd gesv (or all)
 *
 * Each routine runs once on fresh random data of order N (gesv: N/4 right-hand sides), is
 * timed, and is checked on sampled entries in long double; one line each:
 *     dgetrf 4096 1.234 s right
 * and exit status 1 if any was wrong. Linked with -llapack. Not installed: the programs of the
 * workload suite (scripts/workload). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgetrf_(const int *, const int *, double *, const int *, int *, int *);
void dpotrf_(const char *, const int *, double *, const int *, int *, size_t);
void dgeqrf_(const int *, const int *, double *, const int *, double *, double *, const int *,
             int *);
void dsyevd_(const char *, const char *, const int *, double *, const int *, double *, double *,
             const int *, int *, const int *, int *, size_t, size_t);
void dgesv_(const int *, const int *, double *, const int *, int *, double *, const int *, int *);

enum { SAMPLES = 16 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double uniform(void)
{
    return rand() / (double)RAND_MAX - 0.5;
}

/* A symmetric matrix, diagonally dominant when `dominant` (then positive definite). */
static void symmetric(double *a, int n, int dominant)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++)
            a[i + (size_t)j * n] = a[j + (size_t)i * n] = i == j && dominant ? n : uniform();
}

/* Row perm(i) of A against row i of L U. */
static int check_getrf(const double *orig, const double *a, const int *ipiv, int n)
{
    int *perm = malloc((size_t)n * sizeof *perm), wrong = 0;
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = 0; i < n; i++) {
        int r = ipiv[i] - 1, x = perm[i];
        perm[i] = perm[r], perm[r] = x;
    }
    for (int s = 0; s < SAMPLES; s++) {
        int i = rand() % n, j = rand() % n;
        long double sum = 0;
        for (int l = 0; l <= (i < j ? i : j); l++)
            sum += (long double)(l == i ? 1 : a[i + (size_t)l * n]) * a[l + (size_t)j * n];
        wrong += !(fabsl(sum - orig[perm[i] + (size_t)j * n]) <= 1e-9L * n);
    }
    free(perm);
    return wrong;
}

/* Entry (i, j) of L L^T against A. */
static int check_potrf(const double *orig, const double *a, int n)
{
    int wrong = 0;
    for (int s = 0; s < SAMPLES; s++) {
        int i = rand() % n, j = rand() % n;
        if (j > i)
            j = i;
        long double sum = 0;
        for (int l = 0; l <= j; l++)
            sum += (long double)a[i + (size_t)l * n] * a[j + (size_t)l * n];
        wrong += !(fabsl(sum - orig[i + (size_t)j * n]) <= 1e-9L * n);
    }
    return wrong;
}

/* Q is orthogonal, so column j of A and column j of R have the same length. */
static int check_geqrf(const double *orig, const double *a, int n)
{
    int wrong = 0;
    for (int s = 0; s < SAMPLES; s++) {
        int j = rand() % n;
        long double ca = 0, cr = 0;
        for (int i = 0; i < n; i++)
            ca += (long double)orig[i + (size_t)j * n] * orig[i + (size_t)j * n];
        for (int i = 0; i <= j; i++)
            cr += (long double)a[i + (size_t)j * n] * a[i + (size_t)j * n];
        wrong += !(fabsl(sqrtl(ca) - sqrtl(cr)) <= 1e-10L * n * sqrtl(ca));
    }
    return wrong;
}

/* A v = lambda v for sampled eigenpairs, and the eigenvalues in ascending order. */
static int check_syevd(const double *orig, const double *v, const double *w, int n)
{
    int wrong = 0;
    for (int i = 1; i < n; i++)
        wrong += !(w[i - 1] <= w[i]);
    for (int s = 0; s < 4; s++) {
        int j = rand() % n;
        long double worst = 0;
        for (int i = 0; i < n; i++) {
            long double sum = -(long double)w[j] * v[i + (size_t)j * n];
            for (int l = 0; l < n; l++)
                sum += (long double)orig[i + (size_t)l * n] * v[l + (size_t)j * n];
            worst = fmaxl(worst, fabsl(sum));
        }
        wrong += !(worst <= 1e-11L * n * n); /* |A| is about n/2; v has unit length */
    }
    return wrong;
}

/* Sampled rows of A X against B. */
static int check_gesv(const double *orig, const double *x, const double *b, int n, int nrhs)
{
    int wrong = 0;
    for (int s = 0; s < SAMPLES; s++) {
        int i = rand() % n, j = rand() % nrhs;
        long double sum = 0, scale = 0;
        for (int l = 0; l < n; l++) {
            long double t = (long double)orig[i + (size_t)l * n] * x[l + (size_t)j * n];
            sum += t;
            scale += fabsl(t);
        }
        wrong += !(fabsl(sum - b[i + (size_t)j * n]) <= 1e-12L * n * (scale + 1));
    }
    return wrong;
}

/* Runs one routine on fresh data; its seconds, and the wrong samples in *wrong. */
static double run(const char *routine, int n, double *orig, double *a, double *b, double *c,
                  int *ipiv, int *wrong)
{
    size_t nn = (size_t)n * n;
    int info = 0, nrhs = n / 4 > 0 ? n / 4 : 1;
    double t = 0;
    if (!strcmp(routine, "getrf")) {
        for (size_t i = 0; i < nn; i++)
            orig[i] = uniform();
        memcpy(a, orig, nn * sizeof *a);
        t = now();
        dgetrf_(&n, &n, a, &n, ipiv, &info);
        t = now() - t;
        *wrong = check_getrf(orig, a, ipiv, n);
    } else if (!strcmp(routine, "potrf")) {
        symmetric(orig, n, 1);
        memcpy(a, orig, nn * sizeof *a);
        t = now();
        dpotrf_("L", &n, a, &n, &info, 1);
        t = now() - t;
        *wrong = check_potrf(orig, a, n);
    } else if (!strcmp(routine, "geqrf")) {
        for (size_t i = 0; i < nn; i++)
            orig[i] = uniform();
        memcpy(a, orig, nn * sizeof *a);
        double query;
        int lwork = -1;
        dgeqrf_(&n, &n, a, &n, b, &query, &lwork, &info);
        lwork = (int)query;
        double *work = malloc((size_t)lwork * sizeof *work);
        t = now();
        dgeqrf_(&n, &n, a, &n, b, work, &lwork, &info);
        t = now() - t;
        free(work);
        *wrong = check_geqrf(orig, a, n);
    } else if (!strcmp(routine, "syevd")) {
        symmetric(orig, n, 0);
        memcpy(a, orig, nn * sizeof *a);
        double query;
        int lwork = -1, liwork = -1, iquery;
        dsyevd_("V", "L", &n, a, &n, b, &query, &lwork, &iquery, &liwork, &info, 1, 1);
        lwork = (int)query, liwork = iquery;
        double *work = malloc((size_t)lwork * sizeof *work);
        int *iwork = malloc((size_t)liwork * sizeof *iwork);
        t = now();
        dsyevd_("V", "L", &n, a, &n, b, work, &lwork, iwork, &liwork, &info, 1, 1);
        t = now() - t;
        free(work), free(iwork);
        *wrong = check_syevd(orig, a, b, n);
    } else if (!strcmp(routine, "gesv")) {
        for (size_t i = 0; i < nn; i++)
            orig[i] = uniform();
        memcpy(a, orig, nn * sizeof *a);
        for (size_t i = 0; i < (size_t)n * nrhs; i++)
            b[i] = c[i] = uniform();
        t = now();
        dgesv_(&n, &nrhs, a, &n, ipiv, c, &n, &info);
        t = now() - t;
        *wrong = check_gesv(orig, c, b, n, nrhs);
    } else {
        return -1;
    }
    *wrong += info != 0;
    return t;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 0, failed = 0;
    if (n < 1 || argc < 3) {
        fprintf(stderr, "usage: lapack-stream N getrf|potrf|geqrf|syevd|gesv|all...\n");
        return 2;
    }
    size_t nn = (size_t)n * n;
    double *orig = malloc(nn * sizeof *orig), *a = malloc(nn * sizeof *a);
    double *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
    int *ipiv = malloc((size_t)n * sizeof *ipiv);
    if (!orig || !a || !b || !c || !ipiv)
        return 2;
    srand(11);
    static const char *const all[] = {"getrf", "potrf", "geqrf", "syevd", "gesv"};
    for (int arg = 2; arg < argc; arg++) {
        int every = !strcmp(argv[arg], "all");
        for (int r = 0; r < (every ? 5 : 1); r++) {
            const char *routine = every ? all[r] : argv[arg];
            int wrong = 0;
            double t = run(routine, n, orig, a, b, c, ipiv, &wrong);
            if (t < 0) {
                fprintf(stderr, "lapack-stream: no routine %s\n", routine);
                return 2;
            }
            printf("d%s %d %.4f s %s\n", routine, n, t, wrong ? "WRONG" : "right");
            fflush(stdout);
            failed |= wrong != 0;
        }
    }
    free(orig), free(a), free(b), free(c), free(ipiv);
    return failed;
}
