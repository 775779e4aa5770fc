/* A plain BLAS client making the same call again and again, as a program's loop does:
 *
 *     repeat_dgemm CALLS M N K [PAUSE_MS [SMALL [BURST]]]
 *
 * CALLS dgemm_ products of M x K by K x N on fresh random data (linked with -lblas), every one
 * checked against a naive product in long double (every column up to N = 256, 32 columns
 * spread over the others above), in bursts of BURST back to back (default 1)
 * PAUSE_MS milliseconds apart (default 0); with SMALL 1, a 4 x 4 dsyrk_ (checked too) right
 * before each burst after a pause; exit status 0 when all are right. Used by tests/learn.sh, whose checks read blasroute's trace
 * of the calls. With REPEAT_DGEMM_SETENV=NAME=VALUE in its environment it puts NAME=VALUE into
 * it before its first call, as a program that sets blasroute's variables itself after its
 * start (tests/warmup.sh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, double *, const int *, size_t, size_t);

/* C := A A' for a 4 x 4 A of small integers, upper triangle: exact in double. 0 if right. */
static int small_syrk(void)
{
    double a[16], c[16] = {0}, one = 1, zero = 0;
    int four = 4, wrong = 0;
    for (int i = 0; i < 16; i++)
        a[i] = rand() % 7 - 3;
    dsyrk_("U", "N", &four, &four, &one, a, &four, &zero, c, &four, 1, 1);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i <= j; i++) {
            double sum = 0;
            for (int l = 0; l < 4; l++)
                sum += a[i + 4 * l] * a[j + 4 * l];
            wrong += c[i + 4 * j] != sum;
        }
    return wrong;
}

int main(int argc, char **argv)
{
    if (argc < 5 || argc > 8)
        return 2;
    int calls = atoi(argv[1]), m = atoi(argv[2]), n = atoi(argv[3]), k = atoi(argv[4]);
    long pause_ms = argc >= 6 ? atol(argv[5]) : 0;
    int small = argc >= 7 && atoi(argv[6]) == 1;
    int burst = argc == 8 ? atoi(argv[7]) : 1;
    double one = 1, zero = 0;
    double *a = malloc(sizeof *a * (size_t)m * k), *b = malloc(sizeof *b * (size_t)k * n);
    double *c = malloc(sizeof *c * (size_t)m * n);
    if (!a || !b || !c || calls < 1 || m < 1 || n < 1 || k < 1 || burst < 1)
        return 2;
    const char *setting = getenv("REPEAT_DGEMM_SETENV");
    if (setting && strchr(setting, '='))
        putenv((char *)setting);
    srand(7);
    int wrong = 0;
    for (int call = 0; call < calls; call++) {
        if (pause_ms > 0 && call > 0 && call % burst == 0) {
            struct timespec pause = {pause_ms / 1000, pause_ms % 1000 * 1000000L};
            nanosleep(&pause, NULL);
            if (small)
                wrong += small_syrk();
        }
        for (int i = 0; i < m * k; i++)
            a[i] = rand() / (double)RAND_MAX - 0.5;
        for (int i = 0; i < k * n; i++)
            b[i] = rand() / (double)RAND_MAX - 0.5;
        dgemm_("N", "N", &m, &n, &k, &one, a, &m, b, &k, &zero, c, &m, 1, 1);
        int step = n <= 256 ? 1 : n / 32;
        for (int j = 0; j < n; j += step)
            for (int i = 0; i < m; i++) {
                long double sum = 0;
                for (int l = 0; l < k; l++)
                    sum += (long double)a[i + (size_t)l * m] * b[l + (size_t)j * k];
                if (!(fabsl(sum - c[i + (size_t)j * m]) <= 1e-12L * k))
                    wrong++;
            }
    }
    if (wrong)
        fprintf(stderr, "repeat_dgemm: %d wrong elements\n", wrong);
    free(a), free(b), free(c);
    return wrong ? 1 : 0;
}
