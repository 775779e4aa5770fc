// Copy kernels: lay an operand out in the form the GEMM kernel reads (Matsumoto et al.'s copy
// stage). The packed form of an operand is "K-major": element (i, p) of op(X), i along M (or N),
// p along K, is stored at dst[p * dst_ld + i], where dst_ld is M (or N) rounded up to the GEMM
// work-group tile, and K is rounded up to KWG. Everything outside the op(X) block is written as
// zero, so the GEMM kernel needs no bounds checks in its inner loop.
//
// Two kernels: pack_straight when the source already runs along i in memory (A not transposed,
// B transposed), pack_transpose when it runs along p (A transposed, B not transposed), which goes
// through a local-memory tile so that both the reads and the writes are coalesced.

#ifndef COPY_DIM_X
#define COPY_DIM_X 16 // pack_straight: work-group size along i
#endif
#ifndef COPY_DIM_Y
#define COPY_DIM_Y 8 // pack_straight: work-group size along p
#endif
#ifndef COPY_WPT
#define COPY_WPT 4 // pack_straight: elements per work-item along p (the unroll degree)
#endif
#ifndef TRANSPOSE_DIM
#define TRANSPOSE_DIM 16 // pack_transpose: side of the square work-group (and local) tile
#endif
#ifndef TRANSPOSE_WPT
#define TRANSPOSE_WPT 2 // pack_transpose: tile rows handled by each work-item
#endif

// Source element (i, p) of op(X), or zero outside the rows x cols block. `straight` sources hold
// (i, p) at src[i + p * ld], transposed ones at src[p + i * ld].
inline real source_element(const __global real *src, const int ld, const int rows,
                           const int cols, const int i, const int p, const int straight,
                           const int conjugate)
{
    if (i >= rows || p >= cols)
        return ZERO;
    const real x = straight ? src[i + (size_t)p * ld] : src[p + (size_t)i * ld];
    return conjugate ? CONJ(x) : x;
}

// Every pack kernel can scale what it writes (HER2K folds alpha and conj(alpha) into its two
// operands this way); scaled = 0 leaves the values exactly as they are.
inline real scaled_element(const real x, const int scaled, const real scale)
{
    return scaled ? MUL(scale, x) : x;
}

// The destination is dst_rows x dst_cols of a K-major array with leading dimension dst_ld (a
// block of rows of a larger packed operand when dst_rows < dst_ld: GEMM loads A in row pieces);
// the global sizes may overshoot it (they are rounded up to the work-group shape), the stores
// are guarded.
// Global size: (dst_rows, dst_cols / COPY_WPT) rounded up; work-group (COPY_DIM_X, COPY_DIM_Y).
__kernel __attribute__((reqd_work_group_size(COPY_DIM_X, COPY_DIM_Y, 1)))
void pack_straight(const int rows, const int cols, const int ld, const int src_offset,
                   const __global real *restrict src, const int conjugate, const int dst_ld,
                   const int dst_rows, const int dst_cols, const int dst_offset,
                   const int scaled, const real scale, __global real *restrict dst)
{
    dst += dst_offset;
    const int i = get_global_id(0);
    const int p0 = get_global_id(1) * COPY_WPT;
    src += src_offset;
    #pragma unroll
    for (int w = 0; w < COPY_WPT; w++) {
        const int p = p0 + w;
        if (i < dst_rows && p < dst_cols)
            dst[(size_t)p * dst_ld + i] = scaled_element(
                source_element(src, ld, rows, cols, i, p, 1, conjugate), scaled, scale);
    }
}

// Global size: (dst_rows, dst_cols / TRANSPOSE_WPT) rounded up in tiles of TRANSPOSE_DIM x TRANSPOSE_DIM;
// work-group (TRANSPOSE_DIM, TRANSPOSE_DIM / TRANSPOSE_WPT). Reads run along p (coalesced in
// the source), writes along i (coalesced in the destination).
__kernel __attribute__((reqd_work_group_size(TRANSPOSE_DIM, TRANSPOSE_DIM / TRANSPOSE_WPT, 1)))
void pack_transpose(const int rows, const int cols, const int ld, const int src_offset,
                    const __global real *restrict src, const int conjugate, const int dst_ld,
                    const int dst_rows, const int dst_cols, const int dst_offset,
                    const int scaled, const real scale, __global real *restrict dst)
{
    dst += dst_offset;
    // One extra column keeps the transposed reads of the tile free of bank conflicts.
    __local real tile[TRANSPOSE_DIM][TRANSPOSE_DIM + 1];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int i0 = get_group_id(0) * TRANSPOSE_DIM;
    const int p0 = get_group_id(1) * TRANSPOSE_DIM;
    src += src_offset;
    // Read: local x runs along p, the contiguous direction of the source.
    #pragma unroll
    for (int w = 0; w < TRANSPOSE_WPT; w++) {
        const int li = ly + w * (TRANSPOSE_DIM / TRANSPOSE_WPT);
        tile[li][lx] = source_element(src, ld, rows, cols, i0 + li, p0 + lx, 0, conjugate);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Write: local x runs along i, the contiguous direction of the destination.
    #pragma unroll
    for (int w = 0; w < TRANSPOSE_WPT; w++) {
        const int lp = ly + w * (TRANSPOSE_DIM / TRANSPOSE_WPT);
        if (i0 + lx < dst_rows && p0 + lp < dst_cols)
            dst[(size_t)(p0 + lp) * dst_ld + i0 + lx] = scaled_element(tile[lx][lp], scaled, scale);
    }
}

// pack_structured: the same K-major packing from a square n x n matrix of which only one
// triangle is stored (ld = n): symmetric and Hermitian matrices are expanded to full (the
// mirror conjugated, the diagonal real for Hermitian), triangular ones get zeros in the other
// triangle and ones on a unit diagonal. Element (i, p) of the packed operand is S(i, p), or
// S(p, i) when transposed, then conjugated on request. Only the stored triangle (without the
// diagonal when it is unit) is ever read.
#define STRUCTURE_SYMMETRIC 0
#define STRUCTURE_HERMITIAN 1
#define STRUCTURE_TRIANGULAR 2
#define STRUCTURE_UNIT_TRIANGULAR 3

inline real structured_element(const __global real *src, const int n, const int structure,
                               const int upper, int i, int p)
{
    if (i >= n || p >= n)
        return ZERO;
    const int stored = upper ? i <= p : i >= p; // (i, p) lies in the stored triangle
    if (structure >= STRUCTURE_TRIANGULAR) {
        if (i == p && structure == STRUCTURE_UNIT_TRIANGULAR)
            return ONE;
        return stored ? src[i + (size_t)p * n] : ZERO;
    }
    if (stored) {
        real x = src[i + (size_t)p * n];
#if IS_COMPLEX
        if (i == p && structure == STRUCTURE_HERMITIAN)
            x.y = 0;
#endif
        return x;
    }
    const real mirror = src[p + (size_t)i * n];
    return structure == STRUCTURE_HERMITIAN ? CONJ(mirror) : mirror;
}

// Global size: (dst_ld, dst_cols) rounded up to (COPY_DIM_X, COPY_DIM_Y).
__kernel __attribute__((reqd_work_group_size(COPY_DIM_X, COPY_DIM_Y, 1)))
void pack_structured(const int n, const __global real *restrict src, const int structure,
                     const int upper, const int transposed, const int conjugate,
                     const int dst_ld, const int dst_cols, __global real *restrict dst)
{
    const int i = get_global_id(0), p = get_global_id(1);
    if (i >= dst_ld || p >= dst_cols)
        return;
    real x = transposed ? structured_element(src, n, structure, upper, p, i)
                        : structured_element(src, n, structure, upper, i, p);
    dst[(size_t)p * dst_ld + i] = conjugate ? CONJ(x) : x;
}
