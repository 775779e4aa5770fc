/* Per-routine counters of what blasroute did, and the BLASROUTE_REPORT summary at exit. */
#ifndef BLASROUTE_STATS_H
#define BLASROUTE_STATS_H

#include <stdatomic.h>
#include <stdint.h>

#include "call.h"
#include "lapack/lapack.h"

/* Where a call was answered. */
enum br_path {
    BR_PATH_SCALE,    /* scaling only, by blasroute itself */
    BR_PATH_CPU,      /* the CPU BLAS */
    BR_PATH_DEVICE,   /* the OpenCL device */
    BR_PATH_FALLBACK, /* the device was tried and the CPU BLAS answered all or part of it */
    BR_PATH_HYBRID,   /* split between the device and the CPU BLAS */
    BR_PATH_SPREAD,   /* spread over several devices */
    BR_PATH_COUNT
};

/* "scaled", "cpu", "device", "fallback", "hybrid", "spread": as the report and the trace name
 * them. */
const char *br_path_name(enum br_path path);

struct br_timer {
    uint64_t start_ns; /* 0 when nothing is being measured */
};

/* Whether a report or a trace was asked for (then every call is counted). BLASROUTE_REPORT
 * and BLASROUTE_TRACE are read once: the settings never change after the first call, so
 * every BLAS call reads a plain int here instead of going through br_env()'s pthread_once
 * (-1: not read yet). */
extern atomic_int br_stats_wanted_flag;
int br_stats_wanted_read(void);
static inline int br_stats_wanted(void)
{
    int wanted = atomic_load_explicit(&br_stats_wanted_flag, memory_order_relaxed);
    return br_likely(wanted >= 0) ? wanted : br_stats_wanted_read();
}

/* Starts timing a call if a report or a trace was asked for (else costs one branch). */
struct br_timer br_stats_start(void);

/* Counts a call answered on path; registers the exit report on first use; writes the trace
 * line. prediction: what the decision predicted (zeros where it predicted nothing). Only for
 * a report or a trace (the timer was started): otherwise nobody reads the counts, and the call
 * costs a tiny BLAS call nothing. */
struct br_prediction;
void br_stats_record_timed(const struct br_call *call, enum br_path path, struct br_timer timer,
                           const struct br_prediction *prediction);
static inline void br_stats_record(const struct br_call *call, enum br_path path,
                                   struct br_timer timer, const struct br_prediction *prediction)
{
    if (timer.start_ns)
        br_stats_record_timed(call, path, timer, prediction);
}

/* From the engine: a call was planned again in smaller parts because the device's memory was
 * short (counted in the report, and in the trace line of the calling thread's call). */
void br_stats_note_memory_retry(const struct br_call *call);

/* Counts a call of the LAPACK routines blasroute answers (lapack/) by what became of it; the
 * Level-3 calls it routes are counted on their own. */
void br_stats_record_lapack(enum br_lapack_routine routine, enum br_precision precision,
                            enum br_lapack_outcome outcome, struct br_timer timer, double flops);

#endif
