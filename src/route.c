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
#include "scale.h"
#include "stats.h"

/* How deep the current thread is inside blasroute's Level 3. A CPU BLAS that calls a Level-3
 * routine through the dynamic linker lands here again; that is legitimate once or twice (a
 * wrapper library), but an unbounded chain means the "CPU BLAS" forwards to blasroute itself. */
static _Thread_local int route_depth;
enum { ROUTE_DEPTH_LIMIT = 8 };

/* In auto mode, until the cost model of the device profiles decides per call: below this many
 * multiply-adds the transfers cost more than a GPU saves over a multi-core CPU BLAS. */
#define AUTO_MIN_VOLUME (512.0 * 512.0 * 512.0)

static int wants_device(const struct br_call *call)
{
    enum br_mode mode = br_env()->mode;
    if (mode == BR_MODE_CPU || !br_engine_has_path(call))
        return 0;
    if (mode == BR_MODE_DEVICE)
        return 1;
    /* Multiply-adds of the call (a complex one counted as four). */
    return br_call_flops(call) / 2 >= AUTO_MIN_VOLUME && br_engine_ready();
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
    if (call->work == BR_WORK_SCALE) {
        br_scale_only(call);
        path = BR_PATH_SCALE;
    } else if (wants_device(call)) {
        switch (br_engine_run(call)) {
        case BR_ENGINE_DONE:
            path = BR_PATH_DEVICE;
            break;
        case BR_ENGINE_PARTIAL:
            path = BR_PATH_FALLBACK;
            break;
        case BR_ENGINE_DECLINED:
            br_cpu_level3(call);
            path = BR_PATH_FALLBACK;
            break;
        }
    } else {
        br_cpu_level3(call);
    }
    br_stats_record(call, path, timer);
    route_depth--;
}
