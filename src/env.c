#include "env.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common.h"
#include "engine/cache.h"
#include "log.h"

static struct br_env settings;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
/* Reading for br_env_peek: no warning (the settings' own read, on first use, says them). */
static BR_THREAD_LOCAL int peeking;

/* A bad value's warning, unless peeking. */
#define warning(...) (peeking ? (void)0 : br_warn(__VA_ARGS__))

static const char *read_string(const char *name)
{
    const char *value = getenv(name);
    return value && value[0] ? value : NULL;
}


const char *const br_mode_names[BR_MODE_COUNT] = {"auto", "cpu", "device", "hybrid"};
/* A 0/1 switch: also accepts the usual spellings; anything else warns and gives the default. */
static int read_switch(const char *name, int fallback)
{
    const char *value = read_string(name);
    if (!value)
        return fallback;
    static const char *const on[] = {"1", "yes", "true", "on"};
    static const char *const off[] = {"0", "no", "false", "off"};
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
        if (strcasecmp(value, on[i]) == 0)
            return 1;
        if (strcasecmp(value, off[i]) == 0)
            return 0;
    }
    warning("%s=%s is not valid (accepted: 0 or 1); using %d", name, value, fallback);
    return fallback;
}

/* BLASROUTE_PREPARE: 0, 1, paid (the default), or the path of the helper to run, started as
 * with 1 (an absolute path; anything else warns and gives the default). prepare.h says when
 * each starts it. */
static int read_choice(const char *name, const char *const *words, int count, int fallback,
                       const char *accepted);
static void read_prepare(struct br_env *s)
{
    static const char *const choices[] = {"0", "1", "paid"}; /* enum br_prepare_choice's order */
    const char *value = read_string("BLASROUTE_PREPARE");
    s->prepare_helper = value && value[0] == '/' ? value : NULL;
    s->prepare = s->prepare_helper
                     ? BR_PREPARE_FIRST
                     : (enum br_prepare_choice)read_choice(
                           "BLASROUTE_PREPARE", choices, 3, BR_PREPARE_PAID,
                           "0, 1, paid, or the absolute path of a helper");
}

/* One of a list of words: its index, or the fallback (with one warning) for anything else. */
static int read_choice(const char *name, const char *const *words, int count, int fallback,
                       const char *accepted)
{
    const char *value = read_string(name);
    if (!value)
        return fallback;
    for (int i = 0; i < count; i++)
        if (strcasecmp(value, words[i]) == 0)
            return i;
    warning("%s=%s is not valid (accepted: %s); using %s", name, value, accepted,
            fallback >= 0 ? words[fallback] : "the policy's");
    return fallback;
}

/* A size in bytes with an optional K, M, G or T suffix (powers of 1024). */
static size_t read_bytes(const char *name)
{
    const char *value = read_string(name);
    if (!value)
        return 0;
    char *end;
    errno = 0;
    unsigned long long number = strtoull(value, &end, 10);
    unsigned shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if ((*end == 'b' || *end == 'B') && shift)
        end++;
    if (errno || end == value || *end || number == 0 || value[0] == '-' ||
        number > (SIZE_MAX >> shift)) {
        warning("%s=%s is not valid (accepted: a positive number of bytes, with an optional "
                "K, M, G or T suffix); using the default", name, value);
        return 0;
    }
    return (size_t)number << shift;
}

/* A positive number (an order, for BLASROUTE_THRESHOLD); 0 when unset or invalid. */
static double read_positive(const char *name)
{
    const char *value = read_string(name);
    if (!value)
        return 0;
    char *end;
    double x = strtod(value, &end);
    if (end == value || *end || !(x > 0 && x < 1e9)) {
        warning("%s=%s is not valid (accepted: a positive number, the effective matrix order "
                "below which calls stay on the CPU); using the policy's", name, value);
        return 0;
    }
    return x;
}

/* The node-local rank an MPI launcher gives each process (Open MPI, MPICH's Hydra, MVAPICH2,
 * Slurm's srun, PMIx and Hydra's PMI, Cray PALS, Flux): the first that is set. A value that is
 * not a whole number warns once and is not used. */
static void read_local_rank(struct br_env *s)
{
    static const char *const names[] = {
        "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",    "MV2_COMM_WORLD_LOCAL_RANK",
        "SLURM_LOCALID",              "PMIX_LOCAL_RANK",    "PMI_LOCAL_RANK",
        "PALS_LOCAL_RANKID",          "FLUX_TASK_LOCAL_ID"};
    s->local_rank = -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = read_string(names[i]);
        if (!value)
            continue;
        char *end;
        long x = strtol(value, &end, 10);
        if (end == value || *end || x < 0 || x > 1 << 20) {
            warning("%s=%s is not a node-local rank (a whole number); the devices are chosen "
                    "as for a single process",
                    names[i], value);
            return;
        }
        s->local_rank = (int)x;
        s->local_rank_from = names[i];
        return;
    }
}

/* A whole number from 1 to `most` (a measurement hook's count); 0 when unset or invalid. */
static int read_count(const char *name, int most)
{
    const char *value = read_string(name);
    if (!value)
        return 0;
    char *end;
    long x = strtol(value, &end, 10);
    if (end == value || *end || x < 1 || x > most) {
        warning("%s=%s is not valid (accepted: a whole number from 1 to %d); using the default",
                name, value, most);
        return 0;
    }
    return (int)x;
}

/* A share between 0 and 1 (BLASROUTE_SPLIT); -1 when unset or invalid. */
static double read_share(const char *name)
{
    const char *value = read_string(name);
    if (!value)
        return -1;
    char *end;
    double x = strtod(value, &end);
    if (end == value || *end || !(x >= 0 && x <= 1)) {
        warning("%s=%s is not valid (accepted: a number from 0 to 1, the device's share of the "
                "work in hybrid mode); using the profile's or the cost model's", name, value);
        return -1;
    }
    return x;
}

static unsigned read_faults(const char *name)
{
    static const struct { const char *word; enum br_fault bit; } faults[] = {
        {"no-platform", BR_FAULT_NO_PLATFORM}, {"context", BR_FAULT_CONTEXT},
        {"build", BR_FAULT_BUILD}, {"alloc", BR_FAULT_ALLOC}, {"enqueue", BR_FAULT_ENQUEUE},
        {"enqueue-late", BR_FAULT_ENQUEUE_LATE}, {"wrap", BR_FAULT_WRAP},
        {"download-half", BR_FAULT_DOWNLOAD_HALF}};
    const char *value = read_string(name);
    unsigned bits = 0;
    while (value && *value) {
        size_t length = strcspn(value, ",");
        size_t i = 0;
        for (; i < sizeof faults / sizeof faults[0]; i++)
            if (strlen(faults[i].word) == length && strncmp(value, faults[i].word, length) == 0)
                break;
        if (i < sizeof faults / sizeof faults[0])
            bits |= faults[i].bit;
        else
            warning("%s: unknown fault '%.*s' (accepted: no-platform, context, build, alloc, "
                    "enqueue, enqueue-late, wrap, download-half); ignored",
                    name, (int)length, value);
        value += length + (value[length] == ',');
    }
    return bits;
}

static void read_into(struct br_env *s)
{
    /* verbose first: the other readers may want to print through br_verbose. */
    s->verbose = read_switch("BLASROUTE_VERBOSE", 0);
    s->report = read_switch("BLASROUTE_REPORT", 0);
    s->cpu_blas = read_string("BLASROUTE_CPU_BLAS");
    s->cpu_blas64 = read_string("BLASROUTE_CPU_BLAS64");
    s->mode = (enum br_mode)read_choice("BLASROUTE_MODE", br_mode_names, BR_MODE_COUNT, -1,
                                        "auto, cpu, device, hybrid");
    /* Only a valid value overrides the policy's mode; an invalid one leaves the policy's. */
    s->mode_set = (int)s->mode >= 0;
    if (!s->mode_set)
        s->mode = BR_MODE_AUTO;
    s->threshold = read_positive("BLASROUTE_THRESHOLD");
    s->routines = read_string("BLASROUTE_ROUTINES");
    s->split = read_share("BLASROUTE_SPLIT");
    s->profile = read_string("BLASROUTE_PROFILE");
    s->policy = read_string("BLASROUTE_POLICY");
    s->trace = read_string("BLASROUTE_TRACE");
    s->timeline = read_string("BLASROUTE_TIMELINE");
    s->device = read_string("BLASROUTE_DEVICE");
    read_local_rank(s);
    s->device_memory = read_bytes("BLASROUTE_DEVICE_MEMORY");
    s->kernel_dir = read_string("BLASROUTE_KERNEL_DIR");
    s->cache = read_switch("BLASROUTE_CACHE", 1);
    s->cache_dir = read_string("BLASROUTE_CACHE_DIR");
    s->lapack_block = read_count("BLASROUTE_LAPACK_BLOCK", 8192);
    s->learn = read_switch("BLASROUTE_LEARN", 1);
    read_prepare(s);
    static const char *const thread_uses[] = {"keep", "share"};
    s->cpu_threads_share =
        read_choice("BLASROUTE_CPU_THREADS", thread_uses, 2, 1, "share, keep");
    static const char *const warmups[] = {"background", "wait", "savings"};
    s->warmup = (enum br_warmup_choice)read_choice("BLASROUTE_WARMUP", warmups, 3,
                                                  BR_WARMUP_BACKGROUND,
                                                  "background, wait, savings");
    s->test_no_default_cpu_blas = read_switch("BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS", 0);
    s->test_prepare_delay = read_count("BLASROUTE_TEST_PREPARE_DELAY", 60);
    s->test_open_delay = read_count("BLASROUTE_TEST_OPEN_DELAY", 60000);
    s->test_prepare_helper = read_string("BLASROUTE_TEST_PREPARE_HELPER");
    s->test_prepare_ungated = read_switch("BLASROUTE_TEST_PREPARE_UNGATED", 0);
    s->test_faults = read_faults("BLASROUTE_TEST_FAULT");
    static const char *const kernels[] = {"auto", "direct", "tiled"};
    s->test_gemm_kernel = (enum br_gemm_kernel_choice)read_choice(
        "BLASROUTE_TEST_GEMM_KERNEL", kernels, 3, BR_GEMM_KERNEL_AUTO, "auto, direct, tiled");
    s->test_gemm_tiles = read_count("BLASROUTE_TEST_GEMM_TILES", 64);
    s->test_gemm_a_pieces = read_count("BLASROUTE_TEST_GEMM_A_PIECES", 64);
    s->test_gemm_slices = read_count("BLASROUTE_TEST_GEMM_SLICES", 64);
    s->test_gemm_tail = read_count("BLASROUTE_TEST_GEMM_TAIL", 64);
    s->test_device_beta = read_switch("BLASROUTE_TEST_DEVICE_BETA", 0);
    s->test_copy_threads = read_count("BLASROUTE_TEST_COPY_THREADS", 16);
    static const char *const stores[] = {"plain", "streaming"};
    s->test_copy_streaming =
        read_choice("BLASROUTE_TEST_COPY_STORES", stores, 2, 0, "plain, streaming");
    s->test_spread = read_switch("BLASROUTE_TEST_SPREAD", 0);
    s->test_hedge_wait = read_switch("BLASROUTE_TEST_HEDGE_WAIT", 0);
    s->test_mma_emulate = read_switch("BLASROUTE_TEST_MMA_EMULATE", 0);
    s->test_device_free = read_bytes("BLASROUTE_TEST_DEVICE_FREE");
    s->test_nvidia_proc = read_string("BLASROUTE_TEST_NVIDIA_PROC");
}

static void read_all(void)
{
    read_into(&settings);
}

extern char **environ;
uint64_t br_env_variables(void)
{
    uint64_t sum = 0;
    for (char **entry = environ; entry && *entry; entry++)
        if (strncmp(*entry, "BLASROUTE_", 10) == 0)
            sum += br_hash(*entry, strlen(*entry), BR_HASH_SEED);
    return sum;
}

const struct br_env *br_env(void)
{
    pthread_once(&env_once, read_all);
    return &settings;
}

void br_env_peek(struct br_env *into)
{
    memset(into, 0, sizeof *into);
    peeking = 1;
    read_into(into);
    peeking = 0;
}
