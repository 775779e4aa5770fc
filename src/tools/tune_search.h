/* blasroute-tune's search for a precision's kernel parameters: candidates (a curated list, random
 * samples of the legal space, neighbours of the best), each verified against the CPU BLAS on a
 * GEMM that goes through every kernel of the copy+GEMM path, then timed with the operands on
 * the device; a journal makes an interrupted search resumable. */
#ifndef BLASROUTE_TOOLS_TUNE_SEARCH_H
#define BLASROUTE_TOOLS_TUNE_SEARCH_H

#include <stdio.h>

#include "call.h"
#include "engine/device.h"
#include "kernel_params.h"

struct tune_search {
    /* Set by the caller. */
    const struct br_device *device;
    enum br_precision precision;
    int timed_size;       /* the timed GEMM's order */
    double deadline;      /* monotonic seconds: no candidate is started after it */
    int full;             /* random sampling after the curated list (else --quick) */
    unsigned long long seed;
    FILE *journal;        /* lines appended as candidates finish; may be NULL */
    int progress;         /* a progress line on stderr */
    /* Results. */
    struct br_kernel_params best, defaults;
    double best_gflops, default_gflops; /* GEMM kernel alone on the timed call */
    int tried, rejected, from_journal; /* tried; wrong, invalid or failed; from an earlier run */
};

/* Journal entries read from an earlier run of the same search; kept in memory. */
void tune_journal_load(FILE *journal);

/* Runs the search; 0 if at least the defaults were measured and right. */
int tune_search_run(struct tune_search *search);

#endif
