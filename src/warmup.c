#include "warmup.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine/device.h"
#include "engine/engine.h"
#include "common.h"
#include "env.h"
#include "policy/decide.h"
#include "policy/learn_store.h"
#include "policy/routing.h"
#include "process.h"
#include "warmup_memo.h"

/* Each thing to get ready goes cold -> warming (its thread started) -> warm (done). */
enum { COLD, WARMING, WARM };
static _Atomic int cpu_state;
static atomic_flag opening = ATOMIC_FLAG_INIT; /* the device is being opened or was */
static _Atomic int program_state[BR_MAX_DEVICES][BR_PRECISION_COUNT];

/* What one warm-up thread does: load the CPU profile (CPU_ONLY), or build device `index`'s
 * program of a precision. */
enum { CPU_ONLY = -1 };
struct job {
    int index;
    enum br_precision precision;
};

/* Opens the devices and keeps what it took for the next process (warmup_memo.h). */
static void open_devices(void)
{
    double start = br_seconds_now();
    int found = br_engine_count() > 0;
    double seconds = br_seconds_now() - start;
    const struct br_device *d = found ? br_engine_device() : NULL;
    if (d) {
        struct br_device_memo kept = {.open_seconds = seconds};
        snprintf(kept.vendor, sizeof kept.vendor, "%s", d->vendor);
        snprintf(kept.name, sizeof kept.name, "%s", d->name);
        snprintf(kept.type, sizeof kept.type, "%s", br_device_type_name(d->type));
        snprintf(kept.driver, sizeof kept.driver, "%s", d->driver);
        br_device_memo_write(&kept);
    }
}

static void do_job(struct job job)
{
    if (job.index == CPU_ONLY) {
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

/* --- opening the device: when it pays ------------------------------------------------ */

/* Opening the device took 0.27 to 1.13 s on an H100's host (2026-11-25) and cost a program
 * about that much however it was done: in its call (a 0.28 s stall), or on another thread,
 * even at idle priority (the program's calls made meanwhile ran 0.23 s slower in all: the
 * driver's work reaches the whole process, not one core). A reference-LAPACK dgetrf 2048,
 * 0.13 s in cpu mode, took 0.40 to 0.57 s. So the device is opened only when what it is
 * predicted to save pays for the opening, on this call or summed over the calls made without
 * it, and then in the call that finds so. What it saves is predicted from a memo of the last
 * opening on this host (warmup_memo.h: the device, so its profile and what was learned of it,
 * and what opening took). Without one, the first process of a host and device choice cannot
 * predict it: it opens the device once its device-sized calls have taken the CPU
 * assumed_open_seconds (what the device could at most have saved), losing at most that. */
static const double assumed_open_seconds = 0.5;
static _Atomic long long worth_ns; /* summed over the calls made without the device */

/* The memo of the device opened here before and that device's profile, read once; the
 * profile is NULL when there is no memo. */
static struct br_device_memo memo;
static const struct br_device_profile *memo_device;
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;

static void read_memo(void)
{
    if (br_device_memo_read(&memo) == 0)
        memo_device = br_routing_device_profile(memo.vendor, memo.name, memo.type);
}

/* What opening the device is worth on this call: the memo's device's predicted saving
 * against the CPU BLAS (with what was learned of both), else the call's predicted CPU time;
 * 0 until the CPU profile is ready. */
static double worth(const struct br_call *call)
{
    pthread_once(&memo_once, read_memo);
    const struct br_cpu_profile *cpu = br_warmup_cpu_profile(call);
    if (!cpu)
        return 0;
    if (!memo_device)
        return br_predict_cpu_seconds(call, cpu);
    struct br_learned_factors learned = br_learn_factors(call, memo.name, memo.driver);
    struct br_prediction p = {0};
    double on_cpu = br_predict_cpu_seconds(call, cpu) * learned.cpu;
    double on_device = br_predict_device_seconds(call, memo_device, &p) * learned.device;
    return on_cpu > 0 && on_device > 0 ? on_cpu - on_device : 0;
}

int br_warmup_devices_open(const struct br_call *call)
{
    if (br_likely(br_engine_discovered()))
        return 1;
    if (!br_env()->warmup_wait) {
        double value = worth(call); /* reads the memo on the first call */
        double cost = memo_device ? memo.open_seconds : assumed_open_seconds;
        if (value > 0)
            atomic_fetch_add(&worth_ns, (long long)(value * 1e9));
        if (value < cost && (double)atomic_load(&worth_ns) * 1e-9 < cost)
            return 0;
    }
    if (!atomic_flag_test_and_set(&opening))
        open_devices(); /* measured and kept as the memo */
    else
        br_engine_count(); /* another thread is opening them: waits for it */
    return 1;
}

const struct br_cpu_profile *br_warmup_cpu_profile(const struct br_call *call)
{
    if (br_likely(br_routing_cpu_profile_loaded()))
        return br_routing_cpu_profile();
    br_routing_calibrate_names(call->names);
    if (br_env()->warmup_wait)
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
    int warming = WARMING;
    atomic_compare_exchange_strong(&cpu_state, &warming, COLD);
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            warming = WARMING;
            atomic_compare_exchange_strong(&program_state[i][p], &warming, COLD);
        }
}
