/* The measurements blasroute-tune makes a profile from: the host<->device link of an OpenCL
 * device, and the CPU BLAS's Level-3 rates. */
#ifndef BLASROUTE_TOOLS_TUNE_MEASURE_H
#define BLASROUTE_TOOLS_TUNE_MEASURE_H

#include <stddef.h>

#include "engine/opencl.h"
#include "policy/profile.h"

struct tune_link {
    double h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned; /* GB/s (1e9 bytes/s) */
    double latency_us;  /* one small (4 KiB) blocking write, microseconds, median of many */
    double host_copy;   /* GB/s of br_host_copy() from ordinary malloc'd memory into a mapped
                         * pinned buffer */
};

/* Measures the link of `device` in `context` using `queue` (an in-order queue). Transfers of
 * max_bytes (64 MiB suits a GPU; less if the device cannot allocate that much at once), best
 * of a few repetitions each. Pinned: a CL_MEM_ALLOC_HOST_PTR buffer mapped once, used as the
 * host side of clEnqueueWriteBuffer/ReadBuffer; pageable: malloc'd memory, touched first.
 * Returns 0, or an OpenCL error code (CL_OUT_OF_HOST_MEMORY when malloc fails); frees
 * everything it allocated either way. */
cl_int tune_measure_link(cl_context context, cl_device_id device, cl_command_queue queue,
                         size_t max_bytes, struct tune_link *out);

/* Measures the CPU BLAS's rates (GFLOP/s as br_call_flops() counts flops) for every family and
 * precision over the grid br_grid_sizes, on square problems: GEMM 'N','N'; SYMM/HEMM side L
 * upper; SYRK/HERK/SYR2K/HER2K upper 'N' with k = n; TRMM/TRSM side L upper 'N' non-unit.
 * Sizes go up together for all families, so a short budget still measures every row. A row
 * stops going up once one of its calls takes more than per_call_limit_s, or once the function
 * has used budget_s (the smallest size is always measured); its grid points not measured get
 * its last measured rate. HEMM/HERK/HER2K rows of s and d stay 0. The caller's floating-point
 * exception flags are left as they were. Returns 0, or -1 when out of memory. */
int tune_measure_cpu_rates(double budget_s, double per_call_limit_s, br_rate_table *rates);

#endif
