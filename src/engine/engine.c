#include "engine/engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blasroute.h"
#include "env.h"
#include "log.h"
#include "policy/routing.h"
#include "engine/timeline.h"
#include "engine/transfer.h"

/* One engine for the process. Calls from many threads take turns: the device is one resource,
 * and the kernels' argument slots and the staging rings are shared. */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static struct br_engine engine;
/* Written under engine_lock; read without it by br_engine_ready and br_engine_device, which
 * every routed call asks: once the engine is open they must not wait for another thread's
 * device call to end. The device's description is written before READY and never after. */
enum { ENGINE_UNTRIED, ENGINE_READY, ENGINE_DISABLED };
static _Atomic int engine_state;
/* A device that fails this many calls in a row is given up for the rest of the process. */
enum { FAILURES_BEFORE_DISABLING = 3 };
static int consecutive_failures;
/* blasroute-tune's parameters for a precision, when it has set some. */
static struct br_kernel_params override_params[BR_PRECISION_COUNT];
static int override_set[BR_PRECISION_COUNT];

/* Pinned staging slot size: large enough for the DMA engines to run at full speed, small
 * enough that the host copy of one slot overlaps the transfer of the previous one. On the H200
 * (2026-11-21), 8 slots of 4 MB instead of 4 of 8 MB lost a quarter of the end-to-end rate of
 * sgemm and dgemm at n = 2048 and 4096: every transfer and copy has a fixed cost. */
enum { STAGING_SLOT_BYTES = 8 << 20 };

/* The share of device memory the pool may hold by default. */
#define DEFAULT_MEMORY_SHARE 0.75

static void close_engine(void)
{
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        br_program_release(&engine.programs[p]);
    br_staging_release(&engine.upload_staging, engine.upload);
    br_staging_release(&engine.download_staging, engine.download);
    br_pool_trim(&engine.pool);
    if (engine.strip_scratch)
        clReleaseMemObject(engine.strip_scratch);
    engine.strip_scratch = NULL;
    engine.strip_scratch_size = 0;
    cl_command_queue *queues[] = {&engine.upload, &engine.compute, &engine.download};
    for (int q = 0; q < 3; q++) {
        if (*queues[q])
            clReleaseCommandQueue(*queues[q]);
        *queues[q] = NULL;
    }
    if (engine.context)
        clReleaseContext(engine.context);
    engine.context = NULL;
}

/* Gives the device up for the rest of the process, saying why once. */
static void disable(const char *why)
{
    close_engine();
    engine_state = ENGINE_DISABLED;
    br_verbose("device: %s; every call goes to the CPU BLAS from now on", why);
}

static void open_engine(void)
{
    char why[512];
    memset(&engine, 0, sizeof engine);
    if (br_device_find(&engine.device, why, sizeof why) != 0) {
        /* A device the user named but that does not exist is a bad environment value. */
        if (br_env()->device)
            br_warn("%s; using the CPU BLAS", why);
        disable(why);
        return;
    }
    cl_int error = CL_SUCCESS;
    if (br_fault_injected(BR_FAULT_CONTEXT))
        error = CL_OUT_OF_HOST_MEMORY;
    else
        engine.context = clCreateContext(NULL, 1, &engine.device.id, NULL, NULL, &error);
    cl_command_queue *queues[] = {&engine.upload, &engine.compute, &engine.download};
    /* Profiling only for BLASROUTE_TIMELINE: it may cost a little per command. */
    cl_command_queue_properties properties = br_timeline_on() ? CL_QUEUE_PROFILING_ENABLE : 0;
    for (int q = 0; q < 3 && error == CL_SUCCESS; q++)
        *queues[q] = clCreateCommandQueue(engine.context, engine.device.id, properties, &error);
    if (error != CL_SUCCESS) {
        snprintf(why, sizeof why, "cannot set up %s (%s)", engine.device.name,
                 br_cl_error_name(error));
        disable(why);
        return;
    }
    size_t cap = br_env()->device_memory;
    if (!cap)
        cap = (size_t)((double)engine.device.global_memory * DEFAULT_MEMORY_SHARE);
    br_pool_init(&engine.pool, engine.context, cap, (size_t)engine.device.max_allocation);
    /* Without pinned staging the transfers still work, from pageable memory. */
    if (br_staging_init(&engine.upload_staging, engine.context, engine.upload,
                        STAGING_SLOT_BYTES) != CL_SUCCESS ||
        br_staging_init(&engine.download_staging, engine.context, engine.download,
                        STAGING_SLOT_BYTES) != CL_SUCCESS)
        br_verbose("device: no pinned staging buffers; transfers use pageable memory");
    engine_state = ENGINE_READY;
    br_verbose("device: %s (%s, %s, driver %s, %.1f GiB)", engine.device.name,
               br_device_type_name(engine.device.type), engine.device.platform_name,
               engine.device.driver, (double)engine.device.global_memory / (1 << 30));
}

int br_engine_ready(void)
{
    if (engine_state == ENGINE_UNTRIED) {
        pthread_mutex_lock(&engine_lock);
        if (engine_state == ENGINE_UNTRIED)
            open_engine();
        pthread_mutex_unlock(&engine_lock);
    }
    return engine_state == ENGINE_READY;
}

const struct br_device *br_engine_device(void)
{
    return br_engine_ready() ? &engine.device : NULL;
}

/* The parameters a precision's program is built with: the tuner's, else the built-in ones with
 * the device profile's tuned ones over them, if they are valid on this device (else one
 * warning, and the built-in ones). */
static void program_params(struct br_engine *e, enum br_precision precision,
                           struct br_kernel_params *params)
{
    if (override_set[precision]) {
        *params = override_params[precision];
        return;
    }
    br_params_default(&e->device, precision, params);
    const struct br_device_profile *profile = br_routing_device_profile(
        e->device.vendor, e->device.name, br_device_type_name(e->device.type));
    struct br_kernel_params tuned = *params;
    if (br_profile_apply_params(profile, precision, &tuned)) {
        if (br_params_valid(&e->device, precision, &tuned)) {
            *params = tuned;
            br_verbose("profile: %c kernel parameters from %s", br_precision_letter(precision),
                       profile->source);
        }
        else
            br_warn("%s: the [params.%c] kernel parameters are not valid on %s; using the "
                    "built-in ones", profile->source, br_precision_letter(precision),
                    e->device.name);
    }
}

/* Builds a program with these parameters: CL_INVALID_DEVICE where the device has no doubles
 * for a double precision or the parameters are not valid on it. */
static cl_int build_program(const struct br_engine *e, enum br_precision precision,
                            const struct br_kernel_params *params, struct br_program *out)
{
    if (!(precision == BR_S || precision == BR_C || e->device.double_precision) ||
        !br_params_valid(&e->device, precision, params))
        return CL_INVALID_DEVICE;
    return br_program_build(e->context, &e->device, precision, params, out);
}

const struct br_program *br_engine_program(struct br_engine *e, enum br_precision precision)
{
    if (e->program_state[precision] == 0) {
        struct br_kernel_params params;
        program_params(e, precision, &params);
        cl_int error = build_program(e, precision, &params, &e->programs[precision]);
        e->program_state[precision] = error == CL_SUCCESS ? 1 : -1;
        if (error != CL_SUCCESS)
            br_verbose("device: the %s-precision kernels cannot be built for %s (%s); those "
                       "calls go to the CPU BLAS",
                       (const char *[]){"single", "double", "complex single",
                                        "complex double"}[precision],
                       e->device.name, br_cl_error_name(error));
    }
    return e->program_state[precision] == 1 ? &e->programs[precision] : NULL;
}

cl_int br_engine_launch(struct br_engine *e, cl_command_queue queue, cl_kernel kernel,
                        cl_uint dimensions, const size_t *global, const size_t *local,
                        cl_uint wait_count, const cl_event *wait, cl_event *done)
{
    if (br_fault_injected(BR_FAULT_ENQUEUE) ||
        (br_fault_injected(BR_FAULT_ENQUEUE_LATE) && e->tiles_written > 0))
        return CL_OUT_OF_RESOURCES;
    if (!br_timeline_on())
        return clEnqueueNDRangeKernel(queue, kernel, dimensions, NULL, global, local,
                                      wait_count, wait, done);
    cl_event own = NULL, *event = done ? done : &own;
    cl_int error = clEnqueueNDRangeKernel(queue, kernel, dimensions, NULL, global, local,
                                          wait_count, wait, event);
    if (error == CL_SUCCESS) {
        char name[64] = "kernel";
        clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
        br_timeline_note(*event, name, 0);
    }
    if (own)
        clReleaseEvent(own);
    return error;
}

/* Counts a failed call; a device that keeps failing is disabled. Each kind of failure is told
 * once (with BLASROUTE_VERBOSE): a warning per call would drown the program's own output. */
static void note_failure(cl_int error)
{
    static cl_int told[16];
    static int told_count;
    char why[512];
    if (++consecutive_failures >= FAILURES_BEFORE_DISABLING) {
        snprintf(why, sizeof why, "%d calls in a row failed on %s (last: %s)",
                 consecutive_failures, engine.device.name, br_cl_error_name(error));
        disable(why);
        return;
    }
    for (int i = 0; i < told_count; i++)
        if (told[i] == error)
            return;
    if (told_count < 16)
        told[told_count++] = error;
    br_verbose("device: a call failed on %s (%s); answered on the CPU BLAS", engine.device.name,
               br_cl_error_name(error));
}

enum br_engine_result br_engine_run(const struct br_call *call)
{
    enum br_engine_result result = BR_ENGINE_DECLINED;
    pthread_mutex_lock(&engine_lock);
    if (engine_state == ENGINE_UNTRIED)
        open_engine();
    const struct br_program *program =
        engine_state == ENGINE_READY ? br_engine_program(&engine, call->precision) : NULL;
    if (program) {
        engine.tiles_written = 0;
        engine.columns_written = 0;
        cl_int error = call->family == BR_GEMM   ? br_gemm_device(&engine, program, call)
                       : call->family == BR_TRSM ? br_trsm_device(&engine, program, call)
                                                 : br_level3_device(&engine, program, call);
        if (error == CL_SUCCESS) {
            consecutive_failures = 0;
            result = BR_ENGINE_DONE;
            if (engine.read_in_place && !engine.said_in_place) {
                engine.said_in_place = 1;
                br_verbose("device: %s shares the host's memory: GEMM operands are read in "
                           "place, not copied", engine.device.name);
            }
        } else if (error == BR_CL_TOO_LARGE) {
            char name[8];
            br_routine_name_lower(call, name);
            br_verbose("device: a %s call (m=%d n=%d k=%d) does not fit the device memory "
                       "blasroute may use (BLASROUTE_DEVICE_MEMORY); answered on the CPU BLAS",
                       name, call->m, call->n, call->k);
        } else {
            /* The GEMM tiles already in C are final; the CPU computes the rest from the
             * untouched part of C. */
            if (engine.tiles_written > 0 || engine.columns_written > 0) {
                br_gemm_finish_on_cpu(&engine, call);
                result = BR_ENGINE_PARTIAL;
            }
            note_failure(error);
        }
        br_timeline_write(call);
    }
    pthread_mutex_unlock(&engine_lock);
    return result;
}

/* --- for tools -------------------------------------------------------------------------- */

BR_EXPORT int blasroute_device_info(void **platform, void **device, char *name,
                                    size_t name_size)
{
    if (!br_engine_ready())
        return -1;
    if (platform)
        *platform = engine.device.platform;
    if (device)
        *device = engine.device.id;
    if (name && name_size)
        snprintf(name, name_size, "%s", engine.device.name);
    return 0;
}

/* For blasroute-bench (engine/bench.c): runs a call's device work with its operands already
 * uploaded, 1 + repeats times, and gives the best time of the last repeats; nothing is written
 * back. */
/* The timing of br_engine_bench on a program, with the engine locked. */
static cl_int bench_program(const struct br_program *program, const struct br_call *call,
                            int repeats, double seconds[2])
{
    if (call->family == BR_GEMM)
        return br_gemm_bench_resident(&engine, program, call, repeats, seconds);
    engine.bench_repeats = repeats;
    engine.bench_best = 1e300;
    cl_int error = call->family == BR_TRSM ? br_trsm_device(&engine, program, call)
                                           : br_level3_device(&engine, program, call);
    engine.bench_repeats = 0;
    seconds[0] = seconds[1] = engine.bench_best;
    return error;
}

int br_engine_bench(const struct br_call *call, int repeats, double seconds[2])
{
    if (!br_engine_ready())
        return -1;
    pthread_mutex_lock(&engine_lock);
    const struct br_program *program =
        engine_state == ENGINE_READY ? br_engine_program(&engine, call->precision) : NULL;
    cl_int error = program ? bench_program(program, call, repeats, seconds) : CL_INVALID_PROGRAM;
    br_timeline_write(call);
    pthread_mutex_unlock(&engine_lock);
    return error == CL_SUCCESS ? 0 : -1;
}

int br_engine_bench_builtin(const struct br_call *call, int repeats, double seconds[2])
{
    if (!br_engine_ready())
        return -1;
    pthread_mutex_lock(&engine_lock);
    cl_int error = CL_INVALID_DEVICE;
    if (engine_state == ENGINE_READY) {
        struct br_kernel_params params;
        struct br_program program;
        br_params_default(&engine.device, call->precision, &params);
        error = build_program(&engine, call->precision, &params, &program);
        if (error == CL_SUCCESS) {
            error = bench_program(&program, call, repeats, seconds);
            br_program_release(&program);
        }
        br_timeline_write(call);
    }
    pthread_mutex_unlock(&engine_lock);
    return error == CL_SUCCESS ? 0 : -1;
}

/* --- for blasroute-tune ------------------------------------------------------------------- */

double br_seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int br_engine_measure_staged(size_t bytes, double *up_gbs, double *down_gbs)
{
    *up_gbs = *down_gbs = 0;
    if (!br_engine_ready())
        return -1;
    /* Columns of 32 KiB, as a matrix of 4096 doubles a column: many chunks per staging slot. */
    const size_t rows = 4096, element = 8, cols = bytes / (rows * element);
    if (cols == 0)
        return -1;
    char *host = malloc(rows * element * cols);
    if (!host)
        return -1;
    memset(host, 1, rows * element * cols); /* faulted in, as a program's matrices are */
    struct br_block block = br_block_at(host, rows, element, 0, 0, rows, cols);
    pthread_mutex_lock(&engine_lock);
    cl_mem buffer = NULL;
    cl_int error = engine_state == ENGINE_READY
                       ? br_pool_acquire(&engine.pool, rows * element * cols, &buffer)
                       : CL_INVALID_DEVICE;
    double best[2] = {1e300, 1e300};
    for (int r = 0; r < 4 && error == CL_SUCCESS; r++) { /* the first of each untimed */
        double start = br_seconds_now();
        cl_event done = NULL;
        error = br_upload(engine.upload, &engine.upload_staging, buffer, &block, 0, NULL, &done);
        if (error == CL_SUCCESS)
            error = clWaitForEvents(1, &done);
        if (done)
            clReleaseEvent(done);
        double elapsed = br_seconds_now() - start;
        if (r > 0 && elapsed < best[0])
            best[0] = elapsed;
        start = br_seconds_now();
        size_t columns = 0;
        if (error == CL_SUCCESS)
            error = br_download(engine.download, &engine.download_staging, buffer, &block, 0,
                                NULL, &columns);
        elapsed = br_seconds_now() - start;
        if (r > 0 && elapsed < best[1])
            best[1] = elapsed;
    }
    if (buffer)
        br_pool_release(&engine.pool, buffer);
    br_timeline_forget();
    pthread_mutex_unlock(&engine_lock);
    free(host);
    if (error != CL_SUCCESS)
        return -1;
    *up_gbs = (double)(rows * element * cols) / best[0] * 1e-9;
    *down_gbs = (double)(rows * element * cols) / best[1] * 1e-9;
    return 0;
}

void br_engine_override_params(enum br_precision precision, const struct br_kernel_params *params)
{
    pthread_mutex_lock(&engine_lock);
    override_set[precision] = params != NULL;
    if (params)
        override_params[precision] = *params;
    if (engine.program_state[precision] == 1)
        br_program_release(&engine.programs[precision]);
    engine.program_state[precision] = 0;
    pthread_mutex_unlock(&engine_lock);
}

int br_engine_try_params(const struct br_kernel_params *params, const struct br_call *check,
                         const struct br_call *timed, int repeats, double seconds[2])
{
    if (!br_engine_ready())
        return -1;
    pthread_mutex_lock(&engine_lock);
    struct br_program program;
    cl_int error = engine_state == ENGINE_READY
                       ? build_program(&engine, check->precision, params, &program)
                       : CL_INVALID_DEVICE;
    if (error == CL_SUCCESS) {
        error = br_gemm_device(&engine, &program, check);
        if (error == CL_SUCCESS)
            error = br_gemm_bench_resident(&engine, &program, timed, repeats, seconds);
        br_program_release(&program);
    }
    br_timeline_write(timed);
    pthread_mutex_unlock(&engine_lock);
    return error == CL_SUCCESS ? 0 : -1;
}
