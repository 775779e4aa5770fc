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
// One work-item per column of a block computes that column of the inverse by substitution, as
// the reference's unblocked TRTRI does; the blocks are small and this is a sliver of the work.

// Global size (nb, number of blocks), any work-group shape.
__kernel void invert_diagonal_blocks(const int n, const int nb, const __global real *restrict t,
                                     const int t_ld, const int upper, const int transpose_out,
                                     __global real *restrict inv)
{
    const int j = get_global_id(0), block = get_global_id(1);
    if (j >= nb)
        return;
    const int base = block * nb;
    const int size = min(nb, n - base);
    __global real *out = inv + (size_t)block * nb * nb;
#define T(i, p) t[(size_t)(base + (p)) * t_ld + base + (i)]
#define OUT(i, p) out[transpose_out ? (size_t)(i) * nb + (p) : (size_t)(p) * nb + (i)]
    for (int i = 0; i < nb; i++)
        OUT(i, j) = ZERO;
    if (j >= size)
        return;
    real one = ZERO;
#if IS_COMPLEX
    one.x = 1;
#else
    one = 1;
#endif
    OUT(j, j) = divide(one, T(j, j));
    if (!upper) {
        for (int i = j + 1; i < size; i++) {
            real sum = ZERO;
            for (int k = j; k < i; k++)
                sum = MULADD(sum, T(i, k), OUT(k, j));
            OUT(i, j) = -divide(sum, T(i, i));
        }
    } else {
        for (int i = j - 1; i >= 0; i--) {
            real sum = ZERO;
            for (int k = i + 1; k <= j; k++)
                sum = MULADD(sum, T(i, k), OUT(k, j));
            OUT(i, j) = -divide(sum, T(i, i));
        }
    }
#undef T
#undef OUT
}
