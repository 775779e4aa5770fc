#include "policy/routing.h"

#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "env.h"
#include "log.h"
#include "process.h"
#include "policy/calibrate.h"
#include "policy/keyfile.h"

/* The profiles of the devices asked about (one per device model: several devices of one model
 * share it), appended under load_lock and never changed. Asked once per device (the engine
 * keeps its device's, br_engine_profile_at), so a lock per question costs nothing. */
enum { MAX_DEVICE_PROFILES = 8 };
static struct loaded_profile {
    char vendor[256], name[256], type[32];
    struct br_device_profile profile;
} device_profiles[MAX_DEVICE_PROFILES];
static int device_count;
static struct br_cpu_profile cpu_profile;
/* Each profile is loaded once under load_lock; every routed call then reads the flags without
 * it (set after the profile is complete). */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

void br_routing_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&load_lock, stage); /* held while a profile is read or the CPU calibrated */
}
static _Atomic int cpu_loaded;

/* The user's profiles ($XDG_DATA_HOME/blasroute/profiles, ~/.local/share/...); 0 if there is
 * no home to find them in. */
int br_routing_user_profile_directory(char *dir, size_t size)
{
    const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (data && data[0] == '/')
        return snprintf(dir, size, "%s/blasroute/profiles", data) < (int)size;
    if (home && home[0] == '/')
        return snprintf(dir, size, "%s/.local/share/blasroute/profiles", home) < (int)size;
    return 0;
}

/* The best-matching profile of a directory; 1 if one fits. */
static int best_in_directory(const char *dir, const char *vendor, const char *name,
                             const char *type, struct br_device_profile *out)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int best = -1;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        size_t length = strlen(entry->d_name);
        /* Device profiles only: the tuned CPU profile lives beside them. */
        if (length < 9 || strcmp(entry->d_name + length - 8, ".profile") != 0 ||
            strcmp(entry->d_name, "cpu.profile") == 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        struct br_keyfile file;
        struct br_device_profile candidate;
        if (br_keyfile_read(path, &file) != 0)
            continue;
        int parsed = br_device_profile_from_keys(&file, &candidate);
        br_keyfile_free(&file);
        int score = parsed == 0 ? br_profile_match_score(&candidate, vendor, name, type) : -1;
        if (score > best) {
            best = score;
            *out = candidate;
        }
    }
    closedir(d);
    return best >= 0;
}

static void find_device_profile(const char *vendor, const char *name, const char *type,
                                struct br_device_profile *device_profile)
{
    const char *chosen = br_env()->profile;
    if (chosen) {
        struct br_keyfile file;
        int read = br_keyfile_read(chosen, &file);
        if (read == 0) {
            int parsed = br_device_profile_from_keys(&file, device_profile);
            br_keyfile_free(&file);
            if (parsed == 0)
                return;
        } else if (read == -1) {
            br_warn("BLASROUTE_PROFILE=%s cannot be read; using the usual profiles", chosen);
        }
    }
    char dir[1024];
    if (br_routing_user_profile_directory(dir, sizeof dir) &&
        best_in_directory(dir, vendor, name, type, device_profile))
        return;
    if (best_in_directory(BLASROUTE_DATA_DIR "/profiles", vendor, name, type, device_profile))
        return;
    br_device_profile_builtin(vendor, name, type, device_profile);
}

static int same(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

/* The entry loaded for this device, or NULL. */
static const struct br_device_profile *loaded(const char *vendor, const char *name,
                                              const char *type, int count)
{
    for (int i = 0; i < count; i++) {
        const struct loaded_profile *e = &device_profiles[i];
        if (same(e->vendor, vendor) && same(e->name, name) && same(e->type, type))
            return &e->profile;
    }
    return NULL;
}

const struct br_device_profile *br_routing_device_profile(const char *vendor, const char *name,
                                                          const char *type)
{
    pthread_mutex_lock(&load_lock);
    int count = device_count;
    const struct br_device_profile *found = loaded(vendor, name, type, count);
    if (!found && count == MAX_DEVICE_PROFILES)
        found = &device_profiles[0].profile; /* more models than a machine has: the first's */
    if (!found) {
        struct loaded_profile *e = &device_profiles[count];
        snprintf(e->vendor, sizeof e->vendor, "%s", vendor ? vendor : "");
        snprintf(e->name, sizeof e->name, "%s", name ? name : "");
        snprintf(e->type, sizeof e->type, "%s", type ? type : "");
        find_device_profile(vendor, name, type, &e->profile);
        e->profile.shares_host_cpu = type && strcasecmp(type, "cpu") == 0;
        br_verbose("profile: %s (%s)", e->profile.name, e->profile.source);
        device_count = count + 1;
        found = &e->profile;
    }
    pthread_mutex_unlock(&load_lock);
    return found;
}

int br_routing_cpu_profile_loaded(void)
{
    return cpu_loaded;
}

/* The names whose BLAS the calibration measures: those of the first call that asked for the
 * CPU profile (-1: none yet, the plain names). */
static _Atomic int calibration_names = -1;

void br_routing_calibrate_names(enum br_names names)
{
    int none = -1;
    if (atomic_load_explicit(&calibration_names, memory_order_relaxed) < 0)
        atomic_compare_exchange_strong(&calibration_names, &none, (int)names);
}

enum br_names br_routing_calibration_names(void)
{
    int names = atomic_load(&calibration_names);
    return names < 0 ? BR_NAMES_PLAIN : (enum br_names)names;
}

/* A tuned CPU profile (blasroute-tune) into cpu_profile: 0 if there is one. */
static int load_tuned(void)
{
    char dir[1024], path[1100];
    struct br_keyfile file;
    int tuned = -1;
    if (br_routing_user_profile_directory(dir, sizeof dir) &&
        snprintf(path, sizeof path, "%s/cpu.profile", dir) < (int)sizeof path &&
        br_keyfile_read(path, &file) == 0) {
        tuned = br_cpu_profile_from_keys(&file, &cpu_profile);
        br_keyfile_free(&file);
    }
    return tuned;
}

static void set_loaded(void)
{
    cpu_loaded = 1;
    br_verbose("CPU profile: %s", cpu_profile.source);
}

const struct br_cpu_profile *br_routing_cpu_profile(void)
{
    if (cpu_loaded)
        return &cpu_profile;
    pthread_mutex_lock(&load_lock);
    if (!cpu_loaded) {
        /* A tuned CPU profile, else the calibration, else estimates. */
        if (load_tuned() != 0 &&
            br_cpu_calibrate(br_routing_calibration_names(), &cpu_profile) != 0)
            br_cpu_profile_builtin(&cpu_profile);
        set_loaded();
    }
    pthread_mutex_unlock(&load_lock);
    return &cpu_profile;
}

/* The CPU BLAS's rates as the program's calls showed them before its profile was loaded
 * (under load_lock). */
static struct br_cpu_observation seen;

/* The three calls below are made from the program's calls: none waits for load_lock, which a
 * warm-up thread holds through a calibration (up to 2 s). Busy, they answer as if nothing were
 * known yet (an observation is dropped), and the call goes on to the CPU BLAS. */
void br_routing_cpu_observe(const struct br_call *call, double seconds)
{
    if (cpu_loaded || pthread_mutex_trylock(&load_lock) != 0)
        return;
    if (!cpu_loaded)
        br_cpu_observe(&seen, call, seconds);
    pthread_mutex_unlock(&load_lock);
}

static struct br_cpu_profile provisional;

static void fill_provisional(void)
{
    br_cpu_profile_builtin(&provisional);
    snprintf(provisional.source, sizeof provisional.source,
             "built-in CPU estimates, until the program's calls measure it");
}

const struct br_cpu_profile *br_routing_cpu_profile_provisional(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_provisional);
    return &provisional;
}

const struct br_cpu_profile *br_routing_cpu_profile_from_calls(void)
{
    if (cpu_loaded)
        return &cpu_profile;
    if (pthread_mutex_trylock(&load_lock) != 0)
        return NULL;
    if (!cpu_loaded && br_cpu_profile_from_observation(&seen, &cpu_profile) == 0) {
        br_cpu_calibration_keep(br_routing_calibration_names(), &cpu_profile);
        br_verbose("CPU BLAS measured by the program's calls: %s", cpu_profile.source);
        set_loaded();
    }
    pthread_mutex_unlock(&load_lock);
    return cpu_loaded ? &cpu_profile : NULL;
}

const struct br_cpu_profile *br_routing_cpu_profile_unmeasured(void)
{
    if (cpu_loaded)
        return &cpu_profile;
    const struct br_cpu_profile *found = br_routing_cpu_profile_known();
    if (!found)
        found = br_routing_cpu_profile_from_calls();
    return found ? found : br_routing_cpu_profile_provisional();
}

/* The CPU profile had without measuring: the loaded one, a tuned one, or (`cached`) the cached
 * calibration (whose key reads the CPU's model). Looked for once each way (`*none`): the files
 * do not appear while the program runs, but for the calibration br_routing_cpu_profile may
 * make, which sets cpu_loaded. */
static const struct br_cpu_profile *load_unmeasured(int cached, _Atomic int *none)
{
    if (cpu_loaded)
        return &cpu_profile;
    if (*none || pthread_mutex_trylock(&load_lock) != 0)
        return NULL;
    if (!cpu_loaded) {
        if (load_tuned() == 0 ||
            (cached &&
             br_cpu_calibration_cached(br_routing_calibration_names(), &cpu_profile) == 0))
            set_loaded();
        else
            *none = 1;
    }
    pthread_mutex_unlock(&load_lock);
    return cpu_loaded ? &cpu_profile : NULL;
}

const struct br_cpu_profile *br_routing_cpu_profile_tuned(void)
{
    static _Atomic int none;
    return load_unmeasured(0, &none);
}

const struct br_cpu_profile *br_routing_cpu_profile_known(void)
{
    static _Atomic int none;
    return load_unmeasured(1, &none);
}
