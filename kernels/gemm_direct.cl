// The direct GEMM kernel: C := alpha * op(A) op(B) + beta * C straight from the operands as the
// caller laid them out (any transpose, any leading dimension), with no copy kernels and no
// padding. For small and skinny problems, where the copies and the padded tiles of the tuned
// kernel cost more than they save.
//
// A DIRECT_DIM x DIRECT_DIM work-group computes as many elements of C, one each, walking K in
// steps of DIRECT_DIM through local-memory tiles of op(A) and op(B); the tiles are read along
// whichever direction is contiguous in memory, so global reads stay coalesced for every
// transpose.

#ifndef DIRECT_DIM
#define DIRECT_DIM 16 // side of the work-group and of the local tiles
#endif

// Element (i, p) of op(X) where X is stored column-major with leading dimension ld; trans is
// 0 (N), 1 (T) or 2 (C). The caller has checked the bounds.
inline real op_element(const __global real *x, const int ld, const int trans, const int i,
                       const int p)
{
    if (trans == 0)
        return x[i + (size_t)p * ld];
    const real v = x[p + (size_t)i * ld];
    return trans == 2 ? CONJ(v) : v;
}

// Global size (m, n) rounded up to DIRECT_DIM; work-group (DIRECT_DIM, DIRECT_DIM).
__kernel __attribute__((reqd_work_group_size(DIRECT_DIM, DIRECT_DIM, 1)))
void gemm_direct(const int m, const int n, const int k, const real alpha, const real beta,
                 const int beta_zero, const __global real *restrict a, const int a_offset,
                 const int lda, const int a_trans, const __global real *restrict b,
                 const int b_offset, const int ldb, const int b_trans, __global real *c,
                 const int c_offset, const int ldc)
{
    // Tiles indexed [p][i] and [p][j]; the extra column avoids bank conflicts on the
    // transposed stores.
    __local real as[DIRECT_DIM][DIRECT_DIM + 1];
    __local real bs[DIRECT_DIM][DIRECT_DIM + 1];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int i0 = get_group_id(0) * DIRECT_DIM, j0 = get_group_id(1) * DIRECT_DIM;
    a += a_offset;
    b += b_offset;
    c += c_offset;

    real acc = ZERO;
    for (int p0 = 0; p0 < k; p0 += DIRECT_DIM) {
        // op(A) tile: with A not transposed, lx runs along i (contiguous); else along p.
        {
            const int ti = a_trans == 0 ? lx : ly, tp = a_trans == 0 ? ly : lx;
            const int i = i0 + ti, p = p0 + tp;
            as[tp][ti] = (i < m && p < k) ? op_element(a, lda, a_trans, i, p) : ZERO;
        }
        // op(B) tile, element (p, j): with B not transposed, lx runs along p (contiguous).
        {
            const int tp = b_trans == 0 ? lx : ly, tj = b_trans == 0 ? ly : lx;
            const int p = p0 + tp, j = j0 + tj;
            real v = ZERO;
            if (p < k && j < n) {
                if (b_trans == 0)
                    v = b[p + (size_t)j * ldb];
                else
                    v = b_trans == 2 ? CONJ(b[j + (size_t)p * ldb]) : b[j + (size_t)p * ldb];
            }
            bs[tp][tj] = v;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (int kk = 0; kk < DIRECT_DIM; kk++)
            acc = MULADD(acc, as[kk][lx], bs[kk][ly]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const int i = i0 + lx, j = j0 + ly;
    if (i < m && j < n)
        UPDATE_C(alpha, acc, beta, beta_zero, c + i + (size_t)j * ldc);
}

// The strips the tiled kernel leaves: a block of C at most THIN_MAX rows high (wide) or columns
// wide (tall), a few rows past a whole number of tiles, from the packed operands (op(A)(i, p)
// at a[i + p * lda], op(B)(p, j) at b[j + p * ldb]). Each work-item takes one element along the
// long side and every one along the short side, over one layer of K (group id 1): the long
// side's operand is read once, coalesced, the short side's is the same address for the whole
// work-group. Layer l writes its unscaled partial sums to partial[(l * n + j) * m + i], and
// gemm_sum_layers adds them into C. One work-group walking all of K for a 16 x 16 block, as
// gemm_direct does, took longer than the rest of an n = 4097 product.
#ifndef THIN_MAX
#define THIN_MAX 8
#endif
// Global size (the long side rounded up to the work-group size, layers).
// tall: the strip is at most THIN_MAX columns wide; else at most THIN_MAX rows high.
__kernel void gemm_thin(const int m, const int n, const int k, const int chunk, const int tall,
                        const __global real *restrict a, const int a_offset, const int lda,
                        const __global real *restrict b, const int b_offset, const int ldb,
                        __global real *partial)
{
    const int along = get_global_id(0), layer = get_group_id(1);
    const int p0 = layer * chunk, p1 = min(k, p0 + chunk);
    if (along >= (tall ? m : n))
        return;
    a += a_offset;
    b += b_offset;
    real acc[THIN_MAX];
    #pragma unroll
    for (int s = 0; s < THIN_MAX; s++)
        acc[s] = ZERO;
    #pragma unroll 8
    for (int p = p0; p < p1; p++) { // unrolled: the reads of several steps in flight at once
        const real own = tall ? a[along + (size_t)p * lda] : b[along + (size_t)p * ldb];
        #pragma unroll
        for (int s = 0; s < THIN_MAX; s++)
            if (s < (tall ? n : m)) {
                const real shared = tall ? b[s + (size_t)p * ldb] : a[s + (size_t)p * lda];
                acc[s] = tall ? MULADD(acc[s], own, shared) : MULADD(acc[s], shared, own);
            }
    }
    #pragma unroll
    for (int s = 0; s < THIN_MAX; s++) {
        const int i = tall ? along : s, j = tall ? s : along;
        if (s < (tall ? n : m))
            partial[((size_t)layer * n + j) * m + i] = acc[s];
    }
}

// C := alpha * (the sum of the layers) + beta * C over an m x n block, or its triangle (with
// a Hermitian diagonal: store_c's options). Global size (m, n). The layers are gemm_thin's or
// gemm_tiled's K slices; only the entries this writes need to have been written.
__kernel void gemm_sum_layers(const int m, const int n, const int layers,
                              const __global real *restrict partial, const real alpha,
                              const real beta, const int beta_zero, __global real *c,
                              const int c_offset, const int ldc, const int triangle,
                              const int real_diagonal)
{
    const int i = get_global_id(0), j = get_global_id(1);
    if (i >= m || j >= n || (triangle == C_UPPER && i > j) || (triangle == C_LOWER && i < j))
        return;
    real sum = ZERO;
    #pragma unroll 8
    for (int l = 0; l < layers; l++)
        sum += partial[((size_t)l * n + j) * m + i];
    store_c(c + c_offset, ldc, m, n, triangle, real_diagonal, i, j, sum, alpha, beta, beta_zero);
}
