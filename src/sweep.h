/* Blocked sweeps: the calls a LAPACK-style loop still has to make, projected from those seen.
 *
 * A blocked factorization (getrf, potrf, geqrf, sytrd, ...) sweeps its matrix in panels of nb
 * columns: each step makes the same Level-3 calls with one dimension nb (the panel) and the
 * others moving by nb from one step to the next: the order left shrinking, and in a
 * left-looking one (potrf's dgemm(n - j - nb, nb, j)) the columns done growing. Two such calls
 * in a row from the same call site (routine, options, which dimension is the panel's) tell the
 * rest: each dimension goes on moving as it did until one of them runs out, so that the work
 * of the steps ahead, against the present call's, is the sum of the products of the dimensions
 * extrapolated. For a dgeqrf of order n that is about n / (3 nb); for a dpotrf's product, whose
 * calls grow before they shrink, more. The first calls of a dgeqrf 8192 say so as well as its
 * last: a first run that counts them can open the device while it still pays (warmup.c). */
#ifndef BLASROUTE_SWEEP_H
#define BLASROUTE_SWEEP_H

#include "call.h"

enum { BR_SWEEP_KEPT = 8, BR_SWEEP_STEPS_KEPT = 3 };

/* The call sites seen last (a ring); zeroed: nothing seen. */
struct br_sweep_site {
    int family, precision, panel_at;
    char side, uplo, transa, transb;
    long panel;
    long dims[3]; /* m, n, k (0 where the routine has none) */
    double at;    /* when its last call was made (the caller's clock, seconds) */
    /* br_sweep_projection's: the site's last steps' savings per unit of work (a ring), how
     * many it made since it settled, and what it projects the steps ahead save. */
    double step_savings[BR_SWEEP_STEPS_KEPT];
    int steps;
    double projected;
};
struct br_sweep_memory {
    struct br_sweep_site sites[BR_SWEEP_KEPT];
    int count, next;
};

/* What a call says of its sweep: the work of the steps ahead in units of this call's (0 when
 * it continues none), the seconds its last step took (since the site's last call: the step's
 * other calls and the program's own work included), and its site's place in the memory (-1
 * for a call that is no sweep's). */
struct br_sweep_ahead {
    double work, step_seconds;
    int site;
};

/* Records the call, made at `now` seconds, in `memory` and says what is ahead. A call
 * continues no sweep when it is not skinny (the panel, its smallest dimension, more than a
 * quarter of its largest), is the first of its site, or made no step since the site's last
 * call (no dimension moved, or one moved by more than two panels). A site none of whose
 * dimensions shrinks projects nothing: its calls do not say where it ends. Pure: the memory
 * is the caller's. */
struct br_sweep_ahead br_sweep_work_ahead(struct br_sweep_memory *memory,
                                          const struct br_call *call, double now);

/* What the sweeps seen can save on their steps ahead, once the device is ready `ready` seconds
 * from now; `ahead` is what br_sweep_work_ahead said of a call (of `volume`, br_call_volume)
 * that would have saved `saved` seconds on the device. A site's projection is its steps ahead
 * times the least saving per unit of work of its last BR_SWEEP_STEPS_KEPT steps (none before
 * it made that many), of which only the part after `ready` counts, the time ahead taken as
 * its last step's times the work ahead. `settled` is 0 while the process's calls are not yet
 * steady: its steps then project nothing and are not kept. Returns the sum over the sites.
 * Pure. */
double br_sweep_projection(struct br_sweep_memory *memory, const struct br_sweep_ahead *ahead,
                           double volume, double saved, int settled, double ready);

#endif
