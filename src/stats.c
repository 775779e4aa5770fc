#include "stats.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "env.h"

struct routine_stats {
    atomic_uint_least64_t calls[BR_PATH_COUNT];
    atomic_uint_least64_t nanoseconds;
    _Atomic double flops;
};

static struct routine_stats stats[BR_FAMILY_COUNT][BR_PRECISION_COUNT];
static pthread_once_t report_once = PTHREAD_ONCE_INIT;
static const char *const path_names[BR_PATH_COUNT] = {"scaled", "cpu", "device", "fallback"};

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

double br_call_flops(const struct br_call *c)
{
    double m = c->m, n = c->n, k = c->k, flops;
    switch (c->family) {
    case BR_GEMM:
        flops = 2 * m * n * k;
        break;
    case BR_SYMM:
    case BR_HEMM:
        flops = 2 * m * n * (c->side == 'L' ? m : n);
        break;
    case BR_SYRK:
    case BR_HERK:
        flops = n * (n + 1) * k;
        break;
    case BR_SYR2K:
    case BR_HER2K:
        flops = 2 * n * (n + 1) * k;
        break;
    default: /* TRMM, TRSM */
        flops = m * n * (c->side == 'L' ? m : n);
        break;
    }
    return br_is_complex(c->precision) ? 4 * flops : flops;
}

static void print_report(void)
{
    static const char *const families[BR_FAMILY_COUNT] = {
        "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};
    static const char letters[] = "sdcz";
    fprintf(stderr, "blasroute report: routine, calls, where, GFLOP, seconds, GFLOP/s\n");
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
                                     used ? " " : "", path_names[path],
                                     (unsigned long long)calls);
            }
            if (!total)
                continue;
            double seconds = (double)atomic_load(&s->nanoseconds) * 1e-9;
            double gflop = atomic_load(&s->flops) * 1e-9;
            fprintf(stderr, "blasroute report: %c%s, %llu, %s, %.3f, %.6f, %.2f\n", letters[p],
                    families[f], (unsigned long long)total, where, gflop, seconds,
                    seconds > 0 ? gflop / seconds : 0.0);
        }
    }
}

static void register_report(void)
{
    atexit(print_report);
}

/* BLASROUTE_REPORT, read once: the settings never change after the first call, so the hot
 * path reads a plain int instead of going through br_env()'s pthread_once every call. */
static atomic_int report_wanted = -1;

struct br_timer br_stats_start(void)
{
    int wanted = atomic_load_explicit(&report_wanted, memory_order_relaxed);
    if (br_unlikely(wanted < 0)) {
        wanted = br_env()->report;
        atomic_store_explicit(&report_wanted, wanted, memory_order_relaxed);
    }
    return (struct br_timer){wanted ? now_ns() : 0};
}

void br_stats_record(const struct br_call *call, enum br_path path, struct br_timer timer)
{
    struct routine_stats *s = &stats[call->family][call->precision];
    atomic_fetch_add_explicit(&s->calls[path], 1, memory_order_relaxed);
    if (!timer.start_ns)
        return;
    pthread_once(&report_once, register_report);
    atomic_fetch_add_explicit(&s->nanoseconds, now_ns() - timer.start_ns, memory_order_relaxed);
    double flops = path == BR_PATH_SCALE ? 0 : br_call_flops(call);
    double old = atomic_load_explicit(&s->flops, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&s->flops, &old, old + flops,
                                                  memory_order_relaxed, memory_order_relaxed))
        ;
}
