/* What a device, and the CPU, can do: the numbers the per-call decision is made from. Read from
 * the plain-text profiles of profiles/ (format in profiles/README), or built in. */
#ifndef BLASROUTE_POLICY_PROFILE_H
#define BLASROUTE_POLICY_PROFILE_H

#include "call.h"
#include "kernel_params.h"

/* The size grid of the rate tables: square problems of these orders. */
enum { BR_GRID_POINTS = 9 };
extern const double br_grid_sizes[BR_GRID_POINTS]; /* 32 64 ... 8192 */

/* Rates in GFLOP/s per family, precision and grid size; 0 where unknown (then GEMM's is
 * used, and where GEMM's is unknown too, the family cannot be predicted). */
typedef double br_rate_table[BR_FAMILY_COUNT][BR_PRECISION_COUNT][BR_GRID_POINTS];

struct br_device_profile {
    char name[128];    /* what the profile says it is */
    char source[1024]; /* where it came from: a path, or "built-in ..." */
    /* How a device is recognised (empty: anything). */
    char match_vendor[64], match_name[128], match_type[16];
    /* The link, GB/s and microseconds. */
    double h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned, latency_us;
    double host_copy;  /* GB/s of the engine's host copies into pinned staging */
    /* GB/s of the engine's whole staged path (host copies and DMA, as a call moves its
     * matrices), up and down; 0 where the profile does not say: then estimated from the
     * pinned link and the host copies taken one after the other */
    double h2d_staged, d2h_staged;
    /* GB/s of the result's way down when the host adds beta C to it as it comes home (a GEMM,
     * SYMM or rank-k update with beta other than 0): the add reads C too. 0 where the profile
     * does not say: then estimated (br_staged_add_rate) */
    double d2h_staged_add;
    double launch_us;  /* one kernel launch */
    br_rate_table rates;
    double hybrid_share; /* the device's share of the work in hybrid mode; -1: the model's */
    /* How many times longer each side of a hybrid run takes than alone: the CPU BLAS and the
     * engine's host copies and driver threads share the cores and the memory bandwidth. */
    double hybrid_slowdown;
    /* [lapack]: the order from which getrf (and gesv) and potrf run faster with their matrix
     * resident on the device than on the CPU (lapack/); BR_LAPACK_MIN_ORDER_DEFAULT where the
     * profile does not say. The host factors the panels meanwhile, so the crossover depends on
     * the host as much as on the device. */
    double getrf_min_order, potrf_min_order;
    /* Tuned kernel parameters ([params.s] ...): those a profile gives, each marked in given;
     * the engine takes the built-in ones for the rest. */
    struct br_kernel_params params[BR_PRECISION_COUNT];
    unsigned char params_given[BR_PRECISION_COUNT][BR_KERNEL_PARAM_COUNT];
    /* Set for the device in use, not read from a file: the device is the host's own CPU (CPU
     * OpenCL), so a hybrid run would have the CPU BLAS and the device fight over the same
     * cores, and auto mode never splits. */
    int shares_host_cpu;
};

#define BR_LAPACK_MIN_ORDER_DEFAULT 8192.0

struct br_cpu_profile {
    char source[1024];
    br_rate_table rates;
    /* The built-in estimates (br_cpu_profile_builtin), not measured on this machine: the
     * decision then asks a device to be predicted estimated_margin times faster (decide.c). */
    int estimated;
};

/* A rate for a family and precision at an effective size, interpolated (log-log) on the grid,
 * GEMM's table standing in for a family without one. 0 if nothing is known. */
double br_profile_rate(const br_rate_table *rates, enum br_family family,
                       enum br_precision precision, double size);

/* Parses a device profile from a key file's text; 0 on success, else -1 (with a warning
 * naming file and line). */
struct br_keyfile;
int br_device_profile_from_keys(const struct br_keyfile *file, struct br_device_profile *out);
int br_cpu_profile_from_keys(const struct br_keyfile *file, struct br_cpu_profile *out);

/* params with the profile's given parameters of a precision put over them; 1 if it gave any. */
int br_profile_apply_params(const struct br_device_profile *profile, enum br_precision precision,
                            struct br_kernel_params *params);

/* How well a profile fits a device (vendor, name, type "gpu"/"cpu"/"accelerator"): -1 if it
 * does not, else 3 (it names the device), 2 (the vendor), 1 (the type only), 0 (generic). */
int br_profile_match_score(const struct br_device_profile *profile, const char *vendor,
                           const char *name, const char *type);

/* The built-in device profiles (NVIDIA, AMD and Intel GPUs, CPU OpenCL, generic), best match
 * first: by vendor and device name, then vendor, then device type, then generic. */
void br_device_profile_builtin(const char *vendor, const char *name, const char *type,
                               struct br_device_profile *out);

/* The built-in CPU profile: a conservative multi-core CPU BLAS. */
void br_cpu_profile_builtin(struct br_cpu_profile *out);

#endif
