/* fork() after the device was used (issue 18): the parent makes Level-3 calls (on the device
 * in device mode), forks 4 children that each make the same calls, and makes them again once
 * the children are done. Every result must be exactly right (integer operands), every child
 * must exit 0 within the time limit (a child that hangs is killed and reported), and the
 * parent must go on. TAP on stdout; tests/fork.sh checks, from the reports on stderr, that the
 * parent kept the device and the children did not touch it. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, double *, const int *, size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double *, const double *, const int *, double *, const int *, size_t, size_t,
            size_t, size_t);

/* The order of the matrices: 256 in make check; larger on a GPU (tests/fork_device ORDER), so
 * that every call is device-sized in auto mode too. */
enum { CHILDREN = 4, LIMIT_SECONDS = 60 };
static int N = 256;

static double at(const double *m, int i, int j)
{
    return m[i + (size_t)j * N];
}

/* dgemm, dsyrk (lower) and a unit lower dtrsm on integer data, each checked exactly against
 * plain loops; 1 if all three are right. */
static int calls_right(unsigned seed)
{
    size_t count = (size_t)N * (size_t)N;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    double *c = malloc(count * sizeof *c), *x = malloc(count * sizeof *x);
    if (!a || !b || !c || !x)
        abort();
    const int n = N;
    const double one = 1, zero = 0;
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)((seed + 3u * (unsigned)i) % 7) - 3;
        b[i] = (double)((seed + 5u * (unsigned)i) % 5) - 2;
        c[i] = 1e300; /* beta = 0: must not be read */
    }
    int right = 1;
    dgemm_("N", "T", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
    for (int j = 0; j < N && right; j++)
        for (int i = 0; i < N && right; i++) {
            double sum = 0;
            for (int l = 0; l < N; l++)
                sum += at(a, i, l) * at(b, j, l);
            right = at(c, i, j) == sum;
        }
    for (int i = 0; i < N * N; i++)
        c[i] = 2;
    dsyrk_("L", "N", &n, &n, &one, a, &n, &one, c, &n, 1, 1);
    for (int j = 0; j < N && right; j++)
        for (int i = 0; i < N && right; i++) {
            double sum = 2;
            for (int l = 0; l < N && i >= j; l++)
                sum += at(a, i, l) * at(a, j, l);
            right = at(c, i, j) == sum; /* the upper triangle untouched */
        }
    /* B = L X for a unit lower L with entries in {-1, 0, 1} below the diagonal and small X:
     * the solve is exact in double. */
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            a[i + (size_t)j * N] = i > j ? (double)((seed + (unsigned)(i * 3 + j)) % 3) - 1 : 7;
            x[i + (size_t)j * N] = (double)((seed + (unsigned)(i + 2 * j)) % 3) - 1;
        }
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < N; i++) {
            double sum = x[i + (size_t)j * N];
            for (int l = 0; l < i; l++)
                sum += at(a, i, l) * x[l + (size_t)j * N];
            b[i + (size_t)j * N] = sum;
        }
    int columns = 8;
    dtrsm_("L", "L", "N", "U", &n, &columns, &one, a, &n, b, &n, 1, 1, 1, 1);
    for (int i = 0; i < N * 8 && right; i++)
        right = b[i] == x[i];
    free(a);
    free(b);
    free(c);
    free(x);
    return right;
}

int main(int argc, char **argv)
{
    if (argc > 1 && atoi(argv[1]) >= 16)
        N = atoi(argv[1]);
    printf("1..%d\n", CHILDREN + 2);
    fflush(stdout); /* not duplicated into the children's buffers */
    int test = 0;
    printf("%sok %d - parent, before forking: dgemm, dsyrk, dtrsm right\n",
           calls_right(1) ? "" : "not ", ++test);
    fflush(stdout);
    pid_t children[CHILDREN];
    for (int k = 0; k < CHILDREN; k++) {
        children[k] = fork();
        if (children[k] == 0) {
            alarm(LIMIT_SECONDS); /* a child that hangs dies of SIGALRM, reported below */
            exit(calls_right(10u + (unsigned)k) ? 0 : 1);
        }
    }
    time_t start = time(NULL);
    for (int k = 0; k < CHILDREN; k++) {
        int status = 0;
        pid_t done = 0;
        while (children[k] > 0 && (done = waitpid(children[k], &status, WNOHANG)) == 0 &&
               time(NULL) - start < LIMIT_SECONDS + 5)
            usleep(10000);
        if (children[k] > 0 && done == 0) {
            kill(children[k], SIGKILL);
            waitpid(children[k], &status, 0);
        }
        int right = children[k] > 0 && done > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        printf("%sok %d - child %d: dgemm, dsyrk, dtrsm right, exited 0 in time (%s %d)\n",
               right ? "" : "not ", ++test, k + 1,
               done == 0 ? "hung: killed" : WIFSIGNALED(status) ? "signal" : "status",
               WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    printf("%sok %d - parent, after its children: dgemm, dsyrk, dtrsm right\n",
           calls_right(2) ? "" : "not ", ++test);
    return 0;
}
