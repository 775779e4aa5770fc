/* Getting the device ready without making the program lose time. Before auto mode can send
 * a call to a device it needs the device opened (the OpenCL driver's start and a context:
 * 0.27 to 1.13 s on an H100's host, 2026-11-25), the CPU BLAS's profile (a tuned or cached
 * one, else from the program's own calls; the built-in estimates until they have measured
 * it) and the device's program for the call's precision (a build of a second or more on a
 * fresh binary cache). The device is opened only when what it saves pays for the opening
 * (warmup.c), on a thread of its own; the build runs on a thread of its own too, started by the
 * first call that needs it (warmup_threads.h), and until it is done such calls go to the CPU
 * BLAS, which answers them as fast as the program would have without blasroute; only a call
 * the CPU would take longer to answer than the build can last, or one whose program only loads
 * from the cache, waits for it. */
#ifndef BLASROUTE_WARMUP_H
#define BLASROUTE_WARMUP_H

#include "call.h"
#include "policy/model.h"
#include "policy/profile.h"

/* 1 if the devices have been looked for and opened; else 0. Once it is worth it (warmup.c:
 * what the device could have saved on the calls made without it pays for the opening, or the
 * program's last run says it will; always with BLASROUTE_WARMUP=wait) they are opened: on a
 * warm-up thread by default (0 until that is done: br_warmup_opening), in the call with
 * BLASROUTE_WARMUP=wait or savings and in a forked child. Not before the program's
 * device-sized calls have taken 25 ms (warmup.c: value_after_seconds), unless
 * `asked` (1): a LAPACK routine asks whether its updates would use the device, and what it
 * decides then holds for its whole run. */
int br_warmup_devices_open(int asked);

/* Whether a warm-up thread is opening the devices now. */
int br_warmup_opening(void);

/* In auto mode, for a call made before the devices were opened (and not worth opening for yet):
 * 1 if the CPU BLAS is to begin it while the device gets ready on a warm-up thread (started by
 * the first such call), the rest of it going where the decision sends it once the device is
 * ready (route.c), and *cpu_seconds is what the CPU BLAS is predicted to take for it; 0 for
 * the CPU BLAS alone. Not with BLASROUTE_WARMUP=savings or wait, nor in a forked child.
 * `side_prior`: what sending the call to a device would cost the CPU call after it, before its
 * cell learned that (the router's br_prediction, cpu_threads.h). */
int br_warmup_hedge(const struct br_call *call, double side_prior, double *cpu_seconds);

/* Opens the devices now, measuring the opening and keeping it as the memo (warmup_memo.h), as
 * the first call that pays does; for the prepare helper (prepare.h), whose process may be
 * stopped meanwhile: *paused (NULL: none) counts the seconds it was, left out of the measure.
 * How many devices were found. */
int br_warmup_open_and_remember(const volatile double *paused);

/* What an auto-mode call the rules let reach a device took (`seconds`), where (`on_device`:
 * whole or partly on a device) and as predicted (`p`, the decision's; zeros where it made
 * none): counted towards what the device saves this program. `engine`: the device it was
 * weighed for, -1 before the devices are opened. `steady`: a CPU call that found the CPU
 * BLAS's threads awake and all its own (not cold, not on the lowered count: cpu_threads.h,
 * neither begun nor ended beside a warm-up thread: br_warmup_busy), which may then measure the
 * CPU BLAS's rates until its profile is known, and, before a device is open, teaches its CPU
 * cell under the memo's device (warmup.c: teach_cpu_before_opening; what it taught goes into
 * p->taught, for the trace). */
void br_warmup_took(const struct br_call *call, int engine, struct br_prediction *p,
                    int on_device, int steady, double seconds);

/* What a call begun on the CPU while the device got ready (br_warmup_hedge) took, in all:
 * counted towards what the device saves this program as what it would have saved on the whole
 * call, had it been ready (`side_prior`: as for br_warmup_hedge). */
void br_warmup_hedge_took(const struct br_call *call, double side_prior, double seconds);

/* The rule, pure: how many seconds the calls made without the device must have saved before
 * it is opened (0: at the first device-sized call), given what opening costs, what the
 * device was worth to the program's last run (NULL: none known) and, for a first run, the
 * compile its empty cache will wait for after the opening (`first_build_seconds`). */
struct br_program_memo;
double br_warmup_open_threshold(double open_seconds, const struct br_program_memo *last,
                                double first_build_seconds);

/* The rule, pure, for opening at load (warmup.c: open_at_load): whether a program opens the
 * devices before its first call, on a warm-up thread, and builds there the device programs
 * its last run built, given its settings as the environment gives them at load (`env`:
 * br_env_peek's) and the memos of the device and of the program's last run here (NULL: none).
 * Only in auto mode (as far as the environment says: BLASROUTE_MODE unset or auto), with
 * BLASROUTE_WARMUP=background and learning on, and where that run was paid for at once by the
 * device (br_warmup_open_threshold 0). */
struct br_env;
struct br_device_memo;
int br_warmup_opens_at_load(const struct br_env *env, const struct br_device_memo *device,
                            const struct br_program_memo *last);

/* The CPU profile: loaded, tuned, cached, or made from the program's own calls (routing.h);
 * else the built-in estimates for now (br_routing_cpu_profile_provisional), never kept
 * (BLASROUTE_WARMUP=wait: a calibration now, of the BLAS that answers the names the router's
 * calls came by, br_routing_calibrate_names). Never NULL. */
const struct br_cpu_profile *br_warmup_cpu_profile(void);

#endif
