/* The tunable constants of the kernels in kernels/, per precision: what blasroute-tune searches,
 * a device profile records ([params.s] ...) and the engine passes to the OpenCL compiler. No
 * OpenCL here: the profiles are read without it. */
#ifndef BLASROUTE_KERNEL_PARAMS_H
#define BLASROUTE_KERNEL_PARAMS_H

#include <stddef.h>

struct br_gemm_params {
    int mwg, nwg, kwg;  /* work-group tile */
    int mdimc, ndimc;   /* work-items per work-group along M and N */
    int vwm, vwn;       /* vector widths of the reads of A and B */
    int sa, sb;         /* local-memory caching of A and B */
    int kwi;            /* K unroll */
    int db;             /* 1: double-buffered local tiles, the next K step prefetched */
    int mma;            /* the tensor-core kernel (gemm_mma.cl: NVIDIA, d and z): 1 with
                           mma.sync m8n8k4 (compute capability 8.0 on), 2 with m16n8k4, 3 with
                           m16n8k8 (9.0) */
    int warp_m;         /* the SIMT kernel: work-items along M in each run of 32 consecutive ones
                           (an NVIDIA warp), which then take a warp_m x 32/warp_m block of the
                           work-items' grid; 0: the grid's own order (mdimc along M) */
    int stages;         /* the tensor-core kernel in real double: K steps whose tiles are in
                           flight at once, copied from global to local memory by cp.async
                           (compute capability 8.0 on), 2 to 4; 0: through registers (db) */
};

struct br_copy_params {
    int dim_x, dim_y, wpt;       /* pack_straight */
    int transpose_dim, transpose_wpt; /* pack_transpose */
};

struct br_direct_params {
    int dim; /* gemm_direct work-group side */
};

struct br_kernel_params {
    struct br_gemm_params gemm;
    struct br_copy_params copy;
    struct br_direct_params direct;
    /* Up to this many multiply-adds (m*n*k), or with m or n below direct_below_side, the direct
     * kernel answers: the copies and the padded tiles would cost more than they save. */
    double direct_max_volume;
    int direct_below_side;
    /* TRSM's diagonal blocks are this many times the smallest block that is a whole number of
     * GEMM tiles: larger blocks mean fewer, larger GEMM updates. */
    int trsm_block_factor;
    /* The most registers a work-item of the programs may use (-cl-nv-maxrregcount, NVIDIA's
     * OpenCL only): fewer registers, more work-groups per multiprocessor. 0: the driver's
     * choice. */
    int max_registers;
};

/* One table of the parameters' names in profiles ("mwg", "copy_dim_x", ...) and where each
 * lives, driving both the profile reader and the tuner's writer. Every parameter is an int but
 * direct_max_volume, a double. */
struct br_kernel_param_key {
    const char *name;
    size_t offset;   /* in struct br_kernel_params */
    int is_double;
    int min_value;   /* the smallest value a profile may give: 0 or 1 */
};
/* Their indexes in br_kernel_param_keys. */
enum br_kernel_param {
    BR_KP_MWG, BR_KP_NWG, BR_KP_KWG, BR_KP_MDIMC, BR_KP_NDIMC, BR_KP_VWM, BR_KP_VWN, BR_KP_SA,
    BR_KP_SB, BR_KP_KWI, BR_KP_COPY_DIM_X, BR_KP_COPY_DIM_Y, BR_KP_COPY_WPT,
    BR_KP_TRANSPOSE_DIM, BR_KP_TRANSPOSE_WPT, BR_KP_DIRECT_DIM, BR_KP_DIRECT_MAX_VOLUME,
    BR_KP_DIRECT_BELOW_SIDE, BR_KP_TRSM_BLOCK_FACTOR, BR_KP_DB, BR_KP_MAX_REGISTERS, BR_KP_MMA,
    BR_KP_WARP_M, BR_KP_STAGES, BR_KERNEL_PARAM_COUNT
};
extern const struct br_kernel_param_key br_kernel_param_keys[BR_KERNEL_PARAM_COUNT];

/* A parameter of a set, as a double, and set. */
double br_kernel_param_get(const struct br_kernel_params *params, int key);
void br_kernel_param_set(struct br_kernel_params *params, int key, double value);

#endif
