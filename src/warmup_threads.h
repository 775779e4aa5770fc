/* The warm-up's threads and the device programs they build. What the warm-up decides (warmup.h:
 * when the device is worth opening, what it saved) runs on the callers' threads; the slow work
 * it starts (opening the devices, building a device's program, reading the GPU the kernel
 * driver lists) runs here, each job on a detached thread of its own, and an exit waits (at most
 * 20 s) for those still inside the OpenCL driver. Each device program goes cold -> warming (a
 * thread builds it) -> warm (built, or failed: the call finds that out itself). */
#ifndef BLASROUTE_WARMUP_THREADS_H
#define BLASROUTE_WARMUP_THREADS_H

#include "call.h"
#include "process.h"

/* A job: what one warm-up thread does, given a device index and a precision (which a job of
 * the devices as a whole ignores). */
typedef void (*br_warmup_job)(int index, enum br_precision precision);

/* Runs the job on a detached thread of its own, every signal blocked there (the program's
 * handlers keep running on its own threads), the caller's thread fenced so that its exit waits
 * for the warm-up threads; on the caller's thread if none can start. */
void br_warmup_start(br_warmup_job job, int index, enum br_precision precision);

/* Builds device i's program of a precision here unless it is built or being built; 0 (nothing
 * done) where the device cannot run the precision (double precision on a device without it). */
int br_warmup_build_here(int index, enum br_precision precision);

/* The precisions whose device programs this process built, on any device: bit p for enum
 * br_precision p (a program memo's `precisions`). */
unsigned br_warmup_precisions_built(void);

/* Whether any warm-up thread is at work now (opening the devices, building a program): a CPU
 * call made beside one does not measure the CPU BLAS (br_warmup_took's `steady`). */
int br_warmup_busy(void);

/* 1 if device `index`'s program of this precision has been built (or failed to build: a call
 * then finds that out and goes to the CPU BLAS itself), else 0 after starting the build on a
 * warm-up thread (BLASROUTE_WARMUP=wait: built now, always 1). */
int br_warmup_device_ready(int index, enum br_precision precision);

/* Waits for device `index`'s program of this precision (a build started by
 * br_warmup_device_ready, or one made now): for a call the CPU would take longer to answer
 * than the build can take (br_warmup_worth_waiting). */
void br_warmup_device_wait(int index, enum br_precision precision);

/* Whether device `index`'s program of this precision only loads from the binary cache (no
 * compile), found out once. */
int br_warmup_program_cached(int index, enum br_precision precision);

/* The rule, pure: whether a call predicted `cpu_seconds` on the CPU BLAS and `device_seconds`
 * on a device whose program is still being built waits for it. A program compiled from source
 * (not `cached`): only when the CPU's answer would take longer than the device's plus the
 * longest build seen (a fresh compile on the H200's host, 1.3 s): a numpy script's first dgemm
 * of 8192 took 2 s on the CPU beside a program ready 0.1 s later (H200, 2026-11-26); a call of
 * the CPU's 0.2 s does not wait. A program loaded from the cache: whenever the device is
 * predicted faster. It is ready in about 0.4 s there, the driver's first use of it included,
 * and that work stalls the whole process about as long, so the CPU's answer meanwhile comes
 * no sooner: a numpy 4096's first dgemm took 0.66 s on the CPU beside the load (0.22 alone),
 * where device mode's first call took 0.38 s. */
int br_warmup_worth_waiting(double cpu_seconds, double device_seconds, int cached);

/* In a child of fork: the parent's warm-up threads are not there, and what they were building
 * starts again if the child needs it (warmup.c's br_warmup_at_fork calls this). */
void br_warmup_threads_at_fork(enum br_fork_stage stage);

#endif
