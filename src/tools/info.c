/* blasroute-info: what blasroute would do on this machine, and why. The OpenCL platforms and
 * devices, the device blasroute picks, the profiles and the policy in force, the CPU BLAS it
 * loads, and the crossover the cost model predicts for every Level-3 routine. With --env, every
 * BLASROUTE_* variable, what it accepts and its value here.
 *
 * Linked with the library's internals (libblasroute_core), so that every answer comes from the
 * code that routes real calls, not from a copy of its rules. Prints on stdout (it is a tool);
 * the library's own warnings stay on stderr. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu.h"
#include "cpu_kernels.h"
#include "engine/device.h"
#include "engine/engine.h"
#include "env.h"
#include "info_env.h"
#include "policy/decide.h"
#include "policy/policy.h"
#include "policy/learn_store.h"
#include "policy/routing.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "(development)"
#endif

/* ---- OpenCL, asked directly: what is installed, whatever blasroute makes of it ------------- */

static void list_opencl(void)
{
    cl_platform_id platforms[16];
    cl_uint count = 0;
    cl_int error = clGetPlatformIDs(16, platforms, &count);
    printf("OpenCL platforms and devices\n");
    if (error != CL_SUCCESS || count == 0) {
        printf("  none: %s (is an ICD installed under /etc/OpenCL/vendors?)\n",
               error != CL_SUCCESS ? br_cl_error_name(error) : "the ICD loader lists none");
        return;
    }
    for (cl_uint p = 0; p < count && p < 16; p++) {
        char name[256] = "?", version[256] = "?";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        clGetPlatformInfo(platforms[p], CL_PLATFORM_VERSION, sizeof version, version, NULL);
        printf("  platform %u: %s (%s)\n", p, name, version);
        cl_device_id ids[64];
        cl_uint devices = 0;
        error = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 64, ids, &devices);
        if (error != CL_SUCCESS || devices == 0) {
            printf("    no device (%s)\n", br_cl_error_name(error));
            continue;
        }
        for (cl_uint d = 0; d < devices && d < 64; d++) {
            char device[256] = "?", vendor[256] = "?", driver[128] = "?";
            cl_device_type type = 0;
            cl_ulong memory = 0;
            cl_uint units = 0;
            clGetDeviceInfo(ids[d], CL_DEVICE_NAME, sizeof device, device, NULL);
            clGetDeviceInfo(ids[d], CL_DEVICE_VENDOR, sizeof vendor, vendor, NULL);
            clGetDeviceInfo(ids[d], CL_DRIVER_VERSION, sizeof driver, driver, NULL);
            clGetDeviceInfo(ids[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            clGetDeviceInfo(ids[d], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof memory, &memory, NULL);
            clGetDeviceInfo(ids[d], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
            printf("    %u:%u  %s\n          vendor %s, %s, driver %s, %.1f GiB, %u compute "
                   "units\n", p, d, device, vendor, br_device_type_name(type), driver,
                   (double)memory / (1u << 30), units);
        }
    }
}

/* ---- the device blasroute picks, and its profile ------------------------------------------ */

static void show_one_device(int index, const struct br_device *device)
{
    printf("  %d. %u:%u %s (%s, %s)\n", index + 1, device->platform_index,
           device->device_index, device->name, br_device_type_name(device->type),
           device->platform_name);
    if (!device->double_precision) /* the engine declines them; the cost model does not */
        printf("     no double precision: d and z calls stay on the CPU BLAS\n");
}

/* The devices the engine opened; returns the first (the one the decision's profile is). */
static const struct br_device *show_device(enum br_mode mode)
{
    const char *wanted = br_env()->device;
    printf("\nDevices blasroute would use\n");
    if (wanted)
        printf("  chosen by BLASROUTE_DEVICE=%s\n", wanted);
    else
        printf("  chosen by the default rule: the first GPU, then the first accelerator (a CPU "
               "OpenCL device only when BLASROUTE_DEVICE names it; several devices only when "
               "it lists them); in an MPI job, the one at the process's node-local rank, "
               "modulo their number\n");
    if (br_env()->local_rank >= 0)
        printf("  node-local rank %d (%s)%s\n", br_env()->local_rank,
               br_env()->local_rank_from,
               wanted && !strstr(wanted, "local-rank")
                   ? ": not used, BLASROUTE_DEVICE names the devices (gpu:local-rank would use it)"
                   : "");
    if (br_env()->test_faults)
        printf("  BLASROUTE_TEST_FAULT is set: the test suite's OpenCL failures are injected\n");
    if (mode == BR_MODE_CPU)
        printf("  mode is cpu: blasroute itself never opens OpenCL; shown for auto and device "
               "modes\n");
    const struct br_device *first = br_engine_device();
    int count = br_engine_count(), in_use = 0, on_host = 0;
    for (int i = 0; i < count; i++) {
        const struct br_device *device = br_engine_device_at(i);
        if (device) {
            show_one_device(in_use++, device);
            on_host += br_device_is_host_cpu(device);
        }
    }
    if (in_use > 1 && on_host > 1)
        printf("  %d of them are CPU OpenCL devices on the host's own cores: calls are not "
               "spread over them (they would share the cores); they run on the first\n",
               on_host);
    else if (in_use > 1)
        printf("  calls that the cost model predicts faster when spread run over the %d "
               "devices, at shares from their profiles; the others run on the first\n", in_use);
    if (first)
        return first;
    /* The engine keeps its reason to itself (it says it only with BLASROUTE_VERBOSE); asking
     * the discovery again gives it, or says the device was found but could not be set up. */
    char why[512];
    struct br_device found[BR_MAX_DEVICES];
    int found_count = br_device_find_all(found, BR_MAX_DEVICES, why, sizeof why);
    if (found_count > 0)
        snprintf(why, sizeof why, "%s was found but cannot be set up (context or queues)",
                 found[0].name);
    printf("  none: %s\n", why);
    return NULL;
}

/* ---- the policy --------------------------------------------------------------------------- */


static void show_policy(const struct br_policy *policy)
{
    const struct br_env *env = br_env();
    printf("\nPolicy\n  source: %s\n  mode:   %s%s\n", policy->source,
           br_mode_names[policy->mode],
           env->mode_set ? " (BLASROUTE_MODE)" : "");
    /* The library falls back quietly but for one warning: say here that the file was not it. */
    if (env->policy && strcmp(policy->source, env->policy) != 0)
        printf("  BLASROUTE_POLICY=%s was not used (unreadable or malformed: see stderr)\n",
               env->policy);
    if (env->threshold > 0)
        printf("  BLASROUTE_THRESHOLD=%g sets every min_size\n", env->threshold);
    if (env->routines)
        printf("  BLASROUTE_ROUTINES=%s limits the device's routines\n", env->routines);
    const struct br_rule *first = &policy->rules[BR_GEMM][BR_S];
    int uniform = 1;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            const struct br_rule *r = &policy->rules[f][p];
            if (br_routine_exists((enum br_family)f, (enum br_precision)p) &&
                (r->device_allowed != first->device_allowed || r->min_size != first->min_size ||
                 r->margin != first->margin || r->hybrid_allowed != first->hybrid_allowed))
                uniform = 0;
        }
    if (uniform) {
        if (first->device_allowed)
            printf("  all routines: device on, hybrid %s, min_size %g, margin %g\n",
                   first->hybrid_allowed ? "on" : "off", first->min_size, first->margin);
        else
            printf("  all routines: device off\n");
        return;
    }
    printf("  rules (device on|off, min_size, margin):\n  %-7s %-15s %-15s %-15s %s\n", "",
           "s", "d", "c", "z");
    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        printf("  %-7s", br_family_name((enum br_family)f));
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            const struct br_rule *r = &policy->rules[f][p];
            char cell[64] = "-";
            if (br_routine_exists((enum br_family)f, (enum br_precision)p) && r->device_allowed)
                snprintf(cell, sizeof cell, "on %g %g", r->min_size, r->margin);
            else if (br_routine_exists((enum br_family)f, (enum br_precision)p))
                snprintf(cell, sizeof cell, "off");
            printf(p < BR_PRECISION_COUNT - 1 ? " %-15s" : " %s", cell);
        }
        printf("\n");
    }
}

/* ---- the kernels each precision's GEMM runs (the other routines ride on it) ----------------- */

static void show_kernels(const struct br_device *device)
{
    printf("  GEMM kernels on %s:\n", device->name);
    for (int p = BR_S; p < BR_PRECISION_COUNT; p++) {
        struct br_kernel_params params;
        const char *profile;
        char letter = br_precision_letter((enum br_precision)p);
        if ((p == BR_D || p == BR_Z) && !device->double_precision) {
            printf("    %c: none (the device has no double precision)\n", letter);
            continue;
        }
        if (br_engine_params(br_engine_first_index(), (enum br_precision)p, &params, &profile) != 0)
            continue;
        char kernel[80];
        int used = snprintf(kernel, sizeof kernel, "%s",
                            params.gemm.mma ? "tensor-core (gemm_mma.cl)" : "SIMT (gemm.cl)");
        if (params.gemm.stages)
            snprintf(kernel + used, sizeof kernel - (size_t)used, " in %d cp.async stages",
                     params.gemm.stages);
        if (profile)
            printf("    %c: %s, parameters from %s\n", letter, kernel, profile);
        else if (params.gemm.mma)
            printf("    %c: %s, built-in parameters: NVIDIA compute capability %d.%d, 8.0 or "
                   "later\n", letter, kernel, device->nv_compute_capability / 10,
                   device->nv_compute_capability % 10);
        else
            printf("    %c: %s, built-in parameters\n", letter, kernel);
    }
}

/* ---- the CPU BLAS ------------------------------------------------------------------------- */

/* br_cpu_load() aborts the process when no CPU BLAS can be loaded (blasroute must never answer
 * wrongly), but a diagnostic has to survive that to report it: the load runs in a child, which
 * hands the path back through a pipe. Done before OpenCL starts its threads, so that the fork
 * copies a single-threaded process. */
static int probe_cpu_blas(char *path, size_t size)
{
    int fds[2];
    path[0] = 0;
    if (pipe(fds) != 0)
        return -1;
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (child == 0) {
        close(fds[0]);
        br_cpu_load();
        const char *loaded = br_cpu_library_path();
        _exit(write(fds[1], loaded, strlen(loaded)) < 0);
    }
    close(fds[1]);
    size_t used = 0;
    ssize_t got;
    while (used + 1 < size && (got = read(fds[0], path + used, size - 1 - used)) > 0)
        used += (size_t)got;
    path[used] = 0;
    close(fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && used > 0 ? 0 : -1;
}

/* ---- the predicted crossovers ------------------------------------------------------------- */

enum { MAX_SIZES = 256 };

/* Orders 16..1024 by 16, then about 5% steps (multiples of 16) up to 16384. */
static int sweep_sizes(int sizes[MAX_SIZES])
{
    int count = 0;
    for (int n = 16; n <= 1024; n += 16)
        sizes[count++] = n;
    while (sizes[count - 1] < 16384 && count < MAX_SIZES) {
        int next = (int)(sizes[count - 1] * 1.05 / 16 + 0.5) * 16;
        sizes[count++] = next < 16384 ? next : 16384;
    }
    return count;
}

/* The square call the crossovers are found for, as a program would make it: alpha = beta = 1
 * (C read, and moved to the device). */
static struct br_call crossover_call(int family, int precision, int n)
{
    struct br_call c = br_square_call((enum br_family)family, (enum br_precision)precision, n);
    c.alpha = c.beta = br_scalar_real(c.precision, 1.0);
    return c;
}

static void show_crossovers(const struct br_device *opencl,
                            const struct br_device_profile *device,
                            const struct br_cpu_profile *cpu, const struct br_policy *policy)
{
    /* Forced to auto: in cpu or device mode the answer would be the same for every size, and
     * the point is what the cost model says. */
    struct br_policy automatic = *policy;
    automatic.mode = BR_MODE_AUTO;
    int sizes[MAX_SIZES], count = sweep_sizes(sizes);
    printf("\nPredicted crossovers (policy taken in auto mode; square calls: gemm NN, symm/hemm "
           "LU,\n  rank-k UN, trmm/trsm LUNN, alpha = beta = 1): the order from which the device "
           "wins\n  every call up to %d, and the predicted rates there (device: transfers "
           "included)\n", sizes[count - 1]);
    if (!device) {
        printf("  no device: every call runs on the CPU BLAS\n");
        return;
    }
    printf("  %-8s %-14s %12s %12s\n", "routine", "device from n", "CPU GFLOP/s", "dev GFLOP/s");
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            if (!br_routine_exists((enum br_family)f, (enum br_precision)p))
                continue;
            /* From the top down: the first size where the CPU wins ends the device's run. */
            int first = count;
            struct br_prediction prediction;
            const char *reason = "";
            for (int i = count - 1; i >= 0; i--) {
                struct br_call call = crossover_call(f, p, sizes[i]);
                if (br_decide(&call, device, cpu, &automatic, &prediction) != BR_ON_DEVICE) {
                    if (i == count - 1)
                        reason = prediction.reason;
                    break;
                }
                first = i;
            }
            char where[64];
            int n = sizes[first < count ? first : count - 1];
            if ((p == BR_D || p == BR_Z) && !opencl->double_precision)
                snprintf(where, sizeof where, "no fp64");
            else if (first < count)
                snprintf(where, sizeof where, "%d", n);
            else if (strstr(reason, "not allowed"))
                snprintf(where, sizeof where, "off (policy)");
            else if (strstr(reason, "no rates"))
                snprintf(where, sizeof where, "no rates");
            else
                snprintf(where, sizeof where, "never");
            struct br_call call = crossover_call(f, p, n);
            double flops = br_call_flops(&call) * 1e-9;
            double cpu_s = br_predict_cpu_seconds(&call, cpu);
            double dev_s = br_predict_device_seconds(&call, device, &prediction);
            char name[8];
            br_routine_name_lower(&call, name);
            printf("  %-8s %-14s %12.1f %12.1f%s\n", name, where, cpu_s > 0 ? flops / cpu_s : 0,
                   dev_s > 0 ? flops / dev_s : 0, first < count ? "" : "  (at the largest n)");
        }
}

/* One learned cell, as blasroute-info lists them (the first line under a header). */
static void show_learned_entry(const struct br_learned_entry *e, void *shown)
{
    if (!(*(int *)shown)++)
        printf("  %-8s %-9s %-13s %-7s %8s %8s %9s\n", "routine", "shape", "order", "path",
               "factor", "samples", "side ms");
    char order[32], side[32] = "-";
    snprintf(order, sizeof order, "%d-%d", 1 << e->size, (2 << e->size) - 1);
    if (e->cell->side_seconds > 0) /* what its calls cost the CPU's after them (learn.h) */
        snprintf(side, sizeof side, "%.3g", e->cell->side_seconds * 1e3);
    printf("  %c%-7s %-9s %-13s %-7s %8.3g %8u %9s\n", br_precision_letter(e->precision),
           br_family_name(e->family), br_learn_shape_name(e->shape), order,
           br_learn_path_name(e->path), exp(e->cell->log_ratio), e->cell->samples, side);
}

/* What the router has learned on this device (policy/learn.h), as the next process would start
 * from it. */
static void show_learned(const struct br_device *device)
{
    struct br_learned learned;
    char path[1100] = "";
    printf("\nLearned corrections of the model (measured / predicted time)\n");
    if (!device) {
        printf("  none: no device\n");
        return;
    }
    if (br_learn_snapshot(device->name, device->driver, &learned, path, sizeof path) != 0) {
        printf("  off (BLASROUTE_LEARN=0)\n");
        return;
    }
    printf("  file: %s\n", path[0] ? path : "none (no cache directory)");
    int shown = 0;
    br_learned_each(&learned, show_learned_entry, &shown);
    if (!shown)
        printf("  nothing learned yet\n");
}

/* ---- main --------------------------------------------------------------------------------- */

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: blasroute-info [--env | --env-man | --help]\n"
            "  (none)  the OpenCL devices, the device, profiles, policy and CPU BLAS blasroute\n"
            "          would use here, and the predicted device crossover of every Level-3 "
            "routine\n"
            "  --env   every BLASROUTE_* variable: accepted values, default, effect, value now\n"
            "  --env-man  the same, but the test-only ones, as roff for blasroute(7)\n"
            "  --help  this text\n");
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) && argc == 2) {
        usage(stdout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--env-man")) {
        br_info_print_env_man();
        return 0;
    }
    if (argc > 1 && !(argc == 2 && !strcmp(argv[1], "--env"))) {
        fprintf(stderr, "blasroute-info: unknown option or extra argument '%s'\n",
                argc > 2 ? argv[2] : argv[1]);
        usage(stderr);
        return 2;
    }
    if (argc == 2) {
        br_info_print_env();
        return 0;
    }
    /* The settings first, so that their warnings come once (the CPU BLAS probe forks). */
    const struct br_env *env = br_env();
    char cpu_path[4096];
    int have_cpu = probe_cpu_blas(cpu_path, sizeof cpu_path) == 0;
    /* The CPU profile may be a calibration that runs the CPU BLAS in this process: only with
     * one that loads (else br_cpu_load would abort), and before OpenCL's threads start. */
    struct br_cpu_profile estimates;
    const struct br_cpu_profile *cpu_profile = &estimates;
    if (have_cpu)
        cpu_profile = br_routing_cpu_profile();
    else
        br_cpu_profile_builtin(&estimates);

    printf("blasroute-info %s\n\n", PACKAGE_VERSION);
    list_opencl();
    const struct br_policy *policy = br_policy();
    const struct br_device *device = show_device(policy->mode);
    const struct br_device_profile *device_profile = NULL;
    printf("\nProfiles\n");
    if (device) {
        device_profile = br_routing_device_profile(device->vendor, device->name,
                                                   br_device_type_name(device->type));
        printf("  device: %s (%s)\n", device_profile->name, device_profile->source);
        if (env->profile && strcmp(device_profile->source, env->profile) != 0)
            printf("  BLASROUTE_PROFILE=%s was not used (unreadable or malformed: see "
                   "stderr)\n", env->profile);
    } else {
        printf("  device: none (no device)\n");
    }
    printf("  CPU:    %s\n", cpu_profile->source);
    if (device)
        show_kernels(device);
    show_policy(policy);
    printf("\nCPU BLAS\n");
    if (env->cpu_blas)
        printf("  asked:  BLASROUTE_CPU_BLAS=%s (stderr says if it could not be used)\n",
               env->cpu_blas);
    else
        printf("  asked:  the defaults (OpenBLAS, else the reference libblas.so.3)\n");
    if (have_cpu) {
        printf("  loaded: %s\n", cpu_path);
        char kernels[256];
        /* POSIX guarantees a dlsym result converts to a function pointer. */
        if (br_cpu_kernels_describe(
                (char *(*)(void))br_cpu_library_symbol("openblas_get_corename"), kernels,
                sizeof kernels) == 0)
            printf("  kernels: %s\n", kernels);
    }
    else
        printf("  none could be loaded (stderr says why): blasroute aborts on its first BLAS "
               "call; set BLASROUTE_CPU_BLAS\n");
    show_crossovers(device, device_profile, cpu_profile, policy);
    if (have_cpu) /* the table's key names the CPU BLAS */
        show_learned(device);
    return 0;
}
