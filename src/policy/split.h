/* How a Level-3 call is cut between the device and the CPU for the hybrid mode: a pure function
 * from a call and the device's share of its work to ordinary BLAS calls on disjoint parts of
 * the output, each side's pieces to run one after the other, the two sides at the same time.
 * The cost model predicts the pieces and the router runs them, so what is predicted is what
 * runs. */
#ifndef BLASROUTE_POLICY_SPLIT_H
#define BLASROUTE_POLICY_SPLIT_H

#include "call.h"

enum { BR_SPLIT_DEVICE_PIECES = 3, BR_SPLIT_CPU_PIECES = 1 };

struct br_split {
    int device_count, cpu_count; /* either may be 0: then the other side has the whole call */
    struct br_call device[BR_SPLIT_DEVICE_PIECES];
    struct br_call cpu[BR_SPLIT_CPU_PIECES];
    double device_share; /* the share of the call's work the device really got, after rounding */
};

/* Cuts a BR_WORK_FULL call so that the device gets about share (0..1) of its work:
 * - GEMM: the rows of C, or its columns when C is wider than tall;
 * - SYMM and HEMM: the columns of C (side L), its rows (side R);
 * - TRMM and TRSM: the columns of B (side L), its rows (side R);
 * - the rank-k family: the device takes the leading diagonal block of the triangle and the
 *   block beside it (a GEMM, two for the rank-2k routines), the CPU the trailing diagonal block.
 * Where the parts are at least 64 rows, the device's is a whole number of 32-row blocks. */
void br_split_call(const struct br_call *call, double share, struct br_split *out);

/* The off-diagonal block C[row0 .. row0 + rows, col0 .. col0 + cols) of a SYRK, HERK, SYR2K
 * or HER2K call (wholly in its triangle, clear of the diagonal) as GEMM calls to run in turn:
 * alpha op(A)[rows] op(A)[cols]^* + beta C (^*: the transpose, the conjugate transpose for the
 * Hermitian routines), and for the rank-2k routines the second product added. Their count
 * (0 for an empty block). */
int br_rank_block_gemms(const struct br_call *call, br_int row0, br_int rows, br_int col0,
                        br_int cols, struct br_call gemms[2]);

/* The same rank-k (2k) call on C's trailing diagonal block from row and column `first`. */
struct br_call br_rank_trailing(const struct br_call *call, br_int first);

#endif
