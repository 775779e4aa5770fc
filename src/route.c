/* The router. Today every call is answered on the CPU: the scaling-only calls (alpha = 0, k = 0)
 * by blasroute itself with the reference's exact semantics, the products by the CPU BLAS. The
 * OpenCL device and the hybrid split plug in here behind the same interface. */
#include "route.h"

#include <stdio.h>
#include <stdlib.h>

#include "cpu_level3.h"
#include "scale.h"
#include "stats.h"

/* How deep the current thread is inside blasroute's Level 3. A CPU BLAS that calls a Level-3
 * routine through the dynamic linker lands here again; that is legitimate once or twice (a
 * wrapper library), but an unbounded chain means the "CPU BLAS" forwards to blasroute itself. */
static _Thread_local int route_depth;
enum { ROUTE_DEPTH_LIMIT = 8 };

void br_route(const struct br_call *call)
{
    if (br_unlikely(route_depth >= ROUTE_DEPTH_LIMIT)) {
        fprintf(stderr, "blasroute: the CPU BLAS calls back into blasroute endlessly; set "
                        "BLASROUTE_CPU_BLAS to a BLAS library that is not blasroute.\n");
        abort();
    }
    route_depth++;
    struct br_timer timer = br_stats_start();
    enum br_path path;
    if (call->work == BR_WORK_SCALE) {
        br_scale_only(call);
        path = BR_PATH_SCALE;
    } else {
        br_cpu_level3(call);
        path = BR_PATH_CPU;
    }
    br_stats_record(call, path, timer);
    route_depth--;
}
