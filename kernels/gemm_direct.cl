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

// The sum of op(A)(i, p) op(B)(p, j) over p < k for this work-item's (i, j) of the block at
// (i0, j0), through local-memory tiles; 0 outside the m x n block.
inline real direct_sum(const int m, const int n, const int k, const __global real *a,
                       const int lda, const int a_trans, const __global real *b, const int ldb,
                       const int b_trans, const int i0, const int j0,
                       __local real as[DIRECT_DIM][DIRECT_DIM + 1],
                       __local real bs[DIRECT_DIM][DIRECT_DIM + 1])
{
    const int lx = get_local_id(0), ly = get_local_id(1);
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
    return acc;
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
    const int i0 = get_group_id(0) * DIRECT_DIM, j0 = get_group_id(1) * DIRECT_DIM;
    const real acc = direct_sum(m, n, k, a + a_offset, lda, a_trans, b + b_offset, ldb, b_trans,
                                i0, j0, as, bs);
    const int i = i0 + get_local_id(0), j = j0 + get_local_id(1);
    if (i < m && j < n)
        UPDATE_C(alpha, acc, beta, beta_zero, c + c_offset + i + (size_t)j * ldc);
}

// Split K: work-group layer l (group id 2) sums K range [l * chunk, (l + 1) * chunk) and writes
// its unscaled partial sums to partial[(l * n + j) * m + i]; gemm_sum_layers adds the layers
// into C. For thin blocks with a long K (a few rows past whole tiles of the tuned kernel),
// where one work-group walking all of K, a barrier every DIRECT_DIM steps, would take longer
// than the whole rest of the call.
// Global size (m, n rounded up to DIRECT_DIM, layers); work-group (DIRECT_DIM, DIRECT_DIM, 1).
__kernel __attribute__((reqd_work_group_size(DIRECT_DIM, DIRECT_DIM, 1)))
void gemm_direct_layers(const int m, const int n, const int k, const int chunk,
                        const __global real *restrict a, const int a_offset, const int lda,
                        const int a_trans, const __global real *restrict b, const int b_offset,
                        const int ldb, const int b_trans, __global real *partial)
{
    __local real as[DIRECT_DIM][DIRECT_DIM + 1];
    __local real bs[DIRECT_DIM][DIRECT_DIM + 1];
    const int layer = get_group_id(2), p0 = layer * chunk;
    const int i0 = get_group_id(0) * DIRECT_DIM, j0 = get_group_id(1) * DIRECT_DIM;
    // K offset p0: down the columns of a stored op(A) (across them when transposed); the same
    // for B the other way round.
    a += a_offset + (size_t)p0 * (a_trans == 0 ? lda : 1);
    b += b_offset + (size_t)p0 * (b_trans == 0 ? 1 : ldb);
    const real acc = direct_sum(m, n, min(chunk, k - p0), a, lda, a_trans, b, ldb, b_trans, i0,
                                j0, as, bs);
    const int i = i0 + get_local_id(0), j = j0 + get_local_id(1);
    if (i < m && j < n)
        partial[((size_t)layer * n + j) * m + i] = acc;
}

// C := alpha * (the sum of the layers) + beta * C over an m x n block. Global size (m, n).
__kernel void gemm_sum_layers(const int m, const int n, const int layers,
                              const __global real *restrict partial, const real alpha,
                              const real beta, const int beta_zero, __global real *c,
                              const int c_offset, const int ldc)
{
    const int i = get_global_id(0), j = get_global_id(1);
    if (i >= m || j >= n)
        return;
    real sum = ZERO;
    for (int l = 0; l < layers; l++)
        sum += partial[((size_t)l * n + j) * m + i];
    UPDATE_C(alpha, sum, beta, beta_zero, c + c_offset + i + (size_t)j * ldc);
}
