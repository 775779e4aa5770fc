/* A plain BLAS client, linked with -lblas like any program: multiplies random matrices through
 * dgemm_ and cblas_dgemm and checks the products against a naive loop. It prints to stdout
 * whether blasroute answered (its blasroute_identity symbol is visible) and the largest error;
 * exit status 0 when both products are right. Used to test the ways blasroute is put in front of
 * a program, and its choice of CPU BLAS. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void cblas_dgemm(int, int, int, int, int, int, double, const double *, int, const double *, int,
                 double, double *, int);

static double largest_error(int m, int n, int k, const double *a, const double *b,
                            const double *c)
{
    double worst = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double sum = 0;
            for (int l = 0; l < k; l++)
                sum += a[i + (size_t)l * m] * b[l + (size_t)j * k];
            double error = fabs(sum - c[i + (size_t)j * m]);
            if (!(error <= worst)) /* NaN counts as the worst */
                worst = isnan(error) ? INFINITY : error;
        }
    return worst;
}

int main(int argc, char **argv)
{
    int m = 67, n = 45, k = argc > 1 ? atoi(argv[1]) : 33;
    double one = 1, zero = 0;
    double *a = malloc(sizeof *a * (size_t)m * k), *b = malloc(sizeof *b * (size_t)k * n);
    double *c = malloc(sizeof *c * (size_t)m * n);
    if (!a || !b || !c)
        return 2;
    srand(12345);
    for (int i = 0; i < m * k; i++)
        a[i] = rand() / (double)RAND_MAX - 0.5;
    for (int i = 0; i < k * n; i++)
        b[i] = rand() / (double)RAND_MAX - 0.5;

    dgemm_("N", "N", &m, &n, &k, &one, a, &m, b, &k, &zero, c, &m, 1, 1);
    double fortran_error = largest_error(m, n, k, a, b, c);
    for (int i = 0; i < m * n; i++)
        c[i] = NAN;
    cblas_dgemm(102, 111, 111, m, n, k, 1.0, a, m, b, k, 0.0, c, m);
    double cblas_error = largest_error(m, n, k, a, b, c);

    printf("blasroute: %s\n", dlsym(RTLD_DEFAULT, "blasroute_identity") ? "yes" : "no");
    printf("dgemm_ error: %g\ncblas_dgemm error: %g\n", fortran_error, cblas_error);
    free(a), free(b), free(c);
    return fortran_error < 1e-12 && cblas_error < 1e-12 ? 0 : 1;
}
