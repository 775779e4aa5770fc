/* The profiles and policy the router decides with, found and loaded once. */
#ifndef BLASROUTE_POLICY_ROUTING_H
#define BLASROUTE_POLICY_ROUTING_H

#include "call.h"
#include "policy/profile.h"

/* The device profile for the device described (vendor, name, type "gpu"/"cpu"/
 * "accelerator", any case), loaded on the first call: BLASROUTE_PROFILE, else the best match among the
 * user's profiles ($XDG_DATA_HOME/blasroute/profiles), else among the installed ones, else
 * among the built-in copies of profiles/. */
const struct br_device_profile *br_routing_device_profile(const char *vendor, const char *name,
                                                          const char *type);

/* The CPU profile: loaded (or calibrated) on first use, under a lock. */
const struct br_cpu_profile *br_routing_cpu_profile(void);
/* The CPU profile if it can be had without measuring anything (loaded, tuned, or a cached
 * calibration), else NULL: for the warm-up's estimates before the device is opened, which
 * must not cost the program a calibration. Neither this nor the two below ever waits for a
 * calibration running on another thread: then they answer NULL (nothing observed). */
const struct br_cpu_profile *br_routing_cpu_profile_known(void);
/* The same without the cached calibration (whose key reads the CPU's model): the loaded profile
 * or a tuned one, else NULL; for the warm-up's first calls (warmup.c: value_after_seconds). */
const struct br_cpu_profile *br_routing_cpu_profile_tuned(void);
/* A call the CPU BLAS answered in `seconds` before the CPU profile was loaded: the program's
 * own measurement of its CPU BLAS (calibrate.h's observation; nothing once it is loaded). */
void br_routing_cpu_observe(const struct br_call *call, double seconds);
/* The CPU profile from those calls once enough were seen (made the CPU profile and kept as
 * the calibration of the names' BLAS, with no calibration run beside the program's calls), or
 * the one loaded; else NULL. */
const struct br_cpu_profile *br_routing_cpu_profile_from_calls(void);
/* The built-in estimates (a conservative multi-core CPU BLAS: rather faster than the hosts
 * measured, so that calls lean to the CPU), for deciding while neither a profile is known nor
 * the program's calls have measured the CPU BLAS yet; never kept. */
const struct br_cpu_profile *br_routing_cpu_profile_provisional(void);
/* Whether it is loaded: br_routing_cpu_profile then returns at once. */
int br_routing_cpu_profile_loaded(void);
/* The best of the above that measures nothing: loaded, known, from the calls, else the
 * provisional estimates. For figures about a call that decide nothing (the report's seconds
 * saved): a calibration run for one (the report asked it at a forced device mode's first
 * call) measured the CPU BLAS beside the device's calls and their host copies, kept rates
 * under half of the CPU's, and the auto-mode decisions after it in the process and in the
 * next ones used them (H200, 2026-11-26). */
const struct br_cpu_profile *br_routing_cpu_profile_unmeasured(void);

/* The calibration measures the BLAS that answers the program's calls on the CPU: for a pip
 * numpy the wheel's own OpenBLAS behind the scipy_ names, not blasroute's CPU BLAS (whose
 * threads, beside the wheel's, would share the cores and measure a fraction of either). The
 * first call that needs the CPU profile says which names it came through (later ones change
 * nothing); the plain names until one does. */
void br_routing_calibrate_names(enum br_names names);
enum br_names br_routing_calibration_names(void);

/* The user's profile directory ($XDG_DATA_HOME/blasroute/profiles, else
 * ~/.local/share/blasroute/profiles), where blasroute-tune writes; 0 if there is no home. */
int br_routing_user_profile_directory(char *dir, size_t size);

#endif
