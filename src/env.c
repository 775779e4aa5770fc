#include "env.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "log.h"

static struct br_env settings;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

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
    br_warn("%s=%s is not valid (accepted: 0 or 1); using %d", name, value, fallback);
    return fallback;
}

/* BLASROUTE_PREPARE: 0, 1, paid (the default), or the path of the helper to run, started as
 * with 1 (an absolute path; anything else warns and gives the default). prepare.h says when
 * each starts it. */
static int read_choice(const char *name, const char *const *words, int count, int fallback,
                       const char *accepted);
static void read_prepare(void)
{
    static const char *const choices[] = {"0", "1", "paid"}; /* enum br_prepare_choice's order */
    const char *value = read_string("BLASROUTE_PREPARE");
    settings.prepare_helper = value && value[0] == '/' ? value : NULL;
    settings.prepare = settings.prepare_helper
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
    br_warn("%s=%s is not valid (accepted: %s); using %s", name, value, accepted,
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
        br_warn("%s=%s is not valid (accepted: a positive number of bytes, with an optional "
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
        br_warn("%s=%s is not valid (accepted: a positive number, the effective matrix order "
                "below which calls stay on the CPU); using the policy's", name, value);
        return 0;
    }
    return x;
}

/* The node-local rank an MPI launcher gives each process (Open MPI, MPICH's Hydra, MVAPICH2,
 * Slurm's srun, PMIx and Hydra's PMI, Cray PALS, Flux): the first that is set. A value that is
 * not a whole number warns once and is not used. */
static void read_local_rank(void)
{
    static const char *const names[] = {
        "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",    "MV2_COMM_WORLD_LOCAL_RANK",
        "SLURM_LOCALID",              "PMIX_LOCAL_RANK",    "PMI_LOCAL_RANK",
        "PALS_LOCAL_RANKID",          "FLUX_TASK_LOCAL_ID"};
    settings.local_rank = -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = read_string(names[i]);
        if (!value)
            continue;
        char *end;
        long x = strtol(value, &end, 10);
        if (end == value || *end || x < 0 || x > 1 << 20) {
            br_warn("%s=%s is not a node-local rank (a whole number); the devices are chosen "
                    "as for a single process",
                    names[i], value);
            return;
        }
        settings.local_rank = (int)x;
        settings.local_rank_from = names[i];
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
        br_warn("%s=%s is not valid (accepted: a whole number from 1 to %d); using the default",
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
        br_warn("%s=%s is not valid (accepted: a number from 0 to 1, the device's share of the "
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
            br_warn("%s: unknown fault '%.*s' (accepted: no-platform, context, build, alloc, "
                    "enqueue, enqueue-late, wrap, download-half); ignored",
                    name, (int)length, value);
        value += length + (value[length] == ',');
    }
    return bits;
}

static void read_all(void)
{
    /* verbose first: the other readers may want to print through br_verbose. */
    settings.verbose = read_switch("BLASROUTE_VERBOSE", 0);
    settings.report = read_switch("BLASROUTE_REPORT", 0);
    settings.cpu_blas = read_string("BLASROUTE_CPU_BLAS");
    settings.cpu_blas64 = read_string("BLASROUTE_CPU_BLAS64");
    settings.mode = (enum br_mode)read_choice("BLASROUTE_MODE", br_mode_names, BR_MODE_COUNT, -1,
                                              "auto, cpu, device, hybrid");
    /* Only a valid value overrides the policy's mode; an invalid one leaves the policy's. */
    settings.mode_set = (int)settings.mode >= 0;
    if (!settings.mode_set)
        settings.mode = BR_MODE_AUTO;
    settings.threshold = read_positive("BLASROUTE_THRESHOLD");
    settings.routines = read_string("BLASROUTE_ROUTINES");
    settings.split = read_share("BLASROUTE_SPLIT");
    settings.profile = read_string("BLASROUTE_PROFILE");
    settings.policy = read_string("BLASROUTE_POLICY");
    settings.trace = read_string("BLASROUTE_TRACE");
    settings.timeline = read_string("BLASROUTE_TIMELINE");
    settings.device = read_string("BLASROUTE_DEVICE");
    read_local_rank();
    settings.device_memory = read_bytes("BLASROUTE_DEVICE_MEMORY");
    settings.kernel_dir = read_string("BLASROUTE_KERNEL_DIR");
    settings.cache = read_switch("BLASROUTE_CACHE", 1);
    settings.cache_dir = read_string("BLASROUTE_CACHE_DIR");
    settings.lapack_block = read_count("BLASROUTE_LAPACK_BLOCK", 8192);
    settings.learn = read_switch("BLASROUTE_LEARN", 1);
    read_prepare();
    static const char *const thread_uses[] = {"keep", "share"};
    settings.cpu_threads_share =
        read_choice("BLASROUTE_CPU_THREADS", thread_uses, 2, 1, "share, keep");
    static const char *const warmups[] = {"background", "wait", "savings"};
    settings.warmup = (enum br_warmup_choice)read_choice("BLASROUTE_WARMUP", warmups, 3,
                                                        BR_WARMUP_BACKGROUND,
                                                        "background, wait, savings");
    settings.test_no_default_cpu_blas = read_switch("BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS", 0);
    settings.test_prepare_delay = read_count("BLASROUTE_TEST_PREPARE_DELAY", 60);
    settings.test_open_delay = read_count("BLASROUTE_TEST_OPEN_DELAY", 60000);
    settings.test_prepare_helper = read_string("BLASROUTE_TEST_PREPARE_HELPER");
    settings.test_prepare_ungated = read_switch("BLASROUTE_TEST_PREPARE_UNGATED", 0);
    settings.test_faults = read_faults("BLASROUTE_TEST_FAULT");
    static const char *const kernels[] = {"auto", "direct", "tiled"};
    settings.test_gemm_kernel = (enum br_gemm_kernel_choice)read_choice(
        "BLASROUTE_TEST_GEMM_KERNEL", kernels, 3, BR_GEMM_KERNEL_AUTO, "auto, direct, tiled");
    settings.test_gemm_tiles = read_count("BLASROUTE_TEST_GEMM_TILES", 64);
    settings.test_gemm_a_pieces = read_count("BLASROUTE_TEST_GEMM_A_PIECES", 64);
    settings.test_gemm_slices = read_count("BLASROUTE_TEST_GEMM_SLICES", 64);
    settings.test_gemm_tail = read_count("BLASROUTE_TEST_GEMM_TAIL", 64);
    settings.test_device_beta = read_switch("BLASROUTE_TEST_DEVICE_BETA", 0);
    settings.test_copy_threads = read_count("BLASROUTE_TEST_COPY_THREADS", 16);
    static const char *const stores[] = {"plain", "streaming"};
    settings.test_copy_streaming =
        read_choice("BLASROUTE_TEST_COPY_STORES", stores, 2, 0, "plain, streaming");
    settings.test_spread = read_switch("BLASROUTE_TEST_SPREAD", 0);
    settings.test_hedge_wait = read_switch("BLASROUTE_TEST_HEDGE_WAIT", 0);
    settings.test_mma_emulate = read_switch("BLASROUTE_TEST_MMA_EMULATE", 0);
    settings.test_device_free = read_bytes("BLASROUTE_TEST_DEVICE_FREE");
    settings.test_nvidia_proc = read_string("BLASROUTE_TEST_NVIDIA_PROC");
}

const struct br_env *br_env(void)
{
    pthread_once(&env_once, read_all);
    return &settings;
}
