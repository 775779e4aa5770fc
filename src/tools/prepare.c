/* blasroute-prepare: the helper that gets the device ready for a program's next run (prepare.h),
 * started by blasroute itself, not by users. It runs each step in a child process and watches
 * the host: the child goes on only while the rest of the host leaves cores idle, so that the
 * programs running there (the one that started it among them) keep their cores. Exit status 0
 * if a device was got ready, 1 otherwise. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "env.h"
#include "prepare.h"

/* The host's cores left idle by all but the child (negative while the child is stopped and
 * the host fully busy): from /proc/stat's total and the child's own CPU time. */
struct sample {
    double busy, total; /* clock ticks over every core */
    double child;       /* the child's user and system ticks */
};

static int read_sample(pid_t child, struct sample *out)
{
    FILE *f = fopen("/proc/stat", "re");
    if (!f)
        return -1;
    unsigned long long v[8] = {0};
    int got = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                     &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    if (got < 4)
        return -1;
    /* user nice system idle iowait irq softirq steal: idle and iowait are idle */
    out->busy = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]);
    out->total = out->busy + (double)(v[3] + v[4]);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)child);
    out->child = 0;
    if ((f = fopen(path, "re"))) {
        /* fields 14 and 15 (utime, stime) come after the command's closing parenthesis */
        char line[1024];
        if (fgets(line, sizeof line, f)) {
            char *after = strrchr(line, ')');
            unsigned long long utime, stime;
            if (after && sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
                                &utime, &stime) == 2)
                out->child = (double)(utime + stime);
        }
        fclose(f);
    }
    return 0;
}

/* The helper gives up (its stamp left undone: a program after the next ten minutes starts it
 * again) once it has waited this long for idle cores: a stopped step may hold the device's
 * memory on a GPU that others share. */
enum { HELPER_LONGEST_SECONDS = 600, GAVE_UP = -2 };
static double deadline;

/* Runs step() in a child, stopped while the host is busy: let go on once the rest of the host
 * has left two cores idle for 0.2 s (a quarter of them on a host of fewer than eight), stopped
 * as soon as it leaves less than half that. *paused adds up the seconds it was stopped (shared
 * with the child). The child's exit status, -1 if it could not run or was killed, GAVE_UP past
 * the deadline. */
static int run_when_idle(int (*step)(const volatile double *), volatile double *paused)
{
    pid_t parent = getpid(), child = fork();
    if (child < 0)
        return -1;
    if (child == 0) {
        /* Never left stopped, or holding the device, without the helper watching it. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1);
        raise(SIGSTOP); /* until the host is found idle */
        _exit(step(paused) == 0 ? 0 : 1);
    }
    int status = -1;
    /* The child stopped itself before it is let go (or ended already). */
    if (waitpid(child, &status, WUNTRACED) != child || !WIFSTOPPED(status))
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (br_env()->test_prepare_ungated) {
        kill(child, SIGCONT);
        while (waitpid(child, &status, 0) < 0 && errno == EINTR)
            ;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    double cores = (double)sysconf(_SC_NPROCESSORS_ONLN);
    double go_on = cores / 4 < 2 ? cores / 4 : 2, stop = go_on / 2;
    int stopped = 1;
    double idle_since = -1, stopped_at = br_seconds_now();
    struct sample last;
    int have_last = read_sample(child, &last) == 0;
    for (;;) {
        struct timespec rest = {0, 50 * 1000 * 1000};
        nanosleep(&rest, NULL);
        pid_t done = waitpid(child, &status, WNOHANG | WUNTRACED);
        if (done == child && (WIFEXITED(status) || WIFSIGNALED(status)))
            break;
        if (br_seconds_now() > deadline) {
            /* A host busy this long: given up, the stamp left undone for a later program. */
            kill(child, SIGKILL);
            while (waitpid(child, &status, 0) < 0 && errno == EINTR)
                ;
            return GAVE_UP;
        }
        struct sample now;
        if (read_sample(child, &now) != 0 || !have_last || now.total <= last.total) {
            have_last = read_sample(child, &last) == 0;
            continue;
        }
        double idle = cores * (1 - (now.busy - last.busy - (now.child - last.child)) /
                                               (now.total - last.total));
        last = now;
        double t = br_seconds_now();
        if (!stopped && idle < stop) {
            kill(child, SIGSTOP);
            stopped = 1;
            stopped_at = t;
            idle_since = -1;
        } else if (stopped && idle >= go_on) {
            if (idle_since < 0)
                idle_since = t;
            if (t - idle_since >= 0.2) {
                *paused += t - stopped_at;
                stopped = 0;
                kill(child, SIGCONT);
            }
        } else if (stopped) {
            idle_since = -1;
        }
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int build(const volatile double *paused)
{
    (void)paused;
    return br_prepare_build();
}

int main(void)
{
    /* Started with every signal blocked (prepare.c): its own from here on. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (br_env()->test_prepare_delay > 0)
        sleep((unsigned)br_env()->test_prepare_delay);
    /* The seconds the children were stopped, written here and read there. */
    volatile double *paused = mmap(NULL, sizeof *paused, PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (paused == MAP_FAILED)
        return 1;
    *paused = 0;
    deadline = br_seconds_now() + HELPER_LONGEST_SECONDS;
    /* Built first, then opened again with the programs in the cache: the memo keeps what a
     * program's next run pays to open the device. */
    int built = run_when_idle(build, paused);
    int measured = built == 0 ? run_when_idle(br_prepare_measure_opening, paused) : 1;
    if (built == GAVE_UP || measured == GAVE_UP)
        return 1; /* the stamp left undone: tried again later */
    br_prepare_done();
    return built == 0 && measured == 0 ? 0 : 1;
}
