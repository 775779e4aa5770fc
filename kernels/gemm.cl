// The GEMM kernel on packed operands: C := alpha * op(A) op(B) + beta * C, where the copy
// kernels have laid op(A) out as a K x M_padded array (a_ld = M_padded, element (i, p) at
// a[p * a_ld + i]) and op(B) as K x N_padded, both zero-padded to the tile multiples. Every
// other Level-3 routine reaches this kernel through its own copy kernels.
//
// A work-group computes an MWG x NWG tile of C, walking K in steps of KWG. Each of its
// MDIMC x NDIMC work-items accumulates an MWI x NWI block in registers (MWI = MWG / MDIMC,
// NWI = NWG / NDIMC). A work-item's rows are interleaved with its neighbours' in vectors of VWM
// (and its columns in vectors of VWN), so that neighbouring work-items read neighbouring
// addresses: coalesced global reads, conflict-free local reads, coalesced stores.

#ifndef MWG
#define MWG 64 // work-group tile along M
#endif
#ifndef NWG
#define NWG 64 // work-group tile along N
#endif
#ifndef KWG
#define KWG 16 // K step: the depth of the A and B tiles cached in local memory
#endif
#ifndef MDIMC
#define MDIMC 16 // work-items along M in a work-group
#endif
#ifndef NDIMC
#define NDIMC 16 // work-items along N in a work-group
#endif
#ifndef VWM
#define VWM 2 // vector width of reads of A (1, 2, 4 or 8; 1 for complex)
#endif
#ifndef VWN
#define VWN 2 // vector width of reads of B (1, 2, 4 or 8; 1 for complex)
#endif
#ifndef SA
#define SA 1 // 1: cache the A tile in local memory; 0: read A from global memory
#endif
#ifndef SB
#define SB 1 // 1: cache the B tile in local memory; 0: read B from global memory
#endif
#ifndef KWI
#define KWI 2 // unroll degree of the loop over the K step (divides KWG)
#endif
#ifndef WARP_M
#define WARP_M 0 // work-items along M in each run of 32 consecutive local ids (an NVIDIA warp),
                 // which take a WARP_M x (32 / WARP_M) block of the MDIMC x NDIMC grid; 0: the
                 // grid's own order, MDIMC along M (16 x 16 work-items: a warp's 32 cover 16 x 2,
                 // 128 rows of C by 16 columns with 8 x 8 each, and read 16 distinct vectors of
                 // A from local memory per K step where 8 x 4 reads 8)
#endif
#ifndef DB
#define DB 0 // 1: two local tiles per operand; the next K step's tiles are read from global
             // memory into registers while this step's are multiplied, then stored into the
             // other local tile: global latency hidden behind the arithmetic, and one barrier
             // per K step instead of two (needs SA or SB)
#endif

#define MWI (MWG / MDIMC) // rows of C per work-item
#define NWI (NWG / NDIMC) // columns of C per work-item
#define THREADS (MDIMC * NDIMC)

#if MWG % (MDIMC * VWM) != 0 || NWG % (NDIMC * VWN) != 0 || KWG % KWI != 0
#error "the work-group tile must split evenly into work-items, vectors and K unrolls"
#endif
#if SA && (KWG * MWG / VWM) % THREADS != 0
#error "the A tile must split evenly over the work-group"
#endif
#if SB && (KWG * NWG / VWN) % THREADS != 0
#error "the B tile must split evenly over the work-group"
#endif
#if WARP_M && (32 % WARP_M != 0 || MDIMC % WARP_M != 0 || NDIMC % (32 / WARP_M) != 0 || \
               (MDIMC * NDIMC) % 32 != 0)
#error "WARP_M must divide 32 and MDIMC, 32 / WARP_M divide NDIMC, and the work-group be whole warps"
#endif
#if DB && !SA && !SB
#error "double buffering needs a tile in local memory (SA or SB)"
#endif
#if STAGES && (STAGES < 2 || STAGES > 4 || DB || (KWG * MWG) % (CHUNK * THREADS) != 0 || \
               (KWG * NWG) % (CHUNK * THREADS) != 0)
#error "cp.async stages: 2 to 4, no db, whole 16-byte copies of a K step's tiles per work-item"
#endif
#if STAGES && !MMA && (!SA || !SB || (VWM * REAL_BYTES) % 16 != 0 || (VWN * REAL_BYTES) % 16 != 0)
#error "cp.async stages in the SIMT kernel: both tiles in local memory, vectors of 16 bytes or more"
#endif
#if IS_COMPLEX && (VWM != 1 || VWN != 1)
#error "complex precisions read one element at a time (VWM = VWN = 1)"
#endif

// Vector types of the reads of A and B, and how a vector spreads into a private array.
#if VWM == 1
typedef real realM;
#define UNPACK_M(dst, v) { (dst)[0] = (v); }
#elif VWM == 2
typedef real2 realM;
#define UNPACK_M(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; }
#elif VWM == 4
typedef real4 realM;
#define UNPACK_M(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; (dst)[2] = (v).s2; \
                           (dst)[3] = (v).s3; }
#elif VWM == 8
typedef real8 realM;
#define UNPACK_M(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; (dst)[2] = (v).s2; \
                           (dst)[3] = (v).s3; (dst)[4] = (v).s4; (dst)[5] = (v).s5; \
                           (dst)[6] = (v).s6; (dst)[7] = (v).s7; }
#endif
#if VWN == 1
typedef real realN;
#define UNPACK_N(dst, v) { (dst)[0] = (v); }
#elif VWN == 2
typedef real2 realN;
#define UNPACK_N(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; }
#elif VWN == 4
typedef real4 realN;
#define UNPACK_N(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; (dst)[2] = (v).s2; \
                           (dst)[3] = (v).s3; }
#elif VWN == 8
typedef real8 realN;
#define UNPACK_N(dst, v) { (dst)[0] = (v).s0; (dst)[1] = (v).s1; (dst)[2] = (v).s2; \
                           (dst)[3] = (v).s3; (dst)[4] = (v).s4; (dst)[5] = (v).s5; \
                           (dst)[6] = (v).s6; (dst)[7] = (v).s7; }
#endif

// What the other Level-3 routines ask of the kernel beyond GEMM:
// triangle: C_ALL, or only the upper (i <= j) or lower (i >= j) triangle of C is computed and
//   written (SYRK and friends); work-groups wholly outside it return at once.
#define C_ALL 0
#define C_UPPER 1
#define C_LOWER 2
// real_diagonal: the diagonal of C is Hermitian: its old imaginary part is not read and the
//   new one is zero (HERK, HER2K), as in the reference.
// k_from, k_to: where the K loop of a work-group starts and ends when the packed A or B is
//   triangular (TRMM), so that blocks known to be zero are not multiplied: K_WHOLE, or the
//   work-group's first row (K_ROW) or column (K_COLUMN) for k_from, its last for k_to.
#define K_WHOLE 0
#define K_ROW 1
#define K_COLUMN 2

// Vector `index` of the KWG x MWG tile of A at K step kwg of work-group row group_m (and the
// same for B): the whole work-group reads a tile, work-item tid taking vectors tid + l * THREADS,
// so that consecutive work-items read consecutive addresses.
#define A_TILE_VECTORS (KWG * MWG / VWM / THREADS) // per work-item
#define B_TILE_VECTORS (KWG * NWG / VWN / THREADS)
realM a_tile_vector(const __global realM *agm, const int a_ld_vectors, const int group_m,
                    const int kwg, const int index)
{
    const int kk = index / (MWG / VWM), mv = index % (MWG / VWM);
    return agm[(size_t)(kwg + kk) * a_ld_vectors + group_m * (MWG / VWM) + mv];
}
realN b_tile_vector(const __global realN *bgm, const int b_ld_vectors, const int group_n,
                    const int kwg, const int index)
{
    const int kk = index / (NWG / VWN), nv = index % (NWG / VWN);
    return bgm[(size_t)(kwg + kk) * b_ld_vectors + group_n * (NWG / VWN) + nv];
}

// The whole work-group copies the tile of A (B) at K step kwg into local memory.
void copy_a_tile(__local realM *alm, const __global realM *agm, const int a_ld_vectors,
                 const int group_m, const int kwg, const int tid)
{
    #pragma unroll
    for (int l = 0; l < A_TILE_VECTORS; l++)
        alm[tid + l * THREADS] = a_tile_vector(agm, a_ld_vectors, group_m, kwg,
                                               tid + l * THREADS);
}
void copy_b_tile(__local realN *blm, const __global realN *bgm, const int b_ld_vectors,
                 const int group_n, const int kwg, const int tid)
{
    #pragma unroll
    for (int l = 0; l < B_TILE_VECTORS; l++)
        blm[tid + l * THREADS] = b_tile_vector(bgm, b_ld_vectors, group_n, kwg,
                                               tid + l * THREADS);
}

#ifndef MMA
#define MMA 0 // 1: gemm_mma.cl's tensor-core kernel takes gemm_tiled's place (NVIDIA, double)
#endif

#if STAGES
// cp.async stages (common.cl), either kernel: each K step's tiles in 16-byte copies, CHUNK
// elements each, shared evenly by the work-items.
#define A_CHUNKS (KWG * MWG / CHUNK / THREADS)
#define B_CHUNKS (KWG * NWG / CHUNK / THREADS)

// Starts the copies of K step kwg's tiles of A and B (rows of MWG and NWG elements, a_ld and
// b_ld apart in global memory, alm_ld and blm_ld apart in the local tiles) into a set of local
// tiles: chunk c of A is K row c / (MWG / CHUNK), elements CHUNK (c % (MWG / CHUNK)) on, so
// that consecutive work-items copy consecutive addresses.
inline void copy_tiles_async(__local real *alm, __local real *blm, const int alm_ld,
                             const int blm_ld, const __global real *a, const __global real *b,
                             const int a_ld, const int b_ld, const int group_m,
                             const int group_n, const int kwg, const int tid)
{
    #pragma unroll
    for (int l = 0; l < A_CHUNKS; l++) {
        const int c = tid + l * THREADS, kk = c / (MWG / CHUNK), i = c % (MWG / CHUNK) * CHUNK;
        copy_async_16(alm + kk * alm_ld + i, a + (size_t)(kwg + kk) * a_ld + group_m * MWG + i);
    }
    #pragma unroll
    for (int l = 0; l < B_CHUNKS; l++) {
        const int c = tid + l * THREADS, kk = c / (NWG / CHUNK), j = c % (NWG / CHUNK) * CHUNK;
        copy_async_16(blm + kk * blm_ld + j, b + (size_t)(kwg + kk) * b_ld + group_n * NWG + j);
    }
}
#endif

// Whether the work-group's tile of C lies wholly outside the triangle it is to compute.
bool outside_triangle(const int triangle, const int group_m, const int group_n)
{
    return (triangle == C_UPPER && group_m * MWG > group_n * NWG + NWG - 1) ||
           (triangle == C_LOWER && group_m * MWG + MWG - 1 < group_n * NWG);
}

// The work-group's K loop, [*k_begin, *k_end), from k_from and k_to.
void k_range(const int k_padded, const int k_from, const int k_to, const int group_m,
             const int group_n, int *k_begin, int *k_end)
{
    *k_begin = 0;
    *k_end = k_padded;
    if (k_from == K_ROW)
        *k_begin = group_m * MWG / KWG * KWG;
    else if (k_from == K_COLUMN)
        *k_begin = group_n * NWG / KWG * KWG;
    if (k_to == K_ROW)
        *k_end = min(k_padded, ((group_m + 1) * MWG + KWG - 1) / KWG * KWG);
    else if (k_to == K_COLUMN)
        *k_end = min(k_padded, ((group_n + 1) * NWG + KWG - 1) / KWG * KWG);
}

// K slices: a C with far fewer tiles than the device has compute units, and a long K, is
// computed by several work-groups per tile, slice get_group_id(2) taking K range [slice * k_slice,
// (slice + 1) * k_slice) of its work-group's (k_slice a multiple of KWG; 0: one slice, the
// whole range). A slice writes its unscaled sums to partial[(slice * n + j) * m + i], and
// gemm_sum_layers adds them into C (engine/launch.c).
void k_slice_range(const int k_slice, int *k_begin, int *k_end)
{
    if (k_slice > 0) {
        const int first = (int)get_group_id(2) * k_slice;
        *k_begin = max(*k_begin, first);
        *k_end = min(*k_end, first + k_slice);
    }
}

// C(i, j) := alpha * value + beta * C(i, j) (alpha * value when beta is zero), where (i, j) is
// inside the m x n block and its triangle; nothing elsewhere. A Hermitian diagonal (HERK,
// HER2K) keeps a real result and its old imaginary part is not read.
void store_c(__global real *cgm, const int ldc, const int m, const int n, const int triangle,
             const int real_diagonal, const int i, const int j, const real value,
             const real alpha, const real beta, const int beta_zero)
{
    if (i >= m || j >= n || (triangle == C_UPPER && i > j) || (triangle == C_LOWER && i < j))
        return;
    __global real *c = cgm + i + (size_t)j * ldc;
#if IS_COMPLEX
    if (real_diagonal && i == j) {
        real old = ZERO;
        if (!beta_zero)
            old.x = (*c).x;
        real result = MULADD(MUL(alpha, value), beta, old);
        result.y = 0;
        *c = result;
        return;
    }
#endif
    UPDATE_C(alpha, value, beta, beta_zero, c);
}

// A work-item's result for C(i, j): into C (store_c), or, with K slices, its slice's unscaled
// sum into the partial sums (inside the m x n block; gemm_sum_layers keeps to the triangle).
void store_result(__global real *cgm, const int ldc, const int m, const int n,
                  const int triangle, const int real_diagonal, const int i, const int j,
                  const real value, const real alpha, const real beta, const int beta_zero,
                  const int k_slice, __global real *partial)
{
    if (k_slice > 0) {
        if (i < m && j < n)
            partial[((size_t)get_group_id(2) * n + j) * m + i] = value;
        return;
    }
    store_c(cgm, ldc, m, n, triangle, real_diagonal, i, j, value, alpha, beta, beta_zero);
}

// gemm_tiled's parameters, one list for both of its bodies (this file's and gemm_mma.cl's),
// in the order the host sets them.
#define GEMM_TILED_PARAMETERS                                                                  \
    const int m, const int n, const int k_padded, const int a_ld, const int b_ld,              \
        const real alpha, const real beta, const int beta_zero,                                \
        const __global realM *restrict agm, const __global realN *restrict bgm,                \
        __global real *cgm, const int c_offset, const int ldc, const int triangle,             \
        const int real_diagonal, const int k_from, const int k_to, const int a_offset,         \
        const int b_offset, const int k_slice, __global real *partial

#if !MMA
// Global size (M_padded / MWI, N_padded / NWI); work-group (MDIMC, NDIMC). C is m x n at
// c[c_offset + i + j * ldc]; only its m x n block (or triangle) is written.
__kernel __attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
void gemm_tiled(GEMM_TILED_PARAMETERS)
{
    // Offsets (in elements, multiples of the vector widths) let TRSM's blocked solve work on
    // blocks inside larger packed operands.
    agm += a_offset / VWM;
    bgm += b_offset / VWN;
#if WARP_M || SA || SB
    // The local id, in the order the work-items run in warps (get_local_id(0) fastest).
    const int lid = (int)get_local_id(0) + MDIMC * (int)get_local_id(1);
#endif
#if WARP_M
    // Each warp's work-items take a WARP_M x (32 / WARP_M) block of the grid: a permutation of
    // the work-items, so every element of C is still computed by exactly one.
    const int lane = lid % 32, warp = lid / 32;
    const int tid_m = (warp % (MDIMC / WARP_M)) * WARP_M + lane % WARP_M;
    const int tid_n = (warp / (MDIMC / WARP_M)) * (32 / WARP_M) + lane / WARP_M;
#else
    const int tid_m = get_local_id(0), tid_n = get_local_id(1);
#endif
    const int group_m = get_group_id(0), group_n = get_group_id(1);
    // Uniform over the work-group, so no work-item is left waiting at a barrier.
    if (outside_triangle(triangle, group_m, group_n))
        return;
    int k_begin, k_end;
    k_range(k_padded, k_from, k_to, group_m, group_n, &k_begin, &k_end);
    k_slice_range(k_slice, &k_begin, &k_end);
    // Row/column vectors of the packed operands, counted in vectors of VWM or VWN.
    const int a_ld_vectors = a_ld / VWM, b_ld_vectors = b_ld / VWN;
#if SA || SB
    // The tiles' copies go by local id, consecutive work-items reading consecutive addresses.
    const int tid = lid;
#endif
    // STAGES: that many sets of tiles, filled by cp.async STAGES - 1 K steps ahead (16-byte
    // copies: the sets are multiples of 16 bytes, as vectors of 16 bytes or more make them).
#if STAGES
#define TILE_SETS STAGES
#else
#define TILE_SETS (1 + DB)
#endif
#if SA
    __local realM alm_tiles[TILE_SETS][KWG * MWG / VWM] __attribute__((aligned(16)));
#endif
#if SB
    __local realN blm_tiles[TILE_SETS][KWG * NWG / VWN] __attribute__((aligned(16)));
#endif

    real acc[NWI][MWI];
    #pragma unroll
    for (int ni = 0; ni < NWI; ni++)
        #pragma unroll
        for (int mi = 0; mi < MWI; mi++)
            acc[ni][mi] = ZERO;

#if STAGES
    // The first STAGES - 1 steps' copies, one commit group each.
    const __global real *a_elements = (const __global real *)agm;
    const __global real *b_elements = (const __global real *)bgm;
    #pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (k_begin + s * KWG < k_end)
            copy_tiles_async((__local real *)alm_tiles[s], (__local real *)blm_tiles[s], MWG,
                             NWG, a_elements, b_elements, a_ld, b_ld, group_m, group_n,
                             k_begin + s * KWG, tid);
        copy_async_commit();
    }
    int tile = 0;
#elif DB
    // The first K step's tiles go straight to local tile 0.
    if (k_begin < k_end) {
#if SA
        copy_a_tile(alm_tiles[0], agm, a_ld_vectors, group_m, k_begin, tid);
#endif
#if SB
        copy_b_tile(blm_tiles[0], bgm, b_ld_vectors, group_n, k_begin, tid);
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int tile = 0;
#endif

    for (int kwg = k_begin; kwg < k_end; kwg += KWG) {
#if STAGES
        // This step's tiles landed, every work-item's; the set refilled next was last read by
        // the step before, which every work-item has finished.
        copy_async_wait();
        barrier(CLK_LOCAL_MEM_FENCE);
        const int ahead = kwg + (STAGES - 1) * KWG, ahead_tile = (tile + STAGES - 1) % STAGES;
        if (ahead < k_end)
            copy_tiles_async((__local real *)alm_tiles[ahead_tile],
                             (__local real *)blm_tiles[ahead_tile], MWG, NWG, a_elements,
                             b_elements, a_ld, b_ld, group_m, group_n, ahead, tid);
        copy_async_commit();
        const __local realM *alm = alm_tiles[tile];
        const __local realN *blm = blm_tiles[tile];
#elif DB
        // Uniform over the work-group (k_end is), like the barrier below.
        const int more = kwg + KWG < k_end;
#if SA
        realM a_next[A_TILE_VECTORS];
        if (more) {
            #pragma unroll
            for (int l = 0; l < A_TILE_VECTORS; l++)
                a_next[l] = a_tile_vector(agm, a_ld_vectors, group_m, kwg + KWG,
                                          tid + l * THREADS);
        }
        const __local realM *alm = alm_tiles[tile];
#endif
#if SB
        realN b_next[B_TILE_VECTORS];
        if (more) {
            #pragma unroll
            for (int l = 0; l < B_TILE_VECTORS; l++)
                b_next[l] = b_tile_vector(bgm, b_ld_vectors, group_n, kwg + KWG,
                                          tid + l * THREADS);
        }
        const __local realN *blm = blm_tiles[tile];
#endif
#else
        // The whole work-group copies the K step's tiles of A and B to local memory.
#if SA
        __local realM *alm = alm_tiles[0];
        copy_a_tile(alm, agm, a_ld_vectors, group_m, kwg, tid);
#endif
#if SB
        __local realN *blm = blm_tiles[0];
        copy_b_tile(blm, bgm, b_ld_vectors, group_n, kwg, tid);
#endif
#if SA || SB
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
#endif
        // K in steps of KWI, each step fully unrolled (an unroll degree a compiler may not honour
        // in a pragma is spelled out as a loop nest instead).
        for (int kw = 0; kw < KWG; kw += KWI) {
          #pragma unroll
          for (int ku = 0; ku < KWI; ku++) {
            const int kk = kw + ku;
            real apm[MWI], bpm[NWI];
            #pragma unroll
            for (int mv = 0; mv < MWI / VWM; mv++) {
#if SA
                const realM v = alm[kk * (MWG / VWM) + mv * MDIMC + tid_m];
#else
                const realM v = agm[(size_t)(kwg + kk) * a_ld_vectors + group_m * (MWG / VWM) +
                                    mv * MDIMC + tid_m];
#endif
                UNPACK_M(apm + mv * VWM, v)
            }
            #pragma unroll
            for (int nv = 0; nv < NWI / VWN; nv++) {
#if SB
                const realN v = blm[kk * (NWG / VWN) + nv * NDIMC + tid_n];
#else
                const realN v = bgm[(size_t)(kwg + kk) * b_ld_vectors + group_n * (NWG / VWN) +
                                    nv * NDIMC + tid_n];
#endif
                UNPACK_N(bpm + nv * VWN, v)
            }
            #pragma unroll
            for (int ni = 0; ni < NWI; ni++)
                #pragma unroll
                for (int mi = 0; mi < MWI; mi++)
                    acc[ni][mi] = MULADD(acc[ni][mi], apm[mi], bpm[ni]);
          }
        }
#if STAGES
        tile = (tile + 1) % STAGES;
#elif DB
        // The next step's tiles into the other local tiles: their last readers (the step
        // before this one) are past the barrier that ended it.
        if (more) {
#if SA
            #pragma unroll
            for (int l = 0; l < A_TILE_VECTORS; l++)
                alm_tiles[1 - tile][tid + l * THREADS] = a_next[l];
#endif
#if SB
            #pragma unroll
            for (int l = 0; l < B_TILE_VECTORS; l++)
                blm_tiles[1 - tile][tid + l * THREADS] = b_next[l];
#endif
        }
        tile = 1 - tile;
#endif
#if (SA || SB) && !STAGES // (with stages, the next step's barrier comes before any refill)
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }

    // Store: private element mi = mv * VWM + w is row (mv * MDIMC + tid_m) * VWM + w of the tile.
    cgm += c_offset;
    #pragma unroll
    for (int ni = 0; ni < NWI; ni++) {
        const int j = group_n * NWG + ((ni / VWN) * NDIMC + tid_n) * VWN + ni % VWN;
        #pragma unroll
        for (int mi = 0; mi < MWI; mi++) {
            const int i = group_m * MWG + ((mi / VWM) * MDIMC + tid_m) * VWM + mi % VWM;
            store_result(cgm, ldc, m, n, triangle, real_diagonal, i, j, acc[ni][mi], alpha, beta,
                         beta_zero, k_slice, partial);
        }
    }
}
#endif // !MMA
