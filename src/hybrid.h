/* The hybrid run: a call split between the device and the CPU BLAS, both at work at once. */
#ifndef BLASROUTE_HYBRID_H
#define BLASROUTE_HYBRID_H

#include "split.h"

/* Runs a call on the engine; what the device declines or cannot finish, the CPU BLAS answers.
 * 1 if the device answered all of it. */
int br_run_on_device(const struct br_call *call);

/* Runs the split's device pieces on the engine (a piece the device cannot finish is finished
 * on the CPU) while the calling thread runs the CPU pieces. 1 if every device piece was answered
 * by the device, 0 if the CPU had to answer some of them. */
int br_run_hybrid(const struct br_split *split);

#endif
