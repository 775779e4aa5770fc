/* Launching the kernels of kernels/ with their arguments: the copy kernels that pack operands
 * into the GEMM layout, and the tiled GEMM kernel with the options the other Level-3 routines
 * use. Shared by every routine's plan. */
#ifndef BLASROUTE_ENGINE_LAUNCH_H
#define BLASROUTE_ENGINE_LAUNCH_H

#include "engine/engine.h"
#include "engine/host_copy.h"

size_t br_round_up(size_t x, size_t multiple);

/* Kernel arguments as (size, address) pairs, set in order by br_set_args. */
struct br_kernel_arg {
    size_t size;
    const void *value;
};
#define BR_ARG(x) ((struct br_kernel_arg){sizeof(x), &(x)})
cl_int br_set_args(cl_kernel kernel, const struct br_kernel_arg *args, int count);

/* One packing of a general compact source (element (i, p) at src[i + p * ld] when straight,
 * src[p + i * ld] otherwise; rows x cols of it, ld = rows or cols accordingly) into dst, a
 * K-major dst_ld x dst_cols array starting dst_offset elements in. scale, if not NULL, multiplies
 * every element. dst_rows, if not 0, limits the rows written to that many (a row block of a
 * larger packed operand); 0: dst_ld. */
struct br_pack {
    cl_mem src;
    int straight, conjugate;
    cl_int rows, cols;
    cl_mem dst;
    cl_int dst_ld, dst_cols, dst_offset;
    const union br_scalar *scale;
    cl_int src_offset, src_ld; /* 0, 0: the source is compact from its start */
    cl_int dst_rows;
};

cl_int br_enqueue_pack(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_pack *pack,
                       cl_uint wait_count, const cl_event *wait, cl_event *done);

/* Whether `pack` would copy its source unchanged: straight, neither conjugated nor scaled, into
 * no padding (its rows fill the packed rows exactly and K needs no zero rows), from an offset
 * and leading dimension that are multiples of `alignment` elements (the kernel's reads:
 * br_params_operand_alignment). If so the GEMM kernel reads the source in place: *packed,
 * *ld and *offset (a br_gemm_launch's fields of that operand) are set to it, and the copy need
 * not be made (for SGEMM 8192 on an H100 the copy kernels were 2% of the resident product's
 * time, 2026-12-06). Otherwise nothing is set. */
int br_pack_read_in_place(const struct br_pack *pack, cl_int alignment, cl_mem *packed,
                          cl_int *ld, cl_int *offset);

/* beta as the host adds it to C coming home (transfer.h's br_block.add) in the precision's
 * arithmetic; real_diagonal: HERK's and HER2K's diagonal rule. */
struct br_host_add br_host_add_beta(enum br_precision precision, const union br_scalar *beta,
                                    int real_diagonal);

/* The structures pack_structured expands (values of kernels/copy.cl). */
enum br_structure {
    BR_SYMMETRIC = 0, BR_HERMITIAN = 1, BR_TRIANGULAR = 2, BR_UNIT_TRIANGULAR = 3
};

/* Packs an n x n matrix of which one triangle is stored (compact, ld = n) into dst. */
cl_int br_enqueue_pack_structured(struct br_engine *engine, const struct br_program *program,
                                  cl_mem src, cl_int n, enum br_structure structure, int upper,
                                  int transposed, int conjugate, cl_mem dst, cl_int dst_ld,
                                  cl_int dst_cols, cl_uint wait_count, const cl_event *wait,
                                  cl_event *done);

/* The tiled GEMM kernel: C (m x n at c + c_offset, leading dimension ldc) :=
 * alpha * A_packed^T B_packed + beta * C, with the options of kernels/gemm.cl. */
struct br_gemm_launch {
    cl_int m, n, k_padded, a_ld, b_ld;
    const void *alpha, *beta; /* in the precision's element type */
    cl_int beta_zero;
    cl_mem a_packed, b_packed, c;
    cl_int c_offset, ldc;
    cl_int triangle;      /* 0 all, 1 upper, 2 lower */
    cl_int real_diagonal; /* Hermitian diagonal */
    cl_int k_from, k_to;  /* 0 whole, 1 by row block, 2 by column block */
    cl_int a_offset, b_offset; /* into the packed operands, multiples of the vector widths */
};

/* The K slices of a tiled GEMM launch of `groups` work-groups over K padded to k_padded
 * (kernels/gemm.cl's k_slice; br_enqueue_gemm adds their partial sums into C): one, unless
 * C's tiles would fill at most a quarter of a GPU's compute units while K is long. */
cl_int br_gemm_k_slices(const struct br_device *device, const struct br_gemm_params *g,
                        size_t groups, cl_int k_padded);

/* The cut of a tiled launch's last wave: its last `cols` columns of tiles (all of C's rows)
 * are computed in `slices` K slices on the engine's side queue, beside the other columns'
 * launch, so that the compute units the last wave leaves idle share its work. cols = 0: no cut.
 * A pure function: tiles of C, the work-groups the device runs at once, K's steps of kwg. */
struct br_gemm_tail {
    cl_int cols, slices;
};
struct br_gemm_tail br_gemm_tail_plan(size_t tiles_m, size_t tiles_n, size_t at_once,
                                      cl_int k_padded, cl_int kwg);

/* The work-groups of gemm_tiled (g's work-group) the device runs at once: on an NVIDIA GPU,
 * from the registers ptxas gave the built kernel and its local memory
 * (CL_KERNEL_LOCAL_MEM_SIZE); 0 when not known. Made once per program (program.c). */
size_t br_gemm_at_once(const struct br_device *device, const struct br_gemm_params *g,
                       int registers, cl_ulong local);

cl_int br_enqueue_gemm(struct br_engine *engine, const struct br_program *program,
                       enum br_precision precision, const struct br_gemm_launch *launch,
                       cl_uint wait_count, const cl_event *wait, cl_event *done);

void br_release_event(cl_event *event);

#endif
