/* The CPU profile when no tuned one exists: a calibration of the CPU BLAS on first use (at
 * most about 50 ms), kept on disk per CPU model, CPU BLAS and thread count so that it runs once
 * per machine and configuration. */
#ifndef BLASROUTE_POLICY_CALIBRATE_H
#define BLASROUTE_POLICY_CALIBRATE_H

#include "call.h"
#include "policy/profile.h"

/* Fills *out from the cache, or by timing the BLAS that answers the names' calls on the CPU
 * (the CPU BLAS for the plain names; for a pip wheel's scipy_ names, the wheel's own bundled
 * BLAS), then caching the result. 0 on success; -1 if neither worked (the caller keeps the
 * built-in estimates). */
int br_cpu_calibrate(enum br_names names, struct br_cpu_profile *out);

/* The cached calibration alone, without measuring anything: 0 with *out filled, -1 if none. */
int br_cpu_calibration_cached(enum br_names names, struct br_cpu_profile *out);

/* The CPU BLAS's rates as the program's own calls showed them: for each precision, the best
 * ratio of a GEMM call's measured rate to the built-in table's at its effective order. A
 * program whose device-sized calls went to the CPU BLAS before the device was opened has
 * measured what a calibration would, on the library and the shapes it uses, without taking
 * the CPU from it (a calibration beside its calls slowed them by half on an H100's host). */
struct br_cpu_observation {
    double best_ratio[BR_PRECISION_COUNT];
    int samples[BR_PRECISION_COUNT];
    /* The other routines' calls: counted where the program makes no GEMM call (the model
     * reads their rates on GEMM's row too). A program of rank-k updates alone otherwise kept
     * the built-in estimates for good, and learning never tried its calls' other path (it does
     * not while the CPU's profile is provisional): the H200's c and z sweep left csyr2k n = 64,
     * k = 8192 on the device at 0.45 of the CPU's speed, 2026-11-26. */
    double other_ratio[BR_PRECISION_COUNT];
    int other_samples[BR_PRECISION_COUNT];
};

/* Takes a call the CPU BLAS answered in `seconds` in: calls of effective order 128 and more
 * count, GEMM's apart from the others'; smaller ones change nothing. Pure. */
void br_cpu_observe(struct br_cpu_observation *seen, const struct br_call *call, double seconds);

/* The built-in table scaled by what was seen, each precision by its own best ratio, or its
 * real or complex counterpart's (neither seen: the built-in row): 0 with *out filled once at
 * least br_cpu_observations_needed calls were seen, else -1. GEMM's calls alone once that many
 * of them were seen; before, the best of every routine's calls. Pure. */
enum { br_cpu_observations_needed = 4 };
int br_cpu_profile_from_observation(const struct br_cpu_observation *seen,
                                    struct br_cpu_profile *out);

/* Keeps a profile as the cached calibration of the names' BLAS (the next process reads it with
 * br_cpu_calibration_cached). */
void br_cpu_calibration_keep(enum br_names names, const struct br_cpu_profile *profile);

/* What a calibration is valid for: the CPU model, the file of the BLAS answering the names and
 * its thread count ("cpu=...; blas=...; threads=..."). */
void br_cpu_calibration_key(enum br_names names, char *key, size_t size);

/* Where the GEMM rows of a precision pair (s and d; c and z) were both measured (`measured`,
 * by precision) and one stands at less than half the other's fraction of the built-in rates
 * (which put single precision at 1.4 times double's rate, where every CPU BLAS runs it at 1 to
 * 2 times), the slower was disturbed: it is set to the faster's fraction. How many grid points
 * were. Pure; br_cpu_profile_from_measurements and br_cpu_profile_from_observation apply it,
 * naming it in the profile's source. */
int br_cpu_profile_settle_precisions(struct br_cpu_profile *profile,
                                     const int measured[BR_PRECISION_COUNT]);

/* Builds a rate table from measured GEMM rates (GFLOP/s at the given orders, s and d), on the
 * shape of the built-in table: measured grid points are used as they are, the others follow
 * the built-in curve scaled to the nearest measurement; a pair settled as
 * br_cpu_profile_settle_precisions says (its source then names it, else it is left empty).
 * How many grid points were settled. Pure, for the tests. */
int br_cpu_profile_from_measurements(const double *orders, const double *s_rates,
                                     const double *d_rates, int count,
                                     struct br_cpu_profile *out);

#endif
