/* Checking the results blasroute-bench measures, so that a fast wrong answer is never reported
 * silently. */
#ifndef BLASROUTE_BENCH_CHECK_H
#define BLASROUTE_BENCH_CHECK_H

#include "bench_common.h"

/* What is checked of one problem: a few columns of the result, and the error bound of each of
 * their elements (made on first use, kept for every result of that problem). */
struct bench_expected {
    int columns[3], count;
    double *bound; /* [count][ldc]; NULL until made, and for TRSM, whose bound is its result's */
};

/* Checks p->c, a result just made from p->c0: against reference, the CPU BLAS's result on the
 * same inputs, within an error bound (see bench_check.c), or for TRSM by its residual. The
 * columns checked are 1 and n for gemm, 1, (n+1)/2 and n for the others; for the rank-k and
 * rank-2k families only their referenced triangle, the diagonal of herk's and her2k's being
 * real exactly. Returns the largest ratio of an error to its bound (> 1 or NaN: wrong) with in
 * where[] its element (0-based), or -1 when out of memory. */
double bench_check(const struct bench_problem *p, const void *reference, double epsilon,
                   struct bench_expected *e, int where[2]);

void bench_expected_free(struct bench_expected *e);

/* The columns bench_check checks (0-based): 1 and n for gemm, 1, (n+1)/2 and n for the
 * others; their count. */
int bench_check_columns(const struct bench_problem *p, int columns[3]);

#endif
