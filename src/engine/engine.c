#include "engine/engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blasroute.h"
#include "engine/panels.h"
#include "env.h"
#include "log.h"
#include "cpu_level3.h"
#include "cpu_threads.h"
#include "policy/routing.h"
#include "process.h"
#include "policy/halves.h"
#include "policy/split.h"
#include "policy/spread.h"
#include "stats.h"
#include "engine/host_copy.h"
#include "engine/timeline.h"
#include "engine/transfer.h"

/* One engine per device BLASROUTE_DEVICE names (one by default), each with its own lock:
 * calls from many threads take turns on a device (the kernels' argument slots and the staging
 * rings are shared), while different devices work at once. */
struct slot {
    pthread_mutex_t lock;
    struct br_engine engine;
    /* Written under the slot's lock; read without it by br_engine_ready and the device
     * queries, which every routed call asks: once the engine is open they must not wait for
     * another thread's device call to end. The device's description is written before READY
     * and never after. */
    _Atomic int state;
    /* The device's profile, found by name once (routed calls ask for it on every call). */
    _Atomic(const struct br_device_profile *) profile;
    int consecutive_failures;
    /* A suspended device is tried again (reopened) from this monotonic time on; the back-off
     * doubles with each suspension in a row and is forgotten after a call that succeeds. */
    _Atomic double retry_at;
    double backoff;
    cl_int told[16]; /* the kinds of failure already told */
    int said_open;   /* the device was named once, when first opened */
    int told_count;
};
/* UNTRIED: not opened yet. READY: open. SUSPENDED: closed after failures (or a set-up that
 * failed) and reopened after a back-off: GPUs are shared, and what failed may have been another
 * process's doing. LOST: never used again by this process: it is a child forked after the
 * device was opened (the driver cannot be used there), or it is exiting. */
enum { ENGINE_UNTRIED, ENGINE_READY, ENGINE_SUSPENDED, ENGINE_LOST };
static struct slot slots[BR_MAX_DEVICES];
/* A spread has a worker per device and the CPU. */
_Static_assert((int)BR_SPREAD_MAX_WORKERS >= (int)BR_MAX_DEVICES + 1, "a spread worker per device");
static int slot_count;

/* The slots whose lock this thread holds (bit i: slots[i]). A thread inside a device call may
 * run the program's own code under its slot's lock (a factorization's panels, by the program's
 * LAPACK), and that code may call exit(): the exit handler's quiesce must not wait for a lock
 * its own thread holds (a stand-in LAPACK that exited there hung its process for good,
 * 2026-11-27). */
static _Thread_local unsigned held_slots;

static void slot_lock(struct slot *s)
{
    pthread_mutex_lock(&s->lock);
    held_slots |= 1u << (s - slots);
}

static void slot_unlock(struct slot *s)
{
    held_slots &= ~(1u << (s - slots));
    pthread_mutex_unlock(&s->lock);
}
/* The devices are found and opened once, on the first call routed to a device (never at load):
 * slots and slot_count are written before `discovered` is set (release) and read after it is
 * seen set (acquire). */
static pthread_mutex_t discovery_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int discovered;
/* A device that fails this many calls in a row is suspended, first for BACKOFF_FIRST_S
 * seconds, then twice as long each time the retry fails too, up to BACKOFF_MAX_S. Allocation
 * failures are not counted: they are device memory pressure (engine.c's run_call). */
enum { FAILURES_BEFORE_SUSPENDING = 3 };
#define BACKOFF_FIRST_S 1.0
#define BACKOFF_MAX_S 300.0
/* Set in a child forked after the devices were opened (its slots are LOST), for the one
 * message that says so. */
static int forked_child;
static _Atomic int said_forked;
/* blasroute-tune's parameters for a precision, when it has set some (the tuner sets them
 * between calls, from its one thread). */
static struct br_kernel_params override_params[BR_PRECISION_COUNT];
static int override_set[BR_PRECISION_COUNT];

/* Pinned staging slot size: large enough for the DMA engines to run at full speed, small
 * enough that the host copy of one slot overlaps the transfer of the previous one. On the H200
 * (2026-11-21), 8 slots of 4 MB instead of 4 of 8 MB lost a quarter of the end-to-end rate of
 * sgemm and dgemm at n = 2048 and 4096: every transfer and copy has a fixed cost. */
enum { STAGING_SLOT_BYTES = 8 << 20 };

/* The share of device memory the pool may hold by default. */
#define DEFAULT_MEMORY_SHARE 0.75

static void close_engine(struct br_engine *e)
{
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        br_program_release(&e->programs[p]);
    br_staging_release(&e->upload_staging, e->upload);
    br_staging_release(&e->download_staging, e->download);
    br_pinned_release(&e->workspace, e->compute);
    br_pool_trim(&e->pool);
    if (e->strip_scratch)
        clReleaseMemObject(e->strip_scratch);
    e->strip_scratch = NULL;
    e->strip_scratch_size = 0;
    cl_command_queue *queues[] = {&e->upload, &e->compute, &e->download, &e->side};
    for (int q = 0; q < 4; q++) {
        if (*queues[q])
            clReleaseCommandQueue(*queues[q]);
        *queues[q] = NULL;
    }
    if (e->context)
        clReleaseContext(e->context);
    e->context = NULL;
    memset(e->program_state, 0, sizeof e->program_state); /* rebuilt if reopened */
}

/* Closes a device that failed and sets when it is tried again, saying why. */
static void suspend(struct slot *s, const char *why)
{
    close_engine(&s->engine);
    s->backoff = s->backoff > 0 ? s->backoff * 2 : BACKOFF_FIRST_S;
    if (s->backoff > BACKOFF_MAX_S)
        s->backoff = BACKOFF_MAX_S;
    atomic_store(&s->retry_at, br_seconds_now() + s->backoff);
    s->state = ENGINE_SUSPENDED;
    int others = 0; /* devices still in use (slots not yet opened are UNTRIED, not READY) */
    for (int i = 0; i < BR_MAX_DEVICES; i++)
        others += slots[i].state == ENGINE_READY;
    br_verbose("device: %s; %s until it is tried again in %.0f s", why,
               others ? "that device takes no calls" : "every call goes to the CPU BLAS",
               s->backoff);
}

/* Whether a suspended slot's back-off has passed. */
static int due_for_retry(struct slot *s, int state)
{
    return state == ENGINE_SUSPENDED && br_seconds_now() >= atomic_load(&s->retry_at);
}

/* Whether a slot can take a call now: open, or suspended and due for its retry (which the
 * call then makes, under the slot's lock). Read without the lock. */
static int usable(struct slot *s)
{
    int state = atomic_load_explicit(&s->state, memory_order_acquire);
    return state == ENGINE_READY || due_for_retry(s, state);
}

/* Opens the engine of a found device: context, queues, pool, staging. */
static void open_engine(struct slot *s)
{
    struct br_engine *e = &s->engine;
    char why[512];
    cl_int error = CL_SUCCESS;
    double start = br_seconds_now();
    if (br_fault_injected(BR_FAULT_CONTEXT))
        error = CL_OUT_OF_HOST_MEMORY;
    else
        e->context = clCreateContext(NULL, 1, &e->device.id, NULL, NULL, &error);
    cl_command_queue *queues[] = {&e->upload, &e->compute, &e->download, &e->side};
    /* Profiling only for BLASROUTE_TIMELINE: it may cost a little per command. */
    cl_command_queue_properties properties = br_timeline_on() ? CL_QUEUE_PROFILING_ENABLE : 0;
    for (int q = 0; q < 4 && error == CL_SUCCESS; q++)
        *queues[q] = clCreateCommandQueue(e->context, e->device.id, properties, &error);
    if (error != CL_SUCCESS) {
        snprintf(why, sizeof why, "cannot set up %u:%u %s (%s)", e->device.platform_index,
                 e->device.device_index, e->device.name, br_cl_error_name(error));
        suspend(s, why);
        return;
    }
    double context_ready = br_seconds_now();
    size_t cap = br_env()->device_memory;
    if (!cap)
        cap = (size_t)((double)e->device.global_memory * DEFAULT_MEMORY_SHARE);
    br_pool_init(&e->pool, e->context, e->compute, cap, (size_t)e->device.max_allocation);
    /* Without pinned staging the transfers still work, from pageable memory. */
    int copy_pool = (int)(s - slots); /* each device its own host copy helpers */
    cl_int up = br_staging_init(&e->upload_staging, e->context, e->upload, STAGING_SLOT_BYTES,
                                copy_pool);
    cl_int down = br_staging_init(&e->download_staging, e->context, e->download,
                                  STAGING_SLOT_BYTES, copy_pool);
    if (up != CL_SUCCESS || down != CL_SUCCESS)
        br_verbose("device: no pinned staging buffers for %u:%u; its transfers use pageable "
                   "memory", e->device.platform_index, e->device.device_index);
    s->state = ENGINE_READY;
    if (s->said_open++) /* a reopen after a back-off: run_call said so */
        return;
    br_verbose("device: %u:%u %s (%s, %s, driver %s, %.1f GiB)", e->device.platform_index,
               e->device.device_index, e->device.name, br_device_type_name(e->device.type),
               e->device.platform_name, e->device.driver,
               (double)e->device.global_memory / (1 << 30));
    /* What opening costs, part by part (auto mode weighs it: warmup.h). */
    br_verbose("opening the device: %u:%u set up in %.3f s (context and queues %.3f s, "
               "pinned staging %.3f s)", e->device.platform_index, e->device.device_index,
               br_seconds_now() - start, context_ready - start, br_seconds_now() - context_ready);
}

/* At exit, before the OpenCL driver's own teardown: no device call may start any more (each
 * slot LOST, which every run checks under the slot's lock), and the calls in flight on other
 * threads are waited for (their slots' locks), so that the driver is never torn down under a
 * call. Nothing is released: the driver reclaims its objects itself, and releasing them here
 * would race its teardown. Calls made after this (another exit handler, a static destructor)
 * are answered by the CPU BLAS. */
void br_engine_quiesce(void)
{
    if (!atomic_load(&discovered))
        return;
    for (int i = 0; i < slot_count; i++) {
        /* A call of this very thread holds it (exit from the program's code inside a device
         * call): nothing to wait for, and the call never returns. */
        if (held_slots & (1u << i)) {
            atomic_store(&slots[i].state, ENGINE_LOST);
            continue;
        }
        slot_lock(&slots[i]);
        atomic_store(&slots[i].state, ENGINE_LOST);
        slot_unlock(&slots[i]);
    }
}

/* Finds the devices and opens an engine on each, once. */
static void discover(void)
{
    static struct br_device found[BR_MAX_DEVICES];
    char why[512];
    double start = br_seconds_now();
    int count = br_device_find_all(found, BR_MAX_DEVICES, why, sizeof why);
    if (count > 0)
        br_verbose("opening the device: the OpenCL platforms and devices found in %.3f s",
                   br_seconds_now() - start);
    /* A device the user named but that does not exist is a bad environment value. */
    if (why[0] && br_env()->device)
        br_warn("%s%s", why, count == 0 ? "; using the CPU BLAS" : "");
    if (count == 0)
        br_verbose("device: %s; every call goes to the CPU BLAS", why);
    br_host_copy_set_pools(count);
    br_host_copy_configure(br_env()->test_copy_threads, br_env()->test_copy_streaming);
    for (int i = 0; i < count; i++) {
        struct slot *s = &slots[i];
        pthread_mutex_init(&s->lock, NULL);
        memset(&s->engine, 0, sizeof s->engine);
        s->engine.device = found[i];
        s->consecutive_failures = s->told_count = 0;
        open_engine(s);
    }
    slot_count = count;
    /* Registered now, after the driver has set itself up (and registered any exit handlers of
     * its own): exit handlers run last registered first, so this one runs before the driver's. */
    if (count > 0)
        br_process_register_exit();
}

static void ensure_discovered(void)
{
    if (atomic_load_explicit(&discovered, memory_order_acquire))
        return;
    pthread_mutex_lock(&discovery_lock);
    if (!atomic_load_explicit(&discovered, memory_order_relaxed)) {
        discover();
        atomic_store_explicit(&discovered, 1, memory_order_release);
    }
    pthread_mutex_unlock(&discovery_lock);
}

/* In a child forked after the devices were opened, the first call that would use one says,
 * once, why it does not. */
static void tell_if_forked(void)
{
    if (br_unlikely(forked_child) && !atomic_exchange(&said_forked, 1))
        br_verbose("device: this process was forked from one that had opened the OpenCL "
                   "device; a driver cannot be used in such a child, so its calls go to the CPU "
                   "BLAS");
}

/* The first device still in use (the one single-device calls and the tools take), or NULL. */
static struct slot *primary(void)
{
    ensure_discovered();
    tell_if_forked();
    for (int i = 0; i < slot_count; i++)
        if (usable(&slots[i]))
            return &slots[i];
    return NULL;
}

int br_engine_discovered(void)
{
    return atomic_load_explicit(&discovered, memory_order_acquire);
}

int br_engine_ready(void)
{
    return primary() != NULL;
}

const struct br_device *br_engine_device(void)
{
    struct slot *s = primary();
    return s ? &s->engine.device : NULL;
}

int br_engine_first_index(void)
{
    struct slot *s = primary();
    return s ? (int)(s - slots) : -1;
}

int br_engine_count(void)
{
    ensure_discovered();
    tell_if_forked();
    return slot_count;
}

const struct br_device *br_engine_device_at(int index)
{
    ensure_discovered();
    return index >= 0 && index < slot_count && usable(&slots[index])
               ? &slots[index].engine.device
               : NULL;
}

const struct br_device_profile *br_engine_profile_at(int index)
{
    const struct br_device *d = br_engine_device_at(index);
    if (!d)
        return NULL;
    struct slot *s = &slots[index];
    const struct br_device_profile *profile =
        atomic_load_explicit(&s->profile, memory_order_acquire);
    if (!profile) { /* threads that race here find the same entry */
        profile = br_routing_device_profile(d->vendor, d->name, br_device_type_name(d->type));
        atomic_store_explicit(&s->profile, profile, memory_order_release);
    }
    return profile;
}

/* Whether this profile's parameters of a precision have not been warned about yet: several
 * devices of one model share a profile, and the warning is the same for each. */
static int first_warning(const struct br_device_profile *profile, enum br_precision precision)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static const struct br_device_profile *warned[BR_MAX_DEVICES * BR_PRECISION_COUNT];
    static enum br_precision warned_precision[BR_MAX_DEVICES * BR_PRECISION_COUNT];
    static int count;
    pthread_mutex_lock(&lock);
    int first = 1;
    for (int i = 0; i < count && first; i++)
        first = !(warned[i] == profile && warned_precision[i] == precision);
    if (first && count < BR_MAX_DEVICES * BR_PRECISION_COUNT) {
        warned[count] = profile;
        warned_precision[count++] = precision;
    }
    pthread_mutex_unlock(&lock);
    return first;
}

/* The parameters a precision's program is built with: the tuner's, else the built-in ones with
 * the device profile's tuned ones over them, if they are valid on this device (else one
 * warning, and the built-in ones). Returns the profile they came from (NULL: the built-in ones,
 * or the tuner's). */
static const char *program_params(struct br_engine *e, enum br_precision precision,
                                  struct br_kernel_params *params)
{
    if (override_set[precision]) {
        *params = override_params[precision];
        return NULL;
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
            return profile->source;
        }
        if (first_warning(profile, precision))
            br_warn("%s: the [params.%c] kernel parameters are not valid on %s; using the "
                    "built-in ones", profile->source, br_precision_letter(precision),
                    e->device.name);
    }
    return NULL;
}

int br_engine_params(int index, enum br_precision precision, struct br_kernel_params *params,
                     const char **profile)
{
    ensure_discovered();
    if (index < 0 || index >= slot_count || !usable(&slots[index]))
        return -1;
    *profile = program_params(&slots[index].engine, precision, params);
    return 0;
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
        if (error != CL_SUCCESS && (params.gemm.mma == 2 || params.gemm.mma == 3)) {
            /* A compiler whose PTX predates Hopper's shapes: the same tiles with m8n8k4. */
            br_verbose("device: the %s tensor-core GEMM cannot be built for %s (%s); the same "
                       "parameters with m8n8k4 instead",
                       params.gemm.mma == 2 ? "m16n8k4" : "m16n8k8", e->device.name,
                       br_cl_error_name(error));
            params.gemm.mma = 1;
            error = build_program(e, precision, &params, &e->programs[precision]);
        }
        if (error != CL_SUCCESS && params.gemm.mma) {
            /* A driver that refuses the tensor-core kernel (its inline PTX): the SIMT one. */
            br_verbose("device: the tensor-core GEMM cannot be built for %s (%s); the SIMT "
                       "kernel with its built-in parameters instead",
                       e->device.name, br_cl_error_name(error));
            br_params_default_simt(&e->device, precision, &params);
            error = build_program(e, precision, &params, &e->programs[precision]);
        }
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

/* Whether this kind of failure (an OpenCL error, or BR_CL_TOO_LARGE) was told for this device
 * before; it counts as told from now on. */
static int told_before(struct slot *s, cl_int kind)
{
    for (int i = 0; i < s->told_count; i++)
        if (s->told[i] == kind)
            return 1;
    if (s->told_count < (int)(sizeof s->told / sizeof s->told[0]))
        s->told[s->told_count++] = kind;
    return 0;
}

/* Counts a failed call; a device that keeps failing is suspended. Each kind of failure is told
 * once per device (with BLASROUTE_VERBOSE): a warning per call would drown the program's own
 * output. */
static void note_failure(struct slot *s, cl_int error)
{
    char why[512];
    if (++s->consecutive_failures >= FAILURES_BEFORE_SUSPENDING) {
        snprintf(why, sizeof why, "%d calls in a row failed on %u:%u %s (last: %s)",
                 s->consecutive_failures, s->engine.device.platform_index,
                 s->engine.device.device_index, s->engine.device.name,
                 br_cl_error_name(error));
        suspend(s, why);
        return;
    }
    if (told_before(s, error))
        return;
    br_verbose("device: a call failed on %s (%s); answered on the CPU BLAS",
               s->engine.device.name, br_cl_error_name(error));
}

/* The device's plan for a call: GEMM, TRSM, or the other routines' recipes. */
static cl_int run_plan(struct br_engine *e, const struct br_program *program,
                       const struct br_call *call)
{
    e->tiles_written = 0;
    e->columns_written = 0;
    return call->family == BR_GEMM   ? br_gemm_device(e, program, call)
           : call->family == BR_TRSM ? br_trsm_device(e, program, call)
                                     : br_level3_device(e, program, call);
}

/* Device memory held by others (another process, another rank, a notebook's PyTorch) makes an
 * allocation fail where the plan expected room. That is no fault of the device: the pool lets
 * go of what it holds and lowers its cap below what failed, and the call is planned again in
 * smaller tiles, down to the pool's floor. Returns the plan's result; *retries counts the
 * replans. Only calls that have written nothing are replanned. */
static cl_int run_under_pressure(struct br_engine *e, const struct br_program *program,
                                 const struct br_call *call, int *retries)
{
    br_pool_relax(&e->pool, br_seconds_now());
    for (;;) {
        cl_int error = run_plan(e, program, call);
        if (error != CL_MEM_OBJECT_ALLOCATION_FAILURE || e->tiles_written > 0 ||
            e->columns_written > 0)
            return error;
        if (!br_pool_shrink(&e->pool, br_seconds_now()))
            return BR_CL_TOO_LARGE; /* not even the floor is free */
        ++*retries;
        br_stats_note_memory_retry(call);
    }
}

/* How many times a call that does not fit is cut in two (at most 2^depth pieces). */
enum { PIECE_DEPTH_MAX = 16 };

static enum br_engine_result run_call(struct slot *s, const struct br_call *call, int depth);

/* Ordinary BLAS calls that together make a call, run in turn on the device, each cut again if
 * it does not fit; a part the device cannot take is answered by the CPU BLAS here. */
static enum br_engine_result run_parts(struct slot *s, const struct br_call *parts, int count,
                                       int depth)
{
    /* A first part declined has written nothing: the caller answers the whole call. */
    enum br_engine_result first = run_call(s, &parts[0], depth + 1);
    if (first == BR_ENGINE_DECLINED)
        return BR_ENGINE_DECLINED;
    int all = first == BR_ENGINE_DONE;
    for (int i = 1; i < count; i++) {
        /* Once a part is declined, its like would be too: the rest go to the CPU at once. */
        enum br_engine_result part =
            all ? run_call(s, &parts[i], depth + 1) : BR_ENGINE_DECLINED;
        if (part == BR_ENGINE_DECLINED)
            br_cpu_level3(&parts[i]);
        all &= part == BR_ENGINE_DONE;
    }
    return all ? BR_ENGINE_DONE : BR_ENGINE_PARTIAL;
}

/* A call too large for the device memory that is free, even in its panels or tiles (each
 * routine keeps one operand whole on the device, GEMM its k): a TRSM, TRMM, SYMM or HEMM whose
 * A's order is at least its other dimension in halves of A, a GEMM, or a rank-k call whose k
 * is at least n, in halves of k (halves.h: the operand kept whole must shrink); else cut in
 * two by the hybrid mode's cut (split.c: ordinary BLAS calls on disjoint parts of the output).
 * The parts run in turn, each cut again while it does not fit. */
static enum br_engine_result run_in_pieces(struct slot *s, const struct br_call *call, int depth)
{
    if (depth >= PIECE_DEPTH_MAX)
        return BR_ENGINE_DECLINED; /* the CPU BLAS answers the call */
    struct br_call halves[BR_HALVES_MAX_PIECES];
    int count = br_halves_of_a_first(call)   ? br_halves_of_a(call, halves)
                : br_halves_of_k_first(call) ? br_halves_of_k(call, halves)
                                             : 0;
    if (count > 0)
        return run_parts(s, halves, count, depth);
    struct br_split split;
    br_split_call(call, 0.5, &split);
    if (split.device_count == 0 || split.cpu_count == 0)
        return BR_ENGINE_DECLINED; /* no smaller parts */
    struct br_call parts[BR_SPLIT_DEVICE_PIECES + BR_SPLIT_CPU_PIECES];
    for (int i = 0; i < split.device_count; i++)
        parts[count++] = split.device[i];
    for (int i = 0; i < split.cpu_count; i++)
        parts[count++] = split.cpu[i];
    return run_parts(s, parts, count, depth);
}

/* Runs a call on one device, with its slot locked: reopens a suspended device whose back-off
 * has passed; declines when the device is not in use. */
static enum br_engine_result run_call(struct slot *s, const struct br_call *call, int depth)
{
    struct br_engine *e = &s->engine;
    if (due_for_retry(s, s->state)) {
        br_verbose("device: %s is tried again after its back-off", e->device.name);
        open_engine(s); /* suspends it again, for longer, if it cannot be set up */
        /* One more failure suspends it again: the retry is a single call. */
        s->consecutive_failures = FAILURES_BEFORE_SUSPENDING - 1;
    }
    const struct br_program *program =
        s->state == ENGINE_READY ? br_engine_program(e, call->precision) : NULL;
    if (!program)
        return BR_ENGINE_DECLINED;
    enum br_engine_result result = BR_ENGINE_DECLINED;
    int retries = 0;
    cl_int error = run_under_pressure(e, program, call, &retries);
    if (error == CL_SUCCESS) {
        s->consecutive_failures = 0;
        s->backoff = 0;
        result = BR_ENGINE_DONE;
        if (e->read_in_place && !e->said_in_place) {
            e->said_in_place = 1;
            br_verbose("device: %s shares the host's memory: GEMM operands are read in "
                       "place, not copied", e->device.name);
        }
        if (retries > 0 && !told_before(s, CL_MEM_OBJECT_ALLOCATION_FAILURE))
            br_verbose("device: device memory was short on %s; a call was planned again in "
                       "smaller parts %d time%s (the pool may hold %.0f MiB for now; said once "
                       "for this device, the report counts them)",
                       e->device.name, retries, retries > 1 ? "s" : "",
                       (double)e->pool.cap / (1 << 20));
    } else if (error == BR_CL_TOO_LARGE) {
        result = run_in_pieces(s, call, depth);
        if (result == BR_ENGINE_DECLINED && depth == 0 && !told_before(s, BR_CL_TOO_LARGE)) {
            char name[8];
            br_routine_name_lower(call, name);
            br_verbose("device: a %s call (m=%lld n=%lld k=%lld) does not fit the device memory "
                       "blasroute may use or that is free on %s (BLASROUTE_DEVICE_MEMORY); "
                       "answered on the CPU BLAS (said once for this device)",
                       name, (long long)call->m, (long long)call->n, (long long)call->k,
                       e->device.name);
        }
    } else {
        /* The GEMM tiles already in C (TRSM panels in B) are final; the CPU computes the rest
         * from the untouched part. */
        if (e->tiles_written > 0 || e->columns_written > 0) {
            if (call->family == BR_GEMM)
                br_gemm_finish_on_cpu(e, call);
            else
                br_panels_finish_on_cpu(e, call);
            result = BR_ENGINE_PARTIAL;
        }
        /* An allocation that failed mid-call is memory pressure too, not a device fault. */
        if (error != CL_MEM_OBJECT_ALLOCATION_FAILURE)
            note_failure(s, error);
    }
    if (depth == 0)
        br_timeline_write(call);
    return result;
}

int br_engine_build(int index, enum br_precision precision)
{
    ensure_discovered();
    if (index < 0 || index >= slot_count)
        return 0;
    struct slot *s = &slots[index];
    slot_lock(s); /* held while building: an exit waits for it (quiesce) */
    int built = s->state == ENGINE_READY && br_engine_program(&s->engine, precision) != NULL;
    slot_unlock(s);
    return built;
}

int br_engine_program_cached(int index, enum br_precision precision)
{
    ensure_discovered();
    if (index < 0 || index >= slot_count || !usable(&slots[index]))
        return 0;
    struct br_engine *e = &slots[index].engine;
    struct br_kernel_params params;
    program_params(e, precision, &params);
    return br_params_valid(&e->device, precision, &params) &&
           br_program_cached(&e->device, precision, &params);
}

enum br_engine_result br_engine_run_on(int index, const struct br_call *call)
{
    ensure_discovered();
    if (index < 0 || index >= slot_count)
        return BR_ENGINE_DECLINED;
    struct slot *s = &slots[index];
    br_cpu_threads_device_begins();
    slot_lock(s);
    enum br_engine_result result = run_call(s, call, 0);
    slot_unlock(s);
    br_host_copy_rest(index);
    br_cpu_threads_device_ends();
    return result;
}

/* --- sessions (engine/resident.c) ------------------------------------------------------------ */

/* The slot this thread holds for a session, if any. While it does, the program's own LAPACK
 * factors panels on this thread, and may call BLAS names that blasroute answers: those calls
 * must not wait for the device this thread holds (br_engine_in_session). */
static BR_THREAD_LOCAL struct slot *session_slot;

int br_engine_in_session(void)
{
    return session_slot != NULL;
}

struct br_engine *br_engine_session_begin(enum br_precision precision,
                                          const struct br_program **program)
{
    ensure_discovered();
    tell_if_forked();
    int needs_double = precision == BR_D || precision == BR_Z;
    for (int i = 0; i < slot_count && !session_slot; i++) {
        struct slot *s = &slots[i];
        if (!usable(s) || (needs_double && !s->engine.device.double_precision))
            continue;
        slot_lock(s);
        if (due_for_retry(s, s->state)) {
            br_verbose("device: %s is tried again after its back-off", s->engine.device.name);
            open_engine(s);
            s->consecutive_failures = FAILURES_BEFORE_SUSPENDING - 1;
        }
        *program = s->state == ENGINE_READY ? br_engine_program(&s->engine, precision) : NULL;
        if (*program) {
            br_pool_relax(&s->engine.pool, br_seconds_now());
            s->engine.tiles_written = 0;
            session_slot = s;
            br_cpu_threads_device_begins();
            return &s->engine;
        }
        slot_unlock(s);
    }
    return NULL;
}

void br_engine_session_end(struct br_engine *engine, cl_int error)
{
    struct slot *s = session_slot; /* this thread's session: begun on this engine */
    engine->tiles_written = 0;
    session_slot = NULL;
    if (error == CL_SUCCESS) {
        s->consecutive_failures = 0;
        s->backoff = 0;
    } else if (error != CL_MEM_OBJECT_ALLOCATION_FAILURE && error != BR_CL_TOO_LARGE) {
        note_failure(s, error); /* short memory is pressure, not a fault (run_call) */
    }
    slot_unlock(s);
    br_host_copy_rest((int)(s - slots));
    br_cpu_threads_device_ends();
}

/* Fork: discovery is the one lock taken around it (short, and outermost). The devices' own
 * locks are not: they are held for whole device calls, and fork() in one thread must not wait
 * for another thread's call on the GPU. In the child, a device the parent opened is LOST: the
 * driver's state (its threads, its locks, its mappings of the GPU) was not copied whole, and
 * neither NVIDIA's driver nor PoCL can be used there; the child's calls go to the CPU BLAS.
 * The slots' locks are made anew, since a thread of the parent may have held one. A parent
 * that never opened a device leaves nothing behind: its child opens its own. */
void br_engine_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&discovery_lock, stage);
    if (stage != BR_FORK_CHILD || !atomic_load(&discovered))
        return;
    for (int i = 0; i < slot_count; i++) {
        pthread_mutex_init(&slots[i].lock, NULL);
        atomic_store(&slots[i].state, ENGINE_LOST);
    }
    held_slots = 0; /* the locks are new: a fork inside a device call holds none of them */
    forked_child = slot_count > 0;
    br_host_copy_after_fork();
}


/* --- for tools -------------------------------------------------------------------------- */
/* They work on the first device (blasroute-tune's --device names it). */

BR_EXPORT int blasroute_device_info(void **platform, void **device, char *name,
                                    size_t name_size)
{
    struct slot *s = primary();
    if (!s)
        return -1;
    if (platform)
        *platform = s->engine.device.platform;
    if (device)
        *device = s->engine.device.id;
    if (name && name_size)
        snprintf(name, name_size, "%s", s->engine.device.name);
    return 0;
}

BR_EXPORT size_t blasroute_device_memory_held(void)
{
    if (!atomic_load_explicit(&discovered, memory_order_acquire))
        return 0;
    size_t held = 0;
    for (int i = 0; i < slot_count; i++)
        held += __atomic_load_n(&slots[i].engine.pool.held, __ATOMIC_RELAXED);
    return held;
}

/* For blasroute-bench (engine/bench.c): runs a call's device work with its operands already
 * uploaded, 1 + repeats times, and gives the best time of the last repeats; nothing is written
 * back. The timing of br_engine_bench on a program, with the slot locked. */
static cl_int bench_program(struct br_engine *e, const struct br_program *program,
                            const struct br_call *call, int repeats, double seconds[2])
{
    if (call->family == BR_GEMM)
        return br_gemm_bench_resident(e, program, call, repeats, seconds);
    e->bench_repeats = repeats;
    e->bench_best = 1e300;
    cl_int error = call->family == BR_TRSM ? br_trsm_device(e, program, call)
                                           : br_level3_device(e, program, call);
    e->bench_repeats = 0;
    seconds[0] = seconds[1] = e->bench_best;
    return error;
}

/* The primary device's slot, locked and ready (NULL if none): the tools' entry. */
static struct slot *lock_primary(void)
{
    struct slot *s = primary();
    if (!s)
        return NULL;
    slot_lock(s);
    if (s->state == ENGINE_READY)
        return s;
    slot_unlock(s);
    return NULL;
}

int br_engine_bench(const struct br_call *call, int repeats, double seconds[2])
{
    struct slot *s = lock_primary();
    if (!s)
        return -1;
    const struct br_program *program = br_engine_program(&s->engine, call->precision);
    cl_int error =
        program ? bench_program(&s->engine, program, call, repeats, seconds) : CL_INVALID_PROGRAM;
    br_timeline_write(call);
    slot_unlock(s);
    return error == CL_SUCCESS ? 0 : -1;
}

int br_engine_bench_builtin(const struct br_call *call, int repeats, double seconds[2])
{
    struct slot *s = lock_primary();
    if (!s)
        return -1;
    struct br_kernel_params params;
    struct br_program program;
    br_params_default(&s->engine.device, call->precision, &params);
    cl_int error = build_program(&s->engine, call->precision, &params, &program);
    if (error == CL_SUCCESS) {
        error = bench_program(&s->engine, &program, call, repeats, seconds);
        br_program_release(&program);
    }
    br_timeline_write(call);
    slot_unlock(s);
    return error == CL_SUCCESS ? 0 : -1;
}

/* --- for blasroute-tune ------------------------------------------------------------------- */

/* One timed download of `buffer` into `block` (br_engine_measure_staged): its seconds kept in
 * *best if fewer and the run is not the untimed first. */
static cl_int timed_download(struct br_engine *e, cl_mem buffer, const struct br_block *block,
                             int timed, double *best)
{
    double start = br_seconds_now();
    size_t columns = 0;
    cl_int error =
        br_download(e->download, &e->download_staging, buffer, block, 0, NULL, &columns);
    double elapsed = br_seconds_now() - start;
    if (timed && elapsed < *best)
        *best = elapsed;
    return error;
}

int br_engine_measure_staged(size_t bytes, double *up_gbs, double *down_gbs,
                             double *down_add_gbs)
{
    *up_gbs = *down_gbs = *down_add_gbs = 0;
    /* Columns of 32 KiB, as a matrix of 4096 doubles a column: many chunks per staging slot. */
    const size_t rows = 4096, element = 8, cols = bytes / (rows * element);
    if (cols == 0 || !br_engine_ready())
        return -1;
    char *host = malloc(rows * element * cols);
    if (!host)
        return -1;
    memset(host, 1, rows * element * cols); /* faulted in, as a program's matrices are */
    struct br_block block = br_block_at(host, rows, element, 0, 0, rows, cols);
    /* beta = 1: the sum grows by what the device holds each round, never overflowing. */
    struct br_block added = block;
    added.add = (struct br_host_add){BR_HOST_ADD_DOUBLE, 1, 0, 0};
    struct slot *s = lock_primary();
    struct br_engine *e = s ? &s->engine : NULL;
    cl_mem buffer = NULL;
    cl_int error = e ? br_pool_acquire(&e->pool, rows * element * cols, &buffer)
                     : CL_INVALID_DEVICE;
    double best[3] = {1e300, 1e300, 1e300};
    for (int r = 0; r < 4 && error == CL_SUCCESS; r++) { /* the first of each untimed */
        double start = br_seconds_now();
        cl_event done = NULL;
        error = br_upload(e->upload, &e->upload_staging, buffer, &block, 0, NULL, &done);
        if (error == CL_SUCCESS)
            error = clWaitForEvents(1, &done);
        if (done)
            clReleaseEvent(done);
        double elapsed = br_seconds_now() - start;
        if (r > 0 && elapsed < best[0])
            best[0] = elapsed;
        if (error == CL_SUCCESS)
            error = timed_download(e, buffer, &block, r > 0, &best[1]);
        if (error == CL_SUCCESS)
            error = timed_download(e, buffer, &added, r > 0, &best[2]);
    }
    if (buffer)
        br_pool_release(&e->pool, buffer);
    br_timeline_forget();
    if (s)
        slot_unlock(s);
    free(host);
    if (error != CL_SUCCESS)
        return -1;
    *up_gbs = (double)(rows * element * cols) / best[0] * 1e-9;
    *down_gbs = (double)(rows * element * cols) / best[1] * 1e-9;
    *down_add_gbs = (double)(rows * element * cols) / best[2] * 1e-9;
    return 0;
}

void br_engine_override_params(enum br_precision precision, const struct br_kernel_params *params)
{
    ensure_discovered();
    override_set[precision] = params != NULL;
    if (params)
        override_params[precision] = *params;
    for (int i = 0; i < slot_count; i++) {
        struct slot *s = &slots[i];
        slot_lock(s);
        if (s->engine.program_state[precision] == 1)
            br_program_release(&s->engine.programs[precision]);
        s->engine.program_state[precision] = 0;
        slot_unlock(s);
    }
}

int br_engine_try_params(const struct br_kernel_params *params, const struct br_call *check,
                         const struct br_call *timed, int repeats, double seconds[2])
{
    struct slot *s = lock_primary();
    if (!s)
        return -1;
    struct br_program program;
    cl_int error = build_program(&s->engine, check->precision, params, &program);
    if (error == CL_SUCCESS) {
        error = br_gemm_device(&s->engine, &program, check);
        if (error == CL_SUCCESS)
            error = br_gemm_bench_resident(&s->engine, &program, timed, repeats, seconds);
        br_program_release(&program);
    }
    br_timeline_write(timed);
    slot_unlock(s);
    return error == CL_SUCCESS ? 0 : -1;
}
