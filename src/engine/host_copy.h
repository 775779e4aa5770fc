/* Host memory copies between the caller's matrices and the pinned staging buffers, spread over
 * a few helper threads: one core cannot feed a PCIe/NVLink DMA engine (a single memcpy moves
 * about 10 GB/s, the link 55 GB/s). */
#ifndef BLASROUTE_ENGINE_HOST_COPY_H
#define BLASROUTE_ENGINE_HOST_COPY_H

#include <stddef.h>

/* Pools of helper threads: one per device (its engine's index, below BR_MAX_DEVICES), so that
 * several devices' transfers copy at once. How many pools are in use (the devices opened): the helpers, half the cores, are shared
 * among them. Set before the first copy; pools started earlier keep their helpers. */
void br_host_copy_set_pools(int count);

/* For measuring the staged path in place (BLASROUTE_TEST_COPY_THREADS, _STORES): a large copy's
 * threads, the caller included (0: the default, half the cores and at most 8), and streaming
 * stores instead of memcpy's. Set before the first copy. */
void br_host_copy_configure(int threads, int streaming);

/* How many threads one device call's copies keep busy: its caller and a pool's helpers. */
int br_host_copy_threads(void);

/* How many cores the CPU BLAS leaves a device call's copies (cpu_threads.h): the default
 * copy threads, also when BLASROUTE_TEST_COPY_THREADS asks for more, so that more copy threads
 * can be measured against the CPU BLAS's share unchanged. Copies on more threads than the
 * cores left run in claimed parts (host_copy.c): a helper without a core leaves its parts to
 * the others. */
int br_host_copy_reserved_threads(void);

/* Copies of at least this many bytes are spread over the helpers; smaller ones run on the
 * caller alone. */
size_t br_host_copy_parallel_bytes(void);

/* Copies `columns` columns of column_bytes each, from src (columns src_stride bytes apart) to
 * dst (dst_stride apart), with the helpers of `pool`. Large copies are split over the helper
 * threads and the caller; the call returns when all of it is done. */
void br_host_copy(int pool, void *dst, size_t dst_stride, const void *src, size_t src_stride,
                  size_t column_bytes, size_t columns);

/* What a copy does with the destination: overwrite it (BR_HOST_COPY_PLAIN), or add it scaled
 * by beta to what is copied, dst := src + beta dst, in the elements' own arithmetic (GEMM's
 * beta applied on the host as C comes home: engine/gemm.c). */
enum br_host_copy_kind {
    BR_HOST_COPY_PLAIN = 0,
    BR_HOST_ADD_FLOAT,
    BR_HOST_ADD_DOUBLE,
    BR_HOST_ADD_COMPLEX_FLOAT,
    BR_HOST_ADD_COMPLEX_DOUBLE
};
struct br_host_add {
    enum br_host_copy_kind kind;
    double beta_re, beta_im;
    /* HERK, HER2K: in a triangle's columns the diagonal's imaginary part is zero, its old one
     * unused (dst := src's real part + beta_re dst's real part). */
    int real_diagonal;
};

/* br_host_copy that adds (dst := src + beta dst, `add`), element by element; columns of whole
 * elements. A plain `add` is br_host_copy. */
void br_host_copy_add(int pool, void *dst, size_t dst_stride, const void *src,
                      size_t src_stride, size_t column_bytes, size_t columns,
                      const struct br_host_add *add);

/* br_host_copy of a triangle's part of each column only (engine/transfer.h's br_block):
 * columns [first_column, first_column + columns) of a block of `rows` rows, column j
 * (counted in the whole block) holding rows [0, j] ('U') or [j, rows) ('L'), the diagonal
 * left out with skip_diagonal; the rest of both sides is neither read nor written. Column j's
 * rows are at src + (j - first_column) * src_stride and dst + (j - first_column) * dst_stride,
 * each from its first row, `element` bytes a row. Spread over the helpers as br_host_copy:
 * one thread packed a triangle-masked panel of C at a fifth of the link's rate (the rank-k
 * routines' panels, H200, 2026-11-26). Any other `triangle` (0): whole columns, br_host_copy.
 * `add`: as br_host_copy_add's (NULL or plain: a copy). */
void br_host_copy_triangle(int pool, void *dst, size_t dst_stride, const void *src,
                           size_t src_stride, size_t element, size_t rows, size_t first_column,
                           size_t columns, char triangle, int skip_diagonal,
                           const struct br_host_add *add);

/* A device call of this pool's device has ended: its helpers stop watching for the next
 * round and sleep now, instead of spinning their SPIN_NS on cores that the CPU BLAS's calls,
 * which may come next, want (a spin pays only between the rounds of one call). */
void br_host_copy_rest(int pool);

/* In a child forked after the devices were opened (the engine's fork handler): the helpers
 * are gone and their locks are made anew. */
void br_host_copy_after_fork(void);

#endif
