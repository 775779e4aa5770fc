/* The right-hand side's panels of TRSM, SYMM, HEMM and TRMM on the device (engine/trsm.c,
 * engine/level3.c): their result's columns (side L) or rows (side R) each depend on their own of
 * B's only, so they go in panels of `width` of them, as GEMM's columns go in tiles, on two sets
 * of buffers when there are several (one panel's transfers beside another's arithmetic). */
#ifndef BLASROUTE_ENGINE_PANELS_H
#define BLASROUTE_ENGINE_PANELS_H

#include <stddef.h>

#include "call.h"
#include "engine/opencl.h"
#include "engine/transfer.h"

struct br_engine;

enum { BR_PANEL_SETS = 2 };

struct br_panels {
    size_t span;  /* B's columns (side L) or rows (side R) */
    size_t width; /* of a panel, the last one's the rest */
    size_t count, sets;
    size_t granule; /* widths are whole numbers of the kernel's tiles along the span */
};

/* The first plan of a call of `flops` over `span`: as many panels as GEMM cuts as many flops
 * into column tiles (BLASROUTE_TEST_GEMM_TILES, if set), one if `whole`. */
void br_panels_first(struct br_panels *p, double flops, size_t span, size_t granule, int whole);

/* Halves the width when a plan does not fit; 0 when it is one granule already. */
int br_panels_narrower(struct br_panels *p);

/* Panel `index`'s first column (or row) and size. */
size_t br_panels_first_of(const struct br_panels *p, size_t index);
size_t br_panels_size_of(const struct br_panels *p, size_t index);

/* Writes panel `block` back from `src` once `ready` completes, whole or not at all, and counts
 * it in engine->tiles_written. */
cl_int br_panels_write_back(struct br_engine *engine, cl_mem src, const struct br_block *block,
                            cl_event ready);

/* After an error: waits for everything enqueued on the engine's queues, so that no command
 * still uses the buffers given back. */
void br_panels_drain(struct br_engine *engine);

/* After a failure: the panels the engine wrote (engine->tiles_written, cols_per_tile or
 * rows_per_tile wide) are final, and the CPU BLAS computes the rest of the call. */
void br_panels_finish_on_cpu(const struct br_engine *engine, const struct br_call *call);

#endif
