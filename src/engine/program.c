#include "engine/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cache.h"
#include "engine/engine.h"
#include "engine/kernel_sources.h"
#include "engine/launch.h"
#include "env.h"
#include "log.h"

/* The files of a precision's program, in order: common.cl first, it defines the element type. */
static const char *const gemm_files[] = {"common.cl",   "copy.cl",        "gemm.cl",
                                         "gemm_mma.cl", "gemm_direct.cl", "trsm.cl",
                                         "lapack.cl"};

/* The kernels of a program and the names they have in kernels/. */
enum { KERNEL_COUNT = 9 };
struct program_kernel {
    cl_kernel *kernel;
    const char *name;
};

static void program_kernels(struct br_program *p, struct program_kernel out[KERNEL_COUNT])
{
    const struct program_kernel kernels[KERNEL_COUNT] = {
        {&p->pack_straight, "pack_straight"},     {&p->pack_transpose, "pack_transpose"},
        {&p->pack_structured, "pack_structured"}, {&p->gemm_tiled, "gemm_tiled"},
        {&p->gemm_direct, "gemm_direct"},         {&p->invert_blocks, "invert_diagonal_blocks"},
        {&p->gemm_thin, "gemm_thin"},             {&p->gemm_sum_layers, "gemm_sum_layers"},
        {&p->swap_rows, "swap_rows"}};
    memcpy(out, kernels, sizeof kernels);
}

/* What a cached binary must match: the device and driver it was built by, the exact source and
 * the options. */
static void cache_key(const struct br_device *device, const char *source, const char *options,
                      char *key, size_t size)
{
    snprintf(key, size,
             "blasroute program 1\nplatform=%s\nplatform-version=%s\ndevice=%s\nvendor=%s\n"
             "driver=%s\nsource=%016llx/%zu\noptions=%s\n",
             device->platform_name, device->platform_version, device->name, device->vendor,
             device->driver,
             (unsigned long long)br_hash(source, strlen(source), BR_HASH_SEED), strlen(source),
             options);
}

/* The program's build log on the device (malloc'ed), or NULL. */
static char *build_log(cl_program program, const struct br_device *device)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(program, device->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) !=
            CL_SUCCESS ||
        size == 0)
        return NULL;
    char *log = malloc(size + 1);
    if (log && clGetProgramBuildInfo(program, device->id, CL_PROGRAM_BUILD_LOG, size, log,
                                     NULL) != CL_SUCCESS) {
        free(log);
        return NULL;
    }
    if (log)
        log[size] = 0;
    return log;
}

static void log_build_failure(cl_program program, const struct br_device *device)
{
    if (!br_env()->verbose || !program)
        return;
    char *log = build_log(program, device);
    if (log)
        br_verbose("device: build log:\n%.4000s", log);
    free(log);
}

/* Tries the cached binary; a program that does not build from it is dropped (and rebuilt from
 * source by the caller). */
static cl_program from_cache(cl_context context, const struct br_device *device,
                             const char *key, const char *options)
{
    size_t size = 0;
    unsigned char *binary = br_cache_load(key, &size);
    if (!binary)
        return NULL;
    const unsigned char *binaries[1] = {binary};
    cl_int status = CL_SUCCESS, error = CL_SUCCESS;
    cl_program program = clCreateProgramWithBinary(context, 1, &device->id, &size, binaries,
                                                   &status, &error);
    free(binary);
    if (error == CL_SUCCESS && status == CL_SUCCESS &&
        clBuildProgram(program, 1, &device->id, options, NULL, NULL) == CL_SUCCESS)
        return program;
    if (program)
        clReleaseProgram(program);
    br_verbose("program cache: the cached binary does not load; rebuilding from source");
    return NULL;
}

static void to_cache(cl_program program, const char *key)
{
    size_t size = 0;
    if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) !=
            CL_SUCCESS || size == 0)
        return;
    unsigned char *binary = malloc(size);
    unsigned char *binaries[1] = {binary};
    if (binary && clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries, binaries,
                                   NULL) == CL_SUCCESS)
        br_cache_store(key, binary, size);
    free(binary);
}

/* The registers ptxas gave `kernel`, read from a build log made with -cl-nv-verbose
 * ("Compiling entry function 'gemm_tiled' ..." then "Used 126 registers, ..." before the next
 * entry function); 0 when the log does not say. Spilled bytes go to *spills. */
int br_program_log_registers(const char *log, const char *kernel, int *spills)
{
    char entry[128];
    snprintf(entry, sizeof entry, "entry function '%s'", kernel);
    *spills = 0;
    const char *at = log ? strstr(log, entry) : NULL;
    if (!at)
        return 0;
    at += strlen(entry);
    const char *next = strstr(at, "entry function '");
    const char *spill = strstr(at, "bytes spill stores");
    if (spill && (!next || spill < next)) {
        const char *digits = spill;
        while (digits > at && digits[-1] == ' ')
            digits--;
        while (digits > at && digits[-1] >= '0' && digits[-1] <= '9')
            digits--;
        *spills = atoi(digits);
    }
    const char *used = strstr(at, "Used ");
    int registers = 0;
    if (!used || (next && used > next) || sscanf(used, "Used %d registers", &registers) != 1)
        return 0;
    return registers;
}

/* gemm_tiled's registers: from this build's log, else (a build from the cached binary whose
 * log does not say) from the note stored beside the binary when it was compiled. A fresh
 * compile stores the note. */
static int gemm_registers(cl_program program, const struct br_device *device, const char *key,
                          int compiled)
{
    char *log = build_log(program, device);
    int spills = 0, registers = br_program_log_registers(log, "gemm_tiled", &spills);
    const char *report = log ? strstr(log, "entry function 'gemm_tiled'") : NULL;
    if (report && br_env()->verbose) {
        const char *end = strstr(report + 1, "entry function '");
        br_verbose("program: ptxas on gemm_tiled: %.*s", (int)(end ? end - report : 400),
                   report);
    }
    free(log);
    char note_key[2100];
    snprintf(note_key, sizeof note_key, "%sgemm_tiled registers\n", key);
    if (registers > 0 && compiled) {
        char text[32];
        int length = snprintf(text, sizeof text, "%d", registers);
        br_cache_store(note_key, (const unsigned char *)text, (size_t)length);
    } else if (registers == 0 && !compiled) {
        size_t size = 0;
        unsigned char *note = br_cache_load(note_key, &size);
        char text[32] = "";
        if (note && size < sizeof text)
            memcpy(text, note, size);
        free(note);
        registers = atoi(text);
    }
    if (spills > 0)
        br_verbose("program: gemm_tiled spills %d bytes a work-item to memory", spills);
    return registers;
}

/* The program's build options, source (malloc'ed) and cache key; an OpenCL error if none. */
static cl_int program_key(const struct br_device *device, enum br_precision precision,
                          const struct br_kernel_params *params, char options[512],
                          char **source, char key[2048])
{
    if (br_params_build_options(precision, params, options, 512) != 0)
        return CL_INVALID_BUILD_OPTIONS;
    /* NVIDIA's compiler then writes ptxas's report into the build log: the registers
     * gemm_tiled's width of a wave comes from (gemm_registers), and any spills. */
    if (device->nv_compiler_options &&
        strlen(options) + sizeof " -cl-nv-verbose" <= 512)
        strcat(options, " -cl-nv-verbose");
    *source = br_kernel_program_text(gemm_files, sizeof gemm_files / sizeof gemm_files[0]);
    if (!*source)
        return CL_INVALID_PROGRAM;
    cache_key(device, *source, options, key, 2048);
    return CL_SUCCESS;
}

int br_program_cached(const struct br_device *device, enum br_precision precision,
                      const struct br_kernel_params *params)
{
    char options[512], key[2048], *source = NULL;
    int cached = program_key(device, precision, params, options, &source, key) == CL_SUCCESS &&
                 br_cache_has(key);
    free(source);
    return cached;
}

cl_int br_program_build(cl_context context, const struct br_device *device,
                        enum br_precision precision, const struct br_kernel_params *params,
                        struct br_program *out)
{
    memset(out, 0, sizeof *out);
    out->params = *params;
    if (br_fault_injected(BR_FAULT_BUILD))
        return CL_BUILD_PROGRAM_FAILURE;
    char options[512], key[2048], *source = NULL;
    cl_int keyed = program_key(device, precision, params, options, &source, key);
    if (keyed != CL_SUCCESS)
        return keyed;

    cl_int error = CL_SUCCESS;
    /* How long a program takes to get ready, and from where (BLASROUTE_VERBOSE): auto mode's
     * first run waits for it, or runs calls on the CPU meanwhile (warmup.h). */
    double start = br_seconds_now();
    cl_program program = from_cache(context, device, key, options);
    int compiled = !program;
    if (!program) {
        const char *sources[1] = {source};
        program = clCreateProgramWithSource(context, 1, sources, NULL, &error);
        if (error == CL_SUCCESS)
            error = clBuildProgram(program, 1, &device->id, options, NULL, NULL);
        if (error == CL_SUCCESS)
            to_cache(program, key);
        else
            log_build_failure(program, device);
    }
    free(source);
    out->program = program;
    struct program_kernel kernels[KERNEL_COUNT];
    program_kernels(out, kernels);
    for (int i = 0; error == CL_SUCCESS && i < KERNEL_COUNT; i++)
        *kernels[i].kernel = clCreateKernel(program, kernels[i].name, &error);
    if (error != CL_SUCCESS) {
        br_program_release(out);
        return error;
    }
    int registers = device->nv_compiler_options ? gemm_registers(program, device, key, compiled)
                                                : 0;
    cl_ulong local = 0;
    if (clGetKernelWorkGroupInfo(out->gemm_tiled, device->id, CL_KERNEL_LOCAL_MEM_SIZE,
                                 sizeof local, &local, NULL) != CL_SUCCESS)
        local = 0;
    out->gemm_at_once = br_gemm_at_once(device, &params->gemm, registers, local);
    br_verbose("program: %c ready in %.3f s (%s); gemm_tiled: %d registers a work-item, %llu "
               "bytes of local memory a work-group, %zu work-groups at once",
               br_precision_letter(precision), br_seconds_now() - start,
               compiled ? "compiled" : "from the cache", registers, (unsigned long long)local,
               out->gemm_at_once);
    return error;
}

void br_program_release(struct br_program *p)
{
    struct program_kernel kernels[KERNEL_COUNT];
    program_kernels(p, kernels);
    for (int i = 0; i < KERNEL_COUNT; i++) {
        if (*kernels[i].kernel)
            clReleaseKernel(*kernels[i].kernel);
        *kernels[i].kernel = NULL;
    }
    if (p->program)
        clReleaseProgram(p->program);
    p->program = NULL;
}
