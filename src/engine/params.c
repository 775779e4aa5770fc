#include "engine/params.h"

#include <stdio.h>
#include <string.h>

#include "env.h"

static int on_gpu(const struct br_device *device)
{
    return (device->type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) != 0;
}

void br_params_default_simt(const struct br_device *device, enum br_precision precision,
                            struct br_kernel_params *params)
{
    /* Work-group tiles and vector widths by precision: 8x8 (real single) or 4x4 register blocks
     * on 16x16 work-items for GPUs, where good SGEMMs live; smaller tiles for CPU OpenCL, whose
     * work-groups are loops over the work-items and gain nothing from large tiles. */
    static const struct br_gemm_params gpu[BR_PRECISION_COUNT] = {
        [BR_S] = {128, 128, 16, 16, 16, 4, 4, 1, 1, 2},
        [BR_D] = {64, 64, 16, 16, 16, 2, 2, 1, 1, 2},
        [BR_C] = {64, 64, 16, 16, 16, 1, 1, 1, 1, 2},
        [BR_Z] = {32, 32, 16, 16, 16, 1, 1, 1, 1, 1},
    };
    static const struct br_gemm_params cpu[BR_PRECISION_COUNT] = {
        [BR_S] = {32, 32, 16, 8, 8, 4, 4, 1, 1, 2},
        [BR_D] = {32, 32, 16, 8, 8, 2, 2, 1, 1, 2},
        [BR_C] = {32, 32, 16, 8, 8, 1, 1, 1, 1, 2},
        [BR_Z] = {16, 16, 16, 8, 8, 1, 1, 1, 1, 2},
    };
    int gpu_like = on_gpu(device);
    memset(params, 0, sizeof *params);
    params->gemm = gpu_like ? gpu[precision] : cpu[precision];
    params->copy = (struct br_copy_params){16, 8, 4, 16, 2};
    params->direct.dim = gpu_like ? 16 : 8;
    params->direct_max_volume = gpu_like ? 128.0 * 128 * 128 : 64.0 * 64 * 64;
    params->direct_below_side = gpu_like ? 16 : 8;
    params->trsm_block_factor = gpu_like ? 2 : 1;
}

/* The tensor-core GEMM (gemm_mma.cl) for double precision on every NVIDIA GPU of compute
 * capability 8.0 or later that no tuned profile covers: the H200's tune of 2026-11-21 (26.6
 * TFLOP/s there, against 21.0 for the best SIMT kernel of the same search, and 17.1 for the
 * SIMT built-in parameters on an H100 without a profile). Its mma.sync shape, m8n8k4, exists
 * from sm_80 on; 64 x 64 tiles of K 16 need 18 KiB of local memory, under every such GPU's. */
static const struct br_gemm_params nvidia_mma_double = {64, 64, 16, 8, 16, 2, 2, 1, 1, 8, 0, 1, 0, 0};

/* From compute capability 9.0 (Hopper) on, Hopper's m16n8k4 (mma = 2): m16n8k4 beat m8n8k4 on
 * each of the tuner's six tile shapes, by 1.1 to 1.45 times (H100, 2026-11-26,
 * profiles/measured/2026-11-26-issue22-s8). In double, double-buffered 64 x 128 x 8 tiles on
 * 16 x 16 work-items (8 warps of 32 x 32), K unrolled by 4: the H200's quick tune of 2026-11-27,
 * and on the H100 DGEMM 8192 resident 43.5 TFLOP/s against 40.4 with the 8 x 16 work-items its
 * own quick tune chose at 4096 (cuBLAS 57.1 beside them; profiles/measured/
 * 2026-11-27-issue22-s16, call 5). Complex double on the tensor cores (real and imaginary
 * planes, four real products per block): 44.5 on the H100 against 17.8 for the SIMT built-in
 * (cuBLAS ZGEMM 51.7). Where a device's local memory refuses them, the m8n8k4 built-in
 * (double), then the SIMT kernel. */
static const struct br_gemm_params hopper_mma_double = {64, 128, 8, 16, 16, 1, 2, 1, 1, 4, 1, 2, 0, 0};
static const struct br_gemm_params hopper_mma_complex = {64, 64, 16, 8, 16, 1, 1, 1, 1, 1, 0, 2, 0, 0};

/* Single precision from compute capability 9.0 on: the tile the H100's and H200's tunes chose
 * (their profiles' [params.s]): 128 x 128 x 8, double-buffered, K unrolled by 8, each warp's
 * place from the flat local id (warp_m 16). SGEMM 8192 resident 49.1 (H100) and 49.2 to 49.4
 * (H200) TFLOP/s with it, cuBLAS 50.2 to 50.7 beside them (2026-11-27, profiles/measured/
 * 2026-11-27-s18); the SIMT built-in's 128 x 128 x 16 tile, single-buffered and unrolled by 2,
 * ran SGEMM at 39.2 on an H100 without a profile (2026-11-24). A Hopper GPU no shipped profile
 * names (GH200, H800, H20) gets it. */
static const struct br_gemm_params hopper_simt_single = {128, 128, 8, 16, 16, 4, 4,
                                                        1,   1,   8,  1,  0, 16, 0};

void br_params_default(const struct br_device *device, enum br_precision precision,
                       struct br_kernel_params *params)
{
    br_params_default_simt(device, precision, params);
    if (precision == BR_S && on_gpu(device) && device->nv_compute_capability >= 90) {
        struct br_kernel_params hopper = *params;
        hopper.gemm = hopper_simt_single;
        if (br_params_valid(device, precision, &hopper))
            *params = hopper;
        return;
    }
    if ((precision != BR_D && precision != BR_Z) || !on_gpu(device) ||
        device->nv_compute_capability < 80)
        return;
    const struct br_gemm_params *choices[2];
    int count = 0;
    if (device->nv_compute_capability >= 90)
        choices[count++] = precision == BR_D ? &hopper_mma_double : &hopper_mma_complex;
    if (precision == BR_D)
        choices[count++] = &nvidia_mma_double;
    for (int i = 0; i < count; i++) {
        struct br_kernel_params mma = *params;
        mma.gemm = *choices[i];
        if (br_params_valid(device, precision, &mma)) {
            *params = mma;
            return;
        }
    }
}

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int br_params_operand_alignment(const struct br_gemm_params *g, int b_side)
{
    int vector = b_side ? g->vwn : g->vwm;
    return g->stages && vector < 2 ? 2 : vector;
}

int br_params_trsm_block(const struct br_kernel_params *p)
{
    const struct br_gemm_params *g = &p->gemm;
    int tiles = g->mwg / gcd(g->mwg, g->nwg) * g->nwg;
    int block = tiles / gcd(tiles, g->kwg) * g->kwg;
    return block * (p->trsm_block_factor > 0 ? p->trsm_block_factor : 1);
}

static int divides(int d, int n)
{
    return d > 0 && n % d == 0;
}

/* The NVIDIA compute capability the tensor cores and cp.async are judged by: emulated (tests,
 * BLASROUTE_TEST_MMA_EMULATE), any device as one of 9.0. */
static int nv_capability(const struct br_device *device)
{
    return br_env()->test_mma_emulate ? 90 : device->nv_compute_capability;
}

/* cp.async stages, in either kernel: NVIDIA from compute capability 8.0, 2 to 4 sets of tiles
 * instead of db, each K step's tiles in whole 16-byte copies per work-item. */
static int stages_valid(const struct br_device *device, enum br_precision precision,
                        const struct br_gemm_params *g)
{
    int copy = 16 / (int)br_element_size(precision) * g->mdimc * g->ndimc; /* elements a round */
    return nv_capability(device) >= 80 && g->stages >= 2 && g->stages <= 4 && !g->db &&
           divides(copy, g->kwg * g->mwg) && divides(copy, g->kwg * g->nwg);
}

/* What gemm_mma.cl needs: double precision, real or complex (a real and an imaginary plane of
 * each tile), on an NVIDIA device of compute capability 8.0 or later (9.0 for mma 2 and 3,
 * Hopper's m16n8k4 and m16n8k8), both tiles in local memory (rows padded by BR_MMA_PAD; two
 * sets of them with db), and a work-group that splits into warps of 32 rows by a multiple of 8
 * columns, K in steps of 4 (8 with m16n8k8). */
static int mma_valid(const struct br_device *device, enum br_precision precision,
                     const struct br_kernel_params *p)
{
    const struct br_gemm_params *g = &p->gemm;
    int threads = g->mdimc * g->ndimc, warps = threads / 32, warps_m = g->mwg / 32;
    size_t planes = precision == BR_Z ? 2 : 1, sets = g->stages ? g->stages : g->db ? 2 : 1;
    size_t local = (size_t)g->kwg * (size_t)(g->mwg + g->nwg + 2 * BR_MMA_PAD) *
                   sizeof(double) * planes * sets;
    int capability = nv_capability(device);
    int shape_ok = (g->mma == 1 && capability >= 80) ||
                   ((g->mma == 2 || g->mma == 3) && capability >= 90);
    /* cp.async stages: real double (a complex tile's planes are not a copy of its memory),
     * into padded rows that keep the 16-byte chunks (two doubles) aligned. */
    int stages_ok = g->stages == 0 ||
                    (precision == BR_D && stages_valid(device, precision, g) &&
                     (g->mwg + BR_MMA_PAD) % 2 == 0 && (g->nwg + BR_MMA_PAD) % 2 == 0);
    return shape_ok && stages_ok && (precision == BR_D || precision == BR_Z) && g->sa &&
           g->sb && threads % 32 == 0 && divides(32, g->mwg) && warps_m > 0 &&
           divides(warps_m, warps) && divides(warps / warps_m * 8, g->nwg) &&
           divides(g->mma == 3 ? 8 : 4, g->kwg) && local <= device->local_memory;
}

/* cp.async stages in the SIMT kernel (gemm.cl): both tiles in local memory, vectors of 16
 * bytes or more (so that operands aligned to the vector width, as packing and in-place reading
 * keep them, give cp.async its 16-byte aligned addresses). */
static int simt_stages_valid(const struct br_device *device, enum br_precision precision,
                             const struct br_gemm_params *g)
{
    int element = (int)br_element_size(precision);
    return stages_valid(device, precision, g) && g->sa && g->sb && g->vwm * element % 16 == 0 &&
           g->vwn * element % 16 == 0;
}

int br_params_valid(const struct br_device *device, enum br_precision precision,
                    const struct br_kernel_params *p)
{
    const struct br_gemm_params *g = &p->gemm;
    size_t element = br_element_size(precision);
    int vector_ok = br_is_complex(precision) ? g->vwm == 1 && g->vwn == 1
                                             : (g->vwm == 1 || g->vwm == 2 || g->vwm == 4 ||
                                                g->vwm == 8) &&
                                                   (g->vwn == 1 || g->vwn == 2 || g->vwn == 4 ||
                                                    g->vwn == 8);
    int threads = g->mdimc * g->ndimc;
    size_t local = ((size_t)(g->sa ? g->kwg * g->mwg : 0) * element +
                    (size_t)(g->sb ? g->kwg * g->nwg : 0) * element) *
                   (g->stages ? g->stages : g->db ? 2 : 1);
    int ok = vector_ok && threads > 0 && (size_t)threads <= device->max_work_group &&
             divides(g->mdimc * g->vwm, g->mwg) && divides(g->ndimc * g->vwn, g->nwg) &&
             divides(g->kwi, g->kwg) && local <= device->local_memory &&
             (g->db == 0 || (g->db == 1 && (g->sa || g->sb))) &&
             (!g->sa || divides(threads, g->kwg * g->mwg / g->vwm)) &&
             (!g->sb || divides(threads, g->kwg * g->nwg / g->vwn));
    const struct br_copy_params *c = &p->copy;
    ok = ok && c->wpt > 0 && (size_t)(c->dim_x * c->dim_y) <= device->max_work_group &&
         divides(c->transpose_wpt, c->transpose_dim) &&
         (size_t)(c->transpose_dim * c->transpose_dim / c->transpose_wpt) <=
             device->max_work_group &&
         (size_t)(c->transpose_dim * (c->transpose_dim + 1)) * element <= device->local_memory;
    ok = ok && (g->mma == 0 || mma_valid(device, precision, p)) &&
         (g->stages == 0 || g->mma || simt_stages_valid(device, precision, g));
    /* A warp's block of the work-items' grid: whole warps, tiling the grid (SIMT kernel only:
     * the tensor-core kernel lays out its own warps). */
    ok = ok && (g->warp_m == 0 ||
                (g->mma == 0 && divides(g->warp_m, 32) &&
                 divides(g->warp_m, g->mdimc) && divides(32 / g->warp_m, g->ndimc) &&
                 divides(32, threads)));
    ok = ok && (p->max_registers == 0 || (device->nv_compiler_options &&
                                           p->max_registers >= 32 && p->max_registers <= 255));
    int trsm_block = br_params_trsm_block(p);
    ok = ok && (size_t)trsm_block <= device->max_work_group &&
         (size_t)trsm_block * element <= device->local_memory;
    ok = ok && p->direct.dim > 0 &&
         (size_t)(p->direct.dim * p->direct.dim) <= device->max_work_group &&
         (size_t)(2 * p->direct.dim * (p->direct.dim + 1)) * element <= device->local_memory;
    return ok;
}

int br_params_build_options(enum br_precision precision, const struct br_kernel_params *p,
                            char *options, size_t size)
{
    static const int precision_codes[BR_PRECISION_COUNT] = {32, 64, 3232, 6464};
    const struct br_gemm_params *g = &p->gemm;
    const struct br_copy_params *c = &p->copy;
    int used = snprintf(options, size,
                        "-DPRECISION=%d -DMWG=%d -DNWG=%d -DKWG=%d -DMDIMC=%d -DNDIMC=%d "
                        "-DVWM=%d -DVWN=%d -DSA=%d -DSB=%d -DKWI=%d -DCOPY_DIM_X=%d "
                        "-DCOPY_DIM_Y=%d -DCOPY_WPT=%d -DTRANSPOSE_DIM=%d -DTRANSPOSE_WPT=%d "
                        "-DDIRECT_DIM=%d -DTRSM_BLOCK=%d -DDB=%d -DTHIN_MAX=%d -DMMA=%d "
                        "-DMMA_PAD=%d -DWARP_M=%d -DSTAGES=%d",
                        precision_codes[precision], g->mwg, g->nwg, g->kwg, g->mdimc, g->ndimc,
                        g->vwm, g->vwn, g->sa, g->sb, g->kwi, c->dim_x, c->dim_y, c->wpt,
                        c->transpose_dim, c->transpose_wpt, p->direct.dim,
                        br_params_trsm_block(p), g->db, BR_THIN_MAX, g->mma, BR_MMA_PAD,
                        g->warp_m, g->stages);
    if (used > 0 && (size_t)used < size && g->mma && br_env()->test_mma_emulate)
        used += snprintf(options + used, size - (size_t)used, " -DMMA_EMULATE=1");
    if (used > 0 && (size_t)used < size && g->stages && br_env()->test_mma_emulate)
        used += snprintf(options + used, size - (size_t)used, " -DASYNC_EMULATE=1");
    if (used > 0 && (size_t)used < size && p->max_registers > 0)
        used += snprintf(options + used, size - (size_t)used, " -cl-nv-maxrregcount=%d",
                         p->max_registers);
    return used > 0 && (size_t)used < size ? 0 : -1;
}
