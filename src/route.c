/* The router: where each Level-3 call is answered. Scaling-only calls (alpha = 0, k = 0) are
 * answered by blasroute itself with the reference's exact semantics; products go to the OpenCL
 * device when the mode and the call allow it, else to the CPU BLAS. The device path never
 * returns a wrong or missing result: what it cannot do, the CPU BLAS does. */
#include "route.h"

#include <stdio.h>
#include <stdlib.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "env.h"
#include "hybrid.h"
#include "spread.h"
#include "policy/decide.h"
#include "policy/routing.h"
#include "scale.h"
#include "stats.h"

/* How deep the current thread is inside blasroute's Level 3. A CPU BLAS that calls a Level-3
 * routine through the dynamic linker lands here again; that is legitimate once or twice (a
 * wrapper library), but an unbounded chain means the "CPU BLAS" forwards to blasroute itself. */
static _Thread_local int route_depth;
enum { ROUTE_DEPTH_LIMIT = 8 };

/* Where a call runs: the policy's mode, then in auto mode the pure decision on the device's
 * and the CPU's profiles. The cheap tests come first, so that small calls cost a few
 * nanoseconds and never touch OpenCL. */
static enum br_where choose(const struct br_call *call, struct br_prediction *prediction)
{
    const struct br_policy *policy = br_policy();
    int settled = br_decide_by_rules(call, policy, prediction);
    if (settled == BR_ON_CPU || settled == BR_ON_DEVICE)
        return (enum br_where)settled;
    /* Before the profiles: without a device the CPU BLAS need not be calibrated. */
    const struct br_device_profile *profile = br_engine_profile_at(br_engine_first_index());
    if (!profile) {
        prediction->reason = "no device";
        return BR_ON_CPU;
    }
    return br_decide_after_rules(call, profile, br_routing_cpu_profile(), policy, settled,
                                 br_engine_count(), prediction);
}

/* The devices in use that can run the call (double precision where it needs it) and their
 * profiles, in the engine's order; how many (at most 8). */
static int devices_in_use(const struct br_call *call, int *engines,
                          const struct br_device_profile **profiles)
{
    int count = 0, found = br_engine_count();
    int needs_double = call->precision == BR_D || call->precision == BR_Z;
    for (int i = 0; i < found && count < BR_SPREAD_MAX_WORKERS - 1; i++) {
        const struct br_device *d = br_engine_device_at(i);
        if (d && (d->double_precision || !needs_double)) {
            engines[count] = i;
            profiles[count++] = br_engine_profile_at(i);
        }
    }
    return count;
}

/* Runs a spread and says how it went: a spread that left the devices nothing ran on the CPU
 * alone, one that left the CPU nothing on the devices alone, and is reported as such; the
 * prediction learns how many devices had a part. */
static enum br_path run_spread(const struct br_spread *spread, const int *engines,
                               struct br_prediction *prediction)
{
    int all_on_device = br_run_spread(spread, engines);
    int devices_used = 0, cpu_used = 0;
    for (int w = 0; w < spread->workers; w++) {
        if (spread->parts[w].count == 0)
            continue;
        if (engines[w] == BR_WORKER_CPU)
            cpu_used = 1;
        else
            devices_used++;
    }
    prediction->devices = devices_used;
    if (devices_used == 0)
        return BR_PATH_CPU;
    if (!all_on_device)
        return BR_PATH_FALLBACK;
    if (cpu_used)
        return BR_PATH_HYBRID;
    return devices_used > 1 ? BR_PATH_SPREAD : BR_PATH_DEVICE;
}

/* A call for the device: on the first device, or spread over all of them when the model
 * predicts that faster (BLASROUTE_TEST_SPREAD: always). */
static enum br_path run_on_devices(const struct br_call *call, struct br_prediction *prediction)
{
    int engines[BR_SPREAD_MAX_WORKERS];
    const struct br_device_profile *profiles[BR_SPREAD_MAX_WORKERS];
    int count = br_engine_count() > 1 ? devices_in_use(call, engines, profiles) : 0;
    /* Auto mode's prediction of the first device in use, if that is the first of the spread. */
    struct br_prediction trial = *prediction;
    if (count > 1 && engines[0] != br_engine_first_index())
        trial.device_seconds = 0;
    struct br_spread spread;
    if (count > 1 &&
        br_decide_spread(call, profiles, count, br_env()->test_spread, &spread, &trial)) {
        *prediction = trial;
        return run_spread(&spread, engines, prediction);
    }
    return br_run_on_device(call) ? BR_PATH_DEVICE : BR_PATH_FALLBACK;
}

/* A hybrid run: the devices' share of the work spread over them (br_device_shares), the rest
 * to the CPU BLAS (the last worker). With several devices found, the decision left the share
 * to be picked here, over those that can run the call. */
static enum br_path run_hybrid(const struct br_call *call, struct br_prediction *prediction)
{
    int engines[BR_SPREAD_MAX_WORKERS];
    const struct br_device_profile *profiles[BR_SPREAD_MAX_WORKERS];
    double shares[BR_SPREAD_MAX_WORKERS];
    int count = devices_in_use(call, engines, profiles);
    if (count == 0) { /* no device: its part is declined and answered by the CPU BLAS */
        engines[0] = -1;
        profiles[0] = NULL;
        count = 1;
    }
    if (!(prediction->device_share >= 0)) {
        const struct br_cpu_profile *cpu = br_routing_cpu_profile();
        prediction->device_share = br_hybrid_share_over(call, profiles, count, cpu, br_policy());
        prediction->hybrid_seconds =
            br_predict_hybrid_seconds_over(call, profiles, count, cpu, prediction->device_share,
                                           &prediction->bytes_up, &prediction->bytes_down);
    }
    br_device_shares(call, profiles, count, prediction->device_share, shares);
    engines[count] = BR_WORKER_CPU;
    shares[count] = 1 - prediction->device_share;
    struct br_spread spread;
    br_spread_call(call, shares, count + 1, &spread);
    return run_spread(&spread, engines, prediction);
}

void br_route(const struct br_call *call)
{
    if (br_unlikely(route_depth >= ROUTE_DEPTH_LIMIT)) {
        fprintf(stderr, "blasroute: the CPU BLAS calls back into blasroute endlessly; set "
                        "BLASROUTE_CPU_BLAS to a BLAS library that is not blasroute.\n");
        abort();
    }
    route_depth++;
    struct br_timer timer = br_stats_start();
    enum br_path path = BR_PATH_CPU;
    struct br_prediction prediction = {0};
    if (call->work == BR_WORK_SCALE) {
        br_scale_only(call);
        path = BR_PATH_SCALE;
    } else {
        switch (choose(call, &prediction)) {
        case BR_ON_DEVICE:
            path = run_on_devices(call, &prediction);
            break;
        case BR_ON_HYBRID:
            path = run_hybrid(call, &prediction);
            break;
        case BR_ON_CPU:
            br_cpu_level3(call);
            break;
        }
    }
    br_stats_record(call, path, timer, &prediction);
    route_depth--;
}
