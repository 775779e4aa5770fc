#include "tools/tune_measure.h"

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "engine/host_copy.h"
#include "stats.h"
#include "tools/median.h"

enum {
    LINK_REPETITIONS = 5,  /* transfers timed per direction and kind of host memory */
    LATENCY_SAMPLES = 101, /* odd: the median is one sample */
    LATENCY_BYTES = 4096
};

/* A call slower than this is timed once after its warm-up, not twice: the noise is small next
 * to its length and the budget is better spent on other rows. */
static const double LONG_CALL_S = 0.2;


/* ---- The link ---- */

struct link_buffers {
    size_t bytes;
    cl_mem device, pinned;
    void *pinned_host; /* the pinned buffer, mapped once, as the engine's staging is */
    void *pageable;
};

/* max_bytes, or less where the device cannot allocate that much in one buffer; never less than
 * the latency probe's size. */
static size_t transfer_bytes(cl_device_id device, size_t max_bytes)
{
    cl_ulong max_alloc = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc, &max_alloc,
                        NULL) == CL_SUCCESS && max_alloc > 0 && max_alloc < max_bytes)
        max_bytes = (size_t)max_alloc;
    return max_bytes < LATENCY_BYTES ? LATENCY_BYTES : max_bytes;
}

static void link_buffers_release(struct link_buffers *b, cl_command_queue queue)
{
    if (b->pinned_host)
        clEnqueueUnmapMemObject(queue, b->pinned, b->pinned_host, 0, NULL, NULL);
    clFinish(queue); /* the unmap is done before its buffer goes */
    if (b->pinned)
        clReleaseMemObject(b->pinned);
    if (b->device)
        clReleaseMemObject(b->device);
    free(b->pageable);
}

/* On failure whatever was made is left in *b for link_buffers_release. */
static cl_int link_buffers_create(struct link_buffers *b, cl_context context,
                                  cl_command_queue queue)
{
    cl_int error;
    b->device = clCreateBuffer(context, CL_MEM_READ_WRITE, b->bytes, NULL, &error);
    if (error != CL_SUCCESS)
        return error;
    b->pinned = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, b->bytes,
                               NULL, &error);
    if (error != CL_SUCCESS)
        return error;
    b->pinned_host = clEnqueueMapBuffer(queue, b->pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                        0, b->bytes, 0, NULL, NULL, &error);
    if (error != CL_SUCCESS)
        return error;
    b->pageable = malloc(b->bytes);
    if (!b->pageable)
        return CL_OUT_OF_HOST_MEMORY;
    /* Touched, so that no page fault of a first touch is timed as transfer time. */
    memset(b->pageable, 1, b->bytes);
    memset(b->pinned_host, 1, b->bytes);
    return CL_SUCCESS;
}

/* One blocking transfer: host to device if `write`, else device to host. */
static cl_int transfer(cl_command_queue queue, cl_mem buffer, void *host, size_t bytes,
                       int write)
{
    return write ? clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, NULL, NULL)
                 : clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, NULL, NULL);
}

/* GB/s of the best of a few transfers. The first, untimed, pays the driver's one-time costs
 * (allocating the device memory, registering the host pages) that the engine never pays per
 * call. */
static cl_int transfer_rate(cl_command_queue queue, cl_mem buffer, void *host, size_t bytes,
                            int write, double *rate)
{
    cl_int error = transfer(queue, buffer, host, bytes, write);
    double best = INFINITY;
    for (int r = 0; r < LINK_REPETITIONS && error == CL_SUCCESS; r++) {
        double t = br_seconds_now();
        error = transfer(queue, buffer, host, bytes, write);
        best = fmin(best, br_seconds_now() - t);
    }
    *rate = error == CL_SUCCESS && best > 0 ? (double)bytes / best * 1e-9 : 0;
    return error;
}

/* The median, not the best: a latency is paid on every call, so the typical one is wanted.
 * From pinned memory, since the engine's transfers all go through its pinned staging. */
static cl_int write_latency(cl_command_queue queue, cl_mem buffer, void *host, double *us)
{
    double samples[LATENCY_SAMPLES];
    cl_int error = transfer(queue, buffer, host, LATENCY_BYTES, 1);
    for (int i = 0; i < LATENCY_SAMPLES && error == CL_SUCCESS; i++) {
        double t = br_seconds_now();
        error = transfer(queue, buffer, host, LATENCY_BYTES, 1);
        samples[i] = br_seconds_now() - t;
    }
    if (error != CL_SUCCESS)
        return error;
    *us = tool_median(samples, LATENCY_SAMPLES) * 1e6;
    return CL_SUCCESS;
}

/* GB/s of the engine's host copy into pinned memory, as one contiguous block. The first copy,
 * untimed, starts the copy's helper threads. */
static double host_copy_rate(void *pinned, const void *pageable, size_t bytes)
{
    br_host_copy(0, pinned, bytes, pageable, bytes, bytes, 1);
    double best = INFINITY;
    for (int r = 0; r < LINK_REPETITIONS; r++) {
        double t = br_seconds_now();
        br_host_copy(0, pinned, bytes, pageable, bytes, bytes, 1);
        best = fmin(best, br_seconds_now() - t);
    }
    return best > 0 ? (double)bytes / best * 1e-9 : 0;
}

cl_int tune_measure_link(cl_context context, cl_device_id device, cl_command_queue queue,
                         size_t max_bytes, struct tune_link *out)
{
    memset(out, 0, sizeof *out);
    struct link_buffers b = {.bytes = transfer_bytes(device, max_bytes)};
    cl_int error = link_buffers_create(&b, context, queue);
    const struct {
        double *rate;
        void *host;
        int write;
    } kinds[] = {{&out->h2d_pageable, b.pageable, 1}, {&out->h2d_pinned, b.pinned_host, 1},
                 {&out->d2h_pageable, b.pageable, 0}, {&out->d2h_pinned, b.pinned_host, 0}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0] && error == CL_SUCCESS; i++)
        error = transfer_rate(queue, b.device, kinds[i].host, b.bytes, kinds[i].write,
                              kinds[i].rate);
    if (error == CL_SUCCESS)
        error = write_latency(queue, b.device, b.pinned_host, &out->latency_us);
    if (error == CL_SUCCESS)
        out->host_copy = host_copy_rate(b.pinned_host, b.pageable, b.bytes);
    link_buffers_release(&b, queue);
    return error;
}

/* ---- The CPU BLAS's rates ---- */

/* TRSM comes last: the diagonal it needs dominant is made so just before it, for it alone. */
_Static_assert(BR_TRSM == BR_FAMILY_COUNT - 1, "TRSM must be the last family");

/* The operands of one precision at one order: A, B, C and a pristine copy of B, n x n each. */
struct operands {
    enum br_precision precision;
    br_int n;
    size_t matrix_bytes;
    char *memory;
};

struct rate_run {
    double start, budget_s, per_call_limit_s;
    int active[BR_FAMILY_COUNT][BR_PRECISION_COUNT]; /* rows still going up in size */
    uint64_t random;                                 /* xorshift state */
    br_rate_table *rates;
};

/* Uniform in [-1, 1). */
static double next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (double)(*state >> 11) * 0x1p-52 - 1.0;
}

static int is_double(enum br_precision p)
{
    return p == BR_D || p == BR_Z;
}

static void fill_random(struct operands *o, uint64_t *state)
{
    size_t reals = 4 * o->matrix_bytes / (is_double(o->precision) ? 8 : 4);
    for (size_t i = 0; i < reals; i++) {
        double x = next_random(state);
        if (is_double(o->precision))
            ((double *)o->memory)[i] = x;
        else
            ((float *)o->memory)[i] = (float)x;
    }
}

/* Adds `value` to the real part of each diagonal element of A. */
static void add_to_diagonal(struct operands *o, double value)
{
    size_t reals_per_element = br_is_complex(o->precision) ? 2 : 1;
    for (size_t i = 0; i < (size_t)o->n; i++) {
        size_t at = i * ((size_t)o->n + 1) * reals_per_element;
        if (is_double(o->precision))
            ((double *)o->memory)[at] += value;
        else
            ((float *)o->memory)[at] += (float)value;
    }
}

static char *matrix(const struct operands *o, int index)
{
    return o->memory + (size_t)index * o->matrix_bytes;
}

static struct br_call square_call(enum br_family family, const struct operands *o)
{
    /* alpha = 1, beta = 0: C is overwritten, so repeated calls never grow it. A complex
     * scalar's real part is where HERK's and HER2K's real scalars are read (.s, .d). */
    struct br_call c = br_square_call(family, o->precision, o->n);
    c.alpha = br_scalar_real(o->precision, 1.0);
    c.beta = br_scalar_real(o->precision, 0.0);
    c.a = matrix(o, 0), c.b = matrix(o, 1), c.c = matrix(o, 2);
    return c;
}

/* Seconds of one call. TRMM and TRSM overwrite B, so it is put back first (untimed): repeated
 * solves would shrink it into subnormals, repeated products grow it toward overflow, and
 * either could slow the BLAS down. */
static double timed_call(const struct br_call *call, const struct operands *o)
{
    if (call->family == BR_TRMM || call->family == BR_TRSM)
        memcpy(matrix(o, 1), matrix(o, 3), o->matrix_bytes);
    double t = br_seconds_now();
    br_cpu_level3(call);
    return br_seconds_now() - t;
}

/* The best time after one warm-up call (threads started, caches and pages warm). */
static double best_time(const struct br_call *call, const struct operands *o)
{
    int repetitions = timed_call(call, o) > LONG_CALL_S ? 1 : 2;
    double best = INFINITY;
    for (int r = 0; r < repetitions; r++)
        best = fmin(best, timed_call(call, o));
    return best;
}

static int precision_active(const struct rate_run *run, enum br_precision p)
{
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        if (run->active[f][p])
            return 1;
    return 0;
}

/* Measures every active row of precision p at grid point `point`; -1 when out of memory. */
static int measure_precision(struct rate_run *run, enum br_precision p, int point)
{
    if (!precision_active(run, p))
        return 0;
    struct operands o = {.precision = p, .n = (br_int)br_grid_sizes[point]};
    o.matrix_bytes = (size_t)o.n * (size_t)o.n * br_element_size(p);
    o.memory = malloc(4 * o.matrix_bytes);
    if (!o.memory)
        return -1;
    fill_random(&o, &run->random);
    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        if (!run->active[f][p])
            continue;
        /* The smallest size is always measured, so that no row is left empty. */
        if (point > 0 && br_seconds_now() - run->start >= run->budget_s) {
            run->active[f][p] = 0;
            continue;
        }
        if (f == BR_TRSM)
            add_to_diagonal(&o, o.n); /* a well-conditioned solve stays finite */
        struct br_call call = square_call((enum br_family)f, &o);
        double seconds = best_time(&call, &o);
        if (seconds > 0)
            (*run->rates)[f][p][point] = br_call_flops(&call) / seconds * 1e-9;
        if (seconds > run->per_call_limit_s)
            run->active[f][p] = 0;
    }
    free(o.memory);
    return 0;
}

/* The rates saturate: a size not measured gets the last measured rate of its row. */
static void fill_unmeasured(br_rate_table *rates)
{
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            for (int i = 1; i < BR_GRID_POINTS; i++)
                if ((*rates)[f][p][i] == 0)
                    (*rates)[f][p][i] = (*rates)[f][p][i - 1];
}

int tune_measure_cpu_rates(double budget_s, double per_call_limit_s, br_rate_table *rates)
{
    /* The program's floating-point exception flags are its own: saved before any arithmetic
     * here (reading the clock is some), put back afterwards. */
    fexcept_t flags;
    fegetexceptflag(&flags, FE_ALL_EXCEPT);
    struct rate_run run = {.start = br_seconds_now(), .budget_s = budget_s,
                           .per_call_limit_s = per_call_limit_s,
                           .random = 0x9e3779b97f4a7c15u, .rates = rates};
    memset(*rates, 0, sizeof *rates);
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            run.active[f][p] = br_routine_exists((enum br_family)f, (enum br_precision)p);
    /* Sizes go up together for all rows, so a short budget still measures every row. */
    int result = 0;
    for (int i = 0; i < BR_GRID_POINTS && result == 0; i++)
        for (int p = 0; p < BR_PRECISION_COUNT && result == 0; p++)
            result = measure_precision(&run, (enum br_precision)p, i);
    fill_unmeasured(rates);
    fesetexceptflag(&flags, FE_ALL_EXCEPT);
    return result;
}
