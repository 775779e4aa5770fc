/* BLASROUTE_TRACE=file: one CSV line per Level-3 call, for the user to see every decision. */
#ifndef BLASROUTE_TRACE_H
#define BLASROUTE_TRACE_H

#include "call.h"
#include "stats.h"

struct br_prediction;

/* Writes the call's line if a trace was asked for (the file is created, with its header, on
 * the first call; one warning if it cannot be). memory_retries: the times the device planned
 * it again in smaller parts for want of memory. */
void br_trace_call(const struct br_call *call, enum br_path path,
                   const struct br_prediction *prediction, double seconds, double bytes,
                   int memory_retries);

#endif
