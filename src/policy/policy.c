#include "policy/policy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "log.h"
#include "policy/keyfile.h"

void br_policy_default(struct br_policy *policy)
{
    memset(policy, 0, sizeof *policy);
    snprintf(policy->source, sizeof policy->source, "built-in default");
    policy->mode = BR_MODE_AUTO;
    policy->split = -1;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            policy->rules[f][p] = (struct br_rule){1, 256, 1.2, 1};
}

/* Which rules a section names: all ("general"), a family, or one routine. */
static int section_rules(const char *section, int *family, int *precision)
{
    *family = *precision = -1;
    if (strcmp(section, "general") == 0)
        return 0;
    enum br_family f;
    enum br_precision p;
    if ((*family = br_parse_family(section)) >= 0)
        return 0;
    if (br_parse_routine(section, &f, &p) != 0)
        return -1;
    *family = (int)f;
    *precision = (int)p;
    return 0;
}

static int apply(struct br_policy *policy, const struct br_keyfile *file,
                 const struct br_key_entry *e, int specificity)
{
    int family, precision;
    if (section_rules(e->section, &family, &precision) != 0) {
        br_warn("%s:%d: [%s] is not general, a routine family or a routine", file->path,
                e->line, e->section);
        return -1;
    }
    int level = precision >= 0 ? 2 : family >= 0 ? 1 : 0;
    if (level != specificity)
        return 0; /* general first, then families, then routines */
    if (strcmp(e->key, "mode") == 0) {
        for (int m = 0; m < BR_MODE_COUNT; m++)
            if (level == 0 && strcasecmp(e->value, br_mode_names[m]) == 0) {
                policy->mode = (enum br_mode)m;
                return 0;
            }
        br_warn("%s:%d: mode = %s is not valid (accepted in [general]: auto, cpu, device, hybrid)",
                file->path, e->line, e->value);
        return -1;
    }
    double number = 0;
    int on = -1;
    int hybrid = strcmp(e->key, "hybrid") == 0;
    if (hybrid || strcmp(e->key, "device") == 0) {
        on = strcasecmp(e->value, "on") == 0 ? 1 : strcasecmp(e->value, "off") == 0 ? 0 : -1;
        if (on < 0) {
            br_warn("%s:%d: %s = %s is not valid (accepted: on, off)", file->path, e->line,
                    e->key, e->value);
            return -1;
        }
    } else if (strcmp(e->key, "min_size") == 0) {
        if (br_key_double(file, e, &number, 0, 1e9) != 0)
            return -1;
    } else if (strcmp(e->key, "margin") == 0) {
        if (br_key_double(file, e, &number, 0.01, 1e6) != 0)
            return -1;
    } else {
        br_warn("%s:%d: unknown key '%s' (accepted: mode, device, hybrid, min_size, margin)",
                file->path, e->line, e->key);
        return -1;
    }
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            if ((family >= 0 && f != family) || (precision >= 0 && p != precision))
                continue;
            struct br_rule *r = &policy->rules[f][p];
            if (on >= 0 && hybrid)
                r->hybrid_allowed = on;
            else if (on >= 0)
                r->device_allowed = on;
            else if (e->key[1] == 'i') /* min_size */
                r->min_size = number;
            else
                r->margin = number;
        }
    return 0;
}

int br_policy_from_keys(const struct br_keyfile *file, struct br_policy *policy)
{
    struct br_policy updated = *policy;
    for (int level = 0; level < 3; level++)
        for (int i = 0; i < file->count; i++)
            if (apply(&updated, file, &file->entries[i], level) != 0)
                return -1;
    snprintf(updated.source, sizeof updated.source, "%s", file->path);
    *policy = updated;
    return 0;
}

static struct br_policy loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* BLASROUTE_ROUTINES: a comma list of families or routines allowed on the device. */
static void apply_routines(struct br_policy *policy, const char *list)
{
    int allowed[BR_FAMILY_COUNT][BR_PRECISION_COUNT] = {{0}};
    const char *p = list;
    while (*p) {
        size_t length = strcspn(p, ",");
        char word[16];
        int family, precision;
        if (length < sizeof word) {
            memcpy(word, p, length);
            word[length] = 0;
        } else {
            word[0] = 0;
        }
        if (length >= sizeof word || section_rules(word, &family, &precision) != 0 ||
            (family < 0 && strcmp(word, "general") == 0)) {
            br_warn("BLASROUTE_ROUTINES=%s: '%.*s' is not a routine or family (accepted: "
                    "gemm, symm, ..., trsm, or dgemm, ztrsm, ...); BLASROUTE_ROUTINES ignored",
                    list, (int)length, p);
            return;
        }
        for (int f = 0; f < BR_FAMILY_COUNT; f++)
            for (int q = 0; q < BR_PRECISION_COUNT; q++)
                if ((family < 0 || f == family) && (precision < 0 || q == precision))
                    allowed[f][q] = 1;
        p += length + (p[length] == ',');
    }
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++)
            policy->rules[f][q].device_allowed &= allowed[f][q];
}

static void load(void)
{
    br_policy_default(&loaded);
    const char *path = br_env()->policy;
    char installed[1024];
    snprintf(installed, sizeof installed, "%s/policy/default.policy", BLASROUTE_DATA_DIR);
    const char *file_path = path && path[0] ? path : installed;
    struct br_keyfile file;
    int read = br_keyfile_read(file_path, &file);
    if (read == 0) {
        br_policy_from_keys(&file, &loaded); /* warns with file and line if malformed */
        br_keyfile_free(&file);
    } else if (read == -1 && path && path[0]) {
        br_warn("BLASROUTE_POLICY=%s cannot be read; using the default policy", path);
    }
    const struct br_env *env = br_env();
    if (env->mode_set)
        loaded.mode = env->mode;
    loaded.split = env->split;
    if (env->threshold > 0)
        for (int f = 0; f < BR_FAMILY_COUNT; f++)
            for (int q = 0; q < BR_PRECISION_COUNT; q++)
                loaded.rules[f][q].min_size = env->threshold;
    if (env->routines)
        apply_routines(&loaded, env->routines);
}

/* Set once the policy is loaded: every routed call asks for it, and an acquire load costs
 * less than pthread_once's call. */
static _Atomic(const struct br_policy *) ready;

static void load_and_publish(void)
{
    load();
    atomic_store_explicit(&ready, &loaded, memory_order_release);
}

const struct br_policy *br_policy(void)
{
    const struct br_policy *policy = atomic_load_explicit(&ready, memory_order_acquire);
    if (br_likely(policy != NULL))
        return policy;
    pthread_once(&load_once, load_and_publish);
    return &loaded;
}

void br_policy_set_mode(enum br_mode mode)
{
    pthread_once(&load_once, load_and_publish);
    loaded.mode = mode;
}
