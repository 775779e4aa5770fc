/* The CPU BLAS's threads while a device is in use.
 *
 * A device call copies its operands between the caller's pageable arrays and pinned staging
 * with its caller and helper threads (engine/host_copy.c: half the cores). OpenBLAS's threads
 * spin for about 0.1 s (2^28 cycles) after each call, waiting for the next one: in a program
 * that alternates CPU and device calls (a LAPACK factorization: panels on the CPU, trailing
 * updates on the device) a device call made in that time copies on cores they hold. On the
 * H200 machine's 16 cores its copies ran at 11 to 15 GB/s instead of 43, and auto mode lost to
 * device mode alone on reference-LAPACK streams at n = 8192 (dgeqrf 10.3 s against 8.0; dgetrf
 * 5.4 against 4.6 in CPU mode). With OpenBLAS on the 8 cores the copies leave, the same
 * streams took 6.2 and 4.0 s (profiles/measured/2026-11-25-issue20-memo/run8-out).
 *
 * So while a device is in use, the CPU BLAS's calls run on the cores its copies leave: its
 * thread count is lowered at a device call's start and given back at the first CPU call made
 * once the CPU calls since the last device call have taken longer than it did, or no device
 * call has run for 0.25 s, or for a CPU call predicted long enough that fewer threads would
 * cost it more than the spin it leaves costs the next device call, or for a CPU call of the
 * last device call's kind (the stream has left the device: br_cpu_threads_keep_lowered). Only
 * a CPU BLAS that lets its thread count be set (OpenBLAS: openblas_set_num_threads) is
 * touched, and only the one that answers the program's calls (br_cpu_threads_names_used); a count the program set itself is kept (never raised, and not given back over a
 * change the program made meanwhile). BLASROUTE_CPU_THREADS=keep turns it off. */
#ifndef BLASROUTE_CPU_THREADS_H
#define BLASROUTE_CPU_THREADS_H

#include <stdatomic.h>

#include "call.h"
#include "common.h"
#include "policy/learn.h"

/* Pure: the CPU BLAS's thread count beside a device call whose copies keep `copy_threads` of
 * `cores` cores busy, from `current`: the cores left, at least 1, never more than current. */
int br_cpu_threads_beside_device(int current, long cores, int copy_threads);

/* Pure: whether a CPU call made while a device is in use, predicted `predicted_seconds` on the
 * CPU BLAS with its full thread count (0: not predicted), gets that count back. */
int br_cpu_threads_full_for(double predicted_seconds);

/* Pure: whether the lowered count is kept for a CPU call, the last device call having taken
 * `device_took` seconds and ended `since_device` ago, the routed CPU calls since then
 * `cpu_since`; `trying`: the call is learning's try of the CPU amid device calls, kept lowered
 * while a device call is in sight whatever the CPU calls took (a try repeated at the cell's
 * next call, learn_store.h, would otherwise wake the other threads, and their spin slow the
 * device calls after it); `moved`: the call, not a try, is of the kind of the last device call
 * that was not one (policy/learn.h: br_learn_kind), so that the stream of those calls has
 * moved to the CPU (a factorization's updates once they are small, a program whose products
 * the learning found faster on the CPU): no device call of theirs is in sight, and the count
 * is given back. Kept, every such call ran on the lowered count until the calls had outlasted
 * the last device call: on the H100's host (2026-11-28) zherk n = 8192, k = 64 took 42 to 45
 * ms a call in auto mode after device calls of its own, 32 to 34 in cpu mode. */
int br_cpu_threads_keep_lowered(int trying, int moved, double device_took, double cpu_since,
                                double since_device);

/* Pure: whether a device call starting `since_cpu_call` seconds after a routed CPU call ended
 * may find the CPU BLAS's threads still spinning (and its host copies slowed by them):
 * OpenBLAS's threads spin 2^28 cycles after a call, 0.1 s at 2.7 GHz, longer on a slower
 * clock. Any CPU call: on the lowered count too, a warm dgeqrf 8192 whose products alternated
 * between the paths ran its device products at half their speed (H200, 2026-11-26). */
int br_cpu_threads_may_spin(double since_cpu_call);

/* Pure: whether the spin can slow a device call whose largest host copy is
 * `largest_copy_bytes`: only copies spread over the engine's helper threads wait for cores the
 * spin holds (br_host_copy_parallel_bytes); smaller ones run on the caller, which is running.
 * On the H200 (2026-11-26) a dsymm 256's device call (512 KiB operands) took 0.24 ms in a spin
 * and out of one, an sgemm 512's (1 MiB) 1.0 ms in one and 0.33 out. */
int br_cpu_threads_spin_slows(double largest_copy_bytes);

/* The router: a routed CPU call ended at `now`; whether a device call starting at `start` may
 * meet the spin it left (its measurement is then disturbed, for learning: policy/learn.h). */
void br_cpu_threads_cpu_call_ended(double now);
int br_cpu_threads_spin_at(double start);
/* When the last routed CPU call ended (0: none since the start or the fork): the spin a device
 * call meets is that call's (learning tells one spin from the next: policy/learn.h). */
double br_cpu_threads_last_cpu_call_end(void);

/* Pure: what the lowered count is expected to cost the CPU BLAS's next call, one of
 * `cpu_seconds` on the full count, run on `share` of the threads (1: not lowered): its time
 * again times 1 / share - 1, the work the threads taken away would have done, or nothing for a
 * call of FULL_THREADS_SECONDS or more, which gets the count back (br_cpu_threads_full_for). */
double br_cpu_threads_side_estimate(double cpu_seconds, double share);

/* A thread's routed calls as the side prior reads them (below): the last one's kind (0: none
 * yet), where it ran and what it took on the CPU BLAS's full count; for each kind, what the
 * routed call after its last call took on the full count (0: that call was not a CPU call of
 * another kind), once one came (`follower_seen`). */
struct br_call_neighbours {
    unsigned last_kind;
    int last_on_cpu;
    double last_full_seconds;
    double follower_seconds[BR_LEARN_KINDS];
    unsigned char follower_seen[BR_LEARN_KINDS];
};
/* Pure: a routed call of `kind` ended (`on_cpu`: on the CPU BLAS, `full_seconds` on its full
 * count); the seconds on the full count of the CPU call expected after a call of `kind` (0:
 * none expected). */
void br_call_neighbours_ended(struct br_call_neighbours *n, unsigned kind, int on_cpu,
                              double full_seconds);
double br_call_neighbours_next_cpu(const struct br_call_neighbours *n, unsigned kind);

/* The router, after a timed call of `kind` (policy/learn.h: br_learn_kind, below
 * BR_LEARN_KINDS) on this thread: on the CPU (`on_cpu`, having taken `full_seconds` on the
 * CPU BLAS's full thread count: its time times the share it ran on) or not. */
void br_cpu_threads_routed_call_ended(unsigned kind, int on_cpu, double full_seconds);

/* The router, before a device-sized call of `kind` on this thread: what sending it to a device
 * is expected to cost the CPU BLAS's call after it, before its learning cell has measured that
 * (policy/learn.h: side_seconds). A device call lowers the CPU BLAS's thread count, and the
 * routed CPU call after it runs on the lowered count. That call is taken to be like the one
 * that followed this thread's last call of the same kind (nothing if that went to a device or
 * was of the same kind: a stream of like calls goes to the device together), or before any
 * did, like this thread's last routed call if that was a CPU call of another kind: in a
 * LAPACK sweep the calls come in the same order at every step. On the H200's host (2026-11-27)
 * a reference dgeqrf 8192's first warm run sent its thin products (dgemm T, N, m x 32 x m: 14
 * ms on the device, 27 on the CPU) to the device, and each rank-32 update after one ran on 8
 * threads instead of 16, in 25 ms instead of 15: with its learning tries, 1.17 of cpu mode.
 * Nothing where the count is not lowered (BLASROUTE_CPU_THREADS=keep, a CPU BLAS without a
 * thread setter or on the cores a device's copies leave). */
double br_cpu_threads_side_prior(unsigned kind);

/* The router, at each weighed call: the family of names it came by (call.h). The threads
 * lowered beside a device, and those whose spin is watched, are those of the libraries that
 * answer these families on the CPU (blasroute's CPU BLAS for the plain names, pip numpy's
 * bundled OpenBLAS for its scipy_*_64_ names, ...), never a library no call of the program's
 * goes to. One relaxed load once a family is known. */
extern atomic_uint br_cpu_threads_names_seen;
static inline void br_cpu_threads_names_used(enum br_names names)
{
    if (br_unlikely(!(atomic_load_explicit(&br_cpu_threads_names_seen, memory_order_relaxed) &
                      (1u << names))))
        atomic_fetch_or_explicit(&br_cpu_threads_names_seen, 1u << names, memory_order_relaxed);
}

/* The router: whether a CPU call starting at `start` finds the CPU BLAS's threads asleep (no
 * routed CPU call ended within their spin before it, on a CPU BLAS that spins): it pays their
 * wake-up. On the H200 host a dgemm 256 after 250 ms without CPU calls took 0.7 to 0.9 ms,
 * 0.15 ms once they were awake (2026-11-26): a cost of the pause before the call, not of the
 * call, which a learned CPU cell must not take for the call's (policy/learn.h). Such a call
 * is remembered as the wake: the calls starting within its warm-up after it are cold too
 * (br_cpu_threads_warming). */
int br_cpu_threads_cold_at(double start);

/* Pure: whether a CPU call starting `since_wake` seconds after the start of the call that woke
 * the CPU BLAS's threads (a cold one, or one given the lowered count back), the
 * `calls_after`-th routed CPU call after that one, is still cold. The wake-up lasts
 * several calls on a virtual machine, not one: on the H200's host (2026-11-26, cher2k 256,
 * 0.19 ms a call once awake) the first five calls after a pause of 250 ms took 2.9 to 5.9 ms
 * each, 15 ms in all, both in cpu mode and in auto mode after device calls; taken for the
 * CPU's cost, they put that cell on the device (at half the CPU's speed) for the rest of the
 * run. So the four calls after the wake count as cold if they start within 25 ms of it
 * (br_cpu_threads_cold_at answers so), and no more: a cold call teaches only a bound, which
 * may only lower its cell, and with every call of a stream of 2 ms calls cold for 25 ms after
 * each pause, a cell that a try had put too low could never come back up (cherk n = 64, k =
 * 8192 on the H200's host, 2026-11-27: predicted 1.0 ms on the CPU, which took 1.8 to 2.7, and
 * kept there against the device's 0.7). */
int br_cpu_threads_warming(double since_wake, unsigned calls_after);

/* The router's shortest path (calls the rules alone keep on the CPU, untimed) marks that the
 * CPU BLAS ran a call the router did not time: the next timed CPU call is then not taken for
 * cold (a factorization's small panel calls keep its threads awake between its updates). One
 * relaxed load on that path, a store once per timed call. */
extern atomic_int br_cpu_threads_untimed_call;
static inline void br_cpu_threads_note_untimed_call(void)
{
    if (br_unlikely(!atomic_load_explicit(&br_cpu_threads_untimed_call, memory_order_relaxed)))
        atomic_store_explicit(&br_cpu_threads_untimed_call, 1, memory_order_relaxed);
}

/* The router: whether a device call starting at `start` finds the device idle for 0.1 s or
 * more (no device call running, the last one ended that long before; not before the first):
 * it pays a wake-up as a CPU call finding the CPU BLAS's threads asleep does. On the H200
 * (2026-11-26) the first device call after the bench's 250 ms pauses took 0.65 ms in sgemm
 * 512, 0.69 in ssymm 512, 0.93 to 0.96 in ssyr2k 512, against 0.34, 0.38 and 0.50 in the calls
 * after it. */
int br_cpu_threads_device_cold_at(double start);
/* Pure: whether a cold call (of either path) that took `measured_seconds` is disturbed for
 * learning: the wake-up, under a millisecond, is a large part of calls shorter than 20 ms
 * only. Over a program whose calls all come cold, at most 0.1 s apart, it is at most a few
 * per mille of its time, whichever path a wrong belief keeps. */
int br_cpu_threads_cold_disturbs(double measured_seconds);

/* Set by the router on its thread around a call made only to measure the path the model did
 * not choose (a learning try). A device try does not lower the count: the calls around it are
 * the CPU's. A short CPU try keeps the lowered count (br_cpu_threads_keep_lowered): the calls
 * around it are the device's. */
extern BR_THREAD_LOCAL int br_cpu_threads_trying;

/* Hybrid runs in flight (the router counts them): while one runs, device calls do not lower
 * the count. Its CPU part runs beside the device's on the CPU BLAS's threads, and its cut was
 * predicted with the CPU's full rate (policy/split.c). */
extern atomic_int br_cpu_threads_hybrid_runs;

/* A device call or session on one device begins and ends (the engine calls these). */
void br_cpu_threads_device_begins(void);
void br_cpu_threads_device_ends(void);

/* The router, before a device call that is not a learning try: its kind (policy/learn.h:
 * br_learn_kind), for br_cpu_threads_keep_lowered's `moved`. */
void br_cpu_threads_device_call_kind(unsigned kind);

/* Around a Level-3 call the router sends to the CPU BLAS, predicted `predicted_seconds` there
 * (0: not predicted), of `kind` (0: not weighed, or a try): before it, one relaxed load
 * unless the thread count is lowered; then the call is timed (a start time returned, to give
 * br_cpu_threads_cpu_call_took after it), else 0. */
extern atomic_int br_cpu_threads_lowered;
double br_cpu_threads_settle(double predicted_seconds, unsigned kind);
void br_cpu_threads_cpu_call_took(double start);
static inline double br_cpu_threads_before_cpu_call(double predicted_seconds, unsigned kind)
{
    if (br_unlikely(atomic_load_explicit(&br_cpu_threads_lowered, memory_order_relaxed)))
        return br_cpu_threads_settle(predicted_seconds, kind);
    return 0;
}
static inline void br_cpu_threads_after_cpu_call(double start)
{
    if (br_unlikely(start > 0))
        br_cpu_threads_cpu_call_took(start);
}

/* While the device gets ready on a warm-up thread beside a call the CPU BLAS begins (route.c),
 * the library that answers the call's names on the CPU runs on one core fewer, left to the
 * warm-up: with every core its own, OpenBLAS made the opening and the compile beside a dgemm
 * of 8192 take 2.2 s instead of about 1.6, and ran the dgemm 20% slower meanwhile (H200's host,
 * 16 cores, 2026-11-26). The count before (to give back), or 0 if none was changed (no setter,
 * fewer than 4 threads, BLASROUTE_CPU_THREADS=keep). */
int br_cpu_threads_leave_one(enum br_names names);
void br_cpu_threads_give_back_one(enum br_names names, int count);

/* Set on the caller's thread when the count was given back at the start of its CPU call (the
 * router clears it before the call): the threads given back were asleep, and the call pays
 * their wake-up as a cold one does (br_cpu_threads_cold_at). On the H200 (2026-11-26) sgemm
 * 512's CPU calls took 0.52 to 0.63 ms on the count just given back, 0.29 to 0.37 in cpu mode. */
extern BR_THREAD_LOCAL int br_cpu_threads_woke;

/* The share of the CPU BLAS's own thread count that the lowered count is (1 when it is not
 * lowered): a call timed on the lowered count took at least this share of that time on the
 * full count (at best its work spreads over the threads given back). */
double br_cpu_threads_lowered_share(void);

/* Gives the CPU BLAS its thread count back now (blasroute-bench, between modes). */
void br_cpu_threads_restore(void);

#endif
