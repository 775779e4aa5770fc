/* A structured operand in halves: a TRSM, TRMM, SYMM or HEMM call as ordinary BLAS calls on
 * the quarters of its triangular or symmetric matrix A, run one after the other in the order
 * given, as the blocked algorithms of LAPACK's callers do. A call whose A does not fit the
 * device memory then runs on the device in pieces (engine.c: each piece cut again while it
 * does not fit), instead of on the CPU: cutting B or C alone (split.h) never makes A smaller.
 *
 * With A's order cut at n1 (A11 n1 x n1, A22 the rest), and op(A) the transpose or conjugate
 * transpose where the call says so:
 *   TRSM: the half of X whose block of op(A) is triangular alone is solved first (with the
 *         call's alpha), the other half of B updated by a GEMM (alpha B2 - op(A)21 X1, or the
 *         mirror), then solved with alpha 1;
 *   TRMM: the half of B whose new value reads the other half's old one first (a TRMM on its
 *         diagonal block, then a GEMM adding the off-diagonal block's product), then the other;
 *   SYMM, HEMM: each half of C as a SYMM (HEMM) on its diagonal block with the call's beta and
 *         a GEMM with the stored off-diagonal block, transposed (conjugated) where the other
 *         triangle is stored, added with beta 1.
 * Pure: pointers into the caller's matrices, nothing read or written. */
#ifndef BLASROUTE_POLICY_HALVES_H
#define BLASROUTE_POLICY_HALVES_H

#include "call.h"

enum { BR_HALVES_MAX_PIECES = 4 };

/* Whether halving A makes a call's pieces smaller faster than cutting B or C (split.h): a
 * TRSM, TRMM, SYMM or HEMM whose A's order is at least its other dimension. */
int br_halves_of_a_first(const struct br_call *call);

/* The pieces of a TRSM, TRMM, SYMM or HEMM BR_WORK_FULL call with A's order at least 2, in the
 * order they must run; their count (0 for any other call). */
int br_halves_of_a(const struct br_call *call, struct br_call pieces[BR_HALVES_MAX_PIECES]);

#endif
