/* The router: where a settled Level-3 call is answered. */
#ifndef BLASROUTE_ROUTE_H
#define BLASROUTE_ROUTE_H

#include "call.h"

/* Runs a call whose arguments are valid and whose work is not BR_WORK_NONE. */
void br_route(const struct br_call *call);

#endif
