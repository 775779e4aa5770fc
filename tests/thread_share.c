/* A client of tests/cpu_threads.sh: with OpenBLAS as blasroute's CPU BLAS (the same library,
 * opened here by its soname, libopenblas.so.0), device mode for GEMM only, it prints OpenBLAS's
 * thread count at each step of a program that alternates device products and CPU calls:
 *   before        the count the program set (its first argument)
 *   after_device  after a dgemm_ on the device
 *   cpu_at_once   after a dsyrk_ (on the CPU BLAS) made at once after it
 *   cpu_later     after a dsyrk_ made 0.4 s after the last device call (longer than it took)
 *   again         after another dgemm_ on the device
 *   program_own   the program sets its own count (its second argument) while it is lowered,
 *                 then calls dsyrk_ 0.4 s later
 *   child         in a child forked after a device call, after a dsyrk_ there
 * With a third argument, "kinds" (auto mode, a profile that sends dgemm 160 to the device and
 * dgemm 16 to the CPU), instead:
 *   other_kind    after a dsyrk_ made at once after a dgemm_ on the device
 *   same_kind     after a dgemm_ 16 (on the CPU BLAS) made at once after another dgemm_ on the
 *                 device: the products have moved to the CPU
 * Every product is checked against a naive loop; exit status 0 only if all are right. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, double *, const int *, size_t, size_t);

static int (*get_threads)(void);
static void (*set_threads)(int);
static int wrong;

static void random_fill(double *x, size_t count)
{
    for (size_t i = 0; i < count; i++)
        x[i] = (double)rand() / RAND_MAX - 0.5;
}

/* C = A * B (n x n) on the device; checked by check_product, so that the program's next
 * BLAS call can come at once after it, as a factorization's would. */
static double *a, *b, *c;

static void product(int n)
{
    double one = 1, zero = 0;
    a = malloc(sizeof(double) * n * n), b = malloc(sizeof(double) * n * n);
    c = malloc(sizeof(double) * n * n);
    random_fill(a, (size_t)n * n), random_fill(b, (size_t)n * n);
    dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
}

/* Whether z = x * y (n x n), against a naive loop. */
static int right_product(const double *x, const double *y, const double *z, int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int l = 0; l < n; l++)
                sum += x[i + (size_t)l * n] * y[l + (size_t)j * n];
            if (!(fabs(sum - z[i + (size_t)j * n]) <= 1e-12 * n))
                return 0;
        }
    return 1;
}

static void check_product(int n)
{
    if (!right_product(a, b, c, n))
        wrong = 1;
    free(a), free(b), free(c);
}

/* The lower triangle of C = A * A^T (n x k) on the CPU BLAS, checked; returns OpenBLAS's
 * thread count as it was right after the call. */
static int rank_update(int n, int k)
{
    double *x = malloc(sizeof(double) * n * k), *y = malloc(sizeof(double) * n * n);
    double one = 1, zero = 0;
    random_fill(x, (size_t)n * k);
    dsyrk_("L", "N", &n, &k, &one, x, &n, &zero, y, &n, 1, 1);
    int threads = get_threads();
    for (int j = 0; j < n; j++)
        for (int i = j; i < n; i++) {
            double sum = 0;
            for (int l = 0; l < k; l++)
                sum += x[i + (size_t)l * n] * x[j + (size_t)l * n];
            if (!(fabs(sum - y[i + (size_t)j * n]) <= 1e-12 * k))
                wrong = 1;
        }
    free(x), free(y);
    return threads;
}

/* C = A * B (n x n) at once after a device product, checked; returns OpenBLAS's thread count
 * as it was right after the call. */
static int small_product(int n)
{
    double *x = malloc(sizeof(double) * n * n), *y = malloc(sizeof(double) * n * n);
    double *z = malloc(sizeof(double) * n * n), one = 1, zero = 0;
    random_fill(x, (size_t)n * n), random_fill(y, (size_t)n * n);
    dgemm_("N", "N", &n, &n, &n, &one, x, &n, y, &n, &zero, z, &n, 1, 1);
    int threads = get_threads();
    if (!right_product(x, y, z, n))
        wrong = 1;
    free(x), free(y), free(z);
    return threads;
}

static int kinds(void)
{
    product(160);
    int other = rank_update(96, 32);
    check_product(160);
    product(160);
    int same = small_product(16);
    check_product(160);
    printf("other_kind=%d\nsame_kind=%d\n", other, same);
    return wrong;
}

int main(int argc, char **argv)
{
    if (argc != 3 && !(argc == 4 && strcmp(argv[3], "kinds") == 0))
        return 2;
    void *openblas = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    get_threads = openblas ? (int (*)(void))dlsym(openblas, "openblas_get_num_threads") : NULL;
    set_threads = openblas ? (void (*)(int))dlsym(openblas, "openblas_set_num_threads") : NULL;
    if (!get_threads || !set_threads) {
        fprintf(stderr, "no OpenBLAS with a settable thread count\n");
        return 77;
    }
    set_threads(atoi(argv[1]));
    printf("before=%d\n", get_threads());
    if (argc == 4)
        return kinds();
    product(160);
    int after_device = get_threads();
    int at_once = rank_update(96, 32);
    check_product(160);
    printf("after_device=%d\ncpu_at_once=%d\n", after_device, at_once);
    usleep(400 * 1000);
    printf("cpu_later=%d\n", rank_update(96, 32));
    product(160);
    printf("again=%d\n", get_threads());
    check_product(160);
    set_threads(atoi(argv[2]));
    usleep(400 * 1000);
    printf("program_own=%d\n", rank_update(96, 32));
    product(160);
    check_product(160);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        printf("child=%d\n", rank_update(96, 32));
        return wrong;
    }
    int status = 1;
    if (child < 0 || waitpid(child, &status, 0) != child || status != 0)
        wrong = 1;
    return wrong;
}
