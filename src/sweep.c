/* Blocked sweeps (sweep.h). */
#include "sweep.h"

/* The most steps extrapolated: a sweep of order 16384 in panels of 8 has 2048. */
enum { MOST_STEPS = 4096 };

static int same_site(const struct br_sweep_site *s, const struct br_sweep_site *t)
{
    return s->family == t->family && s->precision == t->precision &&
           s->panel_at == t->panel_at && s->side == t->side && s->uplo == t->uplo &&
           s->transa == t->transa && s->transb == t->transb && s->panel == t->panel;
}

/* The work of the steps ahead of `now`, moving by `step` per call, against now's: 0 when no
 * dimension shrinks (where such a sweep ends, its calls do not say: a dpotrf's dsyrk(nb, j)
 * grows until its last call, which taken for a midpoint opened the device at the end). */
static double extrapolate(const long now[3], const long step[3])
{
    /* Steps until a shrinking dimension runs out. */
    long steps = -1;
    for (int i = 0; i < 3; i++)
        if (step[i] < 0 && (steps < 0 || now[i] / -step[i] < steps))
            steps = now[i] / -step[i];
    if (steps < 0)
        return 0;
    if (steps > MOST_STEPS)
        steps = MOST_STEPS;
    double work_now = 1, ahead = 0;
    for (int i = 0; i < 3; i++)
        if (now[i] > 0)
            work_now *= (double)now[i];
    for (long t = 1; t < steps; t++) {
        double work = 1;
        for (int i = 0; i < 3; i++)
            if (now[i] > 0)
                work *= (double)(now[i] + t * step[i]);
        if (work > 0)
            ahead += work;
    }
    return ahead / work_now;
}

struct br_sweep_ahead br_sweep_work_ahead(struct br_sweep_memory *memory,
                                          const struct br_call *call, double now)
{
    struct br_sweep_ahead none = {0, 0, -1};
    /* The call's dimensions (k is 0 for the routines without one): the panel is the smallest,
     * `large` the largest. */
    struct br_sweep_site site = {.family = (int)call->family,
                                 .precision = (int)call->precision,
                                 .panel_at = -1,
                                 .side = call->side,
                                 .uplo = call->uplo,
                                 .transa = call->transa,
                                 .transb = call->transb,
                                 .dims = {(long)call->m, (long)call->n, (long)call->k},
                                 .at = now};
    long large = 0;
    for (int i = 0; i < 3; i++) {
        long d = site.dims[i];
        if (d <= 0) {
            site.dims[i] = 0;
            continue;
        }
        if (site.panel_at < 0 || d < site.panel)
            site.panel = d, site.panel_at = i;
        if (d > large)
            large = d;
    }
    if (site.panel_at < 0 || 4 * site.panel > large)
        return none;
    for (int i = 0; i < memory->count; i++) {
        struct br_sweep_site *seen = &memory->sites[i];
        if (!same_site(seen, &site))
            continue;
        long step[3];
        int moved = 0, jumped = 0;
        for (int d = 0; d < 3; d++) {
            step[d] = site.dims[d] - seen->dims[d];
            moved |= step[d] != 0;
            jumped |= step[d] > 2 * site.panel || step[d] < -2 * site.panel;
        }
        struct br_sweep_ahead ahead = {0, now - seen->at, i};
        /* The site's place and projection are kept; its call is the one seen last. */
        seen->at = site.at;
        for (int d = 0; d < 3; d++)
            seen->dims[d] = site.dims[d];
        if (moved && !jumped)
            ahead.work = extrapolate(site.dims, step);
        return ahead;
    }
    struct br_sweep_ahead first = {0, 0, memory->next};
    memory->sites[memory->next] = site;
    memory->next = (memory->next + 1) % BR_SWEEP_KEPT;
    if (memory->count < BR_SWEEP_KEPT)
        memory->count++;
    return first;
}

double br_sweep_projection(struct br_sweep_memory *memory, const struct br_sweep_ahead *ahead,
                           double volume, double saved, int settled, double ready)
{
    if (ahead->site >= 0) {
        struct br_sweep_site *site = &memory->sites[ahead->site];
        double least = 0;
        if (!settled)
            site->steps = 0;
        else if (ahead->work > 0 && volume > 0) {
            site->step_savings[site->steps++ % BR_SWEEP_STEPS_KEPT] = saved / volume;
            if (site->steps >= BR_SWEEP_STEPS_KEPT) {
                least = site->step_savings[0];
                for (int i = 1; i < BR_SWEEP_STEPS_KEPT; i++)
                    if (site->step_savings[i] < least)
                        least = site->step_savings[i];
                least *= volume;
            }
        }
        double time_ahead = ahead->work * ahead->step_seconds;
        site->projected =
            time_ahead > ready && least > 0 ? ahead->work * least * (1 - ready / time_ahead) : 0;
    }
    double all = 0;
    for (int i = 0; i < memory->count; i++)
        all += memory->sites[i].projected;
    return all;
}
