/* Running a call's parts at once: on several devices, or split between devices and the CPU
 * BLAS (hybrid). */
#ifndef BLASROUTE_HYBRID_H
#define BLASROUTE_HYBRID_H

#include "policy/spread.h"

/* In br_run_spread's list of engines: the CPU BLAS. Not an engine index: any other index
 * outside the devices in use (-1, br_engine_first_index's "none") is declined by the engine,
 * and the CPU BLAS answers its pieces as a fallback. */
enum { BR_WORKER_CPU = -2 };

/* Runs a call on device `engine` (br_engine_run_on's index); what the device declines or cannot
 * finish, the CPU BLAS answers. 1 if the device answered all of it. */
int br_run_on_engine(int engine, const struct br_call *call);

/* Runs a spread: worker w's pieces on device engines[w], or on the CPU BLAS where that is
 * BR_WORKER_CPU, all workers at once: each device on a thread of its own, the CPU's pieces
 * (else the last device's) on the calling thread. 1 if every device piece was answered by its
 * device, 0 if the CPU had to answer some of them. */
int br_run_spread(const struct br_spread *spread, const int *engines);

#endif
