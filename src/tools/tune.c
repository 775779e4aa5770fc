/* blasroute-tune: tunes the kernels on the user's device and measures what the per-call
 * decision needs (kernel rates over the profile's grid, the host link, launch overhead, the CPU
 * BLAS's rates, the hybrid share), then writes a device profile that the library picks up with
 * no other step (and a CPU profile beside it). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "blasroute.h"
#include "engine/engine.h"
#include "hybrid.h"
#include "policy/decide.h"
#include "policy/routing.h"
#include "stats.h"
#include "tune_measure.h"
#include "tune_search.h"

struct options {
    const char *device, *output, *cpu_output;
    char precisions[5];
    int quick, no_cpu, progress;
    double budget;
    unsigned long long seed;
};

static void usage(FILE *to)
{
    fputs("Usage: blasroute-tune [OPTION]...\n"
          "Tunes blasroute's OpenCL kernels on a device and measures what the per-call decision\n"
          "needs, then writes a device profile that blasroute uses from then on.\n\n"
          "  --device SPEC     the device, as BLASROUTE_DEVICE takes it (P:D, gpu, cpu,\n"
          "                      accelerator, part of a name); default: BLASROUTE_DEVICE, else\n"
          "                      the first GPU, else the first accelerator\n"
          "  --precision LIST  letters of s, d, c, z (default sdcz)\n"
          "  --quick           the built-in parameters, a curated set of moves from them, then\n"
          "                      the best one's neighbours: minutes (under 5 on an H200)\n"
          "  --budget SECONDS  the full search's time for the kernel search (default 1800):\n"
          "                      curated set, random sampling, then neighbours\n"
          "  --seed N          the random sampling's seed (default 1): the same seed tries the\n"
          "                      same candidates in the same order\n"
          "  --output FILE     the device profile (default: the user's profile directory,\n"
          "                      $XDG_DATA_HOME/blasroute/profiles/<device>.profile)\n"
          "  --cpu-output FILE the CPU profile (default: cpu.profile in that directory)\n"
          "  --no-cpu          do not measure the CPU BLAS\n"
          "  --help            print this and exit\n\n"
          "An interrupted run resumes where it stopped (OUTPUT.journal). Every candidate's\n"
          "result is checked against the CPU BLAS before it can win. Exit status: 0 done,\n"
          "1 failed (no device, nothing could be written), 2 invalid option.\n",
          to);
}

static int parse_options(int argc, char **argv, struct options *o)
{
    enum { DEVICE = 256, PRECISION, QUICK, BUDGET, SEED, OUTPUT, CPU_OUTPUT, NO_CPU, HELP };
    static const struct option longs[] = {
        {"device", required_argument, NULL, DEVICE}, {"precision", required_argument, NULL, PRECISION},
        {"quick", no_argument, NULL, QUICK},         {"budget", required_argument, NULL, BUDGET},
        {"seed", required_argument, NULL, SEED},     {"output", required_argument, NULL, OUTPUT},
        {"cpu-output", required_argument, NULL, CPU_OUTPUT},
        {"no-cpu", no_argument, NULL, NO_CPU},       {"help", no_argument, NULL, HELP},
        {NULL, 0, NULL, 0}};
    memset(o, 0, sizeof *o);
    strcpy(o->precisions, "sdcz");
    o->budget = 1800;
    o->seed = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case DEVICE: o->device = optarg; break;
        case QUICK: o->quick = 1; break;
        case OUTPUT: o->output = optarg; break;
        case CPU_OUTPUT: o->cpu_output = optarg; break;
        case NO_CPU: o->no_cpu = 1; break;
        case HELP: usage(stdout); exit(0);
        case PRECISION:
            if (strlen(optarg) > 4 || strspn(optarg, "sdcz") != strlen(optarg) || !optarg[0]) {
                fprintf(stderr, "blasroute-tune: --precision: letters of s, d, c, z\n");
                return -1;
            }
            strcpy(o->precisions, optarg);
            break;
        case BUDGET:
            o->budget = strtod(optarg, &end);
            if (!end || *end || !(o->budget >= 1 && o->budget <= 1e6)) {
                fprintf(stderr, "blasroute-tune: --budget: seconds, 1 or more\n");
                return -1;
            }
            break;
        case SEED:
            errno = 0;
            o->seed = strtoull(optarg, &end, 10);
            if (errno || !end || *end || optarg[0] == '-') {
                fprintf(stderr, "blasroute-tune: --seed: a whole number\n");
                return -1;
            }
            break;
        default:
            usage(stderr);
            return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "blasroute-tune: unexpected argument '%s'\n", argv[optind]);
        return -1;
    }
    o->progress = isatty(STDERR_FILENO);
    return 0;
}

/* --- measurements -------------------------------------------------------------------------- */

/* Each routine's rate with its operands on the device, over the grid, bottom up until one call
 * takes longer than the limit; the larger sizes keep the last rate (rates saturate). */
static void measure_rates(const struct br_device *device, const char *precisions,
                          struct br_device_profile *profile, int progress)
{
    int gpu = !br_device_is_host_cpu(device);
    double limit = gpu ? 0.5 : 0.3;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            if (!br_routine_exists((enum br_family)f, (enum br_precision)p) || !strchr(precisions, br_precision_letter((enum br_precision)p)))
                continue;
            char name[8];
            snprintf(name, sizeof name, "%c%s", br_precision_letter((enum br_precision)p),
                     br_family_name((enum br_family)f));
            double *row = profile->rates[f][p], last = 0;
            int max = gpu ? (f == BR_GEMM ? 8192 : 4096) : 1024;
            for (int i = 0; i < BR_GRID_POINTS; i++) {
                int n = (int)br_grid_sizes[i];
                double seconds[2] = {0, 0};
                if (n <= max) {
                    struct br_call c = br_square_call((enum br_family)f, (enum br_precision)p, n);
                    if (blasroute_bench_resident(name, "", n, n, n, 2, seconds) == 0 &&
                        seconds[0] > 0) {
                        last = br_call_flops(&c) / seconds[0] * 1e-9;
                        row[i] = last;
                        if (seconds[0] > limit)
                            max = n;
                        continue;
                    }
                }
                row[i] = last;
            }
            if (progress)
                fprintf(stderr, "\rblasroute-tune: rates: %-7s        ", name);
        }
    if (progress)
        fprintf(stderr, "\n");
}

/* One kernel launch, as the decision counts it: a tiny GEMM (the direct kernel), resident. */
static double measure_launch_us(void)
{
    double seconds[2] = {0, 0};
    return blasroute_bench_resident("sgemm", "", 4, 4, 4, 20, seconds) == 0 ? seconds[0] * 1e6
                                                                             : 20;
}

static int measure_link(const struct br_device *device, struct br_device_profile *profile)
{
    cl_int error = CL_SUCCESS;
    cl_context context = clCreateContext(NULL, 1, &device->id, NULL, NULL, &error);
    if (error != CL_SUCCESS)
        return -1;
    cl_command_queue queue = clCreateCommandQueue(context, device->id, 0, &error);
    struct tune_link link;
    if (error == CL_SUCCESS)
        error = tune_measure_link(context, device->id, queue, !br_device_is_host_cpu(device) ? 64 << 20 : 16 << 20,
                                  &link);
    if (queue)
        clReleaseCommandQueue(queue);
    clReleaseContext(context);
    if (error != CL_SUCCESS)
        return -1;
    profile->h2d_pageable = link.h2d_pageable, profile->h2d_pinned = link.h2d_pinned;
    profile->d2h_pageable = link.d2h_pageable, profile->d2h_pinned = link.d2h_pinned;
    profile->latency_us = link.latency_us, profile->host_copy = link.host_copy;
    return 0;
}

/* The hybrid share, measured: a large GEMM split at shares around the cost model's (with the
 * rates just measured), and on the device alone; the fastest share wins. */
struct hybrid_result {
    double share, seconds, device_seconds;
    double slowdown; /* measured time over the model's unhindered prediction at that share */
};

static double time_split(const struct br_call *call, double share, void *c, const void *c0,
                         size_t c_bytes)
{
    /* One device and the CPU, as the router runs a hybrid call on one device. */
    double best = INFINITY, shares[2] = {share, 1 - share};
    int engines[2] = {br_engine_first_index(), BR_WORKER_CPU};
    struct br_spread spread;
    br_spread_call(call, shares, 2, &spread);
    for (int r = 0; r < 3; r++) {
        memcpy(c, c0, c_bytes);
        double start = br_seconds_now();
        br_run_spread(&spread, engines);
        double t = br_seconds_now() - start;
        if (r > 0 && t < best) /* the first run warms up (buffers, programs) */
            best = t;
    }
    return best;
}

static int measure_hybrid(const struct br_device *device, const struct br_device_profile *dev,
                          const struct br_cpu_profile *cpu, struct hybrid_result *out)
{
    int n = !br_device_is_host_cpu(device) ? 4096 : 512;
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *c0 = malloc(bytes);
    if (!a || !b || !c || !c0) {
        free(a), free(b), free(c), free(c0);
        return -1;
    }
    for (size_t i = 0; i < (size_t)n * n; i++)
        a[i] = (float)(i % 7) * 0.1f, b[i] = (float)(i % 5) * 0.1f, c0[i] = 0.5f;
    struct br_call call = br_square_call(BR_GEMM, BR_S, n);
    call.alpha = br_scalar_real(BR_S, 1.0), call.beta = br_scalar_real(BR_S, 0.5);
    call.a = a, call.b = b, call.c = c;
    struct br_policy policy;
    br_policy_default(&policy);
    struct br_device_profile model = *dev;
    model.hybrid_share = -1;
    double center = br_hybrid_share(&call, &model, cpu, &policy);
    out->device_seconds = time_split(&call, 1, c, c0, bytes);
    out->seconds = INFINITY;
    static const double factors[] = {0.8, 0.9, 1, 1.05, 1.1};
    for (size_t i = 0; i < sizeof factors / sizeof factors[0]; i++) {
        double share = fmin(0.995, center * factors[i]);
        double t = time_split(&call, share, c, c0, bytes);
        if (t < out->seconds)
            out->seconds = t, out->share = share;
    }
    double up, down;
    model.hybrid_slowdown = 1;
    double predicted = br_predict_hybrid_seconds(&call, &model, cpu, out->share, &up, &down);
    out->slowdown = predicted > 0 ? fmin(100, fmax(1, out->seconds / predicted)) : 2;
    free(a), free(b), free(c), free(c0);
    return 0;
}

/* --- output ------------------------------------------------------------------------------- */

static int make_directories(const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(dir, 0755) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return 0;
}

static void write_rates(FILE *f, const br_rate_table *rates)
{
    fprintf(f, "[rates]\nsizes =");
    for (int i = 0; i < BR_GRID_POINTS; i++)
        fprintf(f, " %.0f", br_grid_sizes[i]);
    fprintf(f, "\n");
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        for (int fam = 0; fam < BR_FAMILY_COUNT; fam++) {
            const double *row = (*rates)[fam][p];
            if (row[BR_GRID_POINTS - 1] <= 0)
                continue;
            fprintf(f, "%c%s =", br_precision_letter((enum br_precision)p),
                    br_family_name((enum br_family)fam));
            for (int i = 0; i < BR_GRID_POINTS; i++)
                fprintf(f, " %.4g", row[i]);
            fprintf(f, "\n");
        }
}

/* Written to a temporary file and renamed: a reader never sees half a profile. */
static FILE *open_atomic(const char *path, char *temporary, size_t size)
{
    if (make_directories(path) != 0)
        return NULL;
    snprintf(temporary, size, "%s.tmp%ld", path, (long)getpid());
    return fopen(temporary, "w");
}

static int close_atomic(FILE *f, const char *temporary, const char *path)
{
    int failed = ferror(f);
    failed |= fclose(f) != 0;
    if (failed || rename(temporary, path) != 0) {
        remove(temporary);
        return -1;
    }
    return 0;
}

static void header(FILE *f, const struct br_device *device, const struct options *o,
                   double seconds)
{
    char date[32];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    fprintf(f, "# Tuned by blasroute-tune %s on %s, %s search (seed %llu), %.0f s.\n"
               "# Device: %s (%s), platform %s, driver %s.\n",
            VERSION, date, o->quick ? "quick" : "full", o->seed, seconds, device->name,
            device->vendor, device->platform_name, device->driver);
}

static int write_device_profile(const char *path, const struct br_device *device,
                                const struct options *o, double seconds,
                                const struct br_device_profile *p,
                                const struct hybrid_result *hybrid)
{
    char temporary[1100];
    FILE *f = open_atomic(path, temporary, sizeof temporary);
    if (!f)
        return -1;
    header(f, device, o, seconds);
    fprintf(f, "[device]\nname = %s\nvendor = %s\nmatch = %s\ntype = %s\n\n", device->name,
            device->vendor, device->name, br_device_type_name(device->type));
    fprintf(f, "[link]\nh2d_pageable = %.3g\nh2d_pinned = %.3g\nd2h_pageable = %.3g\n"
               "d2h_pinned = %.3g\nlatency_us = %.3g\nhost_copy = %.3g\nlaunch_us = %.3g\n",
            p->h2d_pageable, p->h2d_pinned, p->d2h_pageable, p->d2h_pinned, p->latency_us,
            p->host_copy, p->launch_us);
    if (p->h2d_staged > 0 && p->d2h_staged > 0)
        fprintf(f, "h2d_staged = %.3g\nd2h_staged = %.3g\n", p->h2d_staged, p->d2h_staged);
    if (p->d2h_staged_add > 0)
        fprintf(f, "d2h_staged_add = %.3g\n", p->d2h_staged_add);
    fprintf(f, "\n");
    write_rates(f, &p->rates);
    fprintf(f, "\n[hybrid]\n");
    if (hybrid) {
        fprintf(f, "# sgemm %s: device alone %.4g s, best split %.4g s at this share\n",
                !br_device_is_host_cpu(device) ? "4096" : "512", hybrid->device_seconds, hybrid->seconds);
        fprintf(f, "share = %.3f\nslowdown = %.2f\n", hybrid->share, hybrid->slowdown);
    } else {
        fprintf(f, "share = auto\n");
    }
    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        if (!p->params_given[q][0])
            continue;
        fprintf(f, "\n[params.%c]\n", br_precision_letter((enum br_precision)q));
        for (int k = 0; k < BR_KERNEL_PARAM_COUNT; k++)
            fprintf(f, "%s = %.17g\n", br_kernel_param_keys[k].name,
                    br_kernel_param_get(&p->params[q], k));
    }
    return close_atomic(f, temporary, path);
}

static int write_cpu_profile(const char *path, const struct br_device *device,
                             const struct options *o, const br_rate_table *rates)
{
    char temporary[1100];
    FILE *f = open_atomic(path, temporary, sizeof temporary);
    if (!f)
        return -1;
    header(f, device, o, 0);
    fprintf(f, "# The CPU BLAS's rates (GFLOP/s, square problems), measured on this host.\n");
    write_rates(f, rates);
    return close_atomic(f, temporary, path);
}

/* "NVIDIA H200" -> "nvidia-h200" */
static void slug(const char *name, char *out, size_t size)
{
    size_t used = 0;
    for (const char *p = name; *p && used + 1 < size; p++) {
        char ch = *p;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
            out[used++] = ch;
        else if (used && out[used - 1] != '-')
            out[used++] = '-';
    }
    while (used && out[used - 1] == '-')
        used--;
    out[used] = 0;
}

/* --- the run ------------------------------------------------------------------------------ */

/* The journal of this device and search: reopened for appending, its entries loaded, if it
 * belongs to the same device, driver, seed and kind of search; else started afresh. */
static FILE *open_journal(const char *path, const struct br_device *device,
                          const struct options *o)
{
    char first[1024], expected[1024];
    snprintf(expected, sizeof expected, "# blasroute-tune journal: %s | %s | seed %llu | %s\n",
             device->name, device->driver, o->seed, o->quick ? "quick" : "full");
    FILE *f = fopen(path, "r");
    if (f && fgets(first, sizeof first, f) && strcmp(first, expected) == 0) {
        tune_journal_load(f);
        fclose(f);
        return fopen(path, "a");
    }
    if (f)
        fclose(f);
    f = fopen(path, "w");
    if (f)
        fputs(expected, f), fflush(f);
    return f;
}

int main(int argc, char **argv)
{
    struct options o;
    if (parse_options(argc, argv, &o) != 0)
        return 2;
    if (o.device)
        setenv("BLASROUTE_DEVICE", o.device, 1);
    setenv("BLASROUTE_CACHE", "0", 1); /* candidates are not worth keeping on disk */
    if (!br_engine_ready()) {
        fprintf(stderr, "blasroute-tune: no usable OpenCL device%s (BLASROUTE_VERBOSE=1 says "
                        "why; --device cpu names a CPU OpenCL device)\n",
                o.device ? " matches --device" : "");
        return 1;
    }
    const struct br_device *device = br_engine_device();
    double start = br_seconds_now();

    char directory[1024], output[1200], cpu_output[1200], name[128];
    int have_directory = br_routing_user_profile_directory(directory, sizeof directory);
    slug(device->name, name, sizeof name);
    if (o.output)
        snprintf(output, sizeof output, "%s", o.output);
    else if (have_directory)
        snprintf(output, sizeof output, "%s/%s.profile", directory, name);
    if (o.cpu_output)
        snprintf(cpu_output, sizeof cpu_output, "%s", o.cpu_output);
    else if (have_directory)
        snprintf(cpu_output, sizeof cpu_output, "%s/cpu.profile", directory);
    if ((!o.output || (!o.no_cpu && !o.cpu_output)) && !have_directory) {
        fprintf(stderr, "blasroute-tune: no home directory for the profiles; give --output "
                        "(and --cpu-output or --no-cpu)\n");
        return 1;
    }
    char journal_path[1300];
    snprintf(journal_path, sizeof journal_path, "%s.journal", output);
    if (make_directories(journal_path) != 0) {
        fprintf(stderr, "blasroute-tune: cannot create the directory of %s\n", output);
        return 1;
    }
    FILE *journal = open_journal(journal_path, device, &o);

    struct br_device_profile profile;
    memset(&profile, 0, sizeof profile);
    printf("blasroute-tune: %s (%s, driver %s), %s search\n", device->name, device->platform_name,
           device->driver, o.quick ? "quick" : "full");
    /* The kernel search's time, shared by the precisions. */
    int count = (int)strlen(o.precisions);
    double search_time = o.quick ? (!br_device_is_host_cpu(device) ? 150 : 40) : o.budget;
    for (const char *letter = o.precisions; *letter; letter++) {
        enum br_precision p = (enum br_precision)(strchr("sdcz", *letter) - "sdcz");
        if ((p == BR_D || p == BR_Z) && !device->double_precision) {
            printf("  %cgemm: no double precision on this device; skipped\n", *letter);
            continue;
        }
        struct tune_search s = {.device = device, .precision = p,
                                .timed_size = !br_device_is_host_cpu(device) ? 4096 : 256,
                                .deadline = br_seconds_now() + search_time / count, .full = !o.quick,
                                .seed = o.seed, .journal = journal, .progress = o.progress};
        if (tune_search_run(&s) != 0) {
            printf("  %cgemm: even the built-in parameters failed the check; kept\n", *letter);
            continue;
        }
        profile.params[p] = s.best;
        memset(profile.params_given[p], 1, sizeof profile.params_given[p]);
        br_engine_override_params(p, &s.best);
        printf("  %cgemm: %d candidates (%d rejected, %d from the journal); kernel at n = %d: %.0f GFLOP/s, built-in "
               "%.0f (x%.2f); tile %dx%dx%d, work-items %dx%d, vectors %d/%d, local %d/%d, "
               "unroll %d, double-buffered %d, register cap %d\n",
               *letter, s.tried, s.rejected, s.from_journal, s.timed_size, s.best_gflops, s.default_gflops,
               s.best_gflops / s.default_gflops, s.best.gemm.mwg, s.best.gemm.nwg,
               s.best.gemm.kwg, s.best.gemm.mdimc, s.best.gemm.ndimc, s.best.gemm.vwm,
               s.best.gemm.vwn, s.best.gemm.sa, s.best.gemm.sb, s.best.gemm.kwi, s.best.gemm.db,
               s.best.max_registers);
    }
    if (journal)
        fclose(journal);

    measure_rates(device, o.precisions, &profile, o.progress);
    profile.launch_us = measure_launch_us();
    if (measure_link(device, &profile) != 0)
        fprintf(stderr, "blasroute-tune: the link could not be measured; a modest one is "
                        "written\n");
    if (!profile.h2d_pinned)
        profile.h2d_pageable = profile.d2h_pageable = 4, profile.h2d_pinned =
            profile.d2h_pinned = profile.host_copy = 8, profile.latency_us = 20;
    /* What a call's matrices really move at: the engine's own staged path. */
    if (br_engine_measure_staged(br_device_is_host_cpu(device) ? 16 << 20 : 256 << 20,
                                 &profile.h2d_staged, &profile.d2h_staged,
                                 &profile.d2h_staged_add) != 0)
        profile.h2d_staged = profile.d2h_staged = profile.d2h_staged_add = 0;
    printf("  link: to the device %.1f GB/s pageable, %.1f pinned; back %.1f / %.1f; latency "
           "%.1f us; host copies %.1f GB/s; the engine's staged path %.1f up, %.1f down, %.1f "
           "down adding beta C; a launch %.1f us\n",
           profile.h2d_pageable, profile.h2d_pinned, profile.d2h_pageable, profile.d2h_pinned,
           profile.latency_us, profile.host_copy, profile.h2d_staged, profile.d2h_staged,
           profile.d2h_staged_add, profile.launch_us);

    struct br_cpu_profile cpu;
    memcpy(&cpu, br_routing_cpu_profile(), sizeof cpu);
    if (!o.no_cpu) {
        memset(&cpu, 0, sizeof cpu);
        if (tune_measure_cpu_rates(o.quick ? 20 : 60, 1.0, &cpu.rates) != 0 ||
            write_cpu_profile(cpu_output, device, &o, &cpu.rates) != 0) {
            fprintf(stderr, "blasroute-tune: cannot write %s\n", cpu_output);
            return 1;
        }
        printf("  CPU BLAS rates: %s\n", cpu_output);
    }
    struct hybrid_result hybrid;
    int have_hybrid = strchr(o.precisions, 's') &&
                      measure_hybrid(device, &profile, &cpu, &hybrid) == 0;
    if (have_hybrid)
        printf("  hybrid sgemm: device alone %.4g s, split at %.3f: %.4g s (%.2f times the "
               "unhindered prediction)\n",
               hybrid.device_seconds, hybrid.share, hybrid.seconds, hybrid.slowdown);
    if (write_device_profile(output, device, &o, br_seconds_now() - start, &profile,
                             have_hybrid ? &hybrid : NULL) != 0) {
        fprintf(stderr, "blasroute-tune: cannot write %s\n", output);
        return 1;
    }
    remove(journal_path);
    printf("  profile: %s (%.0f s)\n", output, br_seconds_now() - start);
    return 0;
}
