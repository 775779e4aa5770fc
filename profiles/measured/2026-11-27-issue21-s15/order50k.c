/* Issue 21, Done-when 4: a double-precision routine of order N (50,000) through blasroute's
 * Fortran entry point, larger than the device memory cap the run sets (BLASROUTE_DEVICE_MEMORY),
 * checked against the CPU BLAS on sampled columns.
 *
 *   order50k BLASROUTE_LIB CPU_BLAS_LIB ROUTINE N [SAMPLES]
 *
 * ROUTINE: dgemm (NN), dsyrk (UN), dtrsm (LUNN) or dsymm (LU); alpha 1.1, beta 0.5. Operands
 * random in [-1, 1) (dtrsm's A: diagonal 2N +- 1/2, well conditioned), filled on every core.
 * Sampled column j of the result is recomputed by the CPU BLAS's dgemv_/dsymv_ (dtrsm: the
 * residual A x - alpha b by dtrmv_) and compared normwise: err / (eps * scale) where scale is
 * |alpha| max|A| sum|b| + |beta| max|c| (dtrsm: max|A| sum|x| + |alpha| max|b|); a column is
 * right when that is below the inner length (the worst-case rounding bound). Prints one line
 * per column and "ROUTINE N seconds GFLOP/s right|WRONG"; exit 0 only when every column is
 * right. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef void gemm_f(const char *, const char *, const int *, const int *, const int *,
                    const double *, const double *, const int *, const double *, const int *,
                    const double *, double *, const int *, size_t, size_t);
typedef void syrk_f(const char *, const char *, const int *, const int *, const double *,
                    const double *, const int *, const double *, double *, const int *, size_t,
                    size_t);
typedef void symm_f(const char *, const char *, const int *, const int *, const double *,
                    const double *, const int *, const double *, const int *, const double *,
                    double *, const int *, size_t, size_t);
typedef void trsm_f(const char *, const char *, const char *, const char *, const int *,
                    const int *, const double *, const double *, const int *, double *,
                    const int *, size_t, size_t, size_t, size_t);
typedef void gemv_f(const char *, const int *, const int *, const double *, const double *,
                    const int *, const double *, const int *, const double *, double *,
                    const int *, size_t);
typedef void symv_f(const char *, const int *, const double *, const double *, const int *,
                    const double *, const int *, const double *, double *, const int *, size_t);
typedef void trmv_f(const char *, const char *, const char *, const int *, const double *,
                    const int *, double *, const int *, size_t, size_t, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double unit(uint64_t seed, size_t i)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-52 - 1.0;
}

struct fill_job { double *x; size_t from, to; uint64_t seed; };

static void *fill_part(void *argument)
{
    struct fill_job *j = argument;
    for (size_t i = j->from; i < j->to; i++)
        j->x[i] = unit(j->seed, i);
    return NULL;
}

static void fill(double *x, size_t count, uint64_t seed)
{
    enum { MAX_THREADS = 64 };
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    pthread_t t[MAX_THREADS];
    struct fill_job jobs[MAX_THREADS];
    for (long i = 0; i < threads; i++) {
        jobs[i] = (struct fill_job){x, count * i / threads, count * (i + 1) / threads, seed};
        pthread_create(&t[i], NULL, fill_part, &jobs[i]);
    }
    for (long i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
}

static double max_abs(const double *x, size_t count)
{
    double m = 0;
    for (size_t i = 0; i < count; i++)
        m = fabs(x[i]) > m ? fabs(x[i]) : m;
    return m;
}

static void *symbol(void *library, const char *name)
{
    void *f = dlsym(library, name);
    if (!f) {
        fprintf(stderr, "order50k: %s not found\n", name);
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: order50k BLASROUTE_LIB CPU_BLAS_LIB ROUTINE N [SAMPLES]\n");
        return 2;
    }
    void *br = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    void *cpu = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
    if (!br || !cpu) {
        fprintf(stderr, "order50k: %s\n", dlerror());
        return 2;
    }
    const char *routine = argv[3];
    int n = atoi(argv[4]), samples = argc > 5 ? atoi(argv[5]) : 4, one = 1;
    size_t nn = (size_t)n * (size_t)n;
    double alpha = 1.1, beta = 0.5;
    int gemm = !strcmp(routine, "dgemm"), syrk = !strcmp(routine, "dsyrk");
    int trsm = !strcmp(routine, "dtrsm"), symm = !strcmp(routine, "dsymm");
    if (!(gemm || syrk || trsm || symm) || n < 1) {
        fprintf(stderr, "order50k: ROUTINE is dgemm, dsyrk, dtrsm or dsymm, N at least 1\n");
        return 2;
    }
    double *a = malloc(nn * sizeof *a), *b = syrk ? NULL : malloc(nn * sizeof *b);
    double *c = trsm ? NULL : malloc(nn * sizeof *c);
    if (!a || (!syrk && !b) || (!trsm && !c)) {
        fprintf(stderr, "order50k: out of memory\n");
        return 2;
    }
    double start = now();
    fill(a, nn, 1);
    if (b) fill(b, nn, 2);
    if (c) fill(c, nn, 3);
    if (trsm)
        for (size_t i = 0; i < (size_t)n; i++)
            a[i * ((size_t)n + 1)] = 2.0 * n + unit(4, i) / 2;
    /* The sampled columns' inputs, kept before the call overwrites them. */
    int *cols = malloc((size_t)samples * sizeof *cols);
    double *kept = malloc((size_t)samples * (size_t)n * sizeof *kept);
    double *out = trsm ? b : c;
    for (int s = 0; s < samples; s++) {
        cols[s] = samples > 1 ? (int)((long)(n - 1) * s / (samples - 1)) : 0;
        memcpy(kept + (size_t)s * n, out + (size_t)cols[s] * n, (size_t)n * sizeof *kept);
    }
    double max_a = max_abs(a, nn);
    fprintf(stderr, "order50k: %s %d, operands filled in %.1f s\n", routine, n, now() - start);

    start = now();
    if (gemm)
        ((gemm_f *)symbol(br, "dgemm_"))("N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n,
                                        1, 1);
    else if (syrk)
        ((syrk_f *)symbol(br, "dsyrk_"))("U", "N", &n, &n, &alpha, a, &n, &beta, c, &n, 1, 1);
    else if (symm)
        ((symm_f *)symbol(br, "dsymm_"))("L", "U", &n, &n, &alpha, a, &n, b, &n, &beta, c, &n,
                                        1, 1);
    else
        ((trsm_f *)symbol(br, "dtrsm_"))("L", "U", "N", "N", &n, &n, &alpha, a, &n, b, &n, 1, 1,
                                        1, 1);
    double seconds = now() - start;
#ifdef BREAK
    out[(size_t)(n - 1) * n + 3] += 1e-9;
#endif
    double flops = gemm ? 2.0 * n * (double)n * n : syrk ? (double)n * (n + 1.0) * n
                 : symm ? 2.0 * n * (double)n * n : (double)n * n * (double)n;

    gemv_f *gemv = symbol(cpu, "dgemv_");
    double *expected = malloc((size_t)n * sizeof *expected);
    int right = 1;
    for (int s = 0; s < samples; s++) {
        int j = cols[s];
        double *got = out + (size_t)j * n, *input = kept + (size_t)s * n, scale;
        double error = 0;
        int rows = syrk ? j + 1 : n;
        if (trsm) { /* residual A x - alpha b over the upper triangle */
            memcpy(expected, got, (size_t)n * sizeof *expected);
            ((trmv_f *)symbol(cpu, "dtrmv_"))("U", "N", "N", &n, a, &n, expected, &one, 1, 1, 1);
            double sum_x = 0;
            for (int i = 0; i < n; i++) {
                sum_x += fabs(got[i]);
                double r = fabs(expected[i] - alpha * input[i]);
                error = r > error ? r : error;
            }
            scale = max_a * sum_x + alpha * max_abs(input, (size_t)n);
        } else {
            memcpy(expected, input, (size_t)n * sizeof *expected);
            double sum = 0;
            if (gemm) {
                gemv(&"N"[0], &n, &n, &alpha, a, &n, b + (size_t)j * n, &one, &beta, expected,
                     &one, 1);
                sum = 0;
                for (int i = 0; i < n; i++) sum += fabs(b[(size_t)j * n + i]);
                scale = alpha * max_a * sum;
            } else if (symm) {
                ((symv_f *)symbol(cpu, "dsymv_"))("U", &n, &alpha, a, &n, b + (size_t)j * n,
                                                  &one, &beta, expected, &one, 1);
                for (int i = 0; i < n; i++) sum += fabs(b[(size_t)j * n + i]);
                scale = alpha * max_a * sum;
            } else { /* C(:, j) = alpha A A(j, :)' + beta C(:, j), rows 0..j */
                gemv(&"N"[0], &n, &n, &alpha, a, &n, a + j, &n, &beta, expected, &one, 1);
                for (int i = 0; i < n; i++) sum += fabs(a[j + (size_t)i * n]);
                scale = alpha * max_a * sum;
            }
            scale += beta * max_abs(input, (size_t)n);
            for (int i = 0; i < rows; i++) {
                double r = fabs(got[i] - expected[i]);
                error = r > error || isnan(r) ? r : error;
            }
        }
        double ratio = error / (DBL_EPSILON * scale);
        int ok = ratio < n; /* the worst-case bound for inner length n */
        right &= ok;
        printf("  column %d: error %.3g = %.3g eps*scale (%s)\n", j, error, ratio,
               ok ? "right" : "WRONG");
    }
    printf("%s %d %.2f s %.0f GFLOP/s %s\n", routine, n, seconds, flops / seconds / 1e9,
           right ? "right" : "WRONG");
    return right ? 0 : 1;
}
