#include "warmup.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "engine/device.h"
#include "engine/engine.h"
#include "env.h"
#include "policy/routing.h"
#include "process.h"

/* Each thing to get ready goes cold -> warming (its thread started) -> warm (done). */
enum { COLD, WARMING, WARM };
static _Atomic int cpu_state;
static _Atomic int program_state[BR_MAX_DEVICES][BR_PRECISION_COUNT];

/* What one warm-up thread does: the CPU profile, then (index >= 0) one device's program. */
struct job {
    int index;
    enum br_precision precision;
};

static void do_job(struct job job)
{
    br_routing_cpu_profile(); /* loads or calibrates; waits for another thread doing it */
    atomic_store(&cpu_state, WARM);
    if (job.index >= 0) {
        br_engine_build(job.index, job.precision);
        atomic_store(&program_state[job.index][job.precision], WARM);
    }
}

static void *job_thread(void *arg)
{
    struct job job = *(struct job *)arg;
    free(arg);
    do_job(job);
    return NULL;
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
    if (copy && pthread_attr_init(&attr) == 0) {
        *copy = job;
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        started = pthread_create(&thread, &attr, job_thread, copy) == 0;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        free(copy);
        do_job(job);
    }
}

const struct br_cpu_profile *br_warmup_cpu_profile(void)
{
    if (br_likely(br_routing_cpu_profile_loaded()) || br_env()->warmup_wait)
        return br_routing_cpu_profile();
    int cold = COLD;
    if (atomic_compare_exchange_strong(&cpu_state, &cold, WARMING))
        start((struct job){.index = -1});
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
    int warming = WARMING;
    atomic_compare_exchange_strong(&cpu_state, &warming, COLD);
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            warming = WARMING;
            atomic_compare_exchange_strong(&program_state[i][p], &warming, COLD);
        }
}
