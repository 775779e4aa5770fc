/* Getting the device ready for a program's next run (prepare.h). */
#include "prepare.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "engine/engine.h"
#include "engine/device.h"
#include "engine/cache.h"
#include "env.h"
#include "log.h"
#include "warmup.h"
#include "warmup_memo.h"

#ifndef BLASROUTE_PREPARE_HELPER
#define BLASROUTE_PREPARE_HELPER "/usr/local/libexec/blasroute/blasroute-prepare"
#endif

extern char **environ;

/* What the new processes need, made before they exist: they share the caller's memory until
 * the helper's exec, and may only make system calls meanwhile. */
enum { STACK = 64 * 1024 };
struct spawn {
    const char *path;
    char *argv[2];
    char **envp;
    char *stack; /* the helper's, while the go-between's is the caller's allocation below it */
    pid_t helper; /* set by the go-between (shared memory): the helper's process, or -1 */
};

/* The helper: a session of its own (no terminal's signals, no job control of the program's),
 * /dev/null for stdin, stdout and stderr, none of the program's other files (a pipe the program
 * holds open must end when the program does). */
static int helper_start(void *arg)
{
    const struct spawn *s = arg;
    setsid();
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
    }
    if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0)
        for (int fd = 3; fd < 4096; fd++)
            close(fd);
    execve(s->path, s->argv, s->envp);
    _exit(127);
}

/* The go-between, a child of the program with no exit signal (a process that execs gets
 * SIGCHLD back as its exit signal, so the helper cannot be that child): it starts the helper
 * as its own child and ends, leaving the helper to init (or the program's subreaper), never
 * the program's. */
static int go_between(void *arg)
{
    struct spawn *s = arg;
    s->helper = clone(helper_start, s->stack + STACK, CLONE_VM | CLONE_VFORK | SIGCHLD, s);
    _exit(s->helper < 0);
}

/* The environment without LD_PRELOAD (the helper is blasroute already). */
static char **helper_environment(void)
{
    size_t count = 0;
    while (environ && environ[count])
        count++;
    char **envp = malloc((count + 1) * sizeof *envp);
    if (!envp)
        return NULL;
    size_t kept = 0;
    for (size_t i = 0; i < count; i++)
        if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0)
            envp[kept++] = environ[i];
    envp[kept] = NULL;
    return envp;
}

/* Starts the helper through the go-between: neither is a child that the program's wait() or
 * waitpid(-1) finds, and no SIGCHLD reaches it (the go-between has no exit signal and is reaped
 * here with __WCLONE; the helper is not the program's child). CLONE_VFORK: the caller waits
 * until the helper's exec, as posix_spawn does, with every signal blocked meanwhile so that no
 * handler of the program runs in either; the helper unblocks them itself. */
static void spawn(const char *path)
{
    struct spawn s = {.path = path, .argv = {(char *)path, NULL}, .envp = helper_environment(),
                      .helper = -1};
    char *stacks = malloc(2 * STACK);
    if (!s.envp || !stacks) {
        free(s.envp);
        free(stacks);
        return;
    }
    s.stack = stacks + STACK;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = clone(go_between, stacks + STACK, CLONE_VM | CLONE_VFORK, &s);
    int status = 1;
    if (pid > 0)
        while (waitpid(pid, &status, __WCLONE) < 0 && errno == EINTR)
            ;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free(stacks);
    free(s.envp);
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        br_verbose("prepare: %s (process %d) gets the device ready for the next run", path,
                   (int)s.helper);
}

/* A helper that ends its work says so in the stamp (br_prepare_done). One that said nothing ten
 * minutes after it started was stopped on the way (a batch job's end kills what it started)
 * and is started again. */
enum { HELPER_LONGEST_SECONDS = 600 };

static int stamp_abandoned(const char *stamp)
{
    FILE *f = fopen(stamp, "re");
    if (!f)
        return 0;
    char line[128];
    long long started = -1;
    int done = 0;
    while (fgets(line, sizeof line, f)) {
        long long t;
        if (sscanf(line, "started = %lld", &t) == 1)
            started = t;
        else if (strncmp(line, "done = ", 7) == 0)
            done = 1;
    }
    fclose(f);
    return !done && started >= 0 && time(NULL) - started > HELPER_LONGEST_SECONDS;
}

/* Starts the helper, once per process, and once per host and choice of devices (its stamp). */
static void start_helper(void)
{
    static atomic_int tried;
    if (atomic_load_explicit(&tried, memory_order_relaxed) || atomic_exchange(&tried, 1))
        return;
    const struct br_env *env = br_env();
    if (!env->learn || !env->cache)
        return;
    const char *path = env->prepare_helper        ? env->prepare_helper
                       : env->test_prepare_helper ? env->test_prepare_helper
                                                  : BLASROUTE_PREPARE_HELPER;
    char stamp[1100];
    if (access(path, X_OK) != 0 || br_prepare_stamp_path(stamp, sizeof stamp) != 0 ||
        br_cache_make_directory() != 0)
        return;
    /* Once per host and choice of devices: the stamp is made by whichever process gets there
     * first (MPI ranks, programs run side by side). */
    int fd = open(stamp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno == EEXIST && stamp_abandoned(stamp) && unlink(stamp) == 0)
        fd = open(stamp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    dprintf(fd, "started = %lld\n", (long long)time(NULL));
    close(fd);
    spawn(path);
}

void br_prepare_next_run(void)
{
    /* Asked on every device-sized call until a device opens: a plain load after the first. */
    if (br_env()->prepare == BR_PREPARE_FIRST)
        start_helper();
}

void br_prepare_after_run(void)
{
    if (br_env()->prepare != BR_PREPARE_OFF)
        start_helper();
}

int br_prepare_build(void)
{
    if (br_warmup_open_and_remember(NULL) <= 0)
        return -1;
    /* Only on otherwise idle cores, besides the monitor's stops (prepare.h). */
    struct sched_param idle = {0};
    sched_setscheduler(0, SCHED_IDLE, &idle);
    setpriority(PRIO_PROCESS, 0, 19);
    static const enum br_precision precisions[] = {BR_S, BR_D, BR_C, BR_Z};
    for (int i = 0; i < br_engine_count(); i++) {
        const struct br_device *d = br_engine_device_at(i);
        for (size_t p = 0; d && p < sizeof precisions / sizeof precisions[0]; p++)
            if (d->double_precision || precisions[p] == BR_S || precisions[p] == BR_C)
                br_engine_build(i, precisions[p]);
    }
    return 0;
}

int br_prepare_measure_opening(const volatile double *paused)
{
    return br_warmup_open_and_remember(paused) > 0 ? 0 : -1;
}

void br_prepare_done(void)
{
    char stamp[1100];
    if (br_prepare_stamp_path(stamp, sizeof stamp) != 0)
        return;
    FILE *f = fopen(stamp, "ae");
    if (f) {
        fprintf(f, "done = %lld\n", (long long)time(NULL));
        fclose(f);
    }
}
