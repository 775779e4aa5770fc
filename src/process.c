#include "process.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "cpu_level3.h"

/* The modules' fork handlers in the order their locks nest: code holding the engine's
 * discovery lock may load a profile (routing), the learned table loads the CPU BLAS's name
 * (under its lock, before the CPU BLAS's own), and the trace and timeline files are written
 * under locks taken last; the CPU BLAS's thread count is set under a lock taken before the
 * CPU BLAS's load. A prepare handler must never wait for a device call: fork() in one
 * thread while another runs a long call on the GPU returns at once (the engine's per-device
 * locks are not taken, the child simply never uses the parent's devices). */
static void (*const handlers[])(enum br_fork_stage) = {
    br_engine_at_fork, br_routing_at_fork, br_learn_at_fork, br_trace_at_fork, br_timeline_at_fork,
    br_stats_at_fork, br_names_at_fork, br_cpu_threads_at_fork, br_cpu_at_fork, br_warmup_at_fork,
};
enum { HANDLER_COUNT = sizeof handlers / sizeof handlers[0] };

static void prepare(void)
{
    for (int i = 0; i < HANDLER_COUNT; i++)
        handlers[i](BR_FORK_PREPARE);
}

static void parent(void)
{
    for (int i = HANDLER_COUNT - 1; i >= 0; i--)
        handlers[i](BR_FORK_PARENT);
}

static void child(void)
{
    for (int i = HANDLER_COUNT - 1; i >= 0; i--)
        handlers[i](BR_FORK_CHILD);
}

void br_fork_lock(pthread_mutex_t *lock, enum br_fork_stage stage)
{
    if (stage == BR_FORK_PREPARE)
        pthread_mutex_lock(lock);
    else
        pthread_mutex_unlock(lock); /* in the child, the forking thread holds it: its owner */
}

static void at_exit(void)
{
    static atomic_flag done = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&done))
        return;
    br_engine_quiesce(); /* first: a device call may still finish its work on the CPU */
    br_cpu_close_at_exit();
}

void br_process_register_exit(void)
{
    atexit(at_exit);
}

/* At load rather than on first use: a process may fork before its first BLAS call and call
 * BLAS in the child, and registering from a BLAS call would add a lock to every call. vfork()
 * and posix_spawn() run no fork handlers, and exec() after fork() discards them. */
__attribute__((constructor)) static void register_fork_handlers(void)
{
    pthread_atfork(prepare, parent, child);
}
