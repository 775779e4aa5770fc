/* The user's rules for the per-call decision: policy/default.policy, BLASROUTE_POLICY, and the
 * environment variables that override them (BLASROUTE_MODE, BLASROUTE_THRESHOLD,
 * BLASROUTE_ROUTINES). */
#ifndef BLASROUTE_POLICY_POLICY_H
#define BLASROUTE_POLICY_POLICY_H

#include "call.h"
#include "env.h"

struct br_rule {
    int device_allowed;
    double min_size; /* effective order below which the device is not considered */
    double margin;   /* required predicted speed-up */
    int hybrid_allowed; /* auto mode may split the call between the device and the CPU */
};

struct br_policy {
    char source[1024];
    enum br_mode mode;
    double split; /* BLASROUTE_SPLIT: the device's share in hybrid mode; -1: the profile's */
    struct br_rule rules[BR_FAMILY_COUNT][BR_PRECISION_COUNT];
};

/* The built-in default (the same rules as policy/default.policy). */
void br_policy_default(struct br_policy *policy);

/* Applies a policy file's text on top of *policy; 0 on success, -1 (with one warning naming
 * file and line) if malformed, in which case *policy is left as it was. */
struct br_keyfile;
int br_policy_from_keys(const struct br_keyfile *file, struct br_policy *policy);

/* The policy in force, loaded once: BLASROUTE_POLICY, else the installed default, else the
 * built-in one; then BLASROUTE_MODE, BLASROUTE_THRESHOLD and BLASROUTE_ROUTINES on top. */
const struct br_policy *br_policy(void);

/* For blasroute-bench, which times the modes side by side: the mode of the calls from now on.
 * Not for use while calls are in flight. */
void br_policy_set_mode(enum br_mode mode);

#endif
