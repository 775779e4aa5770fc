#include "warmup.h"

#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/device.h"
#include "engine/engine.h"
#include "env.h"
#include "common.h"
#include "policy/decide.h"
#include "policy/learn_store.h"
#include "policy/routing.h"
#include "process.h"
#include "warmup_memo.h"

/* Each thing to get ready goes cold -> warming (its thread started) -> warm (done). */
enum { COLD, WARMING, WARM };
static _Atomic int open_state, cpu_state;
static _Atomic int program_state[BR_MAX_DEVICES][BR_PRECISION_COUNT];

/* What one warm-up thread does: open the devices (OPEN_DEVICES), load the CPU profile
 * (CPU_ONLY), or build device `index`'s program of a precision. */
enum { CPU_ONLY = -1, OPEN_DEVICES = -2 };
struct job {
    int index;
    enum br_precision precision;
};

/* The process's threads now (at most `max`); -1 if they cannot be listed. */
static int list_threads(pid_t *ids, int max)
{
    DIR *dir = opendir("/proc/self/task");
    if (!dir)
        return -1;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL && count < max)
        if (e->d_name[0] != '.')
            ids[count++] = (pid_t)atoi(e->d_name);
    closedir(dir);
    return count;
}

/* Threads the driver started while it was opened from a warm-up thread took its idle
 * priority; those are its own (event handlers, PoCL's workers) and must not starve while the
 * program computes: back to normal where the system lets an unprivileged process do that
 * (Linux lets it only within RLIMIT_NICE; otherwise they keep idle priority, and run when the
 * program waits for the device, as it does for every device call). */
static void restore_new_threads(const pid_t *before, int count)
{
    pid_t now[512], self = (pid_t)syscall(SYS_gettid);
    int found = count < 0 ? -1 : list_threads(now, 512);
    for (int i = 0; i < found; i++) {
        int old = 0;
        for (int j = 0; j < count && !old; j++)
            old = now[i] == before[j];
        struct sched_param normal = {0};
        if (!old && now[i] != self && sched_getscheduler(now[i]) == SCHED_IDLE)
            sched_setscheduler(now[i], SCHED_OTHER, &normal);
    }
}

/* Opens the devices and keeps what it took for the next process (warmup_memo.h). */
static void open_devices(void)
{
    pid_t before[512];
    int idle = sched_getscheduler(0) == SCHED_IDLE;
    int count = idle ? list_threads(before, 512) : -1;
    double start = br_seconds_now();
    int found = br_engine_count() > 0;
    double seconds = br_seconds_now() - start;
    if (idle)
        restore_new_threads(before, count);
    const struct br_device *d = found ? br_engine_device() : NULL;
    if (d) {
        struct br_device_memo memo = {.open_seconds = seconds};
        snprintf(memo.vendor, sizeof memo.vendor, "%s", d->vendor);
        snprintf(memo.name, sizeof memo.name, "%s", d->name);
        snprintf(memo.type, sizeof memo.type, "%s", br_device_type_name(d->type));
        snprintf(memo.driver, sizeof memo.driver, "%s", d->driver);
        br_device_memo_write(&memo);
    }
    atomic_store(&open_state, WARM);
}

static void do_job(struct job job)
{
    if (job.index == OPEN_DEVICES) {
        open_devices();
    } else if (job.index == CPU_ONLY) {
        br_routing_cpu_profile(); /* loads or calibrates; waits for another thread doing it */
        atomic_store(&cpu_state, WARM);
    } else {
        br_engine_build(job.index, job.precision);
        atomic_store(&program_state[job.index][job.precision], WARM);
    }
}

/* Warm-up threads running now. */
static _Atomic int running;

static void *job_thread(void *arg)
{
    struct job job = *(struct job *)arg;
    free(arg);
    /* Opening the device (a core for 0.4 s) only on cycles the program leaves idle: on an
     * H100's host (2026-11-25) a warm-up thread at normal priority slowed a reference-LAPACK
     * dgetrf 2048 on OpenBLAS's 16 threads from 0.13 s to 0.57 s, as much as opening the
     * device inside the call did (0.55 s): a parallel BLAS call waits for its slowest thread,
     * and one core shared is enough. The calibration keeps normal priority (it measures the
     * CPU BLAS), and so does a build: from the binary cache it takes tens of ms, and at idle
     * priority a busy program could starve it for good. */
    if (job.index == OPEN_DEVICES) {
        struct sched_param idle = {0};
        pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle);
    }
    do_job(job);
    atomic_fetch_sub(&running, 1);
    return NULL;
}

/* An exit must not begin while a warm-up thread works inside the OpenCL driver: a driver sets
 * itself up lazily and registers exit handlers as it goes (C++ statics: PoCL's LLVM), and an
 * exit would run those (last registered, first run) under the thread's feet ("pure virtual
 * method called", "double free" at exit on the development machine). No exit handler can be
 * registered after the driver's from here, but glibc's exit() runs the exiting thread's
 * thread_local destructors before any exit handler: each thread that starts a warm-up gets one
 * that waits for the warm-up threads (bounded; at a plain thread exit it waits too, at most
 * as long). An exit handler does the same, last, for an exit from another thread. */
extern int __cxa_thread_atexit_impl(void (*)(void *), void *, void *) __attribute__((weak));
extern void *__dso_handle;

static void wait_for_warmup(void)
{
    for (int i = 0; i < 20000 && atomic_load(&running) > 0; i++)
        usleep(1000);
}

static void wait_for_warmup_at_thread_end(void *unused)
{
    (void)unused;
    wait_for_warmup();
}

static void fence_this_thread(void)
{
    static BR_THREAD_LOCAL int fenced;
    static atomic_flag at_exit = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&at_exit))
        atexit(wait_for_warmup);
    if (!fenced && __cxa_thread_atexit_impl)
        fenced = __cxa_thread_atexit_impl(wait_for_warmup_at_thread_end, NULL, &__dso_handle) == 0;
}

/* Runs the job on a detached thread of its own, with every signal blocked there (the program's
 * handlers keep running on its own threads); on the caller's thread if none can start. */
static void start(struct job job)
{
    struct job *copy = malloc(sizeof *copy);
    pthread_attr_t attr;
    pthread_t thread;
    sigset_t all, old;
    int started = 0;
    fence_this_thread();
    if (copy && pthread_attr_init(&attr) == 0) {
        *copy = job;
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        atomic_fetch_add(&running, 1);
        started = pthread_create(&thread, &attr, job_thread, copy) == 0;
        if (!started)
            atomic_fetch_sub(&running, 1);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        free(copy);
        do_job(job);
    }
}

/* --- when a call pays for waiting ------------------------------------------------------- */

/* Opening the device in a call is worth it when what the device saves pays for it: on this
 * call alone, or on the calls already sent to the CPU BLAS for want of the device (their
 * predicted savings, summed: a program of many calls, each too small to pay, that keeps the
 * CPU too busy for the idle-priority opening to finish). Where no memo says what the device
 * would save, a call waits for an opening that has not finished after opening_patience: what
 * the program may lose by it is then a small part of what it has run. */
static const double opening_patience = 10;
static _Atomic long long missed_ns, opening_since_ns;

static int pays(double saving, double cost)
{
    if (saving > 0)
        atomic_fetch_add(&missed_ns, (long long)(saving * 1e9));
    return saving >= cost || (double)atomic_load(&missed_ns) * 1e-9 >= cost;
}

static int out_of_patience(void)
{
    long long since = atomic_load(&opening_since_ns);
    return since > 0 && br_seconds_now() - (double)since * 1e-9 > opening_patience;
}

/* The memo of the device opened here before, read once; NULL if there is none. */
static struct br_device_memo memo;
static int memo_found;
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;

static void read_memo(void)
{
    memo_found = br_device_memo_read(&memo) == 0;
}

/* What the memo's device is predicted to save on the call against the CPU BLAS (with what
 * was learned of both); 0 where nothing can be predicted yet. */
static double memo_saving(const struct br_call *call)
{
    pthread_once(&memo_once, read_memo);
    const struct br_cpu_profile *cpu = br_warmup_cpu_profile();
    if (!memo_found || !cpu)
        return 0;
    const struct br_device_profile *device =
        br_routing_device_profile(memo.vendor, memo.name, memo.type);
    struct br_learned_factors learned = br_learn_factors(call, memo.name, memo.driver);
    struct br_prediction p = {0};
    double on_cpu = br_predict_cpu_seconds(call, cpu) * learned.cpu;
    double on_device = br_predict_device_seconds(call, device, &p) * learned.device;
    return on_cpu > 0 && on_device > 0 ? on_cpu - on_device : 0;
}

int br_warmup_devices_open(const struct br_call *call)
{
    if (br_likely(br_engine_discovered()))
        return 1;
    int cold = COLD;
    double saving = memo_saving(call); /* reads the memo */
    if (br_env()->warmup_wait || (memo_found && pays(saving, memo.open_seconds)) ||
        out_of_patience()) {
        if (atomic_compare_exchange_strong(&open_state, &cold, WARMING))
            open_devices(); /* here: measured and kept as the memo */
        else
            br_engine_count(); /* waits for the warm-up thread's opening */
        return 1;
    }
    if (atomic_compare_exchange_strong(&open_state, &cold, WARMING)) {
        atomic_store(&opening_since_ns, (long long)(br_seconds_now() * 1e9));
        start((struct job){.index = OPEN_DEVICES});
    }
    return 0;
}

const struct br_cpu_profile *br_warmup_cpu_profile(void)
{
    if (br_likely(br_routing_cpu_profile_loaded()) || br_env()->warmup_wait)
        return br_routing_cpu_profile();
    int cold = COLD;
    if (atomic_compare_exchange_strong(&cpu_state, &cold, WARMING))
        start((struct job){.index = CPU_ONLY});
    return NULL;
}

int br_warmup_device_ready(int index, enum br_precision precision)
{
    if (index < 0 || index >= BR_MAX_DEVICES)
        return 1; /* nothing to build: the call finds out itself */
    _Atomic int *state = &program_state[index][precision];
    if (br_likely(atomic_load_explicit(state, memory_order_acquire) == WARM))
        return 1;
    if (br_env()->warmup_wait) {
        do_job((struct job){index, precision}); /* waits for a warm-up thread's build */
        return 1;
    }
    int cold = COLD;
    if (atomic_compare_exchange_strong(state, &cold, WARMING))
        start((struct job){index, precision});
    return 0;
}

/* A warm-up thread of the parent is not in the child: what it was doing starts again there if
 * the child needs it (a device the parent opened is not used in the child at all). */
void br_warmup_at_fork(enum br_fork_stage stage)
{
    if (stage != BR_FORK_CHILD)
        return;
    atomic_store(&running, 0);
    atomic_store(&opening_since_ns, 0);
    int warming = WARMING;
    atomic_compare_exchange_strong(&open_state, &warming, COLD);
    warming = WARMING;
    atomic_compare_exchange_strong(&cpu_state, &warming, COLD);
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            warming = WARMING;
            atomic_compare_exchange_strong(&program_state[i][p], &warming, COLD);
        }
}
