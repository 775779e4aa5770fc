/* How a Level-3 call is spread over several workers: devices, and in a hybrid run the CPU BLAS
 * last. A pure function from a call and each worker's share of its work to ordinary BLAS calls
 * on disjoint parts of the output, built by cutting the call in two (split.h) again and again:
 * each worker takes the first part of what the workers before it left, at its share of that
 * rest, and the last worker takes all that is left. The cost model predicts the parts and the
 * router runs them, so what is predicted is what runs. */
#ifndef BLASROUTE_POLICY_SPREAD_H
#define BLASROUTE_POLICY_SPREAD_H

#include "policy/split.h"

/* Eight devices (the engine's most) and the CPU. */
enum { BR_SPREAD_MAX_WORKERS = 9 };

struct br_spread_part {
    int count; /* 0: this worker has nothing to do */
    struct br_call pieces[BR_SPLIT_DEVICE_PIECES]; /* run one after the other */
    double share; /* of the call's work, as cut (the shares asked for, rounded to blocks) */
};

struct br_spread {
    int workers;
    struct br_spread_part parts[BR_SPREAD_MAX_WORKERS];
};

/* Spreads a BR_WORK_FULL call over `workers` (at most BR_SPREAD_MAX_WORKERS) workers at these
 * shares of its work (any non-negative numbers: they are taken relative to their sum; all zero
 * counts as equal shares). */
void br_spread_call(const struct br_call *call, const double *shares, int workers,
                    struct br_spread *out);

#endif
