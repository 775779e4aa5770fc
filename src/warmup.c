#include "warmup.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine/device.h"
#include "engine/engine.h"
#include "env.h"
#include "policy/routing.h"
#include "common.h"
#include "process.h"

/* Each thing to get ready goes cold -> warming (its thread started) -> warm (done). */
enum { COLD, WARMING, WARM };
static _Atomic int open_state, cpu_state;
static _Atomic int program_state[BR_MAX_DEVICES][BR_PRECISION_COUNT];

/* What one warm-up thread does: with OPEN_DEVICES, look for the devices and open them; then
 * the CPU profile (when there is a device to weigh it against); then with index >= 0 one
 * device's program. */
enum { CPU_ONLY = -1, OPEN_DEVICES = -2 };
struct job {
    int index;
    enum br_precision precision;
};

static void do_job(struct job job)
{
    if (job.index == OPEN_DEVICES) {
        int found = br_engine_count() > 0;
        atomic_store(&open_state, WARM);
        if (!found)
            return;
    }
    br_routing_cpu_profile(); /* loads or calibrates; waits for another thread doing it */
    atomic_store(&cpu_state, WARM);
    if (job.index >= 0) {
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

int br_warmup_devices_open(void)
{
    if (br_likely(br_engine_discovered()))
        return 1;
    if (br_env()->warmup_wait) {
        br_engine_count();
        return 1;
    }
    int cold = COLD;
    if (atomic_compare_exchange_strong(&open_state, &cold, WARMING))
        start((struct job){.index = OPEN_DEVICES});
    return 0;
}

const struct br_cpu_profile *br_warmup_cpu_profile(void)
{
    if (br_likely(br_routing_cpu_profile_loaded()) || br_env()->warmup_wait)
        return br_routing_cpu_profile();
    if (atomic_load(&open_state) == WARMING) /* that thread loads it next */
        return NULL;
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
    struct job job = {index, precision};
    if (br_env()->warmup_wait) {
        do_job(job);
        return 1;
    }
    int cold = COLD;
    if (atomic_compare_exchange_strong(state, &cold, WARMING))
        start(job);
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
    atomic_compare_exchange_strong(&open_state, &warming, COLD);
    warming = WARMING;
    atomic_compare_exchange_strong(&cpu_state, &warming, COLD);
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            warming = WARMING;
            atomic_compare_exchange_strong(&program_state[i][p], &warming, COLD);
        }
}
