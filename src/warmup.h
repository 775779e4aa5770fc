/* Getting the device ready without stalling the program. Before auto mode can send a call to a
 * device it needs the CPU BLAS's profile (a calibration of up to 50 ms on a host that has none
 * cached) and the device's program for the call's precision (a build of a second or more on a
 * fresh binary cache). Both are started on a thread of their own by the first call that would
 * need them, and until both are done such calls go to the CPU BLAS, which answers them as
 * fast as the program would have without blasroute. The device itself is found and opened by
 * the caller (br_engine_count): that must happen before the exit handler is registered, and is
 * short. */
#ifndef BLASROUTE_WARMUP_H
#define BLASROUTE_WARMUP_H

#include "call.h"
#include "policy/profile.h"

/* The CPU profile, if it is loaded, else NULL after starting its load on the warm-up thread
 * (BLASROUTE_WARMUP=wait: loaded now, never NULL). */
const struct br_cpu_profile *br_warmup_cpu_profile(void);

/* 1 if device `index`'s program of this precision has been built (or failed to build: a call
 * then finds that out and goes to the CPU BLAS itself), else 0 after starting the build on the
 * warm-up thread (BLASROUTE_WARMUP=wait: built now, always 1). The CPU profile is loaded
 * first on that thread, so that a build never disturbs the calibration. */
int br_warmup_device_ready(int index, enum br_precision precision);

#endif
