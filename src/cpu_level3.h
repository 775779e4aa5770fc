/* A canonical Level-3 call answered by the CPU BLAS. */
#ifndef BLASROUTE_CPU_LEVEL3_H
#define BLASROUTE_CPU_LEVEL3_H

#include "call.h"

void br_cpu_level3(const struct br_call *call);

#endif
