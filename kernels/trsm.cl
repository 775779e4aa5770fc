// TRSM's diagonal blocks: the engine solves op(A) X = alpha B (or X op(A) = alpha B) by blocks,
// multiplying each block row of the right-hand side by the inverse of its diagonal block and
// updating the rest with the GEMM kernel, all on the device. This kernel inverts every
// TRSM_BLOCK x TRSM_BLOCK diagonal block of a triangular matrix at once.
//
// The input is the triangle in packed form (element (i, p) at t[p * t_ld + i], zeros outside
// the triangle, ones on a unit diagonal: pack_structured's output). Block b's inverse goes to
// inv + b * nb * nb, K-major ((i, p) at p * nb + i, the GEMM's A side) or, with
// transpose_out, row-major ((i, p) at i * nb + p, the GEMM's B side). Rows and columns past the
// matrix's order are zero.
//
// A work-group per block, a work-item per column of the inverse: the inverse is built row by
// row (forward substitution for lower, backward for upper, as the reference's TRTRI), each row
// of the triangle first staged in local memory by the whole work-group, so that the inner
// products read it from there instead of from global memory.

#ifndef TRSM_BLOCK
#define TRSM_BLOCK 64 // the block order: the work-group size of the inversion
#endif

// Global size (nb, number of blocks), work-group (nb, 1), nb = TRSM_BLOCK.
__kernel __attribute__((reqd_work_group_size(TRSM_BLOCK, 1, 1)))
void invert_diagonal_blocks(const int n, const int nb, const __global real *restrict t,
                            const int t_ld, const int upper, const int transpose_out,
                            __global real *restrict inv)
{
    __local real row[TRSM_BLOCK];
    const int j = get_local_id(0), block = get_group_id(1);
    const int base = block * TRSM_BLOCK;
    const int size = min(TRSM_BLOCK, n - base);
    __global real *out = inv + (size_t)block * TRSM_BLOCK * TRSM_BLOCK;
#define T(i, p) t[(size_t)(base + (p)) * t_ld + base + (i)]
// Built row-major, (i, p) at i * nb + p, so that the work-items (the columns p) touch
// consecutive addresses; turned K-major at the end if asked.
#define OUT(i, p) out[(size_t)(i) * TRSM_BLOCK + (p)]
    for (int i = 0; i < TRSM_BLOCK; i++)
        OUT(i, j) = ZERO;
    // Row by row, in the order of the substitution; every work-item takes part in staging
    // the row and in the barriers, also those past the block's end.
    for (int step = 0; step < size; step++) {
        const int i = upper ? size - 1 - step : step;
        barrier(CLK_LOCAL_MEM_FENCE);
        row[j] = j < size ? T(i, j) : ZERO;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (j >= size)
            continue;
        if (j == i) {
            OUT(i, j) = divide(ONE, row[i]);
        } else if (upper ? j > i : j < i) {
            // Lower: OUT(i, j) = -sum_{k = j}^{i-1} T(i, k) OUT(k, j) / T(i, i);
            // upper: OUT(i, j) = -sum_{k = i+1}^{j} T(i, k) OUT(k, j) / T(i, i).
            real sum = ZERO;
            const int first = upper ? i + 1 : j, last = upper ? j : i - 1;
            for (int k = first; k <= last; k++)
                sum = MULADD(sum, row[k], OUT(k, j));
            OUT(i, j) = -divide(sum, row[i]);
        }
    }
    if (!transpose_out) { // to K-major: swap (i, j) and (j, i), each pair by one work-item
        barrier(CLK_GLOBAL_MEM_FENCE);
        for (int i = 0; i < j; i++) {
            const real x = OUT(i, j);
            OUT(i, j) = OUT(j, i);
            OUT(j, i) = x;
        }
    }
#undef T
#undef OUT
}
