/* The CPU BLAS's threads while a device is in use (why: cpu_threads.h). */
#include "cpu_threads.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

#include "cpu.h"
#include "cpu_names.h"
#include "engine/engine.h"
#include "engine/host_copy.h"
#include "env.h"
#include "log.h"
#include "process.h"

/* When the lowered count is given back. What the CPU BLAS's spin can cost the next device
 * call's copies is at most about what the last device call took; what the lowered count costs
 * grows with the time the CPU BLAS's calls take on it. So it is kept while the routed CPU calls
 * made since the last device call have taken less than that call did (a dgetrf 8192's
 * updates take 25 to 70 ms on the device; the small CPU calls between them, a few), and given
 * back once they take more (a device call now and then, as learning's tries or one product
 * among many CPU ones, would otherwise halve the CPU BLAS for the calls after it), or once no
 * device call has run for PHASE_SECONDS (OpenBLAS's threads spin 2^28 cycles after a call,
 * 0.1 s at 2.7 GHz: by then a device call is no longer in sight). */
static const double PHASE_SECONDS = 0.25;

/* A CPU call longer than this (predicted with every thread) gets them all: on half of them it
 * would lose about its own length again, more than the spin it leaves behind can cost the
 * next device call's copies (a fraction of the spin's 0.1 s). */
static const double FULL_THREADS_SECONDS = 0.1;

/* How long after a call the CPU BLAS's threads may spin (br_cpu_threads_may_spin). */
static const double SPIN_SECONDS = 0.15;
/* A device idle this long wakes slowly too (br_cpu_threads_device_cold_at). */
static const double DEVICE_IDLE_SECONDS = 0.1;
/* A cold call shorter than this is disturbed by its threads' wake-up (cpu_threads.h). */
static const double COLD_DISTURBS_SECONDS = 0.02;
/* How long a wake-up of the CPU BLAS's threads lasts (br_cpu_threads_warming). */
static const double WARMING_SECONDS = 0.025;
/* The calls after the waking one that may still be warming (br_cpu_threads_warming). */
static const unsigned WARMING_CALLS = 4;

atomic_int br_cpu_threads_lowered;
atomic_int br_cpu_threads_untimed_call;
BR_THREAD_LOCAL int br_cpu_threads_trying;
BR_THREAD_LOCAL int br_cpu_threads_woke;
atomic_int br_cpu_threads_hybrid_runs;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int devices_busy;          /* device calls and sessions running now */
static _Atomic double busy_since;        /* br_seconds_now() when the running ones began */
static _Atomic double last_device_end;   /* br_seconds_now() at the last one's end */
static _Atomic double last_device_took;  /* how long the device was busy up to then */
/* The kind of the last device call the router made that was not a try (0: none yet). */
static atomic_uint device_kind;
static _Atomic long long cpu_ns_since;   /* the routed CPU calls since then, timed while lowered */
static _Atomic double last_cpu_call_end; /* a routed CPU call's end */
static _Atomic double woke_at;           /* the start of the last call that woke the threads */
static atomic_uint calls_since_wake;     /* the routed CPU calls begun since (br_cpu_threads_cold_at) */
/* The families of names the router's weighed calls came by (a bit each): their libraries'
 * threads are the ones lowered (br_cpu_threads_names_used). */
atomic_uint br_cpu_threads_names_seen;
/* Under lock: for each family, its library's count before lowering and the count blasroute
 * set (lowered_families: the families lowered now). */
static int told_once;
static int count_before[BR_NAMES_COUNT], count_set[BR_NAMES_COUNT];
static unsigned lowered_families;
/* count_set / count_before while lowered, read without the lock by the router after a call. */
static _Atomic double lowered_share = 1;

int br_cpu_threads_beside_device(int current, long cores, int copy_threads)
{
    long left = cores - copy_threads;
    if (left < 1)
        left = 1;
    return left < current ? (int)left : current;
}

int br_cpu_threads_may_spin(double since_cpu_call)
{
    return since_cpu_call >= 0 && since_cpu_call < SPIN_SECONDS;
}

int br_cpu_threads_spin_slows(double largest_copy_bytes)
{
    return largest_copy_bytes >= (double)br_host_copy_parallel_bytes();
}

int br_cpu_threads_full_for(double predicted_seconds)
{
    return predicted_seconds >= FULL_THREADS_SECONDS;
}

/* The thread-count setters of the library that answers a family of names on the CPU, looked up
 * once per family: blasroute's CPU BLAS's for the plain names; for the others the library their
 * GEMM was found in (cpu_names.h), under the names OpenBLAS takes there: pip numpy's bundled
 * OpenBLAS has scipy_openblas_set_num_threads64_, SciPy's scipy_openblas_set_num_threads,
 * Debian's ILP64 OpenBLAS openblas_set_num_threads64_ (C bindings all: the Fortran ones take a
 * pointer). Only the family's own library: until 2026-11-27 the lowering and the spin's test
 * asked blasroute's CPU BLAS whatever the names, so that under pip numpy they loaded a second
 * OpenBLAS into the program at its first weighed call (its 16 new threads slowed numpy's first
 * dgemm 1024 from 5 to 9 to 11 ms on the H200's host) and lowered that one's threads, which
 * answer none of numpy's calls. */
struct setters {
    int (*get)(void);
    void (*set)(int);
};

/* Under lock. */
static struct setters setters_of(enum br_names names)
{
    static struct setters found[BR_NAMES_COUNT];
    static int looked[BR_NAMES_COUNT];
    static const char *const symbols[][2] = {
        {"scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"},
        {"scipy_openblas_get_num_threads", "scipy_openblas_set_num_threads"},
        {"openblas_get_num_threads64_", "openblas_set_num_threads64_"},
        {"openblas_get_num_threads", "openblas_set_num_threads"}};
    if (looked[names])
        return found[names];
    looked[names] = 1;
    void *get = NULL, *set = NULL;
    if (names == BR_NAMES_PLAIN) {
        get = br_cpu_library_symbol("openblas_get_num_threads");
        set = br_cpu_library_symbol("openblas_set_num_threads");
    } else {
        const char *path = br_cpu_named_library(names);
        void *library = dlopen(path, RTLD_LAZY | RTLD_NOLOAD); /* loaded: the program's */
        for (size_t i = 0; library && i < sizeof symbols / sizeof symbols[0] && !set; i++) {
            get = dlsym(library, symbols[i][0]), set = dlsym(library, symbols[i][1]);
            if (!get || !set)
                get = set = NULL;
        }
        if (library)
            dlclose(library); /* the program keeps it loaded */
    }
    if (get && set) {
        *(void **)&found[names].get = get; /* POSIX: a dlsym result converts */
        *(void **)&found[names].set = set;
    }
    return found[names];
}

/* Whether family f is among those seen (a mask of br_cpu_threads_names_seen). */
static int seen_family(unsigned seen, int f)
{
    return (seen >> f) & 1u;
}

/* Whether the CPU BLAS leaves threads spinning after a call: a library without threads (the
 * reference, which the tests run as the CPU BLAS) leaves none, and marking the device calls
 * after its calls disturbed would keep a wrong profile's device belief (learning from them
 * could then never raise it). Found out once per family, for those the calls came by. */
static int cpu_blas_spins(void)
{
    static _Atomic int known[BR_NAMES_COUNT]; /* 0: not yet, 1: spins, 2: does not */
    unsigned seen = atomic_load_explicit(&br_cpu_threads_names_seen, memory_order_relaxed);
    for (int f = 0; f < BR_NAMES_COUNT; f++) {
        if (!seen_family(seen, f))
            continue;
        int state = atomic_load_explicit(&known[f], memory_order_relaxed);
        if (!state) {
            pthread_mutex_lock(&lock);
            struct setters library = setters_of((enum br_names)f);
            state = library.get && library.get() > 1 ? 1 : 2;
            pthread_mutex_unlock(&lock);
            atomic_store_explicit(&known[f], state, memory_order_relaxed);
        }
        if (state == 1)
            return 1;
    }
    return 0;
}

void br_cpu_threads_cpu_call_ended(double now)
{
    if (cpu_blas_spins())
        atomic_store_explicit(&last_cpu_call_end, now, memory_order_relaxed);
    atomic_store_explicit(&br_cpu_threads_untimed_call, 0, memory_order_relaxed);
}

double br_cpu_threads_side_estimate(double cpu_seconds, double share)
{
    if (!(share > 0 && share < 1) || !(cpu_seconds > 0) || br_cpu_threads_full_for(cpu_seconds))
        return 0;
    return cpu_seconds * (1 / share - 1);
}

/* The share of its threads the CPU BLAS keeps beside a device call (1: none taken), found once:
 * the count a program sets while it runs is rarely changed again. */
static double share_beside_device(void)
{
    /* Found once for the families seen so far (again if another comes by). */
    static _Atomic double found; /* 0: not yet */
    static atomic_uint found_for;
    unsigned seen = atomic_load_explicit(&br_cpu_threads_names_seen, memory_order_relaxed);
    double share = atomic_load_explicit(&found, memory_order_relaxed);
    if (share > 0 && atomic_load_explicit(&found_for, memory_order_relaxed) == seen)
        return share;
    share = 1;
    pthread_mutex_lock(&lock);
    for (int f = 0; f < BR_NAMES_COUNT; f++) {
        struct setters library =
            seen_family(seen, f) ? setters_of((enum br_names)f) : (struct setters){0};
        if (!library.set)
            continue;
        int current = seen_family(lowered_families, f) ? count_before[f] : library.get();
        int beside = br_cpu_threads_beside_device(current, sysconf(_SC_NPROCESSORS_ONLN),
                                                  br_host_copy_reserved_threads());
        if (current > 0 && beside < current && (double)beside / current < share)
            share = (double)beside / current;
    }
    pthread_mutex_unlock(&lock);
    atomic_store_explicit(&found_for, seen, memory_order_relaxed);
    atomic_store_explicit(&found, share, memory_order_relaxed);
    return share;
}

void br_call_neighbours_ended(struct br_call_neighbours *n, unsigned kind, int on_cpu,
                              double full_seconds)
{
    if (kind == 0 || kind >= BR_LEARN_KINDS)
        return;
    if (n->last_kind) {
        n->follower_seconds[n->last_kind] = on_cpu && kind != n->last_kind ? full_seconds : 0;
        n->follower_seen[n->last_kind] = 1;
    }
    n->last_kind = kind;
    n->last_on_cpu = on_cpu;
    n->last_full_seconds = full_seconds;
}

double br_call_neighbours_next_cpu(const struct br_call_neighbours *n, unsigned kind)
{
    if (kind == 0 || kind >= BR_LEARN_KINDS)
        return 0;
    if (n->follower_seen[kind])
        return n->follower_seconds[kind];
    return n->last_kind && n->last_kind != kind && n->last_on_cpu ? n->last_full_seconds : 0;
}

/* This thread's routed calls. The default TLS model, not BR_THREAD_LOCAL's: a kilobyte, read
 * by weighed calls only, where a library loaded by dlopen has little room for initial-exec
 * variables. */
static _Thread_local struct br_call_neighbours neighbours;

void br_cpu_threads_routed_call_ended(unsigned kind, int on_cpu, double full_seconds)
{
    br_call_neighbours_ended(&neighbours, kind, on_cpu, full_seconds);
}

double br_cpu_threads_side_prior(unsigned kind)
{
    if (!br_env()->cpu_threads_share)
        return 0;
    double next = br_call_neighbours_next_cpu(&neighbours, kind);
    return next > 0 ? br_cpu_threads_side_estimate(next, share_beside_device()) : 0;
}

double br_cpu_threads_last_cpu_call_end(void)
{
    return atomic_load_explicit(&last_cpu_call_end, memory_order_relaxed);
}

int br_cpu_threads_spin_at(double start)
{
    double end = atomic_load_explicit(&last_cpu_call_end, memory_order_relaxed);
    return end > 0 && br_cpu_threads_may_spin(start - end);
}

int br_cpu_threads_warming(double since_wake, unsigned calls_after)
{
    return since_wake >= 0 && since_wake < WARMING_SECONDS && calls_after >= 1 &&
           calls_after <= WARMING_CALLS;
}

int br_cpu_threads_cold_at(double start)
{
    if (!cpu_blas_spins())
        return 0;
    if (!br_cpu_threads_spin_at(start) &&
        !atomic_load_explicit(&br_cpu_threads_untimed_call, memory_order_relaxed)) {
        atomic_store_explicit(&calls_since_wake, 0, memory_order_relaxed);
        atomic_store_explicit(&woke_at, start, memory_order_relaxed);
        return 1;
    }
    double woke = atomic_load_explicit(&woke_at, memory_order_relaxed);
    if (!(woke > 0 && br_cpu_threads_warming(start - woke, 1)))
        return 0; /* past the wake-up's time: no count kept */
    unsigned after = atomic_fetch_add_explicit(&calls_since_wake, 1, memory_order_relaxed) + 1;
    return br_cpu_threads_warming(start - woke, after);
}

int br_cpu_threads_device_cold_at(double start)
{
    double end = atomic_load_explicit(&last_device_end, memory_order_relaxed);
    return atomic_load_explicit(&devices_busy, memory_order_relaxed) == 0 && end > 0 &&
           start - end >= DEVICE_IDLE_SECONDS;
}

int br_cpu_threads_cold_disturbs(double measured_seconds)
{
    return measured_seconds < COLD_DISTURBS_SECONDS;
}

/* Under lock. Whether the count was raised. */
static int give_back(void)
{
    if (!atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed))
        return 0;
    int raised = 0;
    for (int f = 0; f < BR_NAMES_COUNT; f++) {
        if (!seen_family(lowered_families, f))
            continue; /* not looked up: a family never lowered may be one no call came by */
        struct setters library = setters_of((enum br_names)f);
        /* A count the program set meanwhile (numpy's threadpoolctl, say) is the program's. */
        if (library.get() == count_set[f])
            library.set(count_before[f]), raised = 1;
    }
    lowered_families = 0;
    atomic_store_explicit(&br_cpu_threads_lowered, 0, memory_order_relaxed);
    return raised;
}

void br_cpu_threads_device_begins(void)
{
    if (atomic_fetch_add(&devices_busy, 1) == 0)
        atomic_store_explicit(&busy_since, br_seconds_now(), memory_order_relaxed);
    if (!br_env()->cpu_threads_share || br_cpu_threads_trying ||
        atomic_load_explicit(&br_cpu_threads_hybrid_runs, memory_order_relaxed) > 0 ||
        atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed))
        return;
    pthread_mutex_lock(&lock);
    if (!atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed)) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        int copies = br_host_copy_reserved_threads();
        double share = 1;
        unsigned seen = atomic_load_explicit(&br_cpu_threads_names_seen, memory_order_relaxed);
        for (int f = 0; f < BR_NAMES_COUNT; f++) {
            struct setters library =
                seen_family(seen, f) ? setters_of((enum br_names)f) : (struct setters){0};
            if (!library.set)
                continue;
            int current = library.get();
            int beside = br_cpu_threads_beside_device(current, cores, copies);
            if (beside >= current)
                continue;
            library.set(beside);
            count_before[f] = current;
            count_set[f] = beside;
            lowered_families |= 1u << f;
            if ((double)beside / current < share)
                share = (double)beside / current;
            if (!told_once++)
                br_verbose("CPU BLAS: %d threads instead of %d while a device is in use: its "
                           "copies keep %d of the %ld cores busy (%s)",
                           beside, current, copies, cores,
                           br_cpu_named_library((enum br_names)f));
        }
        if (lowered_families) {
            atomic_store_explicit(&lowered_share, share, memory_order_relaxed);
            atomic_store_explicit(&br_cpu_threads_lowered, 1, memory_order_relaxed);
        }
    }
    pthread_mutex_unlock(&lock);
}

void br_cpu_threads_device_ends(void)
{
    double now = br_seconds_now();
    atomic_store_explicit(&last_device_end, now, memory_order_relaxed);
    atomic_store_explicit(&cpu_ns_since, 0, memory_order_relaxed);
    if (atomic_fetch_sub(&devices_busy, 1) == 1)
        atomic_store_explicit(
            &last_device_took, now - atomic_load_explicit(&busy_since, memory_order_relaxed),
            memory_order_relaxed);
}

int br_cpu_threads_keep_lowered(int trying, int moved, double device_took, double cpu_since,
                                double since_device)
{
    return since_device < PHASE_SECONDS && (trying || (!moved && cpu_since < device_took));
}

void br_cpu_threads_device_call_kind(unsigned kind)
{
    if (atomic_load_explicit(&device_kind, memory_order_relaxed) != kind)
        atomic_store_explicit(&device_kind, kind, memory_order_relaxed);
}

double br_cpu_threads_settle(double predicted_seconds, unsigned kind)
{
    if (!br_cpu_threads_full_for(predicted_seconds)) {
        double now = br_seconds_now();
        int moved = kind != 0 && kind == atomic_load_explicit(&device_kind, memory_order_relaxed);
        if (atomic_load(&devices_busy) > 0 ||
            br_cpu_threads_keep_lowered(
                br_cpu_threads_trying, moved,
                atomic_load_explicit(&last_device_took, memory_order_relaxed),
                (double)atomic_load_explicit(&cpu_ns_since, memory_order_relaxed) * 1e-9,
                now - atomic_load_explicit(&last_device_end, memory_order_relaxed)))
            return now; /* still lowered: the call is timed */
    }
    pthread_mutex_lock(&lock);
    br_cpu_threads_woke = give_back();
    if (br_cpu_threads_woke) { /* the calls after it warm up too (br_cpu_threads_warming) */
        atomic_store_explicit(&calls_since_wake, 0, memory_order_relaxed);
        atomic_store_explicit(&woke_at, br_seconds_now(), memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
    return 0;
}

void br_cpu_threads_cpu_call_took(double start)
{
    atomic_fetch_add_explicit(&cpu_ns_since, (long long)((br_seconds_now() - start) * 1e9),
                              memory_order_relaxed);
}

double br_cpu_threads_lowered_share(void)
{
    return atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed)
               ? atomic_load_explicit(&lowered_share, memory_order_relaxed)
               : 1;
}

void br_cpu_threads_restore(void)
{
    if (!atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed))
        return;
    pthread_mutex_lock(&lock);
    give_back();
    pthread_mutex_unlock(&lock);
}

/* --- a core for the warm-up (br_cpu_threads_leave_one) ---------------------------------- */

/* The setters of the library that answers the names (setters_of), outside the lock. */
static struct setters named_setters(enum br_names names)
{
    pthread_mutex_lock(&lock);
    struct setters result = setters_of(names);
    pthread_mutex_unlock(&lock);
    return result;
}

int br_cpu_threads_leave_one(enum br_names names)
{
    if (!br_env()->cpu_threads_share)
        return 0;
    struct setters library = named_setters(names);
    if (!library.set)
        return 0;
    int current = library.get();
    if (current < 4)
        return 0;
    library.set(current - 1);
    static atomic_flag told = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&told))
        br_verbose("CPU BLAS: %d threads instead of %d while the device gets ready beside a call "
                   "begun on the CPU (%s)", current - 1, current, br_cpu_named_library(names));
    return current;
}

void br_cpu_threads_give_back_one(enum br_names names, int count)
{
    if (count <= 0)
        return;
    struct setters library = named_setters(names);
    /* A count the program set meanwhile is the program's. */
    if (library.set && library.get() == count - 1)
        library.set(count);
}

/* A child has no device call running (the parent's threads are not in it) and never uses
 * the parent's devices: its next CPU call gives the count back. */
void br_cpu_threads_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&lock, stage);
    if (stage == BR_FORK_CHILD) {
        atomic_store(&devices_busy, 0);
        atomic_store(&last_device_end, 0.0);
        atomic_store(&last_device_took, 0.0);
        atomic_store(&device_kind, 0u);
        atomic_store(&cpu_ns_since, 0);
        atomic_store(&last_cpu_call_end, 0.0);
        atomic_store(&br_cpu_threads_hybrid_runs, 0);
    }
}
