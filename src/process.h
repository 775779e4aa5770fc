/* blasroute across its host process's life: fork() in any thread at any time. One
 * pthread_atfork registration, made when the library is loaded (it costs nothing per call),
 * runs every module's part in one fixed order, so that the locks blasroute takes around fork
 * are always taken in the same order and no lock of blasroute's is held in the child. Exit is
 * the engine's own business (br_engine_* in engine/engine.c): it must run after the OpenCL
 * driver has registered its teardown, not at load. */
#ifndef BLASROUTE_PROCESS_H
#define BLASROUTE_PROCESS_H

#include <pthread.h>

/* Where a fork stands when a module's handler is called. */
enum br_fork_stage {
    BR_FORK_PREPARE, /* in the parent, before the fork */
    BR_FORK_PARENT,  /* in the parent, after it */
    BR_FORK_CHILD    /* in the child, the only thread there */
};

/* A short-held lock around fork: taken before (so that no other thread holds it while the
 * process is copied) and given back on both sides after. */
void br_fork_lock(pthread_mutex_t *lock, enum br_fork_stage stage);

/* Each module's part, called by process.c in this order before the fork and in the reverse
 * order after it (locks taken outermost first: discovery, profiles, trace, timeline). */
void br_engine_at_fork(enum br_fork_stage stage);
void br_routing_at_fork(enum br_fork_stage stage);
void br_learn_at_fork(enum br_fork_stage stage);
void br_trace_at_fork(enum br_fork_stage stage);
void br_timeline_at_fork(enum br_fork_stage stage);
void br_stats_at_fork(enum br_fork_stage stage);
void br_names_at_fork(enum br_fork_stage stage);
void br_cpu_threads_at_fork(enum br_fork_stage stage);
void br_cpu_at_fork(enum br_fork_stage stage);
void br_warmup_at_fork(enum br_fork_stage stage);

/* Registers blasroute's exit handler, once per caller: after the OpenCL driver set itself up
 * (it must run before the driver's own exit handlers: those registered last run first) and
 * when the CPU BLAS is loaded (it must run before the ELF destructors, OpenBLAS's among them,
 * which come after every exit handler). The handler acts once, at its latest registration:
 * no device call may start, those in flight are waited for (br_engine_quiesce), then the calls
 * in the CPU BLAS (br_cpu_close_at_exit). */
void br_process_register_exit(void);
void br_engine_quiesce(void);

#endif
