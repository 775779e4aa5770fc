/* The tunable constants of the kernels in kernels/, per precision: what the tuner searches and
 * a profile records. The engine passes them to the OpenCL compiler as -D options. */
#ifndef BLASROUTE_ENGINE_PARAMS_H
#define BLASROUTE_ENGINE_PARAMS_H

#include <stddef.h>

#include "call.h"
#include "engine/device.h"

struct br_gemm_params {
    int mwg, nwg, kwg;  /* work-group tile */
    int mdimc, ndimc;   /* work-items per work-group along M and N */
    int vwm, vwn;       /* vector widths of the reads of A and B */
    int sa, sb;         /* local-memory caching of A and B */
    int kwi;            /* K unroll */
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
};

/* The built-in parameters for a device and precision (until a tuned profile provides them). */
void br_params_default(const struct br_device *device, enum br_precision precision,
                       struct br_kernel_params *params);

/* Whether the parameters satisfy every constraint of the kernels on this device: divisibility,
 * work-group size, local memory, complex vector widths. */
int br_params_valid(const struct br_device *device, enum br_precision precision,
                    const struct br_kernel_params *params);

/* TRSM's block: the smallest whole number of GEMM tiles (both sides) and K steps, times
 * trsm_block_factor. */
int br_params_trsm_block(const struct br_kernel_params *params);

/* The compiler options that set them ("-DPRECISION=32 -DMWG=64 ..."); 0 on success. */
int br_params_build_options(enum br_precision precision, const struct br_kernel_params *params,
                            char *options, size_t size);

#endif
