/* The cost model: what a Level-3 call is predicted to take on the CPU BLAS, on a device
 * (transfers, launches and the kernel at the profile's rates), cut between the two (a hybrid
 * run) or spread over several devices, and what it moves. A pure function of the call and the
 * profiles: no OpenCL, no I/O, no global state. The decision (decide.h) weighs its predictions;
 * the cuts it predicts (split.h, spread.h) are the cuts the router runs. */
#ifndef BLASROUTE_POLICY_MODEL_H
#define BLASROUTE_POLICY_MODEL_H

#include "call.h"
#include "policy/learn.h"
#include "policy/policy.h"
#include "policy/profile.h"
#include "policy/spread.h"

/* What the router has learned of this call's cell (policy/learn.h): the model's predictions
 * for each path are multiplied by these; the measurements behind each (the decision's margin
 * narrows once both paths were measured: br_decide_margin). */
struct br_learned_factors {
    double cpu, device;
    unsigned cpu_samples, device_samples;
    double device_side; /* seconds added to the device's prediction (learn.h: side_seconds) */
    /* The model sent to the device the last call it chose (not a try) of the call's cell, and
     * the last of any cell: the decision keeps the cell there while the device is predicted
     * faster at all (decide.c). The router's, process-local (learn_store.h: br_learn_chosen). */
    int stream_on_device;
};

/* The model's version: raised whenever what it predicts changes. What learning keeps on disk
 * is each cell's ratio of measured to predicted times (learn_store.c), which means nothing
 * against another version's predictions: a table is kept under its version and a new one
 * starts afresh. 2: a rank-2k update's CPU rate at its rank-(2k) size (2026-11-27). 3: a result
 * the host adds beta C to comes home at its own rate (br_staged_add_rate, 2026-12-07). */
enum { BR_MODEL_VERSION = 3 };

struct br_prediction {
    double effective_size; /* cube root of the call's m*n*k-like volume */
    double cpu_seconds, device_seconds, hybrid_seconds; /* 0 where not predicted; the CPU's
                                                           and the device's with the learned
                                                           factors applied */
    struct br_learned_factors factors; /* those applied (1 where none) */
    double side_prior; /* set by the router: cpu_threads.h's br_cpu_threads_side_prior */
    double device_share;         /* BR_ON_HYBRID: the device's share of the work to split at */
    double bytes_up, bytes_down; /* what the chosen device or hybrid path would move */
    int devices;         /* devices the call is spread over (set by the router); 0, 1: one */
    const char *reason;  /* one phrase: why this choice */
    struct br_learn_taught taught; /* what learning took from the call (for the trace) */
    /* For the trace, how the call ran: a CPU call's share of the CPU BLAS's thread count (below
     * 1 on the lowered count, cpu_threads.h; 0: not set, a whole one), and whether a warm-up
     * thread (warmup.h: the devices opening, a program built) ran at a CPU call's start or at
     * a timed call's end. */
    double cpu_threads_share;
    int beside_warmup;
};

/* m * n * (the inner dimension) of the call's arithmetic, and its cube root: the size its rates
 * are looked up at and the policy's min_size is compared with. */
double br_call_volume(const struct br_call *call);
double br_effective_size(const struct br_call *call);

/* The size the CPU BLAS's rates are looked up at: a weighted harmonic mean of the call's
 * dimensions, 2.5 / (1/m + 1/n + 0.5/k) with k the inner (summed) one, equal to the order for
 * square calls. The cube root takes a thin call for a large one; the CPU BLAS runs it at the
 * rate of a small one, streaming its large operand for few flops a byte, and a short inner
 * dimension costs it half as much as a short outer one (C is streamed, not packed). Fitted on
 * the H200 host (OpenBLAS, 16 threads, 2026-11-26) against the square rates: dgemm
 * 8192 x 8192 x 64 at the rate of order 300 (here 310; cube root 1625), 4096 x 4096 x 256 at
 * 1000 (1024), 8192 x 64 x 8192 at 180 (157) and 64 x 8192 x 8192 at 160 (157). A rank-2k
 * update counts as a rank-(2k) one (model.c). */
double br_cpu_effective_size(const struct br_call *call);

/* The largest block of a call the engine copies on the host (an operand going up, the result
 * coming down), in bytes: whether its copies are spread over helper threads. */
double br_call_largest_copy(const struct br_call *call);

/* The device-side byte counts and time alone (also for blasroute-info's crossover search). */
double br_predict_device_seconds(const struct br_call *call,
                                 const struct br_device_profile *device,
                                 struct br_prediction *prediction);
double br_predict_cpu_seconds(const struct br_call *call, const struct br_cpu_profile *cpu);

/* Bytes the device path moves each way for a call. */
void br_call_bytes_moved(const struct br_call *call, double *up, double *down);

/* GB/s of the engine's staged transfers one way: the profile's measured figure if it has one
 * (> 0), else an estimate from the pinned link and the host copies. */
double br_staged_rate(double measured, double pinned, double host_copy);

/* GB/s of a result's way down when the host adds beta C to it (engine/gemm.c, level3.c): the
 * profile's measured figure if it has one (> 0), else the staged rate down with the add's own
 * reads of C, half a host copy's traffic, after it. */
double br_staged_add_rate(double measured, double staged_down, double host_copy);

/* Whether the engine adds beta C to the call's result on the host as it comes home: beta is
 * not 0 and the routine has one (TRMM and TRSM have none). */
int br_call_result_added(const struct br_call *call);

/* What a hybrid run of the call at the device's share would take (the slower side, each side
 * its pieces one after the other), and what its device pieces move; 0 if not predictable. */
double br_predict_hybrid_seconds(const struct br_call *call,
                                 const struct br_device_profile *device,
                                 const struct br_cpu_profile *cpu, double share,
                                 double *bytes_up, double *bytes_down);
/* The share a hybrid run of the call uses: BLASROUTE_SPLIT (policy->split), else the profile's
 * tuned share, else the share the model predicts fastest, else one half. */
double br_hybrid_share(const struct br_call *call, const struct br_device_profile *device,
                       const struct br_cpu_profile *cpu, const struct br_policy *policy);
/* The same two over `count` devices (profiles[i]: device i's; NULL where a device has none:
 * the first's), their part spread over them by br_device_shares: the slowest device's part
 * against the CPU's. The profile's tuned share applies to one device only (the tuner measured
 * it beside the CPU alone); with several, the model's share, where the slowest device's part
 * is predicted to take as long as the CPU's. The single-device forms are these with count 1. */
double br_predict_hybrid_seconds_over(const struct br_call *call,
                                      const struct br_device_profile *const *profiles,
                                      int count, const struct br_cpu_profile *cpu, double share,
                                      double *bytes_up, double *bytes_down);
double br_hybrid_share_over(const struct br_call *call,
                            const struct br_device_profile *const *profiles, int count,
                            const struct br_cpu_profile *cpu, const struct br_policy *policy);

/* The single-device forms with what was learned of the call's cell (NULL: nothing): each
 * side's predicted time multiplied by its path's factor, so that the share and the run
 * predicted follow what was measured (the decision's). The tuner's share stays as it is. */
double br_predict_hybrid_seconds_learned(const struct br_call *call,
                                         const struct br_device_profile *device,
                                         const struct br_cpu_profile *cpu, double share,
                                         const struct br_learned_factors *learned,
                                         double *bytes_up, double *bytes_down);
double br_hybrid_share_learned(const struct br_call *call, const struct br_device_profile *device,
                               const struct br_cpu_profile *cpu, const struct br_policy *policy,
                               const struct br_learned_factors *learned);

/* Several devices. The shares of a call spread over `count` devices (profiles[i]: device i's;
 * NULL where a device has none: the first's), summing to total (1, or the devices' part of a
 * hybrid run): first in proportion to the rate each is predicted to run the whole call at, then
 * adjusted until the parts are predicted to end together. Equal where nothing is predictable. */
void br_device_shares(const struct br_call *call, const struct br_device_profile *const *profiles,
                      int count, double total, double *shares);
/* The same shares from the devices' predicted rates on the whole call alone; 1 if they came
 * from rates (else equal). */
int br_rate_shares(const struct br_call *call, const struct br_device_profile *const *profiles,
                   int count, double total, double *shares);

/* What an already cut spread takes over its `count` devices (the slowest device's pieces, one
 * after the other, plus br_spread_overhead_seconds) and what all their pieces move; 0 if not
 * predictable. */
double br_predict_spread_seconds(const struct br_spread *spread,
                                 const struct br_device_profile *const *profiles, int count,
                                 double *bytes_up, double *bytes_down);
extern const double br_spread_overhead_seconds;

/* A hybrid run's cut: the devices' share `share` of the call spread over the `count` devices
 * (br_device_shares), the rest to the CPU, one worker more, last. What the model predicts and
 * the router runs. */
void br_hybrid_cut(const struct br_call *call, const struct br_device_profile *const *profiles,
                   int count, double share, struct br_spread *out);

#endif
