/* A call in halves: ordinary BLAS calls, run one after the other in the order given, that
 * together make it, each with a smaller operand the call keeps whole. A call that does not fit
 * the device memory then runs on the device in pieces (engine.c: each piece cut again while it
 * does not fit), instead of on the CPU: cutting B or C alone (split.h) never makes A smaller,
 * nor k.
 *
 * A TRSM, TRMM, SYMM or HEMM call is cut in halves of its triangular or symmetric matrix A, as
 * the blocked algorithms of LAPACK's callers do.
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
 * A GEMM (which tiles m and n itself), or a rank-k or rank-2k call with k at least n, is cut in
 * halves of k: the first half's product with the call's beta, the second's added.
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

/* Whether a side-R call's columns from some n1 on can be computed once its first n1 are
 * final: TRSM, SYMM and HEMM, and TRMM when op(A) is lower; not TRMM with op(A) upper, whose
 * second half reads the first half's old B. */
int br_halves_second_exists(const struct br_call *call);

/* The pieces that compute only the second half, columns [n1, n) of B (TRSM, TRMM) or C (SYMM,
 * HEMM), of such a call whose first n1 columns are final already, reading the first half's
 * results (TRSM's X) and the second half's inputs: what is left when a device wrote a panel's
 * first n1 columns (engine/panels.c). Their count; 0 for other calls or n1 outside (0, n). */
int br_halves_second_of_a(const struct br_call *call, br_int n1,
                          struct br_call pieces[BR_HALVES_MAX_PIECES]);

/* Whether cutting the inner dimension k is the way to smaller pieces: a GEMM (which tiles
 * its m and n itself but keeps k whole), or a rank-k or rank-2k call whose k is at least n. */
int br_halves_of_k_first(const struct br_call *call);

/* A GEMM, SYRK, HERK, SYR2K or HER2K BR_WORK_FULL call with k at least 2 in halves of k: the
 * first half's product with the call's beta, the second's added with beta 1 (real for HERK and
 * HER2K, as theirs is). Their count, 2 (0 for any other call). */
int br_halves_of_k(const struct br_call *call, struct br_call pieces[BR_HALVES_MAX_PIECES]);

#endif
