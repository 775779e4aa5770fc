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

/* What a calibration is valid for: the CPU model, the file of the BLAS answering the names and
 * its thread count ("cpu=...; blas=...; threads=..."). */
void br_cpu_calibration_key(enum br_names names, char *key, size_t size);

/* Builds a rate table from measured GEMM rates (GFLOP/s at the given orders, s and d), on the
 * shape of the built-in table: measured grid points are used as they are, the others follow
 * the built-in curve scaled to the nearest measurement. Pure, for the tests. */
void br_cpu_profile_from_measurements(const double *orders, const double *s_rates,
                                      const double *d_rates, int count,
                                      struct br_cpu_profile *out);

#endif
