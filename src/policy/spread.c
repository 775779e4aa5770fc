#include "policy/spread.h"

#include <string.h>

void br_spread_call(const struct br_call *call, const double *shares, int workers,
                    struct br_spread *out)
{
    memset(out, 0, sizeof *out);
    if (workers < 1)
        return;
    if (workers > BR_SPREAD_MAX_WORKERS)
        workers = BR_SPREAD_MAX_WORKERS;
    out->workers = workers;
    double asked_left = 0; /* the shares of the workers still to serve */
    for (int w = 0; w < workers; w++)
        asked_left += shares[w] > 0 ? shares[w] : 0;
    int equal = !(asked_left > 0);
    if (equal)
        asked_left = workers;
    struct br_call rest = *call;
    double rest_share = 1; /* of the call's work, what `rest` holds */
    for (int w = 0; w < workers; w++) {
        struct br_spread_part *part = &out->parts[w];
        if (w == workers - 1) {
            part->pieces[part->count++] = rest;
            part->share = rest_share;
            return;
        }
        double asked = equal ? 1 : shares[w] > 0 ? shares[w] : 0;
        struct br_split split;
        br_split_call(&rest, asked_left > 0 ? asked / asked_left : 0, &split);
        asked_left -= asked;
        for (int i = 0; i < split.device_count; i++)
            part->pieces[part->count++] = split.device[i];
        part->share = rest_share * split.device_share;
        rest_share -= part->share;
        if (split.cpu_count == 0)
            return; /* nothing left for the workers after this one */
        rest = split.cpu[0];
    }
}
