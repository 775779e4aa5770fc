/* A BLAS client that waits for its children, as shells and job runners do:
 *
 *     prepare_wait SECONDS
 *
 * One dgemm_ (linked with -lblas; blasroute in front starts its prepare helper there), then
 * wait() at once and again after SECONDS, counting SIGCHLD meanwhile. blasroute's helper must
 * be none of the program's business: prints "children: none, SIGCHLD: 0" when wait() found no
 * child both times and no SIGCHLD came; exit status 0 then, 1 otherwise. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

static volatile sig_atomic_t sigchld;
static void on_sigchld(int signal)
{
    (void)signal;
    sigchld++;
}

/* wait(): 1 if it found a child (and reaped it), 0 if there was none. */
static int found_child(void)
{
    errno = 0;
    return !(wait(NULL) < 0 && errno == ECHILD);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    signal(SIGCHLD, on_sigchld);
    int n = 64;
    double one = 1, zero = 0;
    double *a = calloc((size_t)n * n, sizeof *a), *c = calloc((size_t)n * n, sizeof *c);
    if (!a || !c)
        return 2;
    dgemm_("N", "N", &n, &n, &n, &one, a, &n, a, &n, &zero, c, &n, 1, 1);
    int children = found_child();
    struct timespec rest = {.tv_sec = atoi(argv[1])};
    while (nanosleep(&rest, &rest) != 0 && errno == EINTR)
        ;
    children += found_child();
    printf("children: %s, SIGCHLD: %d\n", children ? "found" : "none", (int)sigchld);
    return children || sigchld;
}
