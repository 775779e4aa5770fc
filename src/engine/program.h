/* One compiled OpenCL program per precision with its kernels, built from the files in kernels/
 * with the precision's parameters, through the on-disk binary cache. */
#ifndef BLASROUTE_ENGINE_PROGRAM_H
#define BLASROUTE_ENGINE_PROGRAM_H

#include "call.h"
#include "engine/device.h"
#include "engine/params.h"

struct br_program {
    cl_program program;
    cl_kernel pack_straight, pack_transpose, pack_structured, gemm_tiled, gemm_direct;
    cl_kernel invert_blocks;
    cl_kernel gemm_thin, gemm_sum_layers; /* the strips past whole tiles, K split in layers */
    cl_kernel swap_rows; /* LAPACK's row interchanges on a resident matrix (engine/resident.c) */
    struct br_kernel_params params;
    /* The work-groups of gemm_tiled the device runs at once, from the registers ptxas gave it
     * (br_gemm_at_once; launch.c's last wave). 0 when not known. */
    size_t gemm_at_once;
};

/* The registers NVIDIA's ptxas gave `kernel`, from a build log made with -cl-nv-verbose; 0 when
 * the log does not say. *spills: the bytes a work-item spills to memory (0 if none or unsaid). */
int br_program_log_registers(const char *log, const char *kernel, int *spills);

/* Builds (or loads from the cache) the program of a precision for the device in context.
 * 0 on success; an OpenCL error code otherwise, with the build log in BLASROUTE_VERBOSE. */
cl_int br_program_build(cl_context context, const struct br_device *device,
                        enum br_precision precision, const struct br_kernel_params *params,
                        struct br_program *program);

/* Whether the program of a precision for the device is in the binary cache (so that a build
 * only loads it). */
int br_program_cached(const struct br_device *device, enum br_precision precision,
                      const struct br_kernel_params *params);

void br_program_release(struct br_program *program);

#endif
