/*
 * decide_test.c - TAP unit test of the per-call routing decision
 * (src/policy/decide.c: br_decide, br_decide_may_use_device,
 * br_predict_device_seconds, br_predict_cpu_seconds).
 *
 * The decision is a pure function of the call's shape, two profiles and a
 * policy, so this program needs no device, no OpenCL and no BLAS: it builds
 * synthetic profiles in code (rate tables filled from simple saturating
 * curves, link numbers set by hand), takes the rules from br_policy_default
 * and changes them where a check needs it.  Profiles used:
 *  - "GPU-like": rates rising from a few GFLOP/s at 32 to ~15-30 TFLOP/s,
 *    an NVIDIA-like PCIe link (pageable 10/19 GB/s, pinned 55, host copies
 *    40, 8 us latency, 5 us launches); SYRK and TRSM have their own slower
 *    rows, the other families fall back to GEMM's;
 *  - "CPU": a multi-core CPU BLAS, ~300 GFLOP/s in double, GEMM and TRSM rows;
 *  - "PoCL-like": a device whose every rate is a quarter of the CPU's, on a
 *    link as fast as the GPU's: it must never be chosen in auto mode.
 *
 * What a passing line proves (one line each):
 *  - small calls (dgemm 16^3, 64^3, 1000x1000x4) stay on the CPU, both under
 *    the default rules (min_size) and by the cost model alone (min_size 0),
 *    where both times are predicted and positive; dgemm 4096^3, and every
 *    family and precision at 4096, go to the device, predicted faster by
 *    more than the margin;
 *  - the rules: below min_size -> CPU, nothing predicted; device = off ->
 *    CPU for that routine only; mode cpu -> CPU; mode device -> device even
 *    for 1x1x1 and a slow device; no device profile -> CPU in every mode;
 *    br_decide_may_use_device agrees with the rules, and with br_decide on
 *    every call at the min_size boundary (a call of effective order exactly
 *    min_size is not below it: dgemm n^3 with min_size n, n = 1 ... 2048);
 *  - the effective size is the cube root of the call's volume, with SYRK's
 *    n*n*k and the side choosing TRMM's and SYMM's order of A;
 *  - the crossover (the smallest square n of 16, 32, ..., 8192 from which
 *    every larger n of the sweep goes to the device) exists for the GPU-like
 *    profile and moves the right way: a faster link, a faster device, a
 *    slower CPU or a smaller margin make it strictly smaller; beta = 0 makes
 *    it no larger; and at every n of the sweep beta = 0 is predicted no
 *    slower on the device than beta = 1 (it moves no more);
 *  - bytes: exactly what the engine moves, per family, side, beta and
 *    precision (4, 8, 8, 16 bytes an element; C down, never up, whatever
 *    beta: the host adds beta C; only a triangle of C for the rank-k
 *    updates, the triangle of A plus B for SYMM/HEMM and TRMM/TRSM), the
 *    same through br_decide's prediction as through
 *    br_predict_device_seconds;
 *  - the CPU time is the call's flops (counted here independently, complex
 *    multiply-add = 8) over the table's rate at the effective order, the
 *    family's own row or GEMM's; the device time is never below flops over
 *    the device's rate, nor below the bytes each way over the faster path;
 *  - a family's own rate row is used when the profile has one (TRSM on a
 *    device with a very slow TRSM row stays on the CPU while GEMM of the
 *    same size does not), and a precision no table knows is not predicted;
 *  - the PoCL-like device is never chosen in auto mode, for every family,
 *    precision and side over the whole sweep, even with margin 1, while
 *    both times are really predicted;
 *  - every family, precision and side gives finite, non-negative, positive
 *    where predicted, numbers for extreme shapes (1x1x1, 1x8192x1,
 *    8192x1x8192, ...), and the choice agrees with those numbers
 *    (device iff device_seconds * margin < cpu_seconds).
 *
 * Failing lines print the inputs that show the failure as TAP comments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "call.h"
#include "cpu_threads.h"
#include "gpu_guess.h"
#include "policy/calibrate.h"
#include "policy/decide.h"
#include "policy/keyfile.h"
#include "policy/learn.h"
#include "policy/policy.h"
#include "policy/profile.h"
#include "stats.h"
#include "sweep.h"
#include "unit_tap.h"
#include "warmup.h"
#include "warmup_memo.h"
#include "warmup_threads.h"

enum { PLAN = 53 };

/* --- names --------------------------------------------------------------------------------- */

static const char *const family_names[BR_FAMILY_COUNT] = {
    "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};

static const char *routine(enum br_family f, enum br_precision p)
{
    static char name[BR_FAMILY_COUNT][BR_PRECISION_COUNT][8];
    snprintf(name[f][p], sizeof name[f][p], "%c%s", "sdcz"[p], family_names[f]);
    return name[f][p];
}

static int has_side(enum br_family f)
{
    return f == BR_SYMM || f == BR_HEMM || f == BR_TRMM || f == BR_TRSM;
}

static int is_rank_k(enum br_family f)
{
    return f == BR_SYRK || f == BR_HERK || f == BR_SYR2K || f == BR_HER2K;
}

/* --- calls --------------------------------------------------------------------------------- */

static void set_scalar(union br_scalar *x, enum br_precision p, double re, double im)
{
    memset(x, 0, sizeof *x);
    switch (p) {
    case BR_S:
        x->s = (float)re;
        break;
    case BR_D:
        x->d = re;
        break;
    case BR_C:
        x->c[0] = (float)re, x->c[1] = (float)im;
        break;
    default:
        x->z[0] = re, x->z[1] = im;
        break;
    }
}

/* A settled call of the family with the dimensions it uses (the others left 0): GEMM m, n, k;
 * SYMM/HEMM/TRMM/TRSM m, n and the side; the rank-k updates n and k. alpha = 1, beta as
 * given (HERK's and HER2K's real beta sits where the real part of a complex one does). */
static struct br_call make_call(enum br_family f, enum br_precision p, char side, int m, int n,
                                int k, double beta_re, double beta_im)
{
    struct br_call c;
    memset(&c, 0, sizeof c);
    c.family = f;
    c.precision = p;
    c.work = BR_WORK_FULL;
    c.uplo = f == BR_GEMM ? 0 : 'U';
    c.transa = 'N';
    c.transb = f == BR_GEMM ? 'N' : 0;
    c.diag = (f == BR_TRMM || f == BR_TRSM) ? 'N' : 0;
    c.side = has_side(f) ? side : 0;
    c.m = is_rank_k(f) ? 0 : m;
    c.n = n;
    c.k = (f == BR_GEMM || is_rank_k(f)) ? k : 0;
    set_scalar(&c.alpha, p, 1, 0);
    set_scalar(&c.beta, p, beta_re, beta_im);
    return c;
}

/* The square call of order n: GEMM n^3, SYMM/TRMM n x n with side L, SYRK n x n from k = n. */
static struct br_call square(enum br_family f, enum br_precision p, int n, double beta)
{
    return make_call(f, p, 'L', n, n, n, beta, 0);
}

static const char *where_name(enum br_where w)
{
    return w == BR_ON_DEVICE ? "device" : w == BR_ON_HYBRID ? "hybrid" : "cpu";
}

static void describe(const char *what, const struct br_call *c, enum br_where w,
                     const struct br_prediction *p)
{
    fail("%s: %s side=%c m=%lld n=%lld k=%lld -> %s (%s), eff %.1f, cpu %.3g s, device %.3g s, "
         "up %.0f B, down %.0f B",
         what, routine(c->family, c->precision), c->side ? c->side : '-', (long long)c->m,
         (long long)c->n, (long long)c->k, where_name(w), p->reason ? p->reason : "(no reason)",
         p->effective_size, p->cpu_seconds, p->device_seconds, p->bytes_up, p->bytes_down);
}

/* --- profiles ------------------------------------------------------------------------------ */

/* A saturating curve on the grid: peak * s^2 / (s^2 + half^2), times a factor. */
static void fill_row(double row[BR_GRID_POINTS], double peak, double half)
{
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        double s = br_grid_sizes[i];
        row[i] = peak * s * s / (s * s + half * half);
    }
}

static void scale_rates(br_rate_table *rates, double factor)
{
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            for (int i = 0; i < BR_GRID_POINTS; i++)
                (*rates)[f][p][i] *= factor;
}

static void set_link(struct br_device_profile *d, double factor)
{
    d->h2d_pageable = 10 * factor;
    d->d2h_pageable = 19 * factor;
    d->h2d_pinned = d->d2h_pinned = 55 * factor;
    d->host_copy = 40 * factor;
}

static void gpu_profile(struct br_device_profile *d)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "synthetic GPU");
    snprintf(d->source, sizeof d->source, "decide_test");
    set_link(d, 1);
    d->latency_us = 8;
    d->launch_us = 5;
    d->hybrid_share = -1; /* the model's */
    /* GFLOP/s counting a complex multiply-add as 8 flops, so C and Z rates are real rates. */
    const double peak[BR_PRECISION_COUNT] = {30000, 15000, 30000, 15000};
    for (int p = 0; p < BR_PRECISION_COUNT; p++) {
        fill_row(d->rates[BR_GEMM][p], peak[p], 1024);
        fill_row(d->rates[BR_SYRK][p], peak[p] * 0.6, 1024);
        fill_row(d->rates[BR_TRSM][p], peak[p] * 0.4, 1536);
    }
}

static void cpu_profile(struct br_cpu_profile *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->source, sizeof c->source, "decide_test");
    const double peak[BR_PRECISION_COUNT] = {600, 300, 600, 300};
    for (int p = 0; p < BR_PRECISION_COUNT; p++) {
        fill_row(c->rates[BR_GEMM][p], peak[p], 128);
        fill_row(c->rates[BR_TRSM][p], peak[p] * 0.7, 256);
    }
}

/* A device slower than the CPU at every size, family and precision: every rate a quarter of
 * the CPU's, every family with its own row, on a link as good as the GPU's. */
static void pocl_profile(struct br_device_profile *d, const struct br_cpu_profile *cpu)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "synthetic CPU OpenCL");
    snprintf(d->source, sizeof d->source, "decide_test");
    set_link(d, 1);
    d->latency_us = 20;
    d->launch_us = 30;
    d->hybrid_share = -1;
    d->shares_host_cpu = 1; /* CPU OpenCL: a hybrid run would fight the CPU BLAS for cores */
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        memcpy(d->rates[f], cpu->rates[BR_GEMM], sizeof d->rates[f]);
    scale_rates(&d->rates, 0.25);
}

/* --- crossover ----------------------------------------------------------------------------- */

enum { SWEEP_FIRST = 16, SWEEP_STEP = 16, SWEEP_LAST = 8192 };

/* The smallest n of the sweep from which every larger n goes to the device; 0 if the device
 * does not even win at the largest. *first (if not NULL): the smallest n that goes there. */
static int crossover(const struct br_device_profile *dev, const struct br_cpu_profile *cpu,
                     const struct br_policy *policy, enum br_family f, enum br_precision p,
                     double beta, int *first)
{
    int from = 0, first_win = 0;
    for (int n = SWEEP_LAST; n >= SWEEP_FIRST; n -= SWEEP_STEP) {
        struct br_call c = square(f, p, n, beta);
        struct br_prediction pr;
        if (br_decide(&c, dev, cpu, policy, &pr) == BR_ON_DEVICE) {
            first_win = n;
            if (from == n + SWEEP_STEP || n == SWEEP_LAST)
                from = n;
        }
    }
    if (first)
        *first = first_win;
    return from;
}

/* --- checks -------------------------------------------------------------------------------- */

static struct br_device_profile gpu, pocl;
static struct br_cpu_profile cpu;

static struct br_policy policy_with(enum br_mode mode, double min_size, double margin)
{
    struct br_policy policy;
    br_policy_default(&policy);
    policy.mode = mode;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            /* The two-way decision; the hybrid choice has its own test (hybrid_test.c). */
            policy.rules[f][p].hybrid_allowed = 0;
            if (min_size >= 0)
                policy.rules[f][p].min_size = min_size;
            if (margin > 0)
                policy.rules[f][p].margin = margin;
        }
    return policy;
}

static int predicted(const struct br_prediction *p)
{
    return p->cpu_seconds > 0 && p->device_seconds > 0 && isfinite(p->cpu_seconds) &&
           isfinite(p->device_seconds);
}

static int nothing_predicted(const struct br_prediction *p)
{
    return p->cpu_seconds == 0 && p->device_seconds == 0 && p->bytes_up == 0 &&
           p->bytes_down == 0;
}

static void check_small_and_large(void)
{
    struct br_policy defaults;
    br_policy_default(&defaults);
    struct br_policy model = policy_with(BR_MODE_AUTO, 0, -1);
    const int small[][3] = {{16, 16, 16}, {64, 64, 64}, {1000, 1000, 4}};
    struct br_prediction p;

    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        struct br_call c = make_call(BR_GEMM, BR_D, 0, small[i][0], small[i][1], small[i][2], 1, 0);
        enum br_where w = br_decide(&c, &gpu, &cpu, &defaults, &p);
        if (w != BR_ON_CPU || !p.reason || !p.reason[0])
            describe("default policy", &c, w, &p);
    }
    ok("default policy: dgemm 16^3, 64^3 and 1000x1000x4 stay on the CPU, with a reason");

    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        struct br_call c = make_call(BR_GEMM, BR_D, 0, small[i][0], small[i][1], small[i][2], 1, 0);
        enum br_where w = br_decide(&c, &gpu, &cpu, &model, &p);
        if (w != BR_ON_CPU || !predicted(&p) || !p.reason ||
            !(p.cpu_seconds <= p.device_seconds * model.rules[BR_GEMM][BR_D].margin))
            describe("min_size 0", &c, w, &p);
    }
    ok("cost model alone (min_size 0): the same small calls are predicted faster on the CPU");

    struct br_call big = square(BR_GEMM, BR_D, 4096, 1);
    enum br_where w = br_decide(&big, &gpu, &cpu, &defaults, &p);
    double margin = defaults.rules[BR_GEMM][BR_D].margin;
    if (w != BR_ON_DEVICE || !predicted(&p) || !p.reason || !p.reason[0] ||
        !(p.device_seconds * margin < p.cpu_seconds) || !(p.bytes_up > 0 && p.bytes_down > 0))
        describe("default policy", &big, w, &p);
    ok("default policy: dgemm 4096^3 goes to the device, predicted faster by the margin");

    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++)
            for (int s = 0; s < 2; s++) {
                struct br_call c = make_call((enum br_family)f, (enum br_precision)q, "LR"[s],
                                             4096, 4096, 4096, 1, 0);
                w = br_decide(&c, &gpu, &cpu, &defaults, &p);
                if (w != BR_ON_DEVICE || !predicted(&p) || !p.reason)
                    describe("default policy", &c, w, &p);
            }
    ok("default policy: every family, precision and side at order 4096 goes to the device");
}

static void check_rules(void)
{
    struct br_policy policy;
    struct br_prediction p;
    enum br_where w;
    struct br_call big = square(BR_GEMM, BR_D, 4096, 1);

    /* min_size: the effective order of 512^3 is 512; just above it -> CPU, just below ->
     * predicted. */
    struct br_call mid = square(BR_GEMM, BR_D, 512, 1);
    policy = policy_with(BR_MODE_AUTO, 512.5, -1);
    w = br_decide(&mid, &gpu, &cpu, &policy, &p);
    if (w != BR_ON_CPU || !nothing_predicted(&p) || !p.reason ||
        br_decide_may_use_device(&mid, &policy))
        describe("min_size 512.5", &mid, w, &p);
    policy = policy_with(BR_MODE_AUTO, 511.5, -1);
    w = br_decide(&mid, &gpu, &cpu, &policy, &p);
    if (!predicted(&p) || !br_decide_may_use_device(&mid, &policy))
        describe("min_size 511.5", &mid, w, &p);
    policy = policy_with(BR_MODE_AUTO, 8192, -1); /* huge dgemm, but still below */
    w = br_decide(&big, &gpu, &cpu, &policy, &p);
    if (w != BR_ON_CPU || !nothing_predicted(&p) || !p.reason)
        describe("min_size 8192", &big, w, &p);
    ok("below min_size: CPU with a reason and nothing predicted; at or above it: predicted");

    br_policy_default(&policy);
    policy.rules[BR_GEMM][BR_D].device_allowed = 0;
    w = br_decide(&big, &gpu, &cpu, &policy, &p);
    if (w != BR_ON_CPU || !nothing_predicted(&p) || !p.reason ||
        br_decide_may_use_device(&big, &policy))
        describe("dgemm device off", &big, w, &p);
    struct br_call sbig = square(BR_GEMM, BR_S, 4096, 1), dtrsm = square(BR_TRSM, BR_D, 4096, 1);
    w = br_decide(&sbig, &gpu, &cpu, &policy, &p);
    if (w != BR_ON_DEVICE || !br_decide_may_use_device(&sbig, &policy))
        describe("sgemm with dgemm off", &sbig, w, &p);
    w = br_decide(&dtrsm, &gpu, &cpu, &policy, &p);
    if (w != BR_ON_DEVICE)
        describe("dtrsm with dgemm off", &dtrsm, w, &p);
    ok("device off for dgemm: dgemm 4096^3 on the CPU; sgemm and dtrsm still on the device");

    policy = policy_with(BR_MODE_CPU, 0, -1);
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++) {
            struct br_call c = square((enum br_family)f, (enum br_precision)q, 4096, 1);
            w = br_decide(&c, &gpu, &cpu, &policy, &p);
            if (w != BR_ON_CPU || !p.reason)
                describe("mode cpu", &c, w, &p);
        }
    ok("mode cpu: every routine at order 4096 on the CPU");

    policy = policy_with(BR_MODE_DEVICE, -1, -1); /* default min_size 256 */
    const int shapes[][3] = {{1, 1, 1}, {16, 16, 16}, {1000, 1000, 4}};
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++)
            for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                struct br_call c = make_call((enum br_family)f, (enum br_precision)q, 'L',
                                             shapes[i][0], shapes[i][1], shapes[i][2], 1, 0);
                w = br_decide(&c, &gpu, &cpu, &policy, &p);
                if (w != BR_ON_DEVICE || !p.reason)
                    describe("mode device, GPU", &c, w, &p);
                w = br_decide(&c, &pocl, &cpu, &policy, &p);
                if (w != BR_ON_DEVICE || !p.reason)
                    describe("mode device, PoCL-like", &c, w, &p);
            }
    ok("mode device: small calls (1x1x1, 16^3, 1000x1000x4) on the device, even a slow one");

    const enum br_mode modes[] = {BR_MODE_AUTO, BR_MODE_CPU, BR_MODE_DEVICE};
    for (size_t m = 0; m < 3; m++) {
        policy = policy_with(modes[m], 0, -1);
        for (int f = 0; f < BR_FAMILY_COUNT; f++) {
            struct br_call c = square((enum br_family)f, BR_D, 4096, 1);
            w = br_decide(&c, NULL, &cpu, &policy, &p);
            if (w != BR_ON_CPU || !p.reason || p.device_seconds != 0)
                describe(modes[m] == BR_MODE_AUTO  ? "no device, auto"
                         : modes[m] == BR_MODE_CPU ? "no device, cpu"
                                                   : "no device, mode device",
                         &c, w, &p);
        }
    }
    ok("no device profile: CPU in auto, cpu and device modes");

    br_policy_default(&policy);
    policy.rules[BR_TRSM][BR_Z].device_allowed = 0;
    policy.rules[BR_SYRK][BR_S].min_size = 1000;
    struct {
        struct br_call call;
        int expected;
    } may[] = {
        {square(BR_GEMM, BR_D, 256, 1), 1},
        {square(BR_GEMM, BR_D, 255, 1), 0},
        {make_call(BR_GEMM, BR_D, 0, 1000, 1000, 4, 1, 0), 0},     /* order 158.7 */
        {make_call(BR_GEMM, BR_D, 0, 4096, 4096, 1024, 1, 0), 1},  /* order 2580 */
        {square(BR_TRSM, BR_Z, 4096, 1), 0},
        {square(BR_TRSM, BR_C, 4096, 1), 1},
        {square(BR_SYRK, BR_S, 999, 1), 0},
        {square(BR_SYRK, BR_S, 1001, 1), 1},
        {square(BR_SYRK, BR_D, 300, 1), 1},
    };
    for (size_t i = 0; i < sizeof may / sizeof may[0]; i++) {
        int got = br_decide_may_use_device(&may[i].call, &policy);
        if (got != may[i].expected)
            fail("br_decide_may_use_device(%s m=%lld n=%lld k=%lld) = %d, expected %d",
                 routine(may[i].call.family, may[i].call.precision), (long long)may[i].call.m,
                 (long long)may[i].call.n, (long long)may[i].call.k, got, may[i].expected);
    }
    ok("br_decide_may_use_device follows device on/off and min_size per routine");

    /* At the boundary: a call of effective order exactly min_size is at least min_size, and
     * the cheap test and the decision must agree on every call (route.c asks the one, then
     * the other). Square n^3 with min_size n, and n x n x k shapes against a few settings. */
    const double settings[] = {100, 256, 300, 500, 900, 1000, 1200, 1500};
    for (int n = 1; n <= 2048; n++) {
        struct br_call c = square(BR_GEMM, BR_D, n, 1);
        policy = policy_with(BR_MODE_AUTO, n, -1);
        w = br_decide(&c, &gpu, &cpu, &policy, &p);
        int below = !predicted(&p); /* below min_size: nothing predicted */
        int allowed = br_decide_may_use_device(&c, &policy);
        if (below || !allowed)
            fail("dgemm %d^3, min_size %d: br_decide says '%s' (effective size %.17g), "
                 "br_decide_may_use_device %d",
                 n, n, p.reason ? p.reason : "(none)", p.effective_size, allowed);
        for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
            struct br_call r = make_call(BR_GEMM, BR_S, 0, n, n, 1 + n % 97, 1, 0);
            policy = policy_with(BR_MODE_AUTO, settings[i], -1);
            w = br_decide(&r, &gpu, &cpu, &policy, &p);
            below = !predicted(&p);
            allowed = br_decide_may_use_device(&r, &policy);
            if (below == allowed)
                fail("sgemm %dx%dx%d, min_size %g: br_decide says '%s' (effective size "
                     "%.17g), br_decide_may_use_device %d",
                     (int)r.m, (int)r.n, (int)r.k, settings[i], p.reason ? p.reason : "(none)",
                     p.effective_size, allowed);
        }
    }
    ok("at min_size exactly the device is considered; br_decide and may_use_device agree");
}

static void check_effective_size(void)
{
    struct br_policy policy = policy_with(BR_MODE_CPU, 0, -1); /* effective size only */
    struct {
        struct br_call call;
        double volume;
    } cases[] = {
        {make_call(BR_GEMM, BR_D, 0, 100, 200, 300, 1, 0), 100.0 * 200 * 300},
        {make_call(BR_SYRK, BR_D, 0, 0, 500, 20, 1, 0), 500.0 * 500 * 20},
        {make_call(BR_HER2K, BR_Z, 0, 0, 500, 20, 1, 0), 500.0 * 500 * 20},
        {make_call(BR_TRMM, BR_D, 'L', 100, 4000, 0, 1, 0), 100.0 * 4000 * 100},
        {make_call(BR_TRMM, BR_D, 'R', 100, 4000, 0, 1, 0), 100.0 * 4000 * 4000},
        {make_call(BR_TRSM, BR_S, 'R', 3000, 7, 0, 1, 0), 3000.0 * 7 * 7},
        {make_call(BR_SYMM, BR_C, 'L', 3000, 7, 0, 1, 0), 3000.0 * 7 * 3000},
        {make_call(BR_HEMM, BR_Z, 'R', 3000, 7, 0, 1, 0), 3000.0 * 7 * 7},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct br_prediction p;
        br_decide(&cases[i].call, &gpu, &cpu, &policy, &p);
        double expected = cbrt(cases[i].volume);
        if (!(fabs(p.effective_size - expected) <= 1e-9 * expected))
            fail("%s side=%c m=%d n=%d k=%d: effective size %.6f, expected %.6f",
                 routine(cases[i].call.family, cases[i].call.precision),
                 cases[i].call.side ? cases[i].call.side : '-', (int)cases[i].call.m,
                 (int)cases[i].call.n, (int)cases[i].call.k, p.effective_size, expected);
    }
    ok("effective size: cube root of m*n*k, n*n*k for rank-k, the side choosing A's order");
}

static void check_crossover(void)
{
    struct br_policy base = policy_with(BR_MODE_AUTO, 0, -1); /* margin 1.2, the model alone */
    int first;
    int x = crossover(&gpu, &cpu, &base, BR_GEMM, BR_D, 1, &first);
    diag("dgemm crossover, GPU-like profile, margin 1.2: from n = %d (first win at %d)", x,
         first);
    if (!(x > SWEEP_FIRST && x < SWEEP_LAST))
        fail("dgemm crossover %d is not inside the sweep (%d..%d)", x, SWEEP_FIRST,
             SWEEP_LAST);
    int families_checked = 0;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++) {
            int xf = crossover(&gpu, &cpu, &base, (enum br_family)f, (enum br_precision)q, 1,
                               NULL);
            families_checked++;
            if (!(xf > SWEEP_FIRST && xf < SWEEP_LAST))
                fail("%s: crossover %d is not inside the sweep", routine((enum br_family)f,
                     (enum br_precision)q), xf);
        }
    struct br_policy defaults;
    br_policy_default(&defaults);
    int xd = crossover(&gpu, &cpu, &defaults, BR_GEMM, BR_D, 1, NULL);
    if (xd < (int)defaults.rules[BR_GEMM][BR_D].min_size || xd < x)
        fail("with the default min_size %.0f the crossover is %d (model alone: %d)",
             defaults.rules[BR_GEMM][BR_D].min_size, xd, x);
    ok("a crossover exists inside the sweep for every routine on the GPU-like profile");

    struct br_device_profile faster = gpu, slower = gpu;
    set_link(&faster, 4);
    set_link(&slower, 0.25);
    int xfast = crossover(&faster, &cpu, &base, BR_GEMM, BR_D, 1, NULL);
    int xslow = crossover(&slower, &cpu, &base, BR_GEMM, BR_D, 1, NULL);
    diag("link x0.25: %d, x1: %d, x4: %d", xslow, x, xfast);
    if (!(xfast < x && x < xslow))
        fail("crossover by link bandwidth x0.25, x1, x4: %d, %d, %d (must decrease)", xslow, x,
             xfast);
    ok("a faster link makes the crossover smaller, a slower one larger");

    faster = gpu;
    scale_rates(&faster.rates, 3);
    int xrate = crossover(&faster, &cpu, &base, BR_GEMM, BR_D, 1, NULL);
    diag("device rates x3: %d", xrate);
    if (!(xrate < x))
        fail("device rates x3: crossover %d, not below %d", xrate, x);
    ok("a faster device makes the crossover smaller");

    struct br_cpu_profile fast_cpu = cpu;
    scale_rates(&fast_cpu.rates, 2);
    int xcpu = crossover(&gpu, &fast_cpu, &base, BR_GEMM, BR_D, 1, NULL);
    diag("CPU rates x2: %d", xcpu);
    if (!(xcpu > x))
        fail("CPU rates x2: crossover %d, not above %d", xcpu, x);
    ok("a faster CPU makes the crossover larger");

    struct br_policy wide = policy_with(BR_MODE_AUTO, 0, 3), even = policy_with(BR_MODE_AUTO, 0, 1);
    int xwide = crossover(&gpu, &cpu, &wide, BR_GEMM, BR_D, 1, NULL);
    int xeven = crossover(&gpu, &cpu, &even, BR_GEMM, BR_D, 1, NULL);
    diag("margin 1: %d, 1.2: %d, 3: %d", xeven, x, xwide);
    if (!(xeven < x && x < xwide))
        fail("crossover by margin 1, 1.2, 3: %d, %d, %d (must increase)", xeven, x, xwide);
    ok("a larger margin makes the crossover larger");

    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        const enum br_family fams[] = {BR_GEMM, BR_SYMM, BR_SYRK, BR_SYR2K};
        for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
            int x1 = crossover(&gpu, &cpu, &base, fams[i], (enum br_precision)q, 1, NULL);
            int x0 = crossover(&gpu, &cpu, &base, fams[i], (enum br_precision)q, 0, NULL);
            if (fams[i] == BR_GEMM && q == BR_D)
                diag("dgemm beta = 0: %d, beta = 1: %d", x0, x1);
            if (x0 > x1)
                fail("%s: crossover with beta = 0 is %d, with beta = 1 %d",
                     routine(fams[i], (enum br_precision)q), x0, x1);
        }
    }
    ok("beta = 0 (C not uploaded) never makes the crossover larger");

    /* Pointwise: moving fewer bytes can never be predicted slower. */
    for (int q = 0; q < BR_PRECISION_COUNT; q++)
        for (int f = 0; f < BR_FAMILY_COUNT; f++) {
            if (f == BR_TRMM || f == BR_TRSM)
                continue; /* no C: beta is not used */
            for (int n = SWEEP_FIRST; n <= SWEEP_LAST; n += SWEEP_STEP) {
                struct br_call c1 = square((enum br_family)f, (enum br_precision)q, n, 1);
                struct br_call c0 = square((enum br_family)f, (enum br_precision)q, n, 0);
                struct br_prediction p1, p0;
                double t1 = br_predict_device_seconds(&c1, &gpu, &p1);
                double t0 = br_predict_device_seconds(&c0, &gpu, &p0);
                if (!(t0 <= t1))
                    fail("%s n=%d: beta = 0 moves %.0f bytes up in %.3g s, beta = 1 moves "
                         "%.0f in %.3g s",
                         routine((enum br_family)f, (enum br_precision)q), n, p0.bytes_up, t0,
                         p1.bytes_up, t1);
            }
        }
    ok("at every n of the sweep, beta = 0 is predicted no slower on the device than beta = 1");
}

/* The device-side bytes of a call, through br_predict_device_seconds and through br_decide
 * (auto, min_size 0); both must agree. */
static int bytes_of(const struct br_call *c, double *up, double *down)
{
    struct br_prediction p, d;
    memset(&p, 0, sizeof p);
    br_predict_device_seconds(c, &gpu, &p);
    struct br_policy policy = policy_with(BR_MODE_AUTO, 0, -1);
    br_decide(c, &gpu, &cpu, &policy, &d);
    double up_moved = -1, down_moved = -1;
    br_call_bytes_moved(c, &up_moved, &down_moved);
    *up = p.bytes_up;
    *down = p.bytes_down;
    if (up_moved != p.bytes_up || down_moved != p.bytes_down)
        fail("%s m=%d n=%d k=%d: br_call_bytes_moved says %.0f/%.0f bytes, "
             "br_predict_device_seconds %.0f/%.0f",
             routine(c->family, c->precision), (int)c->m, (int)c->n, (int)c->k, up_moved,
             down_moved, p.bytes_up, p.bytes_down);
    if (d.bytes_up != p.bytes_up || d.bytes_down != p.bytes_down) {
        fail("%s m=%d n=%d k=%d: br_decide says %.0f/%.0f bytes, br_predict_device_seconds "
             "%.0f/%.0f",
             routine(c->family, c->precision), (int)c->m, (int)c->n, (int)c->k, d.bytes_up,
             d.bytes_down, p.bytes_up, p.bytes_down);
        return -1;
    }
    return 0;
}

static void expect_bytes(const struct br_call *c, const char *what, double up, double down)
{
    double got_up, got_down;
    if (bytes_of(c, &got_up, &got_down) != 0)
        return;
    if (got_up != up || got_down != down)
        fail("%s %s side=%c m=%d n=%d k=%d: up %.0f down %.0f, expected up %.0f down %.0f",
             routine(c->family, c->precision), what, c->side ? c->side : '-', (int)c->m, (int)c->n,
             (int)c->k, got_up, got_down, up, down);
}

static void check_bytes(void)
{
    const double m = 300, n = 200, k = 100;
    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        double e = (double)br_element_size((enum br_precision)q);
        struct br_call c0 = make_call(BR_GEMM, (enum br_precision)q, 0, 300, 200, 100, 0, 0);
        struct br_call c1 = make_call(BR_GEMM, (enum br_precision)q, 0, 300, 200, 100, 1, 0);
        expect_bytes(&c0, "beta=0", (m * k + k * n) * e, m * n * e);
        expect_bytes(&c1, "beta=1", (m * k + k * n) * e, m * n * e);
        double u0, d0, u1, d1;
        if (bytes_of(&c0, &u0, &d0) == 0 && bytes_of(&c1, &u1, &d1) == 0 &&
            (u1 != u0 || d1 != d0))
            fail("%s: beta=1 minus beta=0 moves %.0f more up, %.0f more down; expected 0, 0",
                 routine(BR_GEMM, (enum br_precision)q), u1 - u0, d1 - d0);
    }
    ok("gemm: A and B up, C down; C never up, whatever beta (the host adds beta C)");

    const double nn = 300, kk = 50, tri = nn * (nn + 1) / 2;
    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        enum br_precision p = (enum br_precision)q;
        double e = (double)br_element_size(p);
        const enum br_family fams[] = {BR_SYRK, BR_HERK, BR_SYR2K, BR_HER2K};
        for (size_t i = 0; i < 4; i++) {
            if ((fams[i] == BR_HERK || fams[i] == BR_HER2K) && !br_is_complex(p))
                continue;
            double operands = (fams[i] == BR_SYRK || fams[i] == BR_HERK ? 1 : 2) * nn * kk;
            struct br_call c0 = make_call(fams[i], p, 0, 0, 300, 50, 0, 0);
            struct br_call c1 = make_call(fams[i], p, 0, 0, 300, 50, 0.5, 0);
            expect_bytes(&c0, "beta=0", operands * e, tri * e);
            expect_bytes(&c1, "beta=0.5", operands * e, tri * e);
        }
    }
    ok("syrk/herk/syr2k/her2k: A (and B) up, only the n(n+1)/2 triangle of C down, never up");

    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        enum br_precision p = (enum br_precision)q;
        double e = (double)br_element_size(p);
        const enum br_family fams[] = {BR_TRMM, BR_TRSM};
        for (size_t i = 0; i < 2; i++)
            for (int s = 0; s < 2; s++) {
                double na = s == 0 ? 300 : 200;
                /* beta is not an argument of TRMM/TRSM: whatever it holds must not matter */
                struct br_call c = make_call(fams[i], p, "LR"[s], 300, 200, 0, 0, 0);
                struct br_call c7 = make_call(fams[i], p, "LR"[s], 300, 200, 0, 7, 7);
                expect_bytes(&c, "", (na * (na + 1) / 2 + 300.0 * 200) * e, 300.0 * 200 * e);
                expect_bytes(&c7, "", (na * (na + 1) / 2 + 300.0 * 200) * e, 300.0 * 200 * e);
            }
    }
    ok("trmm/trsm: the triangle of A plus B up, B down, A's order by side");

    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        enum br_precision p = (enum br_precision)q;
        double e = (double)br_element_size(p);
        const enum br_family fams[] = {BR_SYMM, BR_HEMM};
        for (size_t i = 0; i < 2; i++) {
            if (fams[i] == BR_HEMM && !br_is_complex(p))
                continue;
            for (int s = 0; s < 2; s++) {
                double na = s == 0 ? 300 : 200, tri_a = na * (na + 1) / 2;
                struct br_call c0 = make_call(fams[i], p, "LR"[s], 300, 200, 0, 0, 0);
                struct br_call c1 = make_call(fams[i], p, "LR"[s], 300, 200, 0, 1, 0);
                expect_bytes(&c0, "beta=0", (tri_a + 300.0 * 200) * e, 300.0 * 200 * e);
                expect_bytes(&c1, "beta=1", (tri_a + 300.0 * 200) * e, 300.0 * 200 * e);
            }
        }
    }
    ok("symm/hemm: the triangle of A and B up; C down, never up");

    /* Element sizes, and complex and real-only betas. */
    const double elements_up = 300.0 * 100 + 100.0 * 200, elements_down = 300.0 * 200;
    struct br_call cg = make_call(BR_GEMM, BR_C, 0, 300, 200, 100, 1, 0);
    struct br_call zg = make_call(BR_GEMM, BR_Z, 0, 300, 200, 100, 1, 0);
    struct br_call sg = make_call(BR_GEMM, BR_S, 0, 300, 200, 100, 1, 0);
    expect_bytes(&sg, "beta=1", elements_up * 4, elements_down * 4);
    expect_bytes(&cg, "beta=1", elements_up * 8, elements_down * 8);
    expect_bytes(&zg, "beta=1", elements_up * 16, elements_down * 16);
    struct br_call zi = make_call(BR_GEMM, BR_Z, 0, 300, 200, 100, 0, 1); /* beta = i */
    struct br_call ci = make_call(BR_GEMM, BR_C, 0, 300, 200, 100, 0, 1);
    expect_bytes(&zi, "beta=(0,1)", elements_up * 16, elements_down * 16);
    expect_bytes(&ci, "beta=(0,1)", elements_up * 8, elements_down * 8);
    /* HERK's and HER2K's beta is real: what lies after it is not an imaginary part. */
    struct br_call zh = make_call(BR_HERK, BR_Z, 0, 0, 300, 50, 0, 5);
    struct br_call ch = make_call(BR_HER2K, BR_C, 0, 0, 300, 50, 0, 5);
    expect_bytes(&zh, "real beta=0", 300.0 * 50 * 16, tri * 16);
    expect_bytes(&ch, "real beta=0", 2 * 300.0 * 50 * 8, tri * 8);
    ok("elements of 4/8/8/16 bytes, whatever beta (C is never uploaded)");
}

static void check_family_rows(void)
{
    /* A device whose TRSM row is 100 times slower than its GEMM row. */
    struct br_device_profile d = gpu;
    for (int q = 0; q < BR_PRECISION_COUNT; q++)
        for (int i = 0; i < BR_GRID_POINTS; i++)
            d.rates[BR_TRSM][q][i] = d.rates[BR_GEMM][q][i] / 100;
    struct br_policy policy = policy_with(BR_MODE_AUTO, 0, -1);
    struct br_prediction p;
    for (int q = 0; q < BR_PRECISION_COUNT; q++) {
        struct br_call g = square(BR_GEMM, (enum br_precision)q, 2048, 1);
        struct br_call t = square(BR_TRSM, (enum br_precision)q, 2048, 1);
        struct br_call mm = square(BR_TRMM, (enum br_precision)q, 2048, 1); /* GEMM's row */
        enum br_where w = br_decide(&g, &d, &cpu, &policy, &p);
        if (w != BR_ON_DEVICE)
            describe("slow-TRSM device", &g, w, &p);
        w = br_decide(&t, &d, &cpu, &policy, &p);
        if (w != BR_ON_CPU || !predicted(&p))
            describe("slow-TRSM device", &t, w, &p);
        w = br_decide(&mm, &d, &cpu, &policy, &p);
        if (w != BR_ON_DEVICE)
            describe("slow-TRSM device", &mm, w, &p);
    }
    /* A device that knows only double precision: single and complex are not predicted. */
    struct br_device_profile donly;
    memset(&donly, 0, sizeof donly);
    set_link(&donly, 1);
    donly.latency_us = 8, donly.launch_us = 5;
    memcpy(donly.rates[BR_GEMM][BR_D], gpu.rates[BR_GEMM][BR_D], sizeof donly.rates[0][0]);
    struct br_call z = square(BR_GEMM, BR_Z, 4096, 1), dd = square(BR_GEMM, BR_D, 4096, 1);
    enum br_where w = br_decide(&z, &donly, &cpu, &policy, &p);
    if (w != BR_ON_CPU || p.device_seconds != 0 || !p.reason)
        describe("double-only device", &z, w, &p);
    w = br_decide(&dd, &donly, &cpu, &policy, &p);
    if (w != BR_ON_DEVICE)
        describe("double-only device", &dd, w, &p);
    ok("a family's own rates are used (slow TRSM row: TRSM stays, GEMM and TRMM go); "
       "unknown precision -> CPU");
}

/* Flops by the reference's count (complex multiply-add = 8), written out independently. */
static double expected_flops(const struct br_call *c)
{
    double m = c->m, n = c->n, k = c->k, na = c->side == 'L' ? m : n, f;
    switch (c->family) {
    case BR_GEMM:
        f = 2 * m * n * k;
        break;
    case BR_SYMM:
    case BR_HEMM:
        f = 2 * m * n * na;
        break;
    case BR_SYRK:
    case BR_HERK:
        f = n * (n + 1) * k;
        break;
    case BR_SYR2K:
    case BR_HER2K:
        f = 2 * n * (n + 1) * k;
        break;
    default:
        f = m * n * na;
        break;
    }
    return br_is_complex(c->precision) ? 4 * f : f;
}

static void check_cpu_times(void)
{
    /* On the grid (square orders 32 ... 8192, effective order = the grid size) the CPU time is
     * the call's flops over the table's rate: the family's own row (TRSM here) or GEMM's. A
     * rank-2k update counts its depth twice (br_cpu_effective_size): at 2.5 / (2/n + 0.25/n),
     * 1.11 n, off the grid. */
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int q = 0; q < BR_PRECISION_COUNT; q++)
            for (int i = 0; i < BR_GRID_POINTS; i++)
                for (int s = 0; s < 2; s++) {
                    int n = (int)br_grid_sizes[i];
                    struct br_call c = make_call((enum br_family)f, (enum br_precision)q,
                                                 "LR"[s], n, n, n, 1, 0);
                    double rate = f == BR_TRSM ? cpu.rates[BR_TRSM][q][i] : cpu.rates[BR_GEMM][q][i];
                    if (f == BR_SYR2K || f == BR_HER2K)
                        rate = br_profile_rate(&cpu.rates, BR_GEMM, (enum br_precision)q,
                                               2.5 * n / 2.25);
                    double expected = expected_flops(&c) / (rate * 1e9);
                    double got = br_predict_cpu_seconds(&c, &cpu);
                    if (!(fabs(got - expected) <= 1e-9 * expected))
                        fail("%s side=%c n=%d: CPU %.9g s, expected %.9g s (%.0f flops at %.6g "
                             "GFLOP/s)",
                             routine(c.family, c.precision), c.side ? c.side : '-', n, got,
                             expected, expected_flops(&c), rate);
                }
    /* Rectangular: 2000 x 300 x 50 dgemm runs at the rate of 2.5 / (1/2000 + 1/300 + 0.5/50)
     * = 180.7, between the 128 and 256 entries (not at its cube root, 310.7); a thin
     * 8192 x 64 x 8192 at 157.3, between 128 and 256 (not 1625), and so does the TRMM of its
     * shape (8192 x 64, side L: 8192, 64, 8192); a rank-64 update 8192 x 8192 x 64 at 309.9,
     * between 256 and 512. */
    struct br_call r = make_call(BR_GEMM, BR_D, 0, 2000, 300, 50, 1, 0);
    double t = br_predict_cpu_seconds(&r, &cpu), flops = 2.0 * 2000 * 300 * 50;
    double slow = flops / (cpu.rates[BR_GEMM][BR_D][2] * 1e9);
    double fast = flops / (cpu.rates[BR_GEMM][BR_D][3] * 1e9);
    if (!(t < slow && t > fast))
        fail("dgemm 2000x300x50: CPU %.9g s, not between %.9g and %.9g", t, fast, slow);
    struct br_call thin = make_call(BR_GEMM, BR_D, 0, 8192, 64, 8192, 1, 0);
    struct br_call thin_trmm = make_call(BR_TRMM, BR_D, 'L', 8192, 64, 0, 1, 0);
    struct br_call rank = make_call(BR_GEMM, BR_D, 0, 8192, 8192, 64, 1, 0);
    struct br_call odd = square(BR_GEMM, BR_D, 777, 1);
    double thin_size = 2.5 / (1.0 / 8192 + 1.0 / 64 + 0.5 / 8192);
    if (!(fabs(br_cpu_effective_size(&thin) - thin_size) < 1e-9 &&
          fabs(br_cpu_effective_size(&thin_trmm) - thin_size) < 1e-9 &&
          fabs(br_cpu_effective_size(&rank) - 2.5 / (2.0 / 8192 + 0.5 / 64)) < 1e-9 &&
          fabs(br_cpu_effective_size(&odd) - 777) < 1e-9))
        fail("CPU sizes: thin gemm %.3f, trmm %.3f (want %.3f), rank-64 %.3f, 777 %.3f",
             br_cpu_effective_size(&thin), br_cpu_effective_size(&thin_trmm), thin_size,
             br_cpu_effective_size(&rank), br_cpu_effective_size(&odd));
    /* A rank-2k update at the size of the rank-(2k) one: dsyr2k and zher2k n = 8192, k = 64 at
     * dsyrk's and zherk's rate for k = 128 (it ran 1.47 times dsyrk's k = 64 rate on the H200's
     * host), not at their k = 64 rate. */
    struct br_call syr2k = make_call(BR_SYR2K, BR_D, 0, 0, 8192, 64, 1, 0);
    struct br_call her2k = make_call(BR_HER2K, BR_Z, 0, 0, 8192, 64, 1, 0);
    struct br_call syrk128 = make_call(BR_SYRK, BR_D, 0, 0, 8192, 128, 1, 0);
    struct br_call syrk64 = make_call(BR_SYRK, BR_D, 0, 0, 8192, 64, 1, 0);
    double size128 = 2.5 / (2.0 / 8192 + 0.5 / 128);
    struct br_cpu_profile builtin; /* its rates at 311 and 603 differ by 1.48, as measured */
    br_cpu_profile_builtin(&builtin);
    if (!(fabs(br_cpu_effective_size(&syr2k) - size128) < 1e-9 &&
          fabs(br_cpu_effective_size(&her2k) - size128) < 1e-9 &&
          fabs(br_cpu_effective_size(&syrk128) - size128) < 1e-9 &&
          br_predict_cpu_seconds(&syr2k, &builtin) <
              1.6 * br_predict_cpu_seconds(&syrk64, &builtin)))
        fail("rank-2k CPU size: dsyr2k %.3f, zher2k %.3f, dsyrk k = 128 %.3f (want %.3f); "
             "dsyr2k k = 64 %.6f s against dsyrk's %.6f (twice its flops, over 1.25 times "
             "its rate)", br_cpu_effective_size(&syr2k), br_cpu_effective_size(&her2k),
             br_cpu_effective_size(&syrk128), size128, br_predict_cpu_seconds(&syr2k, &builtin),
             br_predict_cpu_seconds(&syrk64, &builtin));
    t = br_predict_cpu_seconds(&thin, &cpu), flops = 2.0 * 8192 * 64 * 8192;
    slow = flops / (cpu.rates[BR_GEMM][BR_D][2] * 1e9);
    fast = flops / (cpu.rates[BR_GEMM][BR_D][3] * 1e9);
    if (!(t < slow && t > fast))
        fail("dgemm 8192x64x8192: CPU %.9g s, not between %.9g and %.9g", t, fast, slow);
    ok("CPU time = flops / the table's rate at the weighted harmonic mean of the dimensions "
       "(the order for square calls), family row or GEMM's");
}

static void check_device_bounds(void)
{
    /* The device can beat neither its rate table nor its link: at least flops / rate at the
     * effective order, and at least the bytes each way over the faster of that way's paths. */
    const int shapes[][3] = {{1, 1, 1},      {64, 64, 64},     {1000, 1000, 4},
                             {8192, 1, 8192}, {1, 8192, 1},     {4096, 4096, 4096},
                             {8192, 8192, 8192}, {3000, 200, 7000}, {100, 100, 100000}};
    const struct br_device_profile *devices[2] = {&gpu, &pocl};
    for (int dv = 0; dv < 2; dv++) {
        const struct br_device_profile *d = devices[dv];
        double h2d = fmax(d->h2d_pageable, fmax(d->h2d_pinned, d->host_copy));
        double d2h = fmax(d->d2h_pageable, fmax(d->d2h_pinned, d->host_copy));
        for (int f = 0; f < BR_FAMILY_COUNT; f++)
            for (int q = 0; q < BR_PRECISION_COUNT; q++)
                for (int s = 0; s < 2; s++)
                    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                        struct br_call c = make_call((enum br_family)f, (enum br_precision)q,
                                                     "LR"[s], shapes[i][0], shapes[i][1],
                                                     shapes[i][2], 1, 0);
                        struct br_prediction p;
                        memset(&p, 0, sizeof p);
                        double t = br_predict_device_seconds(&c, d, &p);
                        struct br_policy policy = policy_with(BR_MODE_CPU, 0, -1);
                        struct br_prediction e;
                        br_decide(&c, d, &cpu, &policy, &e); /* the effective order */
                        double rate = br_profile_rate(&d->rates, c.family, c.precision,
                                                      e.effective_size);
                        double compute = expected_flops(&c) / (rate * 1e9);
                        double up = p.bytes_up / (h2d * 1e9), down = p.bytes_down / (d2h * 1e9);
                        double bound = fmax(compute, fmax(up, down));
                        if (!(t >= bound * (1 - 1e-12)))
                            fail("%s side=%c %dx%dx%d on %s: device %.6g s, below %.6g s "
                                 "(compute %.3g, up %.3g, down %.3g)",
                                 routine(c.family, c.precision), c.side ? c.side : '-', (int)c.m,
                                 (int)c.n, (int)c.k, dv ? "PoCL-like" : "GPU-like", t, bound,
                                 compute, up, down);
                    }
    }
    ok("device time is never below flops / rate, nor below the bytes over the link");
}

static void check_pocl(void)
{
    struct br_policy policies[2] = {policy_with(BR_MODE_AUTO, 0, -1),
                                    policy_with(BR_MODE_AUTO, 0, 1)};
    long decisions = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int f = 0; f < BR_FAMILY_COUNT; f++)
            for (int q = 0; q < BR_PRECISION_COUNT; q++)
                for (int s = 0; s < 2; s++) {
                    if (s == 1 && !has_side((enum br_family)f))
                        continue;
                    for (int n = SWEEP_FIRST; n <= SWEEP_LAST; n += SWEEP_STEP) {
                        struct br_call c = make_call((enum br_family)f, (enum br_precision)q,
                                                     "LR"[s], n, n, n, 1, 0);
                        struct br_prediction p;
                        enum br_where w = br_decide(&c, &pocl, &cpu, &policies[pi], &p);
                        decisions++;
                        if (w != BR_ON_CPU || !predicted(&p))
                            describe(pi ? "PoCL-like, margin 1" : "PoCL-like", &c, w, &p);
                    }
                }
    diag("%ld decisions on the PoCL-like profile", decisions);
    ok("a device slower than the CPU everywhere is never chosen in auto mode (every routine)");
}

/* A device on the host's own cores needs twice the margin: the GPU-like profile marked as
 * sharing the CPU's cores stays on the CPU where it is predicted between 1.3 and 2.3 times
 * faster (the GPU-like one goes to the device there), and goes to the device where it is
 * predicted more than 2.5 times faster. */
static void check_shared_cores(void)
{
    struct br_device_profile shared = gpu;
    shared.shares_host_cpu = 1;
    struct br_policy policy = policy_with(BR_MODE_AUTO, 0, -1);
    int between = 0, beyond = 0, wrong = 0;
    for (int n = SWEEP_FIRST; n <= SWEEP_LAST; n += SWEEP_STEP) {
        struct br_call c = square(BR_GEMM, BR_D, n, 1);
        struct br_prediction p, q;
        enum br_where alone = br_decide(&c, &gpu, &cpu, &policy, &p);
        enum br_where on_cores = br_decide(&c, &shared, &cpu, &policy, &q);
        if (!predicted(&p))
            continue;
        double speedup = p.cpu_seconds / p.device_seconds;
        if (speedup > 1.3 && speedup < 2.3) {
            between++;
            if (alone != BR_ON_DEVICE || on_cores != BR_ON_CPU)
                wrong++, describe("sharing the CPU's cores", &c, on_cores, &q);
        } else if (speedup > 2.5) {
            beyond++;
            if (on_cores != BR_ON_DEVICE)
                wrong++, describe("sharing the CPU's cores", &c, on_cores, &q);
        }
    }
    diag("%d sizes predicted 1.3-2.3 times faster, %d more than 2.5 times", between, beyond);
    if (between == 0 || beyond == 0)
        wrong++;
    ok("a device on the CPU's own cores needs twice the margin (dgemm, GPU-like rates)");
}

static void check_finite(void)
{
    const int shapes[][3] = {{1, 1, 1},       {1, 8192, 1},    {8192, 1, 8192},
                             {8192, 8192, 1}, {1, 1, 8192},    {8192, 1, 1},
                             {1, 8192, 8192}, {8192, 8192, 8192}, {17, 4099, 3}};
    const struct br_device_profile *devices[2] = {&gpu, &pocl};
    struct br_policy policies[2] = {policy_with(BR_MODE_AUTO, 0, -1),
                                    policy_with(BR_MODE_AUTO, -1, -1)};
    for (int dv = 0; dv < 2; dv++)
        for (int pi = 0; pi < 2; pi++)
            for (int f = 0; f < BR_FAMILY_COUNT; f++)
                for (int q = 0; q < BR_PRECISION_COUNT; q++)
                    for (int s = 0; s < 2; s++)
                        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                            struct br_call c = make_call((enum br_family)f, (enum br_precision)q,
                                                         "LR"[s], shapes[i][0], shapes[i][1],
                                                         shapes[i][2], 1, 0);
                            struct br_prediction p;
                            enum br_where w = br_decide(&c, devices[dv], &cpu, &policies[pi], &p);
                            /* (a device on the host's own cores needs twice the margin) */
                            double margin = policies[pi].rules[f][q].margin *
                                            (devices[dv]->shares_host_cpu ? 2 : 1);
                            int finite = isfinite(p.effective_size) && isfinite(p.cpu_seconds) &&
                                         isfinite(p.device_seconds) && isfinite(p.bytes_up) &&
                                         isfinite(p.bytes_down) && p.cpu_seconds >= 0 &&
                                         p.device_seconds >= 0 && p.bytes_up >= 0 &&
                                         p.bytes_down >= 0 && p.effective_size > 0;
                            int below = p.effective_size < policies[pi].rules[f][q].min_size;
                            int consistent =
                                below ? w == BR_ON_CPU && nothing_predicted(&p)
                                      : predicted(&p) &&
                                            (w == BR_ON_DEVICE) ==
                                                (p.device_seconds * margin < p.cpu_seconds);
                            if (!finite || !consistent || !p.reason)
                                describe(dv ? "PoCL-like" : "GPU-like", &c, w, &p);
                        }
    ok("extreme shapes: finite predictions for every routine and side, choice consistent "
       "with them");
}

/* The router's shortest path (br_decide_cpu_by_rules) says CPU exactly where the rules do:
 * every mode, a routine allowed or not, sizes around min_size, every family and side. */
static void check_cpu_by_rules(void)
{
    static const enum br_mode modes[] = {BR_MODE_AUTO, BR_MODE_CPU, BR_MODE_DEVICE,
                                         BR_MODE_HYBRID};
    static const int orders[] = {1, 2, 100, 255, 256, 257, 4096};
    int checked = 0, wrong = 0;
    srand(20);
    for (int m = 0; m < 4; m++)
        for (int allowed = 0; allowed < 2; allowed++)
            for (int f = 0; f < BR_FAMILY_COUNT; f++)
                for (int o = 0; o < 7; o++) {
                    struct br_policy policy = policy_with(modes[m], 256, -1);
                    enum br_precision precision = (enum br_precision)(rand() % 4);
                    policy.rules[f][precision].device_allowed = allowed;
                    int n = orders[o], k = orders[rand() % 7];
                    struct br_call c = make_call((enum br_family)f, precision,
                                                 rand() % 2 ? 'L' : 'R', n, n, k, 1, 0);
                    struct br_prediction p = {0};
                    int by_rules = br_decide_by_rules(&c, &policy, &p) == BR_ON_CPU;
                    wrong += by_rules != br_decide_cpu_by_rules(&c, &policy);
                    checked++;
                }
    if (wrong)
        fail("%d of %d calls: the shortest path and the rules disagree", wrong, checked);
    ok("the router's shortest path keeps on the CPU exactly the calls the rules send there");
}

/* The learned table (policy/learn.h) and the decision with its factors. */
/* A learned table written as text (returned in *text, to be freed) and read back into *out:
 * 1 when it parsed. */
static int write_and_read(const struct br_learned *in, const char *name, char **text,
                          struct br_learned *out)
{
    size_t length = 0;
    *text = NULL;
    FILE *memory = open_memstream(text, &length);
    fputs("[learned]\n", memory);
    br_learned_write(in, memory);
    fclose(memory);
    struct br_keyfile file;
    if (br_keyfile_parse(name, *text, &file) != 0)
        return 0;
    int parsed = br_learned_from_keys(&file, out) == 0;
    br_keyfile_free(&file);
    return parsed;
}

static void check_learning(void)
{
    static struct br_learned learned;
    struct br_call c = square(BR_GEMM, BR_D, 1000, 1);
    memset(&learned, 0, sizeof learned);
    if (br_learned_factor(&learned, &c, BR_LEARN_DEVICE) != 1)
        fail("an empty cell's factor is %g, not 1", br_learned_factor(&learned, &c,
                                                                       BR_LEARN_DEVICE));
    /* Measured 10 times the prediction, again and again: the factor climbs towards 10 as
     * n / (n + 1) of it for the first sample, n / (n + 1/4) from the second, never past it. */
    double last = 1;
    for (int i = 1; i <= 12; i++) {
        br_learned_add(&learned, &c, BR_LEARN_DEVICE, 1e-3, 1e-2, 0);
        double factor = br_learned_factor(&learned, &c, BR_LEARN_DEVICE);
        double expected = pow(10, i == 1 ? 0.5 : i / (i + 0.25));
        if (!(fabs(factor / expected - 1) < 1e-3) || !(factor > last) || !(factor < 10))
            fail("after %d samples of 10x the factor is %g (expected %g)", i, factor, expected);
        last = factor;
    }
    /* One measurement a million times off moves the cell as if it were 4 times off. */
    br_learned_add(&learned, &c, BR_LEARN_DEVICE, 1e-3, 1e3, 0);
    double after = br_learned_factor(&learned, &c, BR_LEARN_DEVICE);
    if (!(after < 10 * pow(4, 0.2) * 1.001))
        fail("an outlier moved the factor from about 10 to %g", after);
    /* Other cells are untouched: the other path, a skinny call, another size. */
    struct br_call skinny = make_call(BR_GEMM, BR_D, 0, 1000, 1000, 16, 1, 0);
    struct br_call small = square(BR_GEMM, BR_D, 100, 1);
    if (br_learned_factor(&learned, &c, BR_LEARN_CPU) != 1 ||
        br_learned_factor(&learned, &skinny, BR_LEARN_DEVICE) != 1 ||
        br_learned_factor(&learned, &small, BR_LEARN_DEVICE) != 1)
        fail("a measurement reached another cell");
    ok("learned table: a cell's factor follows repeated measurements as n/(n+1) of their ratio "
       "for one, n/(n+1/4) from two on; an outlier moves it at most as 4x would, other cells "
       "stay at 1");

    /* Disturbed measurements (policy/learn.h): bounds, never raising a cell, lowering it. On
     * fresh random ratios: a first one slower than predicted is not taken (no sample); later
     * ones slower than the cell are not either; a faster one moves it as a clean one does. */
    static struct br_learned disturbed;
    memset(&disturbed, 0, sizeof disturbed);
    double slow = 2 + 8 * (double)rand() / RAND_MAX, fast = 0.2 + 0.5 * (double)rand() / RAND_MAX;
    br_learned_add(&disturbed, &c, BR_LEARN_DEVICE, 1e-3, slow * 1e-3, 1);
    int first_ok = br_learned_factor(&disturbed, &c, BR_LEARN_DEVICE) == 1 &&
                   br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->samples == 0;
    br_learned_add(&disturbed, &c, BR_LEARN_DEVICE, 1e-3, fast * 1e-3, 0);
    /* (the cell's ratio itself: the factor also weighs the count of samples) */
    double kept = br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->log_ratio;
    br_learned_add(&disturbed, &c, BR_LEARN_DEVICE, 1e-3, slow * 1e-3, 1);
    int held = br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->log_ratio == kept &&
               br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->samples == 1;
    br_learned_add(&disturbed, &c, BR_LEARN_DEVICE, 1e-3, fast * fast * 1e-3, 1);
    double lowered = br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->log_ratio;
    if (!first_ok || !(kept < 0) || !held || !(lowered < kept) ||
        br_learned_cell(&disturbed, &c, BR_LEARN_DEVICE)->samples != 2)
        fail("disturbed samples (%.2fx slow, %.2fx fast): first %d, held %d, %g -> %g", slow,
             fast, first_ok, held, kept, lowered);
    ok("learned table: a disturbed measurement never raises a cell and is not taken when it "
       "would (a first one slower than predicted leaves 1 and no sample), and a faster one "
       "lowers it");

    /* What the other cells say (br_learned_pooled_log): CPU cells of dgemm measured at a
     * random ratio r (a calibration r times the CPU's time) are the prior of an unmeasured
     * dsyr2k cell, shrunk as N / (N + 1) for N cells; a cell measured once is half its own;
     * cells measured once, other precisions and the device's path are not counted. */
    static struct br_learned pooled;
    memset(&pooled, 0, sizeof pooled);
    double r = 0.2 + 0.3 * (double)rand() / RAND_MAX;
    for (int n = 256; n <= 1024; n *= 2) {
        struct br_call g = square(BR_GEMM, BR_D, n, 1);
        for (int i = 0; i < 5; i++)
            br_learned_add(&pooled, &g, BR_LEARN_CPU, 1e-3, r * 1e-3, 0);
        br_learned_add(&pooled, &g, BR_LEARN_DEVICE, 1e-3, 7e-3, 0);
        br_learned_add(&pooled, &g, BR_LEARN_DEVICE, 1e-3, 7e-3, 0);
    }
    struct br_call once = square(BR_GEMM, BR_D, 4000, 1), sgemm = square(BR_GEMM, BR_S, 512, 1);
    br_learned_add(&pooled, &once, BR_LEARN_CPU, 1e-3, 1e-6, 0); /* measured once: not pooled */
    struct br_call rank2k = make_call(BR_SYR2K, BR_D, 0, 0, 8192, 64, 1, 0);
    double prior = br_learned_pooled_log(&pooled, BR_D, BR_LEARN_CPU);
    double empty = br_learned_factor_with_prior(&pooled, &rank2k, BR_LEARN_CPU, prior);
    double half = br_learned_factor_with_prior(&pooled, &once, BR_LEARN_CPU, prior);
    if (!(fabs(prior - 0.75 * log(r)) < 1e-5) || !(fabs(empty / pow(r, 0.75) - 1) < 1e-5) ||
        !(fabs(half / exp(0.5 * log(1e-3) + 0.5 * prior) - 1) < 1e-3) ||
        br_learned_pooled_log(&pooled, BR_S, BR_LEARN_CPU) != 0 ||
        !(fabs(br_learned_pooled_log(&pooled, BR_D, BR_LEARN_DEVICE) - 0.75 * log(7)) < 1e-5) ||
        br_learned_factor_with_prior(&pooled, &sgemm, BR_LEARN_CPU, 0) != 1)
        fail("pooled (ratio %.3f): prior %g (want %g), unmeasured %g, once %g", r, prior,
             0.75 * log(r), empty, half);
    ok("learned table: an unmeasured cell starts from its precision's other measured cells "
       "(mean log ratio, shrunk as N/(N+1)); a cell measured once weighs itself half");

    /* The device's prior (br_learned_pooled_log_at): device cells of csyrk and zsyr2k at
     * n = 8192, k = 64 measured at a random ratio d (twice each) are the prior of zherk's
     * unmeasured one at that shape and size, shrunk as N / (N + 1); not of a square cell, nor
     * of a rank-k cell of another size; cells measured once and the CPU's are not counted. */
    static struct br_learned shaped;
    memset(&shaped, 0, sizeof shaped);
    double d = 1.5 + (double)rand() / RAND_MAX;
    struct br_call syrk_c = make_call(BR_SYRK, BR_C, 0, 0, 8192, 64, 1, 0),
                   syr2k_z = make_call(BR_SYR2K, BR_Z, 0, 0, 8192, 64, 1, 0),
                   syr2k_s = make_call(BR_SYR2K, BR_S, 0, 0, 8000, 70, 1, 0),
                   herk_z = make_call(BR_HERK, BR_Z, 0, 0, 8192, 64, 1, 0),
                   herk_big = make_call(BR_HERK, BR_Z, 0, 0, 30000, 64, 1, 0),
                   gemm_sq = square(BR_GEMM, BR_Z, 1625, 1);
    for (int i = 0; i < 2; i++) {
        br_learned_add(&shaped, &syrk_c, BR_LEARN_DEVICE, 1e-2, d * 1e-2, 0);
        br_learned_add(&shaped, &syr2k_z, BR_LEARN_DEVICE, 1e-2, d * 1e-2, 0);
        br_learned_add(&shaped, &syrk_c, BR_LEARN_CPU, 1e-2, 9e-2, 0);
    }
    br_learned_add(&shaped, &syr2k_s, BR_LEARN_DEVICE, 1e-2, 1e-5, 0); /* once: not pooled */
    double at = br_learned_pooled_log_at(&shaped, &herk_z, BR_LEARN_DEVICE);
    double start = br_learned_factor_with_prior(&shaped, &herk_z, BR_LEARN_DEVICE, at);
    if (!(fabs(at - 2.0 / 3 * log(d)) < 1e-5) || !(fabs(start / pow(d, 2.0 / 3) - 1) < 1e-5) ||
        br_learned_pooled_log_at(&shaped, &gemm_sq, BR_LEARN_DEVICE) != 0 ||
        br_learned_pooled_log_at(&shaped, &herk_big, BR_LEARN_DEVICE) != 0 ||
        !(fabs(br_learned_pooled_log_at(&shaped, &herk_z, BR_LEARN_CPU) - 0.5 * log(9)) < 1e-5))
        fail("device prior (ratio %.3f): %g (want %g), factor %g, square %g, larger %g", d, at,
             2.0 / 3 * log(d), start, br_learned_pooled_log_at(&shaped, &gemm_sq, BR_LEARN_DEVICE),
             br_learned_pooled_log_at(&shaped, &herk_big, BR_LEARN_DEVICE));
    ok("learned table: an unmeasured device cell starts from the other routines' and precisions' "
       "cells of its shape class and size (mean log ratio, shrunk as N/(N+1))");

    /* A cell that leans on a prior (random, either sign): disturbed measurements slower than
     * the prior says keep the factor at the prior, however many; a faster one lowers it. */
    static struct br_learned leaning;
    memset(&leaning, 0, sizeof leaning);
    double lean = 2.0 * rand() / RAND_MAX - 1;
    struct br_call lc = square(BR_GEMM, BR_C, 700, 1);
    double held_factor = 0;
    for (int i = 0; i < 5; i++) {
        br_learned_add_with_prior(&leaning, &lc, BR_LEARN_DEVICE, 1e-3, 1e-3 * exp(lean + 1), 1,
                                  lean);
        held_factor = br_learned_factor_with_prior(&leaning, &lc, BR_LEARN_DEVICE, lean);
    }
    br_learned_add_with_prior(&leaning, &lc, BR_LEARN_DEVICE, 1e-3, 1e-3 * exp(lean - 0.5), 1,
                              lean);
    double lowered_factor = br_learned_factor_with_prior(&leaning, &lc, BR_LEARN_DEVICE, lean);
    if (!(fabs(held_factor / exp(lean) - 1) < 1e-5) || !(lowered_factor < exp(lean) * 0.95))
        fail("leaning on a prior of %.3f: %g after 5 slower disturbed samples (want %g), then %g",
             lean, held_factor, exp(lean), lowered_factor);
    ok("learned table: slower disturbed measurements leave a cell that leans on a prior at the "
       "prior, a faster one lowers it");

    /* A cell at the thousandfold bound is written with 4 decimals (6.9078, past log(1000)) and
     * must still be read back (it was refused: a process forgot its table, 2026-11-25). */
    static struct br_learned extreme, read_back;
    memset(&extreme, 0, sizeof extreme);
    for (int i = 0; i < 40; i++)
        br_learned_add(&extreme, &c, BR_LEARN_DEVICE, 1e-6, 1.0 + i, 0);
    char *text;
    int parsed = write_and_read(&extreme, "extreme.table", &text, &read_back);
    double factor = parsed ? br_learned_factor(&read_back, &c, BR_LEARN_DEVICE) : 0;
    if (!parsed || !(fabs(factor / br_learned_factor(&extreme, &c, BR_LEARN_DEVICE) - 1) < 1e-3))
        fail("a table at the bound: %s, factor %g read back against %g", text,
             factor, br_learned_factor(&extreme, &c, BR_LEARN_DEVICE));
    free(text);
    /* A device cell whose calls were all bounds it kept holds side seconds and no sample: it
     * is written and read back (its side seconds alone); a line of no samples with a ratio is
     * refused. */
    static struct br_learned side_only, side_back;
    memset(&side_only, 0, sizeof side_only);
    double side = 1e-3 * (1 + (double)rand() / RAND_MAX);
    br_learned_cell_add_side(br_learned_cell(&side_only, &c, BR_LEARN_DEVICE), side);
    parsed = write_and_read(&side_only, "side.table", &text, &side_back);
    const struct br_learned_cell *back = br_learned_cell(&side_back, &c, BR_LEARN_DEVICE);
    struct br_keyfile bad;
    int refused = 0;
    if (br_keyfile_parse("bad", "[learned]\ndgemm.square.9.device = 0 0.5000 0.001\n", &bad) ==
        0) {
        static struct br_learned bad_table;
        refused = br_learned_from_keys(&bad, &bad_table) != 0;
        br_keyfile_free(&bad);
    }
    if (!parsed || back->samples != 0 || !(fabs(back->side_seconds / (0.25 * side) - 1) < 1e-3) ||
        !refused)
        fail("side seconds alone: %s read back as %u samples, %g s (want %g), bad line refused %d",
             text, back->samples, back->side_seconds, 0.25 * side, refused);
    free(text);
    ok("learned table: a cell at the thousandfold bound is written and read back, and a device "
       "cell of side seconds alone");

    /* A device the profile overrates: the factors turn the decision, and nothing else does. */
    struct br_policy defaults;
    br_policy_default(&defaults);
    struct br_call big = square(BR_GEMM, BR_D, 4096, 1);
    struct br_prediction p0, p1;
    enum br_where before = br_decide(&big, &gpu, &cpu, &defaults, &p0);
    int settled = br_decide_by_rules(&big, &defaults, &p1);
    struct br_learned_factors slower = {.cpu = 1, .device = 100};
    enum br_where with = br_decide_after_rules(&big, &gpu, &cpu, &defaults, settled, 1, &slower,
                                               &p1);
    if (before != BR_ON_DEVICE || with != BR_ON_CPU ||
        !(fabs(p1.device_seconds / p0.device_seconds - 100) < 1e-6) ||
        p1.cpu_seconds != p0.cpu_seconds || p1.factors.device != 100)
        fail("dgemm 4096: %s without factors, %s with the device's 100 (device %g s -> %g s)",
             before == BR_ON_DEVICE ? "device" : "not device",
             with == BR_ON_CPU ? "cpu" : "not cpu", p0.device_seconds, p1.device_seconds);
    ok("decision: a learned device factor of 100 multiplies its prediction and sends dgemm 4096 "
       "to the CPU");

    /* A near tie: the device predicted 1.15 times faster, under the rules' 1.2. Predicted
     * only, or with one path unmeasured, the CPU keeps it; with both measured, the device
     * takes it; the narrowed margin never goes under a quarter of the excess. */
    struct br_learned_factors tie = {.cpu = 1, .device = 1};
    struct br_prediction pt;
    struct br_policy one_path = defaults; /* where a hybrid run would not win the tie */
    one_path.rules[BR_GEMM][BR_D].hybrid_allowed = 0;
    br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1, &tie, &pt);
    tie.device = pt.cpu_seconds / (1.15 * pt.device_seconds);
    enum br_where unmeasured = br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1,
                                                     &tie, &pt);
    tie.cpu_samples = 12;
    enum br_where one_side = br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1,
                                                   &tie, &pt);
    tie.device_samples = 12;
    enum br_where measured = br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1,
                                                   &tie, &pt);
    double m0 = br_decide_margin(1.2, 0, 0), m2 = br_decide_margin(1.2, 2, 50),
           m10 = br_decide_margin(1.2, 10, 10), far = br_decide_margin(1.2, 100000, 100000),
           strict = br_decide_margin(2, 100000, 100000);
    if (unmeasured != BR_ON_CPU || one_side != BR_ON_CPU || measured != BR_ON_DEVICE ||
        m0 != 1.2 || !(m2 < m0 && m10 < m2 && far < m10) || !(far >= 1.05) ||
        !(strict >= 1.25) || br_decide_margin(1, 9, 9) != 1)
        fail("near tie at 1.15: %d unmeasured, %d one side, %d both (cpu 0, device 1); "
             "margins %g %g %g %g, strict %g",
             unmeasured, one_side, measured, m0, m2, m10, far, strict);
    printf("# margin 1.2 after 2, 10, 100000 measurements of each path: %.3f %.3f %.3f\n", m2,
           m10, far);
    ok("decision: a near tie under the margin goes to the device once both paths are measured");
}

/* The decision for a call from what a table has learned (the router's choose, without rules). */
static enum br_where decide_learned(const struct br_call *c, const struct br_policy *policy,
                                    struct br_learned *table, struct br_prediction *p)
{
    struct br_learned_factors f = {
        br_learned_factor(table, c, BR_LEARN_CPU), br_learned_factor(table, c, BR_LEARN_DEVICE),
        br_learned_cell(table, c, BR_LEARN_CPU)->samples,
        br_learned_cell(table, c, BR_LEARN_DEVICE)->samples,
        br_learned_cell(table, c, BR_LEARN_DEVICE)->side_seconds, 0};
    int settled = br_decide_by_rules(c, policy, p);
    return br_decide_after_rules(c, &gpu, &cpu, policy, settled, 1, &f, p);
}

/* A stream of `calls` calls of one shape on the H200 pattern (policy/learn.h,
 * br_learn_cpu_sample): the device takes t_dev; the CPU t_cpu on its full count, t_lowered on
 * the lowered count (half its threads), which a try of the CPU always meets and, if
 * `alternating`, so does every CPU call (device calls of other shapes between them: a
 * factorization), else only the first after a device call. Tries of the CPU as the router
 * makes them: the cell's first two calls on the device and one in 32 after. Returns the calls
 * the model placed on the CPU, in *last where the last call went, in *to_cpu how many times it
 * moved from the device to the CPU. */
static int learned_stream(const struct br_call *c, const struct br_policy *policy, int calls,
                          double t_dev, double t_cpu, double t_lowered, int alternating,
                          enum br_where *last, int *to_cpu)
{
    *to_cpu = 0;
    static struct br_learned table;
    memset(&table, 0, sizeof table);
    int on_cpu = 0, device_calls = 0, after_device = 0, known = 0;
    for (int i = 0; i < calls; i++) {
        struct br_prediction p;
        enum br_where w = decide_learned(c, policy, &table, &p);
        double model_cpu = p.cpu_seconds / p.factors.cpu;
        double model_dev = p.device_seconds / p.factors.device;
        *last = w;
        if (w == BR_ON_DEVICE) {
            int tried = device_calls < 2 || device_calls % 32 == 31;
            device_calls++;
            br_learned_add(&table, c, BR_LEARN_DEVICE, model_dev, t_dev, 0);
            if (tried) {
                struct br_learn_sample s = br_learn_cpu_sample(t_lowered, 0.5, 1, 0, known, 0);
                br_learned_add(&table, c, BR_LEARN_CPU, model_cpu, s.seconds, s.disturbed);
            }
            after_device = 1;
        } else {
            on_cpu++;
            *to_cpu += i > 0 && after_device;
            int lowered = alternating || after_device;
            /* Right after the cell's own device call (a switch), unless other cells' device
             * calls came between. */
            struct br_learn_sample s =
                br_learn_cpu_sample(lowered ? t_lowered : t_cpu, lowered ? 0.5 : 1, 0,
                                    after_device && !alternating, known, 0);
            br_learned_add(&table, c, BR_LEARN_CPU, model_cpu, s.seconds, s.disturbed);
            known = known || !s.disturbed;
            after_device = 0;
        }
    }
    return on_cpu;
}

/* What a try of the CPU on the lowered thread count teaches (br_learn_cpu_sample), in streams
 * of calls whose costs are drawn afresh: the model believes the CPU 2 to 2.7 times slower than
 * it runs (the H200 at 256 and 512) and the device faster. */
/* What a device cell's calls cost the CPU's calls after them (learn.h: side_seconds): taken in
 * a quarter at a time (four losses of 8 ms: 8 * (1 - 0.75^4) ms); written after the samples and
 * log ratio and read back; refused on a CPU cell; added to the device's prediction, where a
 * loss of ten times the CPU's time sends dgemm 4096 (on the device without it) to the CPU. */
static void check_side_cost(void)
{
    static struct br_learned learned, read_back;
    memset(&learned, 0, sizeof learned);
    struct br_call c = square(BR_GEMM, BR_D, 3000, 1);
    br_learned_add(&learned, &c, BR_LEARN_DEVICE, 1e-2, 1e-2, 0);
    struct br_learned_cell *cell = br_learned_cell(&learned, &c, BR_LEARN_DEVICE);
    for (int i = 0; i < 4; i++)
        br_learned_cell_add_side(cell, 0.008);
    double want = 0.008 * (1 - pow(0.75, 4));
    int taken = fabs(cell->side_seconds - want) < 1e-7;
    char *text;
    int parsed = write_and_read(&learned, "side.table", &text, &read_back);
    double side = parsed ? br_learned_cell(&read_back, &c, BR_LEARN_DEVICE)->side_seconds : -1;
    struct br_keyfile file;
    const char *on_cpu = "[learned]\ndgemm.square.11.cpu = 3 0.1000 0.005\n";
    int refused = br_keyfile_parse("cpu-side.table", on_cpu, &file) == 0 &&
                  br_learned_from_keys(&file, &read_back) == -1;
    br_keyfile_free(&file);

    struct br_policy one_path;
    br_policy_default(&one_path);
    one_path.rules[BR_GEMM][BR_D].hybrid_allowed = 0;
    struct br_call big = square(BR_GEMM, BR_D, 4096, 1);
    struct br_prediction p0, p1;
    int settled = br_decide_by_rules(&big, &one_path, &p0);
    struct br_learned_factors none = {.cpu = 1, .device = 1};
    enum br_where before = br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1, &none,
                                                 &p0);
    struct br_learned_factors costly = {.cpu = 1, .device = 1,
                                        .device_side = 10 * p0.cpu_seconds};
    br_decide_by_rules(&big, &one_path, &p1);
    enum br_where with = br_decide_after_rules(&big, &gpu, &cpu, &one_path, settled, 1, &costly,
                                               &p1);
    if (!taken || !parsed || !(fabs(side - want) < 1e-6) || !refused ||
        before != BR_ON_DEVICE || with != BR_ON_CPU ||
        !(fabs(p1.device_seconds - p0.device_seconds - costly.device_side) < 1e-9))
        fail("side cost: %g taken (want %g), read back %g from %s, a CPU cell's %s; dgemm 4096 "
             "%s without it, %s with %g s (device %g s -> %g)",
             cell->side_seconds, want, side, text, refused ? "refused" : "taken",
             where_name(before), where_name(with), costly.device_side, p0.device_seconds,
             p1.device_seconds);
    free(text);
    ok("learned table: what a device cell's calls cost the CPU's calls after them is smoothed, "
       "kept in its text, and added to the device's prediction");
}

static void check_lowered_tries(void)
{
    /* Fresh draws each run; SEED=n replays the run that printed it. */
    unsigned seed = getenv("SEED") ? (unsigned)strtoul(getenv("SEED"), NULL, 10)
                                   : (unsigned)time(NULL) ^ (unsigned)getpid();
    srand(seed);
    printf("# lowered tries: seed %u\n", seed);
    struct br_policy policy = policy_with(BR_MODE_AUTO, 0, 0); /* the default margin */
    /* A square order where the model has the CPU 1.6 times slower than the device (the
     * device's model right, the CPU's 2 to 2.7 times too slow). */
    struct br_call c;
    struct br_prediction p0;
    static struct br_learned none;
    for (int n = 64; n <= 4096; n += 8) {
        c = square(BR_GEMM, BR_D, n, 1);
        decide_learned(&c, &policy, &none, &p0);
        if (p0.cpu_seconds >= 1.6 * p0.device_seconds)
            break;
    }
    printf("# lowered tries: dgemm %d, model cpu %g s, device %g s\n", (int)c.m, p0.cpu_seconds,
           p0.device_seconds);
    int wrong = 0;
    for (int round = 0; round < 20; round++) {
        double r = 0.6 + 0.2 * (double)rand() / RAND_MAX; /* CPU / device */
        double u = 1.3 + 0.6 * (double)rand() / RAND_MAX; /* lowered / full: under 2 */
        double t_dev = p0.device_seconds, t_cpu = r * t_dev, t_lowered = t_cpu * u;
        double q = p0.cpu_seconds / t_cpu; /* model / CPU's full count */
        struct br_learn_sample s = br_learn_cpu_sample(t_lowered, 0.5, 1, 0, 0, 0);
        enum br_where last;
        int moves;
        int on_cpu = learned_stream(&c, &policy, 200, t_dev, t_cpu, t_lowered, 0, &last, &moves);
        /* The sample is a disturbed bound under the full count's time; the CPU takes the
         * stream within its first 64 calls and keeps it. */
        if (!s.disturbed || !(s.seconds <= t_cpu) || last != BR_ON_CPU || on_cpu < 200 - 64) {
            fail("CPU %.2fx the device, %.2fx on half its threads, model %.2fx slow: sample "
                 "%g s (%d), %d of 200 calls on the CPU, last %d", r, u, q, s.seconds,
                 s.disturbed, on_cpu, (int)last);
            wrong++;
        }
        /* The same CPU in a factorization's stream, where it only ever runs lowered, slower
         * than the device: a bound may move the cell to the CPU, and its calls there teach
         * it back within a few; most calls stay on the device, the last one there. */
        double r2 = 1.3 + 0.5 * (double)rand() / RAND_MAX; /* lowered CPU / device */
        on_cpu = learned_stream(&c, &policy, 320, t_dev, t_dev * r2 / u, t_dev * r2, 1, &last,
                                &moves);
        if (last != BR_ON_DEVICE || on_cpu > 320 / 10) {
            fail("alternating, lowered CPU %.2fx the device: %d of 320 calls on the CPU, "
                 "last %d", r2, on_cpu, (int)last);
            wrong++;
        }
        /* A near tie, the CPU in a stream of its own 1.15 to 1.25 times the device (past the
         * margin once both paths are measured: 1.125 after two samples each), its bound under
         * the device's time: the bound moves the stream to the CPU a few times (until a CPU
         * call there is timed undisturbed, and as the cell's samples grow), not at every turn
         * (10 in 320 calls), each move back to the device paying the CPU BLAS's spin. */
        double r3 = 1.15 + 0.1 * (double)rand() / RAND_MAX;
        double u3 = 1.5 + 0.3 * (double)rand() / RAND_MAX;
        learned_stream(&c, &policy, 320, t_dev, t_dev * r3, t_dev * r3 * u3, 0, &last, &moves);
        if (moves > 4) {
            fail("near tie, CPU %.2fx the device, %.2fx on half its threads: moved to the CPU "
                 "%d times in 320 calls", r3, u3, moves);
            wrong++;
        }
        /* Calls placed on the CPU and tries on the full count teach what they took. */
        struct br_learn_sample placed = br_learn_cpu_sample(t_lowered, 0.5, 0, 0, 0, 0),
                               full = br_learn_cpu_sample(t_cpu, 1, 1, 1, 0, 0),
                               switched = br_learn_cpu_sample(t_lowered, 0.5, 0, 1, 0, 0),
                               known = br_learn_cpu_sample(t_lowered, 0.5, 1, 0, 1, 0);
        if (placed.seconds != t_lowered || placed.disturbed || full.seconds != t_cpu ||
            full.disturbed || !br_learn_cpu_sample(t_cpu, 1, 0, 0, 0, 1).disturbed ||
            switched.seconds != s.seconds || !switched.disturbed ||
            known.seconds != t_lowered || !known.disturbed) {
            fail("placed %g (%d), full-count try %g (%d)", placed.seconds, placed.disturbed,
                 full.seconds, full.disturbed);
            wrong++;
        }
        if (wrong)
            break;
    }
    ok("learning: a try of the CPU on half its threads teaches a disturbed bound, and a CPU "
       "the model believed 2 to 2.7 times slower and runs 0.6 to 0.8 of the device's time takes "
       "a stream within 64 calls; in a stream that keeps it lowered and slower, it takes at "
       "most a tenth of the calls and not the last; in a near tie the bound moves a stream to "
       "the CPU at most 4 times in 320 calls, not at every try (20 draws each)");
}

/* When auto mode opens the device (warmup.c): once the calls made without it have saved what
 * opening costs; at the first device-sized call when the program's last run here was
 * predicted to save clearly more; later than that when it saved less (the run must outgrow
 * the last one by the opening's cost). */
static void check_open_threshold(void)
{
    const double cost = 0.4;
    struct br_program_memo paid = {.saving_seconds = 3, .known = 1};
    struct br_program_memo barely = {.saving_seconds = 0.5, .bound_seconds = 0.5, .known = 1};
    struct br_program_memo short_run = {.bound_seconds = 0.1};
    struct br_program_memo lost = {.saving_seconds = -2, .bound_seconds = 0.5, .known = 1};
    struct br_program_memo bound = {.bound_seconds = 3};
    double first = br_warmup_open_threshold(cost, NULL, 0);
    if (first != cost)
        fail("no memo of the program: threshold %g, not the opening's cost %g", first, cost);
    if (br_warmup_open_threshold(cost, &paid, 0) != 0)
        fail("a last run that saved 3 s: not opened at once");
    if (!(br_warmup_open_threshold(cost, &barely, 0) >= cost))
        fail("a last run that saved about the opening's cost: opened before it is paid");
    if (!(br_warmup_open_threshold(cost, &short_run, 0) >= cost + 0.1))
        fail("a last run that saved at most 0.1 s (no device known): opened before this run "
             "outgrew it");
    if (br_warmup_open_threshold(cost, &lost, 0) != cost)
        fail("a last run that lost on the device: threshold %g, not the opening's cost",
             br_warmup_open_threshold(cost, &lost, 0));
    if (br_warmup_open_threshold(cost, &bound, 0) == 0)
        fail("a last run's upper bound (no device known) taken as a prediction");
    /* A compile to come counts as part of the opening's cost, for a first run and a run
     * again alike (a run again whose last run never opened the device has nothing compiled). */
    double compile = 0.5 + (double)rand() / RAND_MAX;
    struct br_program_memo worth = {.saving_seconds = 1.5 * cost, .known = 1};
    if (br_warmup_open_threshold(cost, NULL, compile) != cost + compile ||
        br_warmup_open_threshold(cost, &paid, compile) != 0 ||
        br_warmup_open_threshold(cost, &lost, compile) != cost + compile ||
        br_warmup_open_threshold(cost, &worth, 0) != 0 ||
        !(br_warmup_open_threshold(cost, &worth, compile) > cost + compile))
        fail("a compile of %g s to come: not counted in the opening's cost", compile);
    /* CPU seconds, device seconds, program cached, waits for the program */
    static const double waits[][4] = {
        {2.0, 0.1, 0, 1}, {1.6, 0.05, 0, 1}, {1.6, 0.1, 0, 0}, {0.24, 0.05, 0, 0},
        {5, 4, 0, 0},     {9, 0, 0, 0},      {0.24, 0.05, 1, 1}, {0.05, 0.04, 1, 1},
        {0.04, 0.05, 1, 0}, {9, 0, 1, 0},
    };
    for (size_t i = 0; i < sizeof waits / sizeof waits[0]; i++)
        if (br_warmup_worth_waiting(waits[i][0], waits[i][1], (int)waits[i][2]) !=
            (int)waits[i][3])
            fail("CPU %g s, device %g s, cached %g: waits %d", waits[i][0], waits[i][1],
                 waits[i][2], !(int)waits[i][3]);
    ok("the device opened when its savings pay (a compile to come counted): at once only "
       "after a run predicted to pay; a call waits for a compile only when the CPU would take "
       "1.5 s longer than the device, for a cached program whenever the device is faster");
}

/* Opening at load (warmup.c: open_at_load): only in auto mode as far as the environment
 * says, with the warm-up in the background and learning on, where the program's last run here
 * was paid for at once; the opening's cost is the device memo's, drawn. */
static void check_open_at_load(void)
{
    struct br_device_memo device = {.open_seconds = 0.2 + (double)rand() / RAND_MAX};
    double cost = device.open_seconds;
    struct br_env unset = {.mode = BR_MODE_AUTO, .warmup = BR_WARMUP_BACKGROUND, .learn = 1};
    struct br_env autom = unset, on_cpu = unset, forced = unset, wait = unset, savings = unset,
                  unlearned = unset;
    autom.mode_set = 1;
    on_cpu.mode_set = 1, on_cpu.mode = BR_MODE_CPU;
    forced.mode_set = 1, forced.mode = BR_MODE_DEVICE;
    wait.warmup = BR_WARMUP_WAIT;
    savings.warmup = BR_WARMUP_SAVINGS;
    unlearned.learn = 0;
    struct br_program_memo paid = {.saving_seconds = 1.5 * cost + 0.01, .known = 1};
    struct br_program_memo short_of = {.saving_seconds = 1.5 * cost - 0.01, .known = 1};
    struct br_program_memo bound = {.bound_seconds = 100 * cost};
    struct br_program_memo neutral = {.known = 1};
    if (!br_warmup_opens_at_load(&unset, &device, &paid) ||
        !br_warmup_opens_at_load(&autom, &device, &paid))
        fail("a program whose last run saved %g s, the opening %g: not opened at load",
             paid.saving_seconds, cost);
    if (br_warmup_opens_at_load(&unset, &device, &short_of) ||
        br_warmup_opens_at_load(&unset, &device, &bound) ||
        br_warmup_opens_at_load(&unset, &device, &neutral))
        fail("opened at load on a last run that did not pay at once (saved %g, a bound, or the "
             "memo of a run that opened at load for nothing)", short_of.saving_seconds);
    if (br_warmup_opens_at_load(&unset, NULL, &paid) ||
        br_warmup_opens_at_load(&unset, &device, NULL))
        fail("opened at load without a memo of the device or of the program");
    if (br_warmup_opens_at_load(&on_cpu, &device, &paid) ||
        br_warmup_opens_at_load(&forced, &device, &paid) ||
        br_warmup_opens_at_load(&wait, &device, &paid) ||
        br_warmup_opens_at_load(&savings, &device, &paid) ||
        br_warmup_opens_at_load(&unlearned, &device, &paid))
        fail("opened at load with BLASROUTE_MODE cpu or device, BLASROUTE_WARMUP wait or "
             "savings, or learning off");
    ok("opened at load only in auto mode with the warm-up in the background and learning on, "
       "after a run the device paid for at once (the opening's cost drawn)");
}

/* A GEMM of the given transposes and dimensions, for the sweeps. */
static struct br_call gemm_call(char ta, char tb, int m, int n, int k, enum br_precision pr)
{
    struct br_call c = square(BR_GEMM, pr, 1, 1);
    c.transa = ta, c.transb = tb;
    c.m = m, c.n = n, c.k = k;
    return c;
}

/* Blocked sweeps (sweep.h): a dgeqrf's products (W = C^T V, then C -= V W^T, nb wide, the
 * order shrinking by nb) project about order / (3 nb) of their work ahead from their second
 * step on; a dpotrf's left-looking product (dgemm(n - j - nb, nb, j): its calls grow before
 * they shrink) the sum of its calls ahead; a product made again unchanged, square ones, steps
 * of more than two panels, and a site's first call project nothing; precisions and transposes
 * are sites of their own. Order and panel random. */
static void check_sweeps(void)
{
    struct br_sweep_memory memory = {0};
    int nb = 16 << (rand() % 3), order = 2048 + 64 * (rand() % 64);
    for (int step = 0; step < 4; step++) {
        int rows = order - step * nb, cols = rows - nb;
        struct br_call w = gemm_call('T', 'N', cols, nb, rows, BR_D);
        struct br_call update = gemm_call('N', 'T', rows, cols, nb, BR_D);
        struct br_sweep_ahead wa = br_sweep_work_ahead(&memory, &w, 2.0 * step);
        struct br_sweep_ahead ua = br_sweep_work_ahead(&memory, &update, 2.0 * step + 0.5);
        double a = wa.work, b = ua.work;
        if (step > 0 && (fabs(wa.step_seconds - 2) > 1e-9 || fabs(ua.step_seconds - 2) > 1e-9 ||
                         wa.site == ua.site || wa.site < 0 || ua.site < 0))
            fail("dgeqrf step %d: steps of %g and %g s (2 s apart), sites %d and %d", step,
                 wa.step_seconds, ua.step_seconds, wa.site, ua.site);
        double expected = step == 0 ? 0 : rows / (3.0 * nb);
        if (fabs(a - expected) > 0.1 * expected || fabs(b - expected) > 0.1 * expected)
            fail("dgeqrf %d, nb %d, step %d: %g and %g ahead, not about %g", order, nb, step,
                 a, b, expected);
    }
    /* dpotrf's product at a column j: the calls ahead, (n - j' - nb) nb j' for j' = j + nb,
     * j + 2 nb, ..., summed against this one's. */
    struct br_sweep_memory left = {0};
    int j0 = order / 8 - order / 8 % nb;
    double ahead = 0;
    for (int j = j0; j <= j0 + nb; j += nb) {
        struct br_call c = gemm_call('N', 'T', order - j - nb, nb, j, BR_D);
        ahead = br_sweep_work_ahead(&left, &c, j).work;
    }
    int j1 = j0 + nb;
    double sum = 0;
    for (int j = j1 + nb; order - j - nb > 0; j += nb)
        sum += (double)(order - j - nb) * j;
    sum /= (double)(order - j1 - nb) * j1;
    if (!(fabs(ahead - sum) <= 0.05 * sum))
        fail("dpotrf %d, nb %d, at column %d: %g ahead, not about %g", order, nb, j1, ahead,
             sum);
    /* dpotrf's dsyrk(nb, j): only k grows; where it ends, its calls do not say. */
    struct br_sweep_memory growing = {0};
    for (int j = j0; j <= j0 + 2 * nb; j += nb) {
        struct br_call c = square(BR_SYRK, BR_D, 1, 1);
        c.m = c.n = nb, c.k = j;
        if (br_sweep_work_ahead(&growing, &c, j).work != 0)
            fail("a site whose dimensions only grow (dsyrk(%d, %d)) projected work ahead", nb, j);
    }
    struct br_sweep_memory other = {0};
    struct br_call same = gemm_call('N', 'N', order, order, nb, BR_D);
    struct br_call square_call = gemm_call('N', 'N', order, order, order / 2, BR_D);
    for (int i = 0; i < 3; i++)
        if (br_sweep_work_ahead(&other, &same, i).work != 0 ||
            br_sweep_work_ahead(&other, &square_call, i).site != -1)
            fail("a product made again unchanged, or a square one, projected calls ahead");
    struct br_call jump = gemm_call('N', 'N', order - 3 * nb, order - 3 * nb, nb, BR_D);
    if (br_sweep_work_ahead(&other, &jump, 4).work != 0)
        fail("a step of three panels taken for a sweep");
    struct br_sweep_memory sites = {0};
    struct br_call d1 = gemm_call('N', 'N', order, order, nb, BR_D);
    struct br_call s2 = gemm_call('N', 'N', order - nb, order - nb, nb, BR_S);
    struct br_call t2 = gemm_call('T', 'N', order - nb, order - nb, nb, BR_D);
    br_sweep_work_ahead(&sites, &d1, 0);
    if (br_sweep_work_ahead(&sites, &s2, 1).work != 0 ||
        br_sweep_work_ahead(&sites, &t2, 2).work != 0)
        fail("another precision or transpose continued a double NN sweep");
    /* More sites than kept: the oldest go, nothing breaks. */
    for (int i = 0; i < 3 * BR_SWEEP_KEPT; i++) {
        struct br_call c = gemm_call('N', 'N', order, order, 8 + i, BR_Z);
        br_sweep_work_ahead(&sites, &c, 3 + i);
    }
    if (sites.count != BR_SWEEP_KEPT)
        fail("%d sites kept, not %d", sites.count, (int)BR_SWEEP_KEPT);
    ok("blocked sweeps: a dgeqrf's products project order / (3 nb) of work ahead, a dpotrf's "
       "the sum of its calls ahead; repeats, square calls, jumps and other sites nothing");
}

/* What a sweep's steps ahead save (br_sweep_projection): a dpotrf's product at random order
 * and panel, each step saving a random rate times its volume. Steps made before the calls
 * settle, ten times slower (a cold process's first 40 ms on the H200's host), project nothing,
 * nor do a site's first two steps after; from the third, the rate times the work ahead, less
 * the part before the device is ready; a step that saves ten times more does not raise it (the
 * least of the last three), one that saves less lowers it at once; with the device ready later
 * than the time ahead, nothing; two sites add up. */
static void check_sweep_projection(void)
{
    struct br_sweep_memory memory = {0};
    int nb = 32 << (rand() % 2), order = 8192 + 64 * (rand() % 64);
    double rate = 1e-12 * (1 + rand() % 100), step_seconds = 0.01, ready = 0.5, now = 0;
    int step = 0;
    struct br_sweep_ahead ahead = {0};
    double projected = 0, volume = 0;
    /* Each step: dgemm(n - j - nb, nb, j) at column j = (step + 1) nb. */
#define SWEEP_STEP(saving_factor, settled)                                                    \
    do {                                                                                      \
        int j = (++step) * nb;                                                                \
        struct br_call c = gemm_call('N', 'T', order - j - nb, nb, j, BR_D);                  \
        volume = br_call_volume(&c);                                                          \
        now += step_seconds;                                                                  \
        ahead = br_sweep_work_ahead(&memory, &c, now);                                        \
        projected = br_sweep_projection(&memory, &ahead, volume, (saving_factor) * rate * volume, \
                                        settled, ready);                                      \
    } while (0)
    for (int i = 0; i < 4; i++) {
        SWEEP_STEP(10, 0);
        if (projected != 0)
            fail("step %d before the calls settled projected %g s", step, projected);
    }
    for (int i = 0; i < 2; i++) {
        SWEEP_STEP(1, 1);
        if (projected != 0)
            fail("settled step %d of 2 projected %g s before three were seen", i + 1, projected);
    }
    SWEEP_STEP(1, 1);
    double time_ahead = ahead.work * step_seconds;
    double expected = ahead.work * rate * volume * (1 - ready / time_ahead);
    if (!(ahead.work > 100 && time_ahead > ready && fabs(projected - expected) <= 1e-9 * expected))
        fail("third settled step: %g s projected, not %g (%g calls' work ahead)", projected,
             expected, ahead.work);
    SWEEP_STEP(10, 1);
    time_ahead = ahead.work * step_seconds;
    expected = ahead.work * rate * volume * (1 - ready / time_ahead);
    if (!(fabs(projected - expected) <= 1e-9 * expected))
        fail("a step saving ten times more projected %g s, not the steady %g", projected,
             expected);
    SWEEP_STEP(0.5, 1);
    time_ahead = ahead.work * step_seconds;
    expected = ahead.work * 0.5 * rate * volume * (1 - ready / time_ahead);
    if (!(fabs(projected - expected) <= 1e-9 * expected))
        fail("a step saving half projected %g s, not %g", projected, expected);
    /* A second site (a dgeqrf-like product of single precision) adds its own. */
    struct br_sweep_memory two = memory;
    double first_site = projected;
    for (int i = 0; i < 4; i++) {
        struct br_call c = gemm_call('N', 'T', order - i * nb, order - i * nb, nb, BR_S);
        struct br_sweep_ahead a = br_sweep_work_ahead(&two, &c, now + i);
        projected = br_sweep_projection(&two, &a, br_call_volume(&c),
                                        rate * br_call_volume(&c), 1, ready);
    }
    if (!(projected > first_site))
        fail("a second site's projection did not add to the first's (%g, %g)", projected,
             first_site);
    /* Ready only after the time ahead: nothing. */
    SWEEP_STEP(1, 1);
    SWEEP_STEP(1, 1);
    ready = 2 * ahead.work * step_seconds;
    SWEEP_STEP(1, 1);
    if (projected != 0)
        fail("a sweep that ends before the device is ready projected %g s", projected);
#undef SWEEP_STEP
    ok("sweep projection: nothing before the calls settle or from a site's first two steps, "
       "then the least of its last three steps' savings times the work ahead after ready");
}

/* A result the host adds beta C to comes home at its own rate: with beta not 0 a GEMM or a
 * rank-k update moves the same bytes and is predicted slower by exactly what the add's reads of
 * C cost (half a host copy's traffic after the staged way down, or a profile's measured
 * d2h_staged_add); TRMM and TRSM, which have no beta, not at all; HERK's beta is real, its
 * imaginary part ignored; the profile key is read. */
static void check_result_added(void)
{
    const enum br_family families[] = {BR_GEMM, BR_SYRK, BR_HERK, BR_SYMM, BR_TRMM, BR_TRSM};
    for (int measured = 0; measured < 2; measured++) {
        struct br_device_profile d = gpu;
        d.d2h_staged_add = measured ? 10 : 0;
        /* The staged way down, unmeasured: host copy and DMA one after the other. */
        double down = 1 / (1 / d.d2h_pinned + 1 / d.host_copy);
        double add = measured ? 10 : 1 / (1 / down + 0.5 / d.host_copy);
        for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
            enum br_precision pr = families[f] == BR_HERK ? BR_Z : BR_D;
            /* A factorization's update: transfers, not the kernel, take the time. */
            struct br_call c0 = make_call(families[f], pr, 'L', 4096, 4096, 64, 0, 0);
            struct br_call c1 = make_call(families[f], pr, 'L', 4096, 4096, 64, 1, 0);
            /* HERK: beta (0, 1) is a real 0 */
            struct br_call ci = make_call(families[f], pr, 'L', 4096, 4096, 64, 0, 1);
            struct br_prediction p0 = {0}, p1 = {0}, pi = {0};
            double t0 = br_predict_device_seconds(&c0, &d, &p0);
            double t1 = br_predict_device_seconds(&c1, &d, &p1);
            double ti = families[f] == BR_HERK ? br_predict_device_seconds(&ci, &d, &pi) : t0;
            int beta_used = families[f] != BR_TRMM && families[f] != BR_TRSM;
            double expected = beta_used ? p1.bytes_down / 1e9 * (1 / add - 1 / down) : 0;
            int right = t0 > 0 && p0.bytes_down == p1.bytes_down &&
                        fabs((t1 - t0) - expected) <= 1e-9 * t1 &&
                        br_call_result_added(&c1) == beta_used && !br_call_result_added(&c0) &&
                        ti == t0;
            if (!right)
                fail("%s (d2h_staged_add %g): beta 0 %.6g s, beta 1 %.6g s (%.0f bytes down), "
                     "expected %.6g s more; beta (0, 1) %.6g s",
                     routine(families[f], pr), d.d2h_staged_add, t0, t1, p1.bytes_down,
                     expected, ti);
        }
    }
    struct br_keyfile file;
    struct br_device_profile read;
    int parsed = br_keyfile_parse("added.profile",
                                   "[link]\nd2h_staged_add = 18.5\n"
                                   "[rates]\ndgemm = 1 2 4 8 16 32 64 128 256\n",
                                   &file) == 0;
    if (!parsed || br_device_profile_from_keys(&file, &read) != 0 || read.d2h_staged_add != 18.5)
        fail("d2h_staged_add = 18.5 was not read from a profile");
    if (parsed)
        br_keyfile_free(&file);
    ok("a result the host adds beta C to is predicted slower by the add's reads of C "
       "(estimated, or the profile's d2h_staged_add); TRMM, TRSM and HERK's real beta as before");
}

/* Hysteresis (decide.c): the margin is paid to move a cell's calls to the device, not to keep
 * them there. A near tie (the device predicted 1.15 times faster, under the rules' 1.2) stays
 * on the CPU unless the model's last choice for the cell was the device, and then stays
 * there; a device predicted 1.05 times slower sends it back; on a device that shares the
 * host's cores, or against the built-in CPU estimates, the margin holds either way. */
static void check_hysteresis(void)
{
    struct br_policy policy;
    br_policy_default(&policy);
    policy.rules[BR_GEMM][BR_D].hybrid_allowed = 0; /* where a hybrid run would not win it */
    struct br_call big = square(BR_GEMM, BR_D, 4096, 1);
    struct br_prediction p;
    int settled = br_decide_by_rules(&big, &policy, &p);
    struct br_learned_factors f = {.cpu = 1, .device = 1};
    br_decide_after_rules(&big, &gpu, &cpu, &policy, settled, 1, &f, &p);
    double speedup = p.cpu_seconds / p.device_seconds; /* the model's, before any factor */
    struct br_device_profile shared = gpu;
    shared.shares_host_cpu = 1;
    struct br_cpu_profile estimated = cpu;
    estimated.estimated = 1;
    f.device = speedup / 1.15;
    enum br_where moving = br_decide_after_rules(&big, &gpu, &cpu, &policy, settled, 1, &f, &p);
    f.stream_on_device = 1;
    enum br_where staying = br_decide_after_rules(&big, &gpu, &cpu, &policy, settled, 1, &f, &p);
    double kept_ratio = p.cpu_seconds / p.device_seconds;
    enum br_where on_cores =
        br_decide_after_rules(&big, &shared, &cpu, &policy, settled, 1, &f, &p);
    enum br_where on_estimates =
        br_decide_after_rules(&big, &gpu, &estimated, &policy, settled, 1, &f, &p);
    f.device = speedup * 1.05;
    enum br_where slower = br_decide_after_rules(&big, &gpu, &cpu, &policy, settled, 1, &f, &p);
    if (moving != BR_ON_CPU || staying != BR_ON_DEVICE || !(fabs(kept_ratio - 1.15) < 1e-9) ||
        on_cores != BR_ON_CPU || on_estimates != BR_ON_CPU || slower != BR_ON_CPU)
        fail("a tie at %.3f: %d moving, %d staying, %d on the host's cores, %d on the "
             "estimates; 1.05 times slower: %d (cpu 0, device 1)",
             kept_ratio, moving, staying, on_cores, on_estimates, slower);
    ok("decision: a near tie stays on the device once the model sent its cell there, and "
       "stays on the CPU otherwise; a slower device sends it back");
}

/* On the built-in CPU estimates (a profile marked estimated, as br_cpu_profile_builtin's is)
 * a device must be predicted three times the margin faster: every call of a sweep of random
 * shapes that goes to the device on them also goes there on the same rates measured, and is
 * predicted at least three times the margin faster; some that the measured rates send to the
 * device, predicted less than that faster, stay on the CPU; large products still go. */
static void check_estimated_cpu(void)
{
    struct br_policy policy = policy_with(BR_MODE_AUTO, 0, -1);
    struct br_cpu_profile estimated = cpu;
    estimated.estimated = 1;
    int kept = 0, both = 0, wrong = 0;
    for (int i = 0; i < 2000; i++) {
        enum br_family f = (enum br_family)(rand() % BR_FAMILY_COUNT);
        enum br_precision pr = (enum br_precision)(rand() % BR_PRECISION_COUNT);
        struct br_call c = square(f, pr, 64 + rand() % 4000, rand() % 2);
        if (rand() % 3 == 0) /* a rank-k or thin shape */
            c.k = c.m = c.n > 64 ? 16 + rand() % 64 : c.n;
        struct br_prediction measured, on_estimates;
        int device = br_decide(&c, &gpu, &cpu, &policy, &measured) == BR_ON_DEVICE;
        int est = br_decide(&c, &gpu, &estimated, &policy, &on_estimates) == BR_ON_DEVICE;
        double margin = policy.rules[f][pr].margin;
        wrong += est && (!device || !(on_estimates.device_seconds * 3 * margin <
                                      on_estimates.cpu_seconds));
        kept += device && !est;
        both += device && est;
    }
    struct br_call large = square(BR_GEMM, BR_D, 4096, 1);
    struct br_prediction p;
    int large_goes = br_decide(&large, &gpu, &estimated, &policy, &p) == BR_ON_DEVICE;
    if (wrong || kept == 0 || both == 0 || !large_goes)
        fail("on the estimates: %d calls on the device against the rule, %d kept on the CPU, "
             "%d on the device either way, dgemm 4096 on the device %d",
             wrong, kept, both, large_goes);
    diag("%d calls on the device either way, %d kept on the CPU on the estimates", both, kept);
    ok("on the built-in CPU estimates a device must be predicted 3 times the margin faster; "
       "calls it wins by less stay on the CPU");
}

/* The CPU BLAS's rates from the program's own calls (calibrate.h): each precision's GEMM row
 * is the built-in one times the best measured-to-built-in ratio seen for it (or its
 * counterpart's; neither seen: the built-in row); small calls and other routines change
 * nothing; too few calls give no profile. */
static void check_observed_cpu(void)
{
    struct br_cpu_observation seen = {0};
    struct br_cpu_profile base, out;
    br_cpu_profile_builtin(&base);
    double builtin = br_profile_rate(&base.rates, BR_GEMM, BR_D, 1024);
    struct br_call big = square(BR_GEMM, BR_D, 1024, 1);
    double seconds = br_call_flops(&big) / (2 * builtin * 1e9); /* twice the built-in rate */
    for (int i = 0; i < 3; i++)
        br_cpu_observe(&seen, &big, seconds * (1 + i)); /* the best is kept */
    struct br_call small = square(BR_GEMM, BR_D, 64, 1), trsm = square(BR_TRSM, BR_D, 1024, 1);
    br_cpu_observe(&seen, &small, 1e-9);
    if (br_cpu_profile_from_observation(&seen, &out) == 0)
        fail("3 GEMM calls (and a small one): a profile already");
    /* A fourth call of another routine, at 1.5 times the built-in rate: a profile, the best of
     * them (GEMM's 2). */
    double trsm_rate = br_profile_rate(&base.rates, BR_GEMM, BR_D, br_cpu_effective_size(&trsm));
    br_cpu_observe(&seen, &trsm, br_call_flops(&trsm) / (1.5 * trsm_rate * 1e9));
    if (br_cpu_profile_from_observation(&seen, &out) != 0 ||
        fabs(out.rates[BR_GEMM][BR_D][4] - 2 * base.rates[BR_GEMM][BR_D][4]) >
            1e-9 * base.rates[BR_GEMM][BR_D][4])
        fail("3 GEMM calls at 2x and a TRSM at 1.5x: no profile, or not 2x");
    /* A program of other routines alone (rank-k updates, say) is measured by them. */
    struct br_cpu_observation others = {0};
    for (int i = 0; i < 4; i++)
        br_cpu_observe(&others, &trsm, br_call_flops(&trsm) / (0.7 * trsm_rate * 1e9));
    if (br_cpu_profile_from_observation(&others, &out) != 0 ||
        fabs(out.rates[BR_GEMM][BR_Z][4] - 0.7 * base.rates[BR_GEMM][BR_Z][4]) >
            1e-9 * base.rates[BR_GEMM][BR_Z][4])
        fail("4 TRSM calls at 0.7x: no profile, or its rows not 0.7x");
    br_cpu_observe(&seen, &big, seconds * 4);
    /* Four GEMM calls seen: theirs alone, an absurdly fast TRSM changes nothing. */
    br_cpu_observe(&seen, &trsm, 1e-9);
    if (br_cpu_profile_from_observation(&seen, &out) != 0) {
        fail("4 GEMM calls: no profile");
    } else {
        /* Double precision and its complex counterpart at twice the built-in rates; single
         * precision, unseen, at the built-in ones, not at double's ratio. */
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            for (int i = 0; i < BR_GRID_POINTS; i++) {
                double scale = p == BR_D || p == BR_Z ? 2 : 1;
                double want = scale * base.rates[BR_GEMM][p][i];
                if (fabs(out.rates[BR_GEMM][p][i] - want) > 1e-9 * want)
                    fail("%s row, point %d: %g, not %g times the built-in %g",
                         routine(BR_GEMM, (enum br_precision)p), i,
                         out.rates[BR_GEMM][p][i], scale, base.rates[BR_GEMM][p][i]);
            }
    }
    /* An sgemm at 1.5 times the built-in rate, beside double's 2 (a proportion a CPU has). */
    struct br_call single = square(BR_GEMM, BR_S, 1024, 1);
    double single_rate = 1.5 * br_profile_rate(&base.rates, BR_GEMM, BR_S, 1024);
    br_cpu_observe(&seen, &single, br_call_flops(&single) / (single_rate * 1e9));
    if (br_cpu_profile_from_observation(&seen, &out) == 0 &&
        fabs(out.rates[BR_GEMM][BR_C][4] - 1.5 * base.rates[BR_GEMM][BR_C][4]) >
            1e-9 * base.rates[BR_GEMM][BR_C][4])
        fail("an sgemm seen at 1.5 times the built-in rate: the cgemm row not scaled by it");
    ok("CPU rates from the program's calls: the best ratio per precision, its counterpart's "
       "where unseen, the built-in rates where neither was seen, small calls ignored, 4 calls "
       "needed; other routines' where fewer than 4 of GEMM were seen, GEMM's alone once they "
       "were");
}

/* Observations at `s` and `d` times the built-in rates (0: none of that precision), 4 GEMM
 * calls in all: the profile's s and d fractions of the built-in rows at grid point `i`, and
 * whether its source names a settled pair. */
static void observed_fractions(double s, double d, int i, double fraction[4], int *settled)
{
    struct br_cpu_observation seen = {0};
    struct br_cpu_profile base, out;
    br_cpu_profile_builtin(&base);
    for (int call = 0; call < 4; call++) {
        enum br_precision p = (call % 2 == 0 && s > 0) || d <= 0 ? BR_S : BR_D;
        /* Random orders from 256 to 2048: the best ratio is the same at any. */
        struct br_call c = square(BR_GEMM, p, 256 + rand() % 1793, 1);
        double rate = (p == BR_S ? s : d) *
                      br_profile_rate(&base.rates, BR_GEMM, p, br_cpu_effective_size(&c));
        br_cpu_observe(&seen, &c, br_call_flops(&c) / (rate * 1e9));
    }
    if (br_cpu_profile_from_observation(&seen, &out) != 0) {
        fraction[0] = fraction[1] = fraction[2] = fraction[3] = -1;
        *settled = -1;
        return;
    }
    for (int p = 0; p < 4; p++)
        fraction[p] = out.rates[BR_GEMM][p][i] / base.rates[BR_GEMM][p][i];
    *settled = strstr(out.source, "far slower") != NULL;
}

/* A measurement errs slow only: where the program's calls (or a calibration) measured single
 * and double precision further apart than any CPU runs them (half or twice the built-in rows'
 * proportion), the slower row is taken at the faster one's fraction of the built-in rates, its
 * complex twin with it; a pair a CPU can have is kept, and so is one measured row beside a
 * built-in one (a slow CPU BLAS is not a disturbance). On the H200's host (2026-11-28): sgemm
 * kept at 0.03 of the built-in rates, dgemm at 0.77, every sgemm 256 sent to the device. */
static void check_settled_precisions(void)
{
    static const struct { double s, d, want_s, want_d; int settled; } cases[] = {
        {0.03, 0.77, 0.77, 0.77, 1}, /* the H200's host */
        {1.0, 0.1, 1.0, 1.0, 1},     /* double disturbed */
        {1.2, 0.8, 1.2, 0.8, 0},     /* a CPU's own proportion (1.4 * 1.5 = 2.1 times) */
        {0.45, 0.8, 0.45, 0.8, 0},   /* single at 0.8 of double's rate: SIMD-less, kept */
        {0.03, 0, 0.03, 1, 0},       /* single alone measured: a slow BLAS, kept */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int i = rand() % BR_GRID_POINTS, settled;
        double f[4];
        observed_fractions(cases[k].s, cases[k].d, i, f, &settled);
        if (fabs(f[BR_S] - cases[k].want_s) > 1e-6 * cases[k].want_s ||
            fabs(f[BR_D] - cases[k].want_d) > 1e-6 * cases[k].want_d ||
            fabs(f[BR_C] - f[BR_S]) > 1e-6 * f[BR_S] || fabs(f[BR_Z] - f[BR_D]) > 1e-6 * f[BR_D] ||
            settled != cases[k].settled) {
            fail("observed s %.2f, d %.2f: fractions s %g d %g c %g z %g at point %d, settled "
                 "%d; expected s %g d %g, settled %d",
                 cases[k].s, cases[k].d, f[0], f[1], f[2], f[3], i, settled, cases[k].want_s,
                 cases[k].want_d, cases[k].settled);
        }
    }
    /* A calibration's measurements, the same rule, point by point: single precision measured
     * at 0.05 of the built-in rate at every order beside double at 0.9. */
    struct br_cpu_profile base, out;
    br_cpu_profile_builtin(&base);
    double orders[4] = {64, 128, 256, 512}, s_rates[4], d_rates[4];
    for (int j = 0; j < 4; j++) {
        s_rates[j] = 0.05 * br_profile_rate(&base.rates, BR_GEMM, BR_S, orders[j]);
        d_rates[j] = 0.9 * br_profile_rate(&base.rates, BR_GEMM, BR_D, orders[j]);
    }
    br_cpu_profile_from_measurements(orders, s_rates, d_rates, 4, &out);
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        double s = out.rates[BR_GEMM][BR_S][i] / base.rates[BR_GEMM][BR_S][i];
        double d = out.rates[BR_GEMM][BR_D][i] / base.rates[BR_GEMM][BR_D][i];
        if (fabs(s - d) > 1e-6 * d || fabs(d - 0.9) > 1e-6 ||
            out.rates[BR_GEMM][BR_C][i] != out.rates[BR_GEMM][BR_S][i]) {
            fail("calibration at s 0.05, d 0.9: point %d at s %g, d %g", i, s, d);
        }
    }
    if (!strstr(out.source, "far slower")) {
        fail("calibration at s 0.05, d 0.9: the source does not say so: %s", out.source);
    }
    ok("a precision measured far slower than its twin can run is taken at the twin's "
       "fraction of the built-in rates; a CPU's own proportion, and one measured row, kept");
}

/* The CPU BLAS's thread count while a device is in use (cpu_threads.h): the cores a device
 * call's copies leave, at least 1, never more than it had, kept while the CPU calls after a
 * device call take less than it did (for 0.25 s at most); calls of 0.1 s or more get all. */
static void check_cpu_threads(void)
{
    static const struct { int current; long cores; int copies, beside; } cases[] = {
        {16, 16, 8, 8}, {12, 16, 8, 8}, {4, 16, 8, 4}, {32, 16, 8, 8}, {4, 2, 2, 1},
        {1, 1, 1, 1}, {8, 4, 5, 1}, {2, 64, 8, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = br_cpu_threads_beside_device(cases[i].current, cases[i].cores, cases[i].copies);
        if (got != cases[i].beside)
            fail("%d threads, %ld cores, copies on %d: %d, expected %d", cases[i].current,
                 cases[i].cores, cases[i].copies, got, cases[i].beside);
    }
    if (br_cpu_threads_full_for(0) || br_cpu_threads_full_for(0.099) ||
        !br_cpu_threads_full_for(0.1) || !br_cpu_threads_full_for(3))
        fail("full thread count from 0.1 s on (not for unpredicted calls)");
    /* trying the CPU, of the last device call's kind, device took, CPU calls since, time since
     * the device call, kept lowered */
    static const double kept[][6] = {
        {0, 0, 0.030, 0.005, 0.010, 1}, /* a factorization's small calls between its updates */
        {0, 0, 0.030, 0.029, 0.200, 1}, /* long panels off the router's count: still in sight */
        {0, 0, 0.030, 0.031, 0.040, 0}, /* the CPU calls outweigh what the device call took */
        {0, 0, 0.001, 0.002, 0.003, 0}, /* a try on the device among many CPU calls */
        {0, 0, 0.500, 0.010, 0.250, 0}, /* no device call for 0.25 s */
        {0, 0, 0.500, 0.010, 0.249, 1},
        {0, 0, 0, 0, 0, 0},
        {1, 0, 0.0003, 0.0004, 0.0001, 1}, /* a try's repeat after the first outlasted it */
        {1, 0, 0.0003, 0.0004, 0.250, 0},  /* no device call in sight: nothing to shield */
        {0, 1, 0.043, 0, 0.001, 0},        /* the device's stream of this kind moved here */
        {0, 1, 0.030, 0.005, 0.010, 0},
        {1, 1, 0.030, 0.005, 0.010, 1}, /* a try of the CPU amid its kind's device calls */
    };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (br_cpu_threads_keep_lowered((int)kept[i][0], (int)kept[i][1], kept[i][2],
                                        kept[i][3], kept[i][4]) != (int)kept[i][5])
            fail("trying %d, moved %d, device %g s, CPU %g s since, %g s after: kept %d",
                 (int)kept[i][0], (int)kept[i][1], kept[i][2], kept[i][3], kept[i][4],
                 !(int)kept[i][5]);
    /* A device call this long after a full-count CPU call may meet its threads' spin. */
    if (!br_cpu_threads_may_spin(0) || !br_cpu_threads_may_spin(0.1) ||
        !br_cpu_threads_may_spin(0.149) || br_cpu_threads_may_spin(0.15) ||
        br_cpu_threads_may_spin(2) || br_cpu_threads_may_spin(-0.01))
        fail("the CPU BLAS's spin after a full-count call: 0 to 0.15 s");
    /* It slows only copies spread over helpers: a dsymm 256's (512 KiB blocks) runs on its
     * caller; an sgemm 512's 1 MiB blocks do not. */
    struct br_call small = make_call(BR_SYMM, BR_D, 'L', 256, 256, 0, 1, 0);
    struct br_call spread = make_call(BR_GEMM, BR_S, 0, 512, 512, 512, 0, 0);
    if (br_call_largest_copy(&small) != 256.0 * 256 * 8 ||
        br_call_largest_copy(&spread) != 512.0 * 512 * 4 ||
        br_cpu_threads_spin_slows(br_call_largest_copy(&small)) ||
        !br_cpu_threads_spin_slows(br_call_largest_copy(&spread)))
        fail("the spin slows: dsymm 256 (largest copy %.0f) %d, sgemm 512 (%.0f) %d",
             br_call_largest_copy(&small), br_cpu_threads_spin_slows(br_call_largest_copy(&small)),
             br_call_largest_copy(&spread),
             br_cpu_threads_spin_slows(br_call_largest_copy(&spread)));
    /* Waking the CPU BLAS's threads (under a millisecond) disturbs calls under 20 ms only. */
    if (!br_cpu_threads_cold_disturbs(0.0001) || !br_cpu_threads_cold_disturbs(0.0199) ||
        br_cpu_threads_cold_disturbs(0.02) || br_cpu_threads_cold_disturbs(1))
        fail("a cold CPU call is disturbed under 20 ms");
    /* The wake-up lasts 25 ms from the call that woke the threads, and four calls after it at
     * most: those in it are cold. */
    if (!br_cpu_threads_warming(0, 1) || !br_cpu_threads_warming(0.015, 2) ||
        !br_cpu_threads_warming(0.0249, 4) || br_cpu_threads_warming(0.025, 1) ||
        br_cpu_threads_warming(1, 1) || br_cpu_threads_warming(-0.001, 1) ||
        br_cpu_threads_warming(0.003, 5) || br_cpu_threads_warming(0.01, 12))
        fail("the four calls starting within 25 ms after a wake-up are cold, no others");
    ok("CPU BLAS threads beside a device: the cores its copies leave, at least 1, at most its "
       "own; kept while the CPU calls since a device call take less than it did (for a try of "
       "the CPU, whatever they took), at most 0.25 s; all of them for calls predicted at 0.1 s "
       "or more; their spin met for 0.15 s, by copies "
       "spread over helpers only; a cold call under 20 ms is disturbed, and so are the four "
       "after it starting within 25 ms of the wake-up");
}

/* Before a device cell has learned what its calls cost the CPU calls after them, the decision
 * takes the router's prior (cpu_threads.h: br_cpu_threads_side_prior): the time of the CPU
 * call expected after it, again times 1 / share - 1 of the lowered count, nothing for a call of
 * 0.1 s or more; once the cell learned a cost, that cost. Kinds: family, precision and shape,
 * not size. */
static void check_side_prior(void)
{
    static const double estimates[][3] = { /* CPU seconds, share, expected */
        {0.015, 0.5, 0.015}, {0.015, 0.25, 0.045}, {0.015, 1, 0}, {0.015, 0, 0},
        {0.0999, 0.5, 0.0999}, {0.1, 0.5, 0}, {2, 0.5, 0}, {0, 0.5, 0}, {-1, 0.5, 0},
    };
    for (size_t i = 0; i < sizeof estimates / sizeof estimates[0]; i++) {
        double got = br_cpu_threads_side_estimate(estimates[i][0], estimates[i][1]);
        if (!(fabs(got - estimates[i][2]) <= 1e-12))
            fail("a CPU call of %g s on share %g: side %g, expected %g", estimates[i][0],
                 estimates[i][1], got, estimates[i][2]);
    }
    /* The CPU call expected after a call of a kind: the one after its last call, or before
     * any, the last call if that was a CPU call of another kind. */
    struct br_call_neighbours seen;
    memset(&seen, 0, sizeof seen);
    const unsigned a = 1, b = 2, c = 3; /* three kinds */
    double none_yet = br_call_neighbours_next_cpu(&seen, a);
    br_call_neighbours_ended(&seen, a, 1, 0.027); /* dgeqrf: a thin product, a rank-k update */
    double after_a_first = br_call_neighbours_next_cpu(&seen, b);
    double same_kind_first = br_call_neighbours_next_cpu(&seen, a);
    br_call_neighbours_ended(&seen, b, 1, 0.015);
    br_call_neighbours_ended(&seen, a, 1, 0.026);
    double next_of_a = br_call_neighbours_next_cpu(&seen, a);
    double next_of_b = br_call_neighbours_next_cpu(&seen, b);
    br_call_neighbours_ended(&seen, b, 0, 0.014); /* the update on a device: nothing follows a */
    double after_device = br_call_neighbours_next_cpu(&seen, a);
    memset(&seen, 0, sizeof seen);
    br_call_neighbours_ended(&seen, c, 1, 0.002); /* dpotrf: syrk c, product a, trsm b */
    double before_any = br_call_neighbours_next_cpu(&seen, a);
    br_call_neighbours_ended(&seen, a, 1, 0.010);
    br_call_neighbours_ended(&seen, b, 1, 0.0003);
    br_call_neighbours_ended(&seen, c, 1, 0.002);
    double potrf_product = br_call_neighbours_next_cpu(&seen, a);
    br_call_neighbours_ended(&seen, a, 1, 0.010); /* like calls in a row */
    br_call_neighbours_ended(&seen, a, 1, 0.010);
    double in_a_row = br_call_neighbours_next_cpu(&seen, a);
    if (none_yet != 0 || after_a_first != 0.027 || same_kind_first != 0 || next_of_a != 0.015 ||
        next_of_b != 0.026 || after_device != 0 || before_any != 0.002 ||
        potrf_product != 0.0003 ||
        in_a_row != 0 || br_call_neighbours_next_cpu(&seen, 0) != 0 ||
        br_call_neighbours_next_cpu(&seen, BR_LEARN_KINDS) != 0)
        fail("the CPU call expected next: %g (none yet), %g and %g after a first call, %g and %g "
             "in a dgeqrf's alternation, %g after a device call, %g and %g in a dpotrf's steps, "
             "%g after like calls",
             none_yet, after_a_first, same_kind_first, next_of_a, next_of_b, after_device,
             before_any, potrf_product, in_a_row);
    if (br_learned_side_or_prior(0.01, 0.5) != 0.01 || br_learned_side_or_prior(0, 0.02) != 0.02 ||
        br_learned_side_or_prior(0, -1) != 0 || br_learned_side_or_prior(0, 0) != 0)
        fail("the learned side first, the prior while none was learned");
    /* dgeqrf's thin products and rank-32 updates are two kinds; sizes are one kind. */
    struct br_call thin = make_call(BR_GEMM, BR_D, 0, 8000, 32, 8000, 0, 0);
    thin.transa = 'T';
    struct br_call thin_small = thin;
    thin_small.m = thin_small.k = 1000;
    struct br_call update = make_call(BR_GEMM, BR_D, 0, 8000, 8000, 32, 1, 0);
    update.transb = 'T';
    struct br_call single = thin;
    single.precision = BR_S;
    struct br_call rank_k = make_call(BR_SYRK, BR_D, 0, 0, 8000, 32, 1, 0);
    unsigned kinds[] = {br_learn_kind(&thin), br_learn_kind(&update), br_learn_kind(&single),
                        br_learn_kind(&rank_k)};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < i; j++)
            if (kinds[i] == kinds[j] || !kinds[i])
                fail("kinds %zu and %zu: %u and %u", j, i, kinds[j], kinds[i]);
    if (br_learn_kind(&thin_small) != kinds[0])
        fail("a smaller thin dgemm is another kind: %u, %u", br_learn_kind(&thin_small), kinds[0]);
    /* A call the device is predicted to win, after a CPU call as long as its own CPU time on a
     * half share, goes to the CPU: a device time plus that cost is never under the CPU's. */
    struct br_policy one_path;
    br_policy_default(&one_path);
    one_path.rules[BR_GEMM][BR_D].hybrid_allowed = 0;
    int found = 0;
    for (int n = 256; n <= 8192 && !found; n *= 2) {
        struct br_call call = square(BR_GEMM, BR_D, n, 1);
        struct br_prediction p0, p1;
        struct br_learned_factors none = {.cpu = 1, .device = 1};
        int settled = br_decide_by_rules(&call, &one_path, &p0);
        if (br_decide_after_rules(&call, &gpu, &cpu, &one_path, settled, 1, &none, &p0) !=
                BR_ON_DEVICE ||
            !(p0.cpu_seconds < 0.1))
            continue;
        found = 1;
        struct br_learned_factors prior = none, learned = none;
        prior.device_side =
            br_learned_side_or_prior(0, br_cpu_threads_side_estimate(p0.cpu_seconds, 0.5));
        learned.device_side = br_learned_side_or_prior(1e-6, prior.device_side);
        br_decide_by_rules(&call, &one_path, &p1);
        enum br_where with_prior =
            br_decide_after_rules(&call, &gpu, &cpu, &one_path, settled, 1, &prior, &p1);
        br_decide_by_rules(&call, &one_path, &p1);
        enum br_where with_learned =
            br_decide_after_rules(&call, &gpu, &cpu, &one_path, settled, 1, &learned, &p1);
        if (with_prior != BR_ON_CPU || with_learned != BR_ON_DEVICE)
            fail("dgemm %d (CPU %g s): %s with the prior, %s with a learned side of 1 us", n,
                 p0.cpu_seconds, where_name(with_prior), where_name(with_learned));
    }
    if (!found)
        fail("no dgemm under 0.1 s on the CPU that the GPU profile wins");
    ok("side cost before learning: the expected next CPU call's time (the one after the kind's "
       "last call, else the last call) times 1 / share - 1 (none from 0.1 s, none unlowered), "
       "the learned cost once there is one; kinds by family, precision and shape; a call the "
       "device wins goes to the CPU before a CPU call as long as its own");
}

/* The GPU named by the NVIDIA kernel driver's "information" file (gpu_guess.h). */
static void check_gpu_guess(void)
{
    static const struct { const char *text, *name; } cases[] = {
        {"Model: \t\t NVIDIA H200\nIRQ:   \t\t 42\n", "NVIDIA H200"},
        {"IRQ: 1\nModel:\t\tNVIDIA H100 80GB HBM3 \r\nBus Type: PCIe", "NVIDIA H100 80GB HBM3"},
        {"Model: A100", "A100"},
        {"IRQ: 1\nBus Type: PCIe\n", NULL},
        {"Model: \t \nIRQ: 1\n", NULL},
        {"", NULL},
        {"Modelling: x\n", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[64] = "unchanged";
        int got = br_gpu_guess_parse(cases[i].text, name, sizeof name);
        if (cases[i].name ? got != 0 || strcmp(name, cases[i].name) != 0 : got != -1)
            fail("case %zu: %d, '%s'", i, got, name);
    }
    ok("the GPU named by the NVIDIA kernel driver: its Model line, trimmed; none without one");
}

int main(void)
{
    printf("1..%d\n", PLAN);
    cpu_profile(&cpu);
    gpu_profile(&gpu);
    pocl_profile(&pocl, &cpu);

    check_small_and_large();  /* 4 */
    check_rules();            /* 7 */
    check_cpu_by_rules();     /* 1 */
    check_effective_size();   /* 1 */
    check_crossover();        /* 7 */
    check_bytes();            /* 5 */
    check_cpu_times();        /* 1 */
    check_device_bounds();    /* 1 */
    check_family_rows();      /* 1 */
    check_pocl();             /* 1 */
    check_shared_cores();     /* 1 */
    check_finite();           /* 1 */
    check_learning();         /* 7 */
    check_side_cost();        /* 1 */
    check_lowered_tries();    /* 1 */
    check_open_threshold();   /* 1 */
    check_open_at_load();     /* 1 */
    check_sweeps();           /* 1 */
    check_sweep_projection(); /* 1 */
    check_observed_cpu();     /* 1 */
    check_settled_precisions(); /* 1 */
    check_estimated_cpu();    /* 1 */
    check_hysteresis();       /* 1 */
    check_result_added();     /* 1 */
    check_cpu_threads();      /* 1 */
    check_side_prior();       /* 1 */
    check_gpu_guess();        /* 1 */

    if (test_number != PLAN) {
        printf("# planned %d checks, ran %d\n", PLAN, test_number);
        return 1;
    }
    return failed_tests ? 1 : 0;
}
