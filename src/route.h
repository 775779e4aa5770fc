/* The router: where a settled Level-3 call is answered. */
#ifndef BLASROUTE_ROUTE_H
#define BLASROUTE_ROUTE_H

#include "call.h"

/* Runs a call whose arguments are valid and whose work is not BR_WORK_NONE. */
void br_route(const struct br_call *call);

/* Whether br_route would now send any of this settled call (BR_WORK_FULL; its operands are not
 * looked at) to a device: the same rules and model, nothing run. The blocked LAPACK routines
 * (lapack/) ask it of their largest Level-3 piece, and leave a factorization whole to the
 * program's own LAPACK when the answer is no. */
int br_route_uses_device(const struct br_call *call);

#endif
