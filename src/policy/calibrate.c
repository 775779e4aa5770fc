#include "policy/calibrate.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "cpu_level3.h"
#include "cpu_names.h"
#include "engine/cache.h"
#include "env.h"
#include "log.h"
#include "policy/keyfile.h"
#include "policy/model.h"

static double log_distance(double a, double b)
{
    return fabs(log(a / b));
}

/* How far apart the two measured rows of a precision pair may stand, as a factor on the
 * built-in rows' proportion (single precision at 1.4 times double's rate in flops): a CPU
 * BLAS runs single precision at 1 to 2 times double's rate (twice the SIMD lanes; about the
 * same without SIMD), well within half to twice that proportion. */
static const double precision_band = 2;

/* A measurement errs one way only, slow (a thread waking, a core another thread holds, a
 * call of the program's beside it). So where the measured rows of a pair (`single`, `twin`:
 * s and d, or c and z) stand further apart than precision_band allows, the slower was
 * disturbed, and is taken at the faster one's fraction of the built-in rates, point by point.
 * How many points were. */
static int settle_pair(struct br_cpu_profile *out, const struct br_cpu_profile *base,
                       int single, int twin)
{
    int settled = 0;
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        double *s = &out->rates[BR_GEMM][single][i], *d = &out->rates[BR_GEMM][twin][i];
        double s_base = base->rates[BR_GEMM][single][i], d_base = base->rates[BR_GEMM][twin][i];
        if (!(s_base > 0 && d_base > 0 && *s > 0 && *d > 0))
            continue;
        double s_fraction = *s / s_base, d_fraction = *d / d_base;
        if (s_fraction * precision_band < d_fraction)
            *s = s_base * d_fraction, settled++;
        else if (d_fraction * precision_band < s_fraction)
            *d = d_base * s_fraction, settled++;
    }
    return settled;
}

/* What a profile's source says of a settled pair. */
static const char settled_note[] = "one precision measured far slower than its twin can run, "
                                   "taken at the twin's fraction of the built-in rates";

int br_cpu_profile_settle_precisions(struct br_cpu_profile *profile,
                                     const int measured[BR_PRECISION_COUNT])
{
    struct br_cpu_profile base;
    br_cpu_profile_builtin(&base);
    int settled = 0;
    if (measured[BR_S] && measured[BR_D])
        settled += settle_pair(profile, &base, BR_S, BR_D);
    if (measured[BR_C] && measured[BR_Z])
        settled += settle_pair(profile, &base, BR_C, BR_Z);
    return settled;
}

int br_cpu_profile_from_measurements(const double *orders, const double *s_rates,
                                     const double *d_rates, int count,
                                     struct br_cpu_profile *out)
{
    struct br_cpu_profile base;
    br_cpu_profile_builtin(&base);
    memset(out, 0, sizeof *out);
    for (int p = 0; p < 2; p++) {
        const double *measured = p == 0 ? s_rates : d_rates;
        const double *curve = base.rates[BR_GEMM][p];
        for (int i = 0; i < BR_GRID_POINTS; i++) {
            /* The measurement nearest this grid size scales the built-in curve. */
            int nearest = 0;
            for (int j = 1; j < count; j++)
                if (log_distance(orders[j], br_grid_sizes[i]) <
                    log_distance(orders[nearest], br_grid_sizes[i]))
                    nearest = j;
            double reference = br_profile_rate(&base.rates, BR_GEMM, (enum br_precision)p,
                                               orders[nearest]);
            double scale = reference > 0 && measured[nearest] > 0 ? measured[nearest] / reference
                                                                  : 1;
            out->rates[BR_GEMM][p][i] = curve[i] * scale;
        }
    }
    static const int both[BR_PRECISION_COUNT] = {1, 1, 0, 0};
    int settled = br_cpu_profile_settle_precisions(out, both);
    if (settled)
        snprintf(out->source, sizeof out->source, "%s", settled_note);
    /* Complex GEMM runs at about the real one's rate in flops. */
    for (int p = 0; p < 2; p++)
        memcpy(out->rates[BR_GEMM][p + 2], out->rates[BR_GEMM][p],
               sizeof out->rates[BR_GEMM][p]);
    return settled;
}

void br_cpu_observe(struct br_cpu_observation *seen, const struct br_call *call, double seconds)
{
    double order = br_cpu_effective_size(call); /* where the model looks its rate up */
    if (order < 128 || !(seconds > 0))
        return;
    struct br_cpu_profile base;
    br_cpu_profile_builtin(&base);
    double expected = br_profile_rate(&base.rates, BR_GEMM, call->precision, order);
    double rate = br_call_flops(call) / seconds * 1e-9;
    if (!(expected > 0) || !isfinite(rate))
        return;
    int p = call->precision;
    if (call->family == BR_GEMM) {
        seen->best_ratio[p] = fmax(seen->best_ratio[p], rate / expected);
        seen->samples[p]++;
    } else {
        seen->other_ratio[p] = fmax(seen->other_ratio[p], rate / expected);
        seen->other_samples[p]++;
    }
}

int br_cpu_profile_from_observation(const struct br_cpu_observation *seen,
                                    struct br_cpu_profile *out)
{
    int total = 0, gemm = 0;
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        total += seen->samples[p] + seen->other_samples[p], gemm += seen->samples[p];
    if (total < br_cpu_observations_needed)
        return -1;
    /* GEMM's calls once four were seen; before that, the best of every routine's (GEMM's the
     * fastest where it is among them). */
    int samples[BR_PRECISION_COUNT];
    double ratio[BR_PRECISION_COUNT];
    for (int p = 0; p < BR_PRECISION_COUNT; p++) {
        int gemm_only = gemm >= br_cpu_observations_needed;
        samples[p] = seen->samples[p] + (gemm_only ? 0 : seen->other_samples[p]);
        ratio[p] = gemm_only ? seen->best_ratio[p]
                             : fmax(seen->best_ratio[p], seen->other_ratio[p]);
    }
    /* GEMM's rows only, as a calibration's: the model reads the other families' there. */
    struct br_cpu_profile base;
    br_cpu_profile_builtin(&base);
    memset(out, 0, sizeof *out);
    /* A precision unseen, and its counterpart too, keeps the built-in row, which leans to the
     * CPU, rather than another precision's ratio: single and double precision stand at
     * different fractions of the built-in rates on a CPU. On the H200's host (2026-11-27) the
     * first four calls, ssyrk 512, measured single precision at 0.47 of the built-in rates,
     * which the double rows took too: dsyrk n = 8192, k = 64 was predicted 26 ms on the CPU,
     * which took 15, and went to the device, which took 21. */
    int measured[BR_PRECISION_COUNT];
    for (int p = 0; p < BR_PRECISION_COUNT; p++) {
        int counterpart = p ^ 2; /* s <-> c, d <-> z (enum br_precision's order) */
        int from = samples[p] ? p : samples[counterpart] ? counterpart : -1;
        for (int i = 0; i < BR_GRID_POINTS; i++)
            out->rates[BR_GEMM][p][i] = base.rates[BR_GEMM][p][i] * (from < 0 ? 1 : ratio[from]);
        measured[p] = from >= 0;
    }
    int settled = br_cpu_profile_settle_precisions(out, measured);
    snprintf(out->source, sizeof out->source, "the program's own %d Level-3 calls (%d of GEMM)%s%s",
             total, gemm, settled ? "; " : "", settled ? settled_note : "");
    return 0;
}

/* The threads the CPU BLAS will use: its own variables first, as OpenBLAS reads them. */
static long cpu_threads(void)
{
    static const char *const names[] = {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS",
                                        "OMP_NUM_THREADS"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = getenv(names[i]);
        if (value && atol(value) > 0)
            return atol(value);
    }
    return sysconf(_SC_NPROCESSORS_ONLN);
}

/* The CPU's model name, as the processor reports it (x86: CPUID's brand string, the one the
 * kernel shows as /proc/cpuinfo's "model name" on a plain host), else the first "model name"
 * of /proc/cpuinfo, else "unknown": read once (every cache key names it, and a routed call's
 * first weighing looks up several). Not /proc/cpuinfo on x86: its first read in a process
 * samples every core's clock (its "cpu MHz"), 0.24 ms on the development machine against
 * 0.02 for the next read, inside the call that first needed the key (2026-12-06). */
static char model_name[256];

static int brand_string(char *name, size_t size)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned words[12], top = __get_cpuid_max(0x80000000u, NULL);
    if (top < 0x80000004u)
        return -1;
    for (unsigned leaf = 0; leaf < 3; leaf++) {
        unsigned *w = words + 4 * leaf;
        __get_cpuid(0x80000002u + leaf, &w[0], &w[1], &w[2], &w[3]);
    }
    char text[sizeof words + 1];
    memcpy(text, words, sizeof words);
    text[sizeof words] = 0;
    const char *trimmed = br_trim(text);
    if (!*trimmed)
        return -1;
    snprintf(name, size, "%s", trimmed);
    return 0;
#else
    (void)name;
    (void)size;
    return -1;
#endif
}

static void read_cpu_model(void)
{
    snprintf(model_name, sizeof model_name, "unknown");
    if (brand_string(model_name, sizeof model_name) == 0)
        return;
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon) {
                snprintf(model_name, sizeof model_name, "%s", colon + 2);
                model_name[strcspn(model_name, "\n")] = 0;
            }
            break;
        }
    }
    if (f)
        fclose(f);
}

static const char *cpu_model(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_cpu_model);
    return model_name;
}

void br_cpu_calibration_key(enum br_names names, char *key, size_t size)
{
    snprintf(key, size, "cpu=%s; blas=%s; threads=%ld", cpu_model(), br_cpu_named_library(names),
             cpu_threads());
}

/* The cache file for this CPU, CPU BLAS and thread count. */
static int cache_path(enum br_names names, char *path, size_t size, char *key, size_t key_size)
{
    br_cpu_calibration_key(names, key, key_size);
    return br_cache_file(path, size, "cpu", key, "profile");
}

static int load_cached(const char *path, const char *key, struct br_cpu_profile *out)
{
    struct br_keyfile file;
    if (br_keyfile_read_cached(path, "calibration", key, &file) != 0)
        return -1;
    struct br_keyfile rates = file; /* the entries after the key */
    rates.entries = file.entries + 1;
    rates.count = file.count - 1;
    int ok = br_cpu_profile_from_keys(&rates, out) == 0;
    br_keyfile_free(&file);
    return ok ? 0 : -1;
}

static void store(const char *path, const char *key, const struct br_cpu_profile *p)
{
    char temporary[1100];
    FILE *f = br_cache_file_begin(path, temporary, sizeof temporary);
    if (!f)
        return;
    fprintf(f, "# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by\n"
               "# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.\n"
               "[calibration]\nkey = %s\n[rates]\n", key);
    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        fprintf(f, "%cgemm =", br_precision_letter((enum br_precision)q));
        for (int i = 0; i < BR_GRID_POINTS; i++)
            fprintf(f, " %.4g", p->rates[BR_GEMM][q][i]);
        fprintf(f, "\n");
    }
    br_cache_file_end(f, temporary, path);
}

/* Times GEMM on the CPU BLAS of the names at growing orders while the budget lasts. */
static int measure(enum br_names names, double *orders, double *s_rates, double *d_rates)
{
    static const int sizes[] = {64, 128, 256, 512};
    const double budget = 0.045; /* seconds of measurement: the issue allows 50 ms in all */
    const double wall_limit = 2; /* seconds in all, however busy the program keeps the CPU */
    const size_t elements = 512 * 512 * 3;
    double *d = malloc(elements * sizeof *d);
    float *s = malloc(elements * sizeof *s);
    if (!d || !s) {
        free(d);
        free(s);
        return 0;
    }
    /* Small values: no overflow, no NaN, nothing a program could notice. */
    for (size_t i = 0; i < elements; i++)
        s[i] = (float)(d[i] = 1.0 / (double)(i % 97 + 1));
    /* The program's floating-point exception flags are its own: put them back afterwards. */
    fexcept_t flags;
    fegetexceptflag(&flags, FE_ALL_EXCEPT);
    double start = br_seconds_now(), used = 0; /* used: seconds of clean measurements */
    int count = 0;
    for (int i = 0; i < 4 && used < budget && br_seconds_now() - start < wall_limit; i++) {
        int n = sizes[i];
        size_t nn = (size_t)n * (size_t)n;
        double rates[2] = {0, 0};
        for (int p = 0; p < 2; p++) {
            struct br_call call = {.names = names, .family = BR_GEMM,
                                   .precision = p ? BR_D : BR_S,
                                   .work = BR_WORK_FULL, .transa = 'N', .transb = 'N', .m = n,
                                   .n = n, .k = n, .lda = n, .ldb = n, .ldc = n};
            if (p) {
                call.a = d, call.b = d + nn, call.c = d + 2 * nn;
                call.alpha.d = 1, call.beta.d = 0;
            } else {
                call.a = s, call.b = s + nn, call.c = s + 2 * nn;
                call.alpha.s = 1, call.beta.s = 0;
            }
            br_cpu_level3(&call); /* warm: threads started, caches filled */
            /* Best of up to three: one call can meet a thread waking or the scheduler, and a
             * rate half the truth would send calls to a device that loses. The calibration
             * runs on the warm-up thread while the program's own calls go on (warmup.h): a
             * time that shared the CPU BLAS with one of them is thrown away, and tried again
             * while the wall-clock limit lasts. */
            double best = INFINITY;
            for (int clean = 0;
                 clean < 3 && (clean == 0 || used < budget) && br_seconds_now() - start < wall_limit;) {
                int before = br_cpu_calls_elsewhere();
                double t = br_seconds_now();
                br_cpu_level3(&call);
                double took = br_seconds_now() - t;
                if (before || br_cpu_calls_elsewhere()) {
                    usleep(1000);
                    continue;
                }
                used += took;
                clean++;
                best = fmin(best, took);
            }
            rates[p] = best > 0 ? 2.0 * n * n * n / best * 1e-9 : 0;
        }
        if (rates[0] <= 0 || rates[1] <= 0)
            break;
        orders[count] = n;
        s_rates[count] = rates[0];
        d_rates[count] = rates[1];
        count++;
    }
    fesetexceptflag(&flags, FE_ALL_EXCEPT);
    free(d);
    free(s);
    return count;
}

/* The cached calibration at path for key into *out, named by its file: 0, or -1 if none. */
static int from_cache(const char *path, const char *key, struct br_cpu_profile *out)
{
    if (load_cached(path, key, out) != 0)
        return -1;
    snprintf(out->source, sizeof out->source, "%s", path);
    return 0;
}

int br_cpu_calibration_cached(enum br_names names, struct br_cpu_profile *out)
{
    char path[1024], key[1024];
    return cache_path(names, path, sizeof path, key, sizeof key) == 0
               ? from_cache(path, key, out)
               : -1;
}

void br_cpu_calibration_keep(enum br_names names, const struct br_cpu_profile *profile)
{
    char path[1024], key[1024];
    if (cache_path(names, path, sizeof path, key, sizeof key) == 0)
        store(path, key, profile);
}

int br_cpu_calibrate(enum br_names names, struct br_cpu_profile *out)
{
    char path[1024], key[1024];
    int cached = cache_path(names, path, sizeof path, key, sizeof key);
    if (cached == 0 && from_cache(path, key, out) == 0)
        return 0;
    double orders[4], s_rates[4], d_rates[4];
    int count = measure(names, orders, s_rates, d_rates);
    if (count == 0)
        return -1;
    int settled = br_cpu_profile_from_measurements(orders, s_rates, d_rates, count, out);
    snprintf(out->source, sizeof out->source, "calibrated now (%d sizes)%s%s", count,
             settled ? "; " : "", settled ? settled_note : "");
    if (cached == 0)
        store(path, key, out);
    br_verbose("CPU BLAS calibrated: dgemm %.0f GFLOP/s at n = %.0f (%s)", d_rates[count - 1],
               orders[count - 1], key);
    return 0;
}
