#include "warmup_threads.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "common.h"
#include "engine/device.h"
#include "engine/engine.h"
#include "env.h"

enum { COLD, WARMING, WARM };
static _Atomic int program_state[BR_MAX_DEVICES][BR_PRECISION_COUNT];

/* Builds device `index`'s program of a precision (here, or waiting for the thread that
 * builds it: the engine builds each once) and marks it warm. */
static void build(int index, enum br_precision precision)
{
    br_engine_build(index, precision);
    atomic_store(&program_state[index][precision], WARM);
}

int br_warmup_build_here(int index, enum br_precision precision)
{
    const struct br_device *d = br_engine_device_at(index);
    if (!d || ((precision == BR_D || precision == BR_Z) && !d->double_precision))
        return 0;
    int cold = COLD;
    if (atomic_compare_exchange_strong(&program_state[index][precision], &cold, WARMING))
        build(index, precision);
    return 1;
}

unsigned br_warmup_precisions_built(void)
{
    unsigned set = 0;
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            if (atomic_load(&program_state[i][p]) == WARM)
                set |= 1u << p;
    return set;
}

/* Warm-up threads running now. */
static _Atomic int running;

struct job {
    br_warmup_job run;
    int index;
    enum br_precision precision;
};

static void *job_thread(void *arg)
{
    struct job job = *(struct job *)arg;
    free(arg);
    job.run(job.index, job.precision);
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

void br_warmup_start(br_warmup_job run, int index, enum br_precision precision)
{
    struct job *copy = malloc(sizeof *copy);
    pthread_attr_t attr;
    pthread_t thread;
    sigset_t all, old;
    int started = 0;
    fence_this_thread();
    if (copy && pthread_attr_init(&attr) == 0) {
        *copy = (struct job){run, index, precision};
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
        run(index, precision);
    }
}

int br_warmup_busy(void)
{
    return atomic_load_explicit(&running, memory_order_relaxed) > 0;
}

/* The longest a build is taken to last (br_warmup_worth_waiting). */
static const double longest_build_seconds = 1.5;

int br_warmup_worth_waiting(double cpu_seconds, double device_seconds, int cached)
{
    return device_seconds > 0 &&
           cpu_seconds > device_seconds + (cached ? 0 : longest_build_seconds);
}

int br_warmup_program_cached(int index, enum br_precision precision)
{
    /* 0: not known yet, 1: cached, 2: compiled from source */
    static _Atomic int known[BR_MAX_DEVICES][BR_PRECISION_COUNT];
    if (index < 0 || index >= BR_MAX_DEVICES)
        return 0;
    int state = atomic_load_explicit(&known[index][precision], memory_order_relaxed);
    if (!state) {
        state = br_engine_program_cached(index, precision) ? 1 : 2;
        atomic_store_explicit(&known[index][precision], state, memory_order_relaxed);
    }
    return state == 1;
}

void br_warmup_device_wait(int index, enum br_precision precision)
{
    if (index < 0 || index >= BR_MAX_DEVICES)
        return;
    _Atomic int *state = &program_state[index][precision];
    if (atomic_load_explicit(state, memory_order_acquire) == WARM)
        return;
    build(index, precision); /* waits for a warm-up thread's build */
}

int br_warmup_device_ready(int index, enum br_precision precision)
{
    if (index < 0 || index >= BR_MAX_DEVICES)
        return 1; /* nothing to build: the call finds out itself */
    _Atomic int *state = &program_state[index][precision];
    if (br_likely(atomic_load_explicit(state, memory_order_acquire) == WARM))
        return 1;
    if (br_env()->warmup == BR_WARMUP_WAIT) {
        br_warmup_device_wait(index, precision);
        return 1;
    }
    int cold = COLD;
    if (atomic_compare_exchange_strong(state, &cold, WARMING))
        br_warmup_start(build, index, precision);
    return 0;
}

void br_warmup_threads_at_fork(enum br_fork_stage stage)
{
    if (stage != BR_FORK_CHILD)
        return;
    atomic_store(&running, 0);
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            int warming = WARMING;
            atomic_compare_exchange_strong(&program_state[i][p], &warming, COLD);
        }
}
