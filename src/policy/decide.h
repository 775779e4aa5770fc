/* The per-call decision, a pure function: from the call's shape, what the device and the CPU
 * can do (profiles), what was learned of such calls (learn.h) and the user's rules (policy),
 * where the call runs. The rules settle what they can before anything is loaded; the cost
 * model (model.h) predicts the rest. No OpenCL, no I/O, no global state: unit-tested on
 * synthetic profiles. How the whole choice fits together: policy/README.md. */
#ifndef BLASROUTE_POLICY_DECIDE_H
#define BLASROUTE_POLICY_DECIDE_H

#include "call.h"
#include "policy/model.h"
#include "policy/policy.h"
#include "policy/profile.h"

enum br_where { BR_ON_CPU, BR_ON_DEVICE, BR_ON_HYBRID };

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

/* Pure: the margin by which auto mode wants the device predicted faster than the CPU, from
 * the rules' `margin`, given how many measurements of each path the call's learned cell
 * holds: the rules' while either path is unmeasured, narrowing to 1 + (margin - 1) / 4 as both
 * are measured. */
double br_decide_margin(double margin, unsigned cpu_samples, unsigned device_samples);

/* Whether the rules alone send the call to the CPU (br_decide_by_rules would say BR_ON_CPU):
 * the router's shortest path, taken by every small call. */
int br_decide_cpu_by_rules(const struct br_call *call, const struct br_policy *policy);

/* The cheap first test, before anything is loaded or opened: 1 if the policy could send this
 * call to a device at all (routine allowed, effective size at least min_size). */
int br_decide_may_use_device(const struct br_call *call, const struct br_policy *policy);

/* Whether a call bound for the device is spread over the `count` devices (1: *spread cut, and
 * p's device time, bytes and device count set to the spread's) or runs on the first alone (0;
 * p's device time, when set, is taken as the first device's): spread when predicted faster
 * than the first device alone by a margin (never over two devices on the host's own cores,
 * which would share them). `force` (BLASROUTE_TEST_SPREAD): always, at shares by rates alone,
 * so that even a tiny call is really cut. */
int br_decide_spread(const struct br_call *call, const struct br_device_profile *const *profiles,
                     int count, int force, struct br_spread *spread, struct br_prediction *p);

#endif
