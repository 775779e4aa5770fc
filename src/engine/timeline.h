/* BLASROUTE_TIMELINE: the device commands of every call the engine runs (transfers and kernels),
 * with the device's own timestamps, one CSV line each, to see where a call's time goes: gaps
 * between commands, transfers not overlapping kernels, slow chunks. Off unless the variable
 * names a file; then the engine's queues are created with profiling enabled. Each thread notes
 * and writes its own call's commands (a device's part of a call spread over several runs on a
 * thread of its own). */
#ifndef BLASROUTE_ENGINE_TIMELINE_H
#define BLASROUTE_ENGINE_TIMELINE_H

#include <stddef.h>

#include "call.h"
#include "engine/opencl.h"

/* Whether BLASROUTE_TIMELINE is set (the queues then need CL_QUEUE_PROFILING_ENABLE). */
int br_timeline_on(void);

/* Keeps a command's event (retained here) for the current call: what it is ("upload",
 * "download", a kernel's name; copied) and the bytes it moves (0 for a kernel). */
void br_timeline_note(cl_event event, const char *what, size_t bytes);

/* The same for a staged transfer's piece, with its host side: how long the calling thread
 * waited for a free staging slot before it, and how long the host copy between the caller's
 * memory and the slot took (an upload's before it was enqueued). Written as the columns
 * host_wait_us and host_copy_us (0 for other commands): with the device's times they tell
 * whether a staged transfer is bound by its DMA or by its host copy. */
void br_timeline_note_host(cl_event event, const char *what, size_t bytes, double wait_seconds,
                           double copy_seconds);

/* Writes the current call's commands (routine and shape from call) and forgets them. Times in
 * microseconds from the first command's queueing: queued, start, end; then the host side
 * (br_timeline_note_host). */
void br_timeline_write(const struct br_call *call);

/* The same for work that is not one Level-3 call (a LAPACK routine's resident session). */
void br_timeline_write_named(const char *name, br_int m, br_int n, br_int k);

/* Forgets the commands noted since the last write without writing them (work that is not a
 * call, such as the tuner's link measurement). */
void br_timeline_forget(void);

#endif
