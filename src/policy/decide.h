/* The per-call decision, a pure function: from the call's shape, what the device and the CPU
 * can do (profiles) and the user's rules (policy), where the call runs and what each choice is
 * predicted to cost. No OpenCL, no I/O, no global state: unit-tested on synthetic profiles. */
#ifndef BLASROUTE_POLICY_DECIDE_H
#define BLASROUTE_POLICY_DECIDE_H

#include "call.h"
#include "spread.h"
#include "policy/policy.h"
#include "policy/profile.h"

enum br_where { BR_ON_CPU, BR_ON_DEVICE, BR_ON_HYBRID };

/* What the router has learned of this call's cell (policy/learn.h): the model's predictions
 * for each path are multiplied by these. */
struct br_learned_factors {
    double cpu, device;
};

struct br_prediction {
    double effective_size; /* cube root of the call's m*n*k-like volume */
    double cpu_seconds, device_seconds, hybrid_seconds; /* 0 where not predicted; the CPU's
                                                           and the device's with the learned
                                                           factors applied */
    struct br_learned_factors factors; /* those applied (1 where none) */
    double device_share;         /* BR_ON_HYBRID: the device's share of the work to split at */
    double bytes_up, bytes_down; /* what the chosen device or hybrid path would move */
    int devices;                 /* devices the call is spread over (set by the router); 0, 1: one */
    const char *reason;                 /* one phrase: why this choice */
};

/* device may be NULL (no usable device). mode is the policy's mode after the environment. */
enum br_where br_decide(const struct br_call *call, const struct br_device_profile *device,
                        const struct br_cpu_profile *cpu, const struct br_policy *policy,
                        struct br_prediction *prediction);

/* The user's rules alone, before any profile is loaded or device opened: BR_ON_CPU,
 * BR_ON_DEVICE or BR_ON_HYBRID (with the reason set) when they settle the call, -1 when the
 * profiles must (br_decide still picks the share of a forced hybrid run). */
int br_decide_by_rules(const struct br_call *call, const struct br_policy *policy,
                       struct br_prediction *prediction);

/* br_decide after br_decide_by_rules gave `settled` (prediction as it left it): the router
 * evaluates the rules once, before it opens the device and loads the profiles. learned: the
 * factors of the call's cell (NULL: none). `devices`: the
 * devices found (br_engine_count; br_decide: 1). With several, auto mode does not weigh a
 * hybrid run, whose device side would be a spread that the comparison with the first device
 * alone does not see: the devices answer. A forced hybrid run then gets device_share -1: the
 * router picks it over the devices that can run the call (br_hybrid_share_over). */
enum br_where br_decide_after_rules(const struct br_call *call,
                                    const struct br_device_profile *device,
                                    const struct br_cpu_profile *cpu,
                                    const struct br_policy *policy, int settled, int devices,
                                    const struct br_learned_factors *learned,
                                    struct br_prediction *prediction);

/* What a hybrid run of the call at the device's share would take (the slower side, each side
 * its pieces one after the other), and what its device pieces move; 0 if not predictable. */
double br_predict_hybrid_seconds(const struct br_call *call,
                                 const struct br_device_profile *device,
                                 const struct br_cpu_profile *cpu, double share,
                                 double *bytes_up, double *bytes_down);
/* The share a hybrid run of the call uses: BLASROUTE_SPLIT (policy->split), else the profile's
 * tuned share, else the share the model predicts fastest, else one half. */
double br_hybrid_share(const struct br_call *call, const struct br_device_profile *device,
                       const struct br_cpu_profile *cpu, const struct br_policy *policy);
/* The same two over `count` devices (profiles[i]: device i's; NULL where a device has none:
 * the first's), their part spread over them by br_device_shares: the slowest device's part
 * against the CPU's. The profile's tuned share applies to one device only (the tuner measured
 * it beside the CPU alone); with several, the model's share, where the slowest device's part
 * is predicted to take as long as the CPU's. The single-device forms are these with count 1. */
double br_predict_hybrid_seconds_over(const struct br_call *call,
                                      const struct br_device_profile *const *profiles,
                                      int count, const struct br_cpu_profile *cpu, double share,
                                      double *bytes_up, double *bytes_down);
double br_hybrid_share_over(const struct br_call *call,
                            const struct br_device_profile *const *profiles, int count,
                            const struct br_cpu_profile *cpu, const struct br_policy *policy);
/* The cheap first test, before anything is loaded or opened: 1 if the policy could send this
 * call to a device at all (routine allowed, effective size at least min_size). */
int br_decide_may_use_device(const struct br_call *call, const struct br_policy *policy);

/* The device-side byte counts and time alone (also for blasroute-info's crossover search). */
double br_predict_device_seconds(const struct br_call *call,
                                 const struct br_device_profile *device,
                                 struct br_prediction *prediction);
double br_predict_cpu_seconds(const struct br_call *call, const struct br_cpu_profile *cpu);

/* GB/s of the engine's staged transfers one way: the profile's measured figure if it has one
 * (> 0), else an estimate from the pinned link and the host copies. */
double br_staged_rate(double measured, double pinned, double host_copy);

/* Several devices. The shares of a call spread over `count` devices (profiles[i]: device i's;
 * NULL where a device has none: the first's), summing to total (1, or the devices' part of a
 * hybrid run): first in proportion to the rate each is predicted to run the whole call at, then
 * adjusted until the parts are predicted to end together. Equal where nothing is predictable. */
void br_device_shares(const struct br_call *call, const struct br_device_profile *const *profiles,
                      int count, double total, double *shares);

/* A hybrid run's cut: the devices' share `share` of the call spread over the `count` devices
 * (br_device_shares), the rest to the CPU, one worker more, last. What the model predicts and
 * the router runs. */
void br_hybrid_cut(const struct br_call *call, const struct br_device_profile *const *profiles,
                   int count, double share, struct br_spread *out);
/* Whether a call bound for the device is spread over the `count` devices (1: *spread cut, and
 * p's device time, bytes and device count set to the spread's) or runs on the first alone (0;
 * p's device time, when set, is taken as the first device's): spread when predicted faster
 * than the first device alone by a margin (never over two devices on the host's own cores,
 * which would share them). `force` (BLASROUTE_TEST_SPREAD): always, at shares by rates alone,
 * so that even a tiny call is really cut. */
int br_decide_spread(const struct br_call *call, const struct br_device_profile *const *profiles,
                     int count, int force, struct br_spread *spread, struct br_prediction *p);
/* Bytes the device path moves each way for a call. */
void br_call_bytes_moved(const struct br_call *call, double *up, double *down);

#endif
