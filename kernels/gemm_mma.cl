// gemm_tiled on the FP64 tensor cores of NVIDIA GPUs (compute capability 8.0 and later),
// through PTX's mma.sync m8n8k4 f64, which NVIDIA's OpenCL compiler accepts as inline assembly.
// The SIMT kernel in gemm.cl reaches about 21 TFLOP/s in double on the H200, whose FP64 units
// peak at 34; the tensor cores peak at 67. Same arguments, packed operands and duties (triangle,
// K range, offsets, beta = 0) as gemm.cl's kernel, which this one replaces when MMA is 1 or 2:
// the host chooses it by a tuning parameter, only for double precision (real or complex) on
// such a device.
//
// A work-group of MDIMC x NDIMC work-items (a multiple of 32) computes an MWG x NWG tile of C.
// Its warps form a grid: MWG / 32 along M, the rest along N, each warp owning 32 rows and
// WTN = NWG / (warps along N) columns, as 4 x (WTN / 8) blocks of 8 x 8. Per step of 4 along K
// a warp loads one element of A per 8-row block and one of B per 8-column block and lane, and
// issues 4 x (WTN / 8) mma.sync. The K step's tiles of A and B sit in local memory, rows padded
// so that the four K rows a half-warp reads at once fall in different banks; with DB,
// two sets of them, the next step's read from global memory while this one's is multiplied.
//
// STAGES (real double, compute capability 8.0 on): instead of db's trip through registers,
// each K step's tiles go from global to local memory by cp.async (PTX ISA 7.0), 16 bytes per
// instruction, STAGES - 1 K steps ahead of the one being multiplied: the copies need no
// registers and no instructions after their issue, and several steps' loads are in flight.
// Each work-item's copies of a step form one commit group; before a step is multiplied, its
// group is waited for (cp.async.wait_group), then the work-group's barrier makes every
// work-item's copies visible and frees the set of tiles that the next copies refill.
//
// Complex double (PRECISION 6464) runs on the same tensor cores as four real products
// ("4M"): the tiles go into local memory as a real and an imaginary plane, and each block
// accumulates Re += Ar Br - Ai Bi, Im += Ar Bi + Ai Br (Ai negated in registers), so a complex
// multiply-add costs four real ones, as its 8 flops count.
//
// MMA 2 (compute capability 9.0, PTX ISA 7.8): the same tiles and registers, each pair of 8-row
// blocks of a warp issued as one mma.sync m16n8k4, Hopper's own FP64 shape. Its fragments are
// two m8n8k4 ones stacked along M: A's first register holds the upper block's element, its
// second the lower's; D's first two the upper block's pair, its last two the lower's; B's is
// shared. MMA 3 (the same): m16n8k8, two steps of 4 along K in one instruction, half as many
// instructions: A's third and fourth registers and B's second hold the second step's
// elements, K column (row of B) in_group + 4.

#ifndef MMA
#define MMA 0
#endif

#if MMA
#if PRECISION != 64 && PRECISION != 6464
#error "the tensor-core kernel is for double precision, real or complex"
#endif
#if !SA || !SB
#error "the tensor-core kernel keeps both tiles in local memory"
#endif

#define MMA_WARPS (THREADS / 32)
#define MMA_WARPS_M (MWG / 32)
#define MMA_WARPS_N (MMA_WARPS / MMA_WARPS_M)
#define MMA_WTN (NWG / MMA_WARPS_N)  // columns of a warp
#define MMA_TN (MMA_WTN / 8)         // its 8-column blocks
// K per instruction step: 4, or 8 with m16n8k8 (MMA 3), whose fragments hold two steps of 4
// ("halves") of A and B.
#define MMA_HALVES (MMA == 3 ? 2 : 1)
#define MMA_K (4 * MMA_HALVES)
// Rows of the local tiles padded by MMA_PAD doubles (the host's BR_MMA_PAD, engine/params.h):
// then the four K rows of a half-warp's fragment load fall in different banks.
#ifndef MMA_PAD
#error "the host passes MMA_PAD"
#endif
#define MMA_A_LD (MWG + MMA_PAD)
#define MMA_B_LD (NWG + MMA_PAD)

// The planes of an element: its value, or its real and imaginary parts.
#if IS_COMPLEX
#define MMA_PARTS 2
#define PUT_PARTS(tile, at, value) { (tile)[0][at] = (value).x; (tile)[1][at] = (value).y; }
#define RESULT(acc, tm, tn, h) ((real)((acc)[0][tm][tn][h], (acc)[1][tm][tn][h]))
#else
#define MMA_PARTS 1
#define PUT_PARTS(tile, at, value) { (tile)[0][at] = (value); }
#define RESULT(acc, tm, tn, h) ((acc)[0][tm][tn][h])
#endif

// (gemm.cl checks the stages that both kernels share.)
#if STAGES && (PRECISION != 64 || MMA_A_LD % CHUNK != 0 || MMA_B_LD % CHUNK != 0)
#error "cp.async stages in the tensor-core kernel: real double, padded rows of whole 16-byte chunks"
#endif

#if THREADS % 32 != 0 || MWG % 32 != 0 || MMA_WARPS % MMA_WARPS_M != 0 || \
    NWG % (MMA_WARPS_N * 8) != 0 || KWG % MMA_K != 0
#error "the work-group must split into warps of 32 x 8k blocks"
#endif

// MMA_EMULATE (tests on devices without tensor cores, BLASROUTE_TEST_MMA_EMULATE): each
// mma.sync done by the warp's lanes through local memory, with the fragments laid out as PTX
// lays them out, so that the rest of this kernel (tiles, planes, double buffering, the pairs of
// m16n8k4, the stores) is checked against the reference on PoCL. Every work-item makes the same
// calls in the same order, so the work-group barriers inside are uniform.
#ifndef MMA_EMULATE
#define MMA_EMULATE 0
#endif
#if MMA_EMULATE
// Each lane's fragments of one mma_accumulate (4 of A, MMA_TN of B) are shared in local memory
// once, and each emulated instruction reads the other lanes' from there: slot tm holds A's
// block tm, slot 4 + tn B's block tn.
#define MMA_SLOTS (4 + MMA_TN)
#define MMA_SCRATCH_PARAMETER , __local double *scratch
#define MMA_SCRATCH_ARGUMENT , scratch
#define MMA_SLOT_PARAMETERS , __local const double *fragments, const int a_slot, const int b_slot
inline void mma_8x8x4(double *d0, double *d1, const double a, const double b
                          MMA_SLOT_PARAMETERS)
{
    (void)a, (void)b; // this lane's, in `fragments` as every other lane's
    const int lane = (get_local_id(1) * MDIMC + get_local_id(0)) % 32;
    const int group = lane / 4, in_group = lane % 4;
    double sum0 = *d0, sum1 = *d1;
    for (int k = 0; k < 4; k++) {
        // A(group, k) is lane group * 4 + k's, B(k, col) lane col * 4 + k's.
        const double a_gk = fragments[(group * 4 + k) * MMA_SLOTS + a_slot];
        sum0 += a_gk * fragments[((2 * in_group) * 4 + k) * MMA_SLOTS + 4 + b_slot];
        sum1 += a_gk * fragments[((2 * in_group + 1) * 4 + k) * MMA_SLOTS + 4 + b_slot];
    }
    *d0 = sum0;
    *d1 = sum1;
}
inline void mma_16x8x4(double *d0, double *d1, double *d2, double *d3, const double a0,
                       const double a1, const double b, __local const double *fragments,
                       const int a0_slot, const int a1_slot, const int b_slot)
{
    mma_8x8x4(d0, d1, a0, b, fragments, a0_slot, b_slot);
    mma_8x8x4(d2, d3, a1, b, fragments, a1_slot, b_slot);
}
#define MMA_SLOTS_8(tm, tn) , fragments, tm, tn
#define MMA_SLOTS_16(tm0, tm1, tn) , fragments, tm0, tm1, tn
#elif MMA == 3
#define MMA_SCRATCH_PARAMETER
#define MMA_SCRATCH_ARGUMENT
// D := A B + D for two 8 x 8 blocks stacked along M over 8 of K: a0, a1 this lane's elements
// of the upper and lower blocks' A at K column in_group, a2, a3 at in_group + 4; b0, b1 its
// elements of B at K rows in_group and in_group + 4; d0 to d3 as m16n8k4's.
inline void mma_16x8x8(double *d0, double *d1, double *d2, double *d3, const double a0,
                       const double a1, const double a2, const double a3, const double b0,
                       const double b1)
{
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                 "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+d"(*d0), "+d"(*d1), "+d"(*d2), "+d"(*d3)
                 : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
}
#elif MMA == 2
#define MMA_SCRATCH_PARAMETER
#define MMA_SCRATCH_ARGUMENT
#define MMA_SLOTS_16(tm0, tm1, tn)
// D := A B + D for two 8 x 8 blocks stacked along M: a0, a1 this lane's elements of the upper
// and lower blocks' A (8 x 4 each), b its element of B (4 x 8); d0, d1 and d2, d3 the blocks'.
inline void mma_16x8x4(double *d0, double *d1, double *d2, double *d3, const double a0,
                       const double a1, const double b)
{
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                 "{%4, %5}, {%6}, {%0, %1, %2, %3};"
                 : "+d"(*d0), "+d"(*d1), "+d"(*d2), "+d"(*d3)
                 : "d"(a0), "d"(a1), "d"(b));
}
#else
#define MMA_SCRATCH_PARAMETER
#define MMA_SCRATCH_ARGUMENT
#define MMA_SLOTS_8(tm, tn)
// D := A B + D for one 8 x 8 block: a, b this lane's elements of A (8 x 4) and B (4 x 8).
inline void mma_8x8x4(double *d0, double *d1, const double a, const double b)
{
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, "
                 "{%0, %1};"
                 : "+d"(*d0), "+d"(*d1)
                 : "d"(a), "d"(b));
}
#endif

// acc += a b for a warp's 4 x MMA_TN blocks of 8 x 8: a this lane's elements of A's four 8-row
// blocks, b of B's MMA_TN 8-column blocks, for one step of 4 along K. (Not with m16n8k8 on
// the tensor cores, which take 8 of K at once: mma_step.)
#if MMA != 3 || MMA_EMULATE
inline void mma_accumulate(double acc[4][MMA_TN][2], const double a[4],
                           const double b[MMA_TN] MMA_SCRATCH_PARAMETER)
{
#if MMA_EMULATE
    const int tid = get_local_id(1) * MDIMC + get_local_id(0);
    __local double *fragments = scratch + tid / 32 * 32 * MMA_SLOTS;
    for (int tm = 0; tm < 4; tm++)
        fragments[tid % 32 * MMA_SLOTS + tm] = a[tm];
    for (int tn = 0; tn < MMA_TN; tn++)
        fragments[tid % 32 * MMA_SLOTS + 4 + tn] = b[tn];
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
#if MMA == 2
    #pragma unroll
    for (int tm = 0; tm < 4; tm += 2)
        #pragma unroll
        for (int tn = 0; tn < MMA_TN; tn++)
            mma_16x8x4(&acc[tm][tn][0], &acc[tm][tn][1], &acc[tm + 1][tn][0],
                       &acc[tm + 1][tn][1], a[tm], a[tm + 1], b[tn] MMA_SLOTS_16(tm, tm + 1, tn));
#else
    #pragma unroll
    for (int tm = 0; tm < 4; tm++)
        #pragma unroll
        for (int tn = 0; tn < MMA_TN; tn++)
            mma_8x8x4(&acc[tm][tn][0], &acc[tm][tn][1], a[tm], b[tn] MMA_SLOTS_8(tm, tn));
#endif
#if MMA_EMULATE
    barrier(CLK_LOCAL_MEM_FENCE); // read by all before the next call writes again
#endif
}
#endif

// acc += a b over one step of MMA_K along K: MMA_HALVES steps of 4, half h at K columns
// 4 h + in_group of the step (m16n8k8: both at once; emulated, one after the other).
inline void mma_step(double acc[4][MMA_TN][2], const double a[MMA_HALVES][4],
                     const double b[MMA_HALVES][MMA_TN] MMA_SCRATCH_PARAMETER)
{
#if MMA == 3 && !MMA_EMULATE
    #pragma unroll
    for (int tm = 0; tm < 4; tm += 2)
        #pragma unroll
        for (int tn = 0; tn < MMA_TN; tn++)
            mma_16x8x8(&acc[tm][tn][0], &acc[tm][tn][1], &acc[tm + 1][tn][0],
                       &acc[tm + 1][tn][1], a[0][tm], a[0][tm + 1], a[1][tm], a[1][tm + 1],
                       b[0][tn], b[1][tn]);
#else
    #pragma unroll
    for (int h = 0; h < MMA_HALVES; h++)
        mma_accumulate(acc, a[h], b[h] MMA_SCRATCH_ARGUMENT);
#endif
}

// One vector of the K step's tile of A (or B) into local memory, element by element into the
// padded rows (and planes), from where the vectors were read (coalesced, as gemm.cl reads).
inline void put_a(__local double tile[MMA_PARTS][KWG * MMA_A_LD], const int index,
                  const realM vector)
{
    real v[VWM];
    UNPACK_M(v, vector)
    const int kk = index / (MWG / VWM), i = index % (MWG / VWM) * VWM;
    #pragma unroll
    for (int w = 0; w < VWM; w++)
        PUT_PARTS(tile, kk * MMA_A_LD + i + w, v[w])
}
inline void put_b(__local double tile[MMA_PARTS][KWG * MMA_B_LD], const int index,
                  const realN vector)
{
    real v[VWN];
    UNPACK_N(v, vector)
    const int kk = index / (NWG / VWN), j = index % (NWG / VWN) * VWN;
    #pragma unroll
    for (int w = 0; w < VWN; w++)
        PUT_PARTS(tile, kk * MMA_B_LD + j + w, v[w])
}

__kernel __attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
void gemm_tiled(GEMM_TILED_PARAMETERS)
{
    agm += a_offset / VWM;
    bgm += b_offset / VWN;
    const int group_m = get_group_id(0), group_n = get_group_id(1);
    if (outside_triangle(triangle, group_m, group_n)) // uniform over the work-group
        return;
    int k_begin, k_end;
    k_range(k_padded, k_from, k_to, group_m, group_n, &k_begin, &k_end);
    k_slice_range(k_slice, &k_begin, &k_end);
    const int a_ld_vectors = a_ld / VWM, b_ld_vectors = b_ld / VWN;
    const int tid = get_local_id(1) * MDIMC + get_local_id(0);
    const int lane = tid % 32, warp = tid / 32;
    const int warp_m = warp % MMA_WARPS_M, warp_n = warp / MMA_WARPS_M;
    const int group = lane / 4, in_group = lane % 4; // PTX's groupID, threadID_in_group

    // DB: two sets of tiles; the next K step's vectors are read into registers before the
    // mma work on this one, and stored into the other set after it, so that the global reads'
    // latency is hidden behind the tensor cores' work (one barrier a step).
#if STAGES
#define MMA_SETS STAGES
#else
#define MMA_SETS (1 + DB)
#endif
    // 16-byte aligned: cp.async's chunks are (rows and sets are multiples of 16 bytes).
    __local double alm_sets[MMA_SETS][MMA_PARTS][KWG * MMA_A_LD] __attribute__((aligned(16)));
    __local double blm_sets[MMA_SETS][MMA_PARTS][KWG * MMA_B_LD] __attribute__((aligned(16)));
#if MMA_EMULATE
    __local double scratch[MMA_WARPS * 32 * MMA_SLOTS];
#endif

    double acc[MMA_PARTS][4][MMA_TN][2];
    #pragma unroll
    for (int p = 0; p < MMA_PARTS; p++)
        #pragma unroll
        for (int tm = 0; tm < 4; tm++)
            #pragma unroll
            for (int tn = 0; tn < MMA_TN; tn++)
                acc[p][tm][tn][0] = acc[p][tm][tn][1] = 0.0;

#if STAGES
    // The first STAGES - 1 steps' copies, one group each.
    const __global double *a_doubles = (const __global double *)agm;
    const __global double *b_doubles = (const __global double *)bgm;
    #pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (k_begin + s * KWG < k_end)
            copy_tiles_async(alm_sets[s][0], blm_sets[s][0], MMA_A_LD, MMA_B_LD, a_doubles,
                             b_doubles, a_ld, b_ld, group_m, group_n, k_begin + s * KWG, tid);
        copy_async_commit();
    }
    int set = 0;
#elif DB
    if (k_begin < k_end) { // uniform over the work-group, as k_end is
        #pragma unroll
        for (int l = 0; l < A_TILE_VECTORS; l++)
            put_a(alm_sets[0], tid + l * THREADS,
                  a_tile_vector(agm, a_ld_vectors, group_m, k_begin, tid + l * THREADS));
        #pragma unroll
        for (int l = 0; l < B_TILE_VECTORS; l++)
            put_b(blm_sets[0], tid + l * THREADS,
                  b_tile_vector(bgm, b_ld_vectors, group_n, k_begin, tid + l * THREADS));
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int set = 0;
#endif

    for (int kwg = k_begin; kwg < k_end; kwg += KWG) {
#if STAGES
        // This step's tiles landed, every work-item's; the set refilled next was last read
        // by the step before, which every work-item has finished.
        copy_async_wait();
        barrier(CLK_LOCAL_MEM_FENCE);
        const int ahead = kwg + (STAGES - 1) * KWG, ahead_set = (set + STAGES - 1) % STAGES;
        if (ahead < k_end)
            copy_tiles_async(alm_sets[ahead_set][0], blm_sets[ahead_set][0], MMA_A_LD, MMA_B_LD,
                             a_doubles, b_doubles, a_ld, b_ld, group_m, group_n, ahead, tid);
        copy_async_commit();
        __local double (*alm)[KWG * MMA_A_LD] = alm_sets[set];
        __local double (*blm)[KWG * MMA_B_LD] = blm_sets[set];
#elif DB
        const int more = kwg + KWG < k_end; // uniform
        realM a_next[A_TILE_VECTORS];
        realN b_next[B_TILE_VECTORS];
        if (more) {
            #pragma unroll
            for (int l = 0; l < A_TILE_VECTORS; l++)
                a_next[l] = a_tile_vector(agm, a_ld_vectors, group_m, kwg + KWG,
                                          tid + l * THREADS);
            #pragma unroll
            for (int l = 0; l < B_TILE_VECTORS; l++)
                b_next[l] = b_tile_vector(bgm, b_ld_vectors, group_n, kwg + KWG,
                                          tid + l * THREADS);
        }
        __local double (*alm)[KWG * MMA_A_LD] = alm_sets[set];
        __local double (*blm)[KWG * MMA_B_LD] = blm_sets[set];
#else
        __local double (*alm)[KWG * MMA_A_LD] = alm_sets[0];
        __local double (*blm)[KWG * MMA_B_LD] = blm_sets[0];
        #pragma unroll
        for (int l = 0; l < A_TILE_VECTORS; l++)
            put_a(alm, tid + l * THREADS,
                  a_tile_vector(agm, a_ld_vectors, group_m, kwg, tid + l * THREADS));
        #pragma unroll
        for (int l = 0; l < B_TILE_VECTORS; l++)
            put_b(blm, tid + l * THREADS,
                  b_tile_vector(bgm, b_ld_vectors, group_n, kwg, tid + l * THREADS));
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
        #pragma unroll
        for (int kk = 0; kk < KWG; kk += MMA_K) {
            // A (8 x 4 per half, row-major): this lane holds row `group`, K column `in_group`
            // of each half; B (4 x 8, column-major): K row `in_group`, column `group`.
            double a[MMA_PARTS][MMA_HALVES][4], b[MMA_PARTS][MMA_HALVES][MMA_TN];
            #pragma unroll
            for (int p = 0; p < MMA_PARTS; p++)
                #pragma unroll
                for (int h = 0; h < MMA_HALVES; h++) {
                    const int k = kk + 4 * h + in_group;
                    #pragma unroll
                    for (int tm = 0; tm < 4; tm++)
                        a[p][h][tm] = alm[p][k * MMA_A_LD + warp_m * 32 + tm * 8 + group];
                    #pragma unroll
                    for (int tn = 0; tn < MMA_TN; tn++)
                        b[p][h][tn] = blm[p][k * MMA_B_LD + warp_n * MMA_WTN + tn * 8 + group];
                }
            mma_step(acc[0], a[0], b[0] MMA_SCRATCH_ARGUMENT);
#if IS_COMPLEX
            double minus_ai[MMA_HALVES][4];
            #pragma unroll
            for (int h = 0; h < MMA_HALVES; h++)
                #pragma unroll
                for (int tm = 0; tm < 4; tm++)
                    minus_ai[h][tm] = -a[1][h][tm];
            mma_step(acc[0], minus_ai, b[1] MMA_SCRATCH_ARGUMENT); // Re -= Ai Bi
            mma_step(acc[1], a[0], b[1] MMA_SCRATCH_ARGUMENT);     // Im += Ar Bi
            mma_step(acc[1], a[1], b[0] MMA_SCRATCH_ARGUMENT);     // Im += Ai Br
#endif
        }
#if STAGES
        set = (set + 1) % STAGES;
#elif DB
        // Into the other set: every warp finished reading it before the last step's barrier.
        if (more) {
            #pragma unroll
            for (int l = 0; l < A_TILE_VECTORS; l++)
                put_a(alm_sets[1 - set], tid + l * THREADS, a_next[l]);
            #pragma unroll
            for (int l = 0; l < B_TILE_VECTORS; l++)
                put_b(blm_sets[1 - set], tid + l * THREADS, b_next[l]);
        }
        set = 1 - set;
#endif
#if !STAGES // (with stages, the next step's barrier comes before any set is refilled)
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }

    // This lane holds rows `group` and columns 2 in_group, 2 in_group + 1 of each 8 x 8 block.
    cgm += c_offset;
    #pragma unroll
    for (int tm = 0; tm < 4; tm++)
        #pragma unroll
        for (int tn = 0; tn < MMA_TN; tn++)
            #pragma unroll
            for (int h = 0; h < 2; h++) {
                const int i = group_m * MWG + warp_m * 32 + tm * 8 + group;
                const int j = group_n * NWG + warp_n * MMA_WTN + tn * 8 + in_group * 2 + h;
                store_result(cgm, ldc, m, n, triangle, real_diagonal, i, j,
                             RESULT(acc, tm, tn, h), alpha, beta, beta_zero, k_slice, partial);
            }
}
#endif
