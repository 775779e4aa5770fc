/* A matrix kept on a device across a sequence of operations: what blasroute's blocked LAPACK
 * (lapack/) factors. Routed one call at a time, every update of a factorization would move the
 * trailing matrix through the link and back (on an H100 that made numpy.linalg.solve of order
 * 8192 1.6 times slower than OpenBLAS alone); in a session the matrix goes up once, only panels
 * travel while the device updates the rest, and the result comes down at the end.
 *
 * One in-order queue: every operation runs after those enqueued before it, so that a read of
 * the next panel, enqueued between the update of its columns and the update of the rest, lets
 * the host factor the panel while the device is still busy (look-ahead). A session holds its
 * device from br_resident_open to its end (the device's other calls wait).
 *
 * The caller's matrix is read at the start and written only by br_resident_close: if anything
 * fails before, it is as it was, and the caller can answer on the CPU. */
#ifndef BLASROUTE_ENGINE_RESIDENT_H
#define BLASROUTE_ENGINE_RESIDENT_H

#include "call.h"

struct br_resident;

/* An operand of a product: the matrix at (row, col), or small block `small` (>= 0) of the
 * session's (br_resident_put_small; its leading dimension is the session's depth). */
struct br_resident_operand {
    int small; /* -1: the matrix */
    br_int row, col;
};

static inline struct br_resident_operand br_resident_at(br_int row, br_int col)
{
    return (struct br_resident_operand){-1, row, col};
}
static inline struct br_resident_operand br_resident_small(int index)
{
    return (struct br_resident_operand){index, 0, 0};
}

/* Opens a session on the first device in use that runs the precision and starts the upload of
 * the rows x cols matrix at host (leading dimension ld); name (a LAPACK routine's) is what the
 * timeline (BLASROUTE_TIMELINE) calls the session's commands. Products may have a depth (K) up to
 * `depth`; `small_blocks` small blocks of order up to depth can be kept, and pivots for `rows`
 * rows. NULL when no device can take it now (none in use, too little memory, too large for
 * 32-bit element offsets, a failure): nothing was done. */
struct br_resident *br_resident_open(const char *name, enum br_precision precision,
                                     br_int rows, br_int cols, const void *host, br_int ld,
                                     br_int depth, int small_blocks);

/* The session's host workspace: rows x depth elements, pinned where the driver allows (the
 * transfers of panels are then at the link's speed), for the caller's panels in and out. */
void *br_resident_workspace(struct br_resident *r);

/* Each operation below enqueues its work and returns 0, or -1 if it or an earlier one failed:
 * the session is then spent, and every later operation returns -1 at once. */
int br_resident_failed(const struct br_resident *r);

/* C := alpha op(A) op(B) + beta C, C the m x n block at (c_row, c_col) of the matrix, A and B
 * not overlapping C unless they are packed before C is written (they always are: the product
 * may write over its own operand). triangle 'L' or 'U': only that triangle of C is written,
 * and in a complex precision its diagonal's imaginary parts are zero (SYRK, HERK); 0: all. */
int br_resident_gemm(struct br_resident *r, char transa, char transb, br_int m, br_int n,
                     br_int k, double alpha, struct br_resident_operand a,
                     struct br_resident_operand b, double beta, br_int c_row, br_int c_col,
                     char triangle);

/* Pivots for rows first .. first+count-1: pivots[i] (0-based) is the row that row first+i is
 * swapped with; then br_resident_swap_rows applies them in order on columns [col, col+cols). */
int br_resident_set_pivots(struct br_resident *r, br_int first, br_int count,
                           const br_int *pivots);
int br_resident_swap_rows(struct br_resident *r, br_int first, br_int count, br_int col,
                          br_int cols);

/* Small block `index`: the order x order block at host (leading dimension ld), copied (host
 * may be reused on return). */
int br_resident_put_small(struct br_resident *r, int index, br_int order, const void *host,
                          br_int ld);

/* The rows x cols block at host (leading dimension ld) into the matrix at (row, col). host
 * must stay as it is until the next br_resident_read_wait or the session's end. */
int br_resident_write(struct br_resident *r, br_int row, br_int col, br_int rows, br_int cols,
                      const void *host, br_int ld);

/* Starts reading the rows x cols block at (row, col) into host, after everything enqueued so
 * far; br_resident_read_wait waits for it. One read at a time. */
int br_resident_read_start(struct br_resident *r, br_int row, br_int col, br_int rows,
                           br_int cols, void *host, br_int ld);
int br_resident_read_wait(struct br_resident *r);

/* Ends the session. With host: downloads the matrix (triangle 'L' or 'U': only that triangle)
 * into host (leading dimension ld) and returns 0; on a failure returns -1, and *columns_final
 * says how many leading columns of host hold their final values (whole columns, by the
 * triangle), the others being as they were. With host NULL: abandons the work. Frees the
 * session either way. */
int br_resident_close(struct br_resident *r, void *host, br_int ld, char triangle,
                      br_int *columns_final);

#endif
