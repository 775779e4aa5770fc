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
    const struct br_device *device = br_engine_device();
    if (!device) {
        prediction->reason = "no device";
        return BR_ON_CPU;
    }
    const struct br_device_profile *profile = br_routing_device_profile(
        device->vendor, device->name, br_device_type_name(device->type));
    return br_decide_after_rules(call, profile, br_routing_cpu_profile(), policy, settled,
                                 prediction);
}

/* A split that left one side empty ran on the other alone, and is reported as such. */
static enum br_path run_hybrid(const struct br_call *call, double share)
{
    struct br_split split;
    br_split_call(call, share, &split);
    int all_on_device = br_run_hybrid(&split);
    if (split.device_count == 0)
        return BR_PATH_CPU;
    if (!all_on_device)
        return BR_PATH_FALLBACK;
    return split.cpu_count == 0 ? BR_PATH_DEVICE : BR_PATH_HYBRID;
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
            path = br_run_on_device(call) ? BR_PATH_DEVICE : BR_PATH_FALLBACK;
            break;
        case BR_ON_HYBRID:
            path = run_hybrid(call, prediction.device_share);
            break;
        case BR_ON_CPU:
            br_cpu_level3(call);
            break;
        }
    }
    br_stats_record(call, path, timer, &prediction);
    route_depth--;
}
