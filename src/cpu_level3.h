/* A canonical Level-3 call answered by the CPU BLAS. */
#ifndef BLASROUTE_CPU_LEVEL3_H
#define BLASROUTE_CPU_LEVEL3_H

#include "call.h"
#include "cpu.h"

void br_cpu_level3(const struct br_call *call);

/* The CPU BLAS's Fortran routine of a Level-3 family and precision (its INTEGER is blas_int). */
br_fn br_cpu_level3_symbol(enum br_family family, enum br_precision precision);

/* At exit, once no device call runs any more (process.c): waits for the calls other threads
 * are making in the CPU BLAS, and parks any thread that starts one from then on (it ends with
 * the process). The exiting thread's own calls still run. OpenBLAS's destructor joins its
 * worker threads, and hangs if another thread is in an OpenBLAS call then: blasroute's hybrid
 * and fallback runs make such calls from threads the program did not start. */
void br_cpu_close_at_exit(void);

/* How many Level-3 calls other threads have in the CPU BLAS now, as far as this thread sees
 * (a plain read, no barrier): the calibration uses it to throw away a time that shared the
 * cores with a call of the program. */
int br_cpu_calls_elsewhere(void);

#endif
