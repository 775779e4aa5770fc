/* The panels of every Level-3 routine but GEMM on the device (engine/trsm.c, engine/level3.c):
 * TRSM's, SYMM's, HEMM's and TRMM's result's columns (side L) or rows (side R) each depend on
 * their own of B's only, and the rank-k family's triangle of C goes in panels along its
 * diagonal; `width` of them a panel, as GEMM's columns go in tiles, on two sets of buffers when
 * there are several (one panel's transfers beside another's arithmetic). */
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

/* Widens the first plan's panels to at least `width` (whole granules; the span at most), unless
 * BLASROUTE_TEST_GEMM_TILES fixed their count. */
void br_panels_at_least(struct br_panels *p, size_t width);

/* Halves the width when a plan does not fit; 0 when it is one granule already. */
int br_panels_narrower(struct br_panels *p);

/* Panel `index`'s first column (or row) and size. */
size_t br_panels_first_of(const struct br_panels *p, size_t index);
size_t br_panels_size_of(const struct br_panels *p, size_t index);

/* What a routine gives the panel driver: enqueue(context, index, set, upload, done) enqueues
 * panel `index` on buffer set `set` (its operands uploaded when `upload`; blasroute-bench's
 * later resident rounds do not), *done its last command; result(context, index) is where the
 * panel goes in the caller's memory, from the set's buffer results[set]; by_columns as in
 * br_panels_write_back. */
struct br_panel_steps {
    void *context;
    cl_int (*enqueue)(void *context, size_t index, size_t set, int upload, cl_event *done);
    struct br_block (*result)(void *context, size_t index);
    const cl_mem *results;
    int by_columns;
};

/* Runs every panel: enqueues while a set is free, else writes back the oldest in flight (its
 * set is then free again); or, with engine->bench_repeats, panel 0 alone, a warm-up and the
 * timed rounds, nothing written back. `done`: BR_PANEL_SETS events, released by the caller. */
cl_int br_panels_run(struct br_engine *engine, const struct br_panels *p,
                     const struct br_panel_steps *steps, cl_event *done);

/* Writes panel `block` back from `src` once `ready` completes and counts it in
 * engine->tiles_written. `by_columns`: the block's columns are written as their pieces arrive,
 * straight from the staging ring, and after a failure engine->columns_written of them are
 * final: those of a side-L panel and of a rank-k panel's trapezoid are results of their own,
 * and the rest of a side-R panel's rows can be finished from its leading columns where
 * policy/halves.h says so (br_halves_second_exists). Otherwise (a side-R TRMM panel with
 * op(A) upper, whose later columns read the earlier ones' old B) whole or not at all, through
 * a host copy of the block, one more host copy. */
cl_int br_panels_write_back(struct br_engine *engine, cl_mem src, const struct br_block *block,
                            cl_event ready, int by_columns);

/* At a call's end: after an error waits for everything enqueued on the engine's queues (no
 * command may still use the buffers given back), then releases the sets' `done` events
 * (BR_PANEL_SETS of them) and gives the `count` buffers back to the pool. */
void br_panels_end(struct br_engine *engine, cl_int error, cl_event *done, cl_mem *buffers,
                   int count);

/* After a failure: the panels the engine wrote (engine->tiles_written, cols_per_tile or
 * rows_per_tile wide; for the rank-k family, along C's diagonal), and the next panel's first
 * engine->columns_written columns, are final, and the CPU BLAS computes the rest of the
 * call. */
void br_panels_finish_on_cpu(const struct br_engine *engine, const struct br_call *call);

#endif
