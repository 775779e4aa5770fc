/* The tunable constants of the kernels in kernels/, per precision: what the tuner searches and
 * a profile records. The engine passes them to the OpenCL compiler as -D options. */
#ifndef BLASROUTE_ENGINE_PARAMS_H
#define BLASROUTE_ENGINE_PARAMS_H

#include <stddef.h>

#include "call.h"
#include "engine/device.h"
#include "kernel_params.h"

/* The built-in parameters for a device and precision (until a tuned profile provides them): the
 * SIMT kernel's, but for double precision on NVIDIA GPUs of compute capability 8.0 or later,
 * which take the tensor-core kernel (gemm_mma.cl) where its parameters are valid. */
void br_params_default(const struct br_device *device, enum br_precision precision,
                       struct br_kernel_params *params);
/* The SIMT kernel's built-in parameters alone (what a device whose tensor-core kernel does not
 * build takes instead). */
void br_params_default_simt(const struct br_device *device, enum br_precision precision,
                            struct br_kernel_params *params);

/* Whether the parameters satisfy every constraint of the kernels on this device: divisibility,
 * work-group size, local memory, complex vector widths. */
int br_params_valid(const struct br_device *device, enum br_precision precision,
                    const struct br_kernel_params *params);

/* TRSM's block: the smallest whole number of GEMM tiles (both sides) and K steps, times
 * trsm_block_factor. */
int br_params_trsm_block(const struct br_kernel_params *params);

/* The alignment, in elements, that the GEMM kernel needs of an operand's offset and leading
 * dimension where it reads the operand in place (b_side: B's, else A's): its vector width, and
 * 16 bytes (two doubles) under cp.async stages. */
int br_params_operand_alignment(const struct br_gemm_params *g, int b_side);

/* The widest strip past whole tiles that gemm_thin computes (its -DTHIN_MAX): wider remainders
 * are padded to whole tiles instead. */
enum { BR_THIN_MAX = 8 };

/* The doubles by which gemm_mma.cl pads each row of its local tiles (its -DMMA_PAD). A warp's
 * fragment load reads 4 K rows of 8 consecutive doubles, and the hardware serves 8-byte loads a
 * half-warp (4 rows of 4 doubles) at a time over 32 banks of 4 bytes: with rows whose length
 * is 4 more than a multiple of 16 doubles, the 4 rows start 8 banks apart and never collide.
 * (A pad of 8 put rows 0 and 2, and 1 and 3, in the same banks: every fragment load served
 * twice.) MWG and NWG are multiples of 32 in that kernel. */
enum { BR_MMA_PAD = 4 };

/* The compiler options that set them ("-DPRECISION=32 -DMWG=64 ..."); 0 on success. */
int br_params_build_options(enum br_precision precision, const struct br_kernel_params *params,
                            char *options, size_t size);

#endif
