#include "stats.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "env.h"
#include "process.h"
#include "policy/model.h"
#include "policy/routing.h"
#include "trace.h"

struct routine_stats {
    atomic_uint_least64_t calls[BR_PATH_COUNT];
    atomic_uint_least64_t nanoseconds;
    _Atomic double flops;
    _Atomic double bytes;         /* moved to and from the device */
    _Atomic double saved_seconds; /* the CPU estimate less the time taken, device calls */
    atomic_uint_least64_t memory_retries; /* replans in smaller parts, device memory short */
};

/* The replans of the call the current thread is making, for its trace line. A spread's device
 * parts run on threads of their own: theirs reach the report, not the trace. */
static BR_THREAD_LOCAL int call_memory_retries;

static struct routine_stats stats[BR_FAMILY_COUNT][BR_PRECISION_COUNT];

/* The LAPACK routines blasroute answers: calls by outcome. */
struct lapack_stats {
    atomic_uint_least64_t calls[BR_LAPACK_OUTCOMES];
    atomic_uint_least64_t nanoseconds;
    _Atomic double flops;
};
static struct lapack_stats lapack_stats[BR_LAPACK_COUNT][BR_PRECISION_COUNT];
static pthread_once_t report_once = PTHREAD_ONCE_INIT;

const char *br_path_name(enum br_path path)
{
    static const char *const names[BR_PATH_COUNT] = {"scaled", "cpu",    "device",
                                                     "fallback", "hybrid", "spread"};
    return names[path];
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The LAPACK routines' lines, after the Level-3 ones, under a header of their own. */
static void print_lapack_report(void)
{
    int said = 0;
    for (int r = 0; r < BR_LAPACK_COUNT; r++) {
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            struct lapack_stats *s = &lapack_stats[r][p];
            char where[128] = "";
            int used = 0;
            unsigned long long total = 0;
            for (int o = 0; o < BR_LAPACK_OUTCOMES; o++) {
                unsigned long long calls = atomic_load(&s->calls[o]);
                total += calls;
                if (calls)
                    used += snprintf(where + used, sizeof where - (size_t)used, "%s%s %llu",
                                     used ? " " : "",
                                     br_lapack_outcome_name((enum br_lapack_outcome)o), calls);
            }
            if (!total)
                continue;
            if (!said++)
                fprintf(stderr, "blasroute report: LAPACK routine, calls, where (device: "
                                "factored with the matrix on the device; blocked: its Level-3 "
                                "calls routed, counted above; library: handed whole to the "
                                "program's own LAPACK; fallback: the device failed, finished on "
                                "the CPU), GFLOP, seconds, GFLOP/s\n");
            double seconds = (double)atomic_load(&s->nanoseconds) * 1e-9;
            double gflop = atomic_load(&s->flops) * 1e-9;
            fprintf(stderr, "blasroute report: %c%s, %llu, %s, %.3f, %.6f, %.2f\n",
                    br_precision_letter((enum br_precision)p),
                    br_lapack_routine_name((enum br_lapack_routine)r), total, where, gflop,
                    seconds, seconds > 0 ? gflop / seconds : 0.0);
        }
    }
}

static void print_report(void)
{
    fprintf(stderr, "blasroute report: routine, calls, where, GFLOP, seconds, GFLOP/s, "
                    "GB moved, seconds saved against the CPU estimate, replans in smaller parts "
                    "for want of device memory\n");
    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            struct routine_stats *s = &stats[f][p];
            uint64_t total = 0;
            char where[128];
            int used = 0;
            for (int path = 0; path < BR_PATH_COUNT; path++) {
                uint64_t calls = atomic_load(&s->calls[path]);
                total += calls;
                if (calls && used < (int)sizeof where)
                    used += snprintf(where + used, sizeof where - (size_t)used, "%s%s %llu",
                                     used ? " " : "", br_path_name((enum br_path)path),
                                     (unsigned long long)calls);
            }
            if (!total)
                continue;
            double seconds = (double)atomic_load(&s->nanoseconds) * 1e-9;
            double gflop = atomic_load(&s->flops) * 1e-9;
            fprintf(stderr,
                    "blasroute report: %c%s, %llu, %s, %.3f, %.6f, %.2f, %.3f, %.6f, %llu\n",
                    br_precision_letter((enum br_precision)p), br_family_name((enum br_family)f),
                    (unsigned long long)total, where, gflop, seconds,
                    seconds > 0 ? gflop / seconds : 0.0, atomic_load(&s->bytes) * 1e-9,
                    atomic_load(&s->saved_seconds),
                    (unsigned long long)atomic_load(&s->memory_retries));
        }
    }
    print_lapack_report();
}

static void register_report(void)
{
    atexit(print_report);
}

atomic_int br_stats_wanted_flag = -1;

int br_stats_wanted_read(void)
{
    int wanted = br_env()->report || br_env()->trace;
    atomic_store_explicit(&br_stats_wanted_flag, wanted, memory_order_relaxed);
    return wanted;
}

struct br_timer br_stats_start(void)
{
    return (struct br_timer){br_stats_wanted() ? now_ns() : 0};
}

static void add_double(_Atomic double *sum, double x)
{
    double old = atomic_load_explicit(sum, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(sum, &old, old + x, memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

void br_stats_note_memory_retry(const struct br_call *call)
{
    atomic_fetch_add_explicit(&stats[call->family][call->precision].memory_retries, 1,
                              memory_order_relaxed);
    call_memory_retries++;
}

void br_stats_at_fork(enum br_fork_stage stage)
{
    /* A child reports its own calls, not its parent's again. */
    if (stage == BR_FORK_CHILD) {
        memset(stats, 0, sizeof stats);
        memset(lapack_stats, 0, sizeof lapack_stats);
    }
}

void br_stats_record_timed(const struct br_call *call, enum br_path path, struct br_timer timer,
                           const struct br_prediction *prediction)
{
    struct routine_stats *s = &stats[call->family][call->precision];
    atomic_fetch_add_explicit(&s->calls[path], 1, memory_order_relaxed);
    int memory_retries = call_memory_retries;
    call_memory_retries = 0;
    double seconds = (double)(now_ns() - timer.start_ns) * 1e-9;
    if (br_env()->report)
        pthread_once(&report_once, register_report);
    atomic_fetch_add_explicit(&s->nanoseconds, (uint_least64_t)(seconds * 1e9),
                              memory_order_relaxed);
    double flops = path == BR_PATH_SCALE ? 0 : br_call_flops(call);
    add_double(&s->flops, flops);
    /* What the device moved and the time it saved, counted for the calls it answered. */
    double up = 0, down = 0, cpu_estimate = prediction->cpu_seconds;
    if (path == BR_PATH_DEVICE || path == BR_PATH_HYBRID || path == BR_PATH_SPREAD) {
        if (path == BR_PATH_DEVICE)
            br_call_bytes_moved(call, &up, &down);
        else
            up = prediction->bytes_up, down = prediction->bytes_down;
        if (cpu_estimate <= 0)
            cpu_estimate = br_predict_cpu_seconds(call, br_routing_cpu_profile_unmeasured());
        add_double(&s->bytes, up + down);
        add_double(&s->saved_seconds, cpu_estimate - seconds);
    }
    br_trace_call(call, path, prediction, seconds, up + down, memory_retries);
}

void br_stats_record_lapack(enum br_lapack_routine routine, enum br_precision precision,
                            enum br_lapack_outcome outcome, struct br_timer timer, double flops)
{
    struct lapack_stats *s = &lapack_stats[routine][precision];
    atomic_fetch_add_explicit(&s->calls[outcome], 1, memory_order_relaxed);
    if (!timer.start_ns)
        return;
    if (br_env()->report)
        pthread_once(&report_once, register_report);
    atomic_fetch_add_explicit(&s->nanoseconds, now_ns() - timer.start_ns, memory_order_relaxed);
    add_double(&s->flops, flops);
}
