#include "tune_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "engine/params.h"
#include "stats.h"

/* --- the journal: what earlier runs measured ---------------------------------------------- */

struct journal_entry {
    char precision;
    double values[BR_KERNEL_PARAM_COUNT];
    double gflops, total_gflops; /* the GEMM kernel alone, copies and GEMM; <= 0: rejected */
    int from_file;               /* measured by an earlier, interrupted run */
};
static struct journal_entry *journal;
static int journal_count, journal_capacity;

static void journal_add(char precision, const struct br_kernel_params *p, double gflops,
                        double total_gflops, int from_file)
{
    if (journal_count == journal_capacity) {
        int capacity = journal_capacity ? 2 * journal_capacity : 64;
        struct journal_entry *grown = realloc(journal, (size_t)capacity * sizeof *grown);
        if (!grown)
            return;
        journal = grown, journal_capacity = capacity;
    }
    struct journal_entry *e = &journal[journal_count++];
    e->precision = precision;
    for (int k = 0; k < BR_KERNEL_PARAM_COUNT; k++)
        e->values[k] = br_kernel_param_get(p, k);
    e->gflops = gflops;
    e->total_gflops = total_gflops;
    e->from_file = from_file;
}

void tune_journal_load(FILE *file)
{
    char line[1024];
    while (fgets(line, sizeof line, file)) {
        char precision;
        struct br_kernel_params p;
        memset(&p, 0, sizeof p);
        char *cursor = line + 1;
        if (line[0] == '#' || line[1] != ' ')
            continue;
        precision = line[0];
        int k = 0;
        for (; k < BR_KERNEL_PARAM_COUNT; k++) {
            char *end;
            double value = strtod(cursor, &end);
            if (end == cursor)
                break;
            br_kernel_param_set(&p, k, value);
            cursor = end;
        }
        char *end, *end2;
        double gflops = strtod(cursor, &end);
        double total = strtod(end, &end2);
        if (k == BR_KERNEL_PARAM_COUNT && end != cursor && end2 != end)
            journal_add(precision, &p, gflops, total, 1);
    }
}

static const struct journal_entry *journal_find(char precision, const struct br_kernel_params *p)
{
    for (int i = 0; i < journal_count; i++) {
        if (journal[i].precision != precision)
            continue;
        int same = 1;
        for (int k = 0; k < BR_KERNEL_PARAM_COUNT && same; k++)
            same = journal[i].values[k] == br_kernel_param_get(p, k);
        if (same)
            return &journal[i];
    }
    return NULL;
}

static void journal_write(FILE *file, char precision, const struct br_kernel_params *p,
                          double gflops, double total_gflops)
{
    if (!file)
        return;
    fprintf(file, "%c", precision);
    for (int k = 0; k < BR_KERNEL_PARAM_COUNT; k++)
        fprintf(file, " %.17g", br_kernel_param_get(p, k));
    fprintf(file, " %.6g %.6g\n", gflops, total_gflops);
    fflush(file);
}

/* --- the problems every candidate runs ------------------------------------------------------- */

/* A deterministic generator (splitmix64): the same seed, the same candidates in the same order. */
static unsigned long long next_random(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void fill_random(void *x, size_t elements, enum br_precision p, unsigned long long *state)
{
    size_t reals = br_is_complex(p) ? 2 * elements : elements;
    for (size_t i = 0; i < reals; i++) {
        double v = (double)(next_random(state) >> 11) / 9007199254740992.0 * 2 - 1;
        if (p == BR_S || p == BR_C)
            ((float *)x)[i] = (float)v;
        else
            ((double *)x)[i] = v;
    }
}

/* The parts of an element as doubles. */
static void parts(const void *x, size_t i, enum br_precision p, double *re, double *im)
{
    *im = 0;
    switch (p) {
    case BR_S: *re = ((const float *)x)[i]; break;
    case BR_D: *re = ((const double *)x)[i]; break;
    case BR_C: *re = ((const float *)x)[2 * i], *im = ((const float *)x)[2 * i + 1]; break;
    default: *re = ((const double *)x)[2 * i], *im = ((const double *)x)[2 * i + 1]; break;
    }
}

struct problems {
    struct br_call check, timed;
    void *c0, *reference;
    double *bound; /* per element of C: what rounding may account for */
    void *buffers[6];
};

static void free_problems(struct problems *pr)
{
    for (int i = 0; i < 6; i++)
        free(pr->buffers[i]);
    free(pr->reference);
    free(pr->bound);
}

static struct br_call gemm_call(enum br_precision p, char transa, int m, int n, int k, void *a,
                                void *b, void *c)
{
    struct br_call call;
    memset(&call, 0, sizeof call);
    call.family = BR_GEMM;
    call.precision = p;
    call.work = BR_WORK_FULL;
    call.transa = transa, call.transb = 'N';
    call.m = m, call.n = n, call.k = k;
    call.alpha = br_scalar_real(p, 1.0);
    call.beta = br_scalar_real(p, 0.5);
    call.a = a, call.lda = transa == 'N' ? m : k;
    call.b = b, call.ldb = k;
    call.c = c, call.ldc = m;
    return call;
}

/* The check: op(A) transposed, so both copy kernels run, large enough for the tiled kernel and
 * of sizes no tile divides; its reference from the CPU BLAS, and per element the bound
 * 4 (k + 2) eps (|A||B| + |beta C|) within which a right kernel's result lies. */
static int make_problems(const struct tune_search *s, struct problems *pr)
{
    int gpu = !br_device_is_host_cpu(s->device);
    int m = gpu ? 301 : 161, n = gpu ? 263 : 131, k = gpu ? 203 : 97, t = s->timed_size;
    enum br_precision p = s->precision;
    size_t e = br_element_size(p);
    memset(pr, 0, sizeof *pr);
    size_t sizes[6] = {(size_t)m * k, (size_t)k * n, (size_t)m * n, (size_t)m * n,
                       (size_t)t * t, 2 * (size_t)t * t};
    for (int i = 0; i < 6; i++)
        if (!(pr->buffers[i] = malloc(sizes[i] * e)))
            return -1;
    pr->reference = malloc((size_t)m * n * e);
    pr->bound = malloc((size_t)m * n * sizeof(double));
    if (!pr->reference || !pr->bound)
        return -1; /* the caller frees what was allocated */
    unsigned long long state = 12345;
    for (int i = 0; i < 6; i++)
        if (i != 3)
            fill_random(pr->buffers[i], sizes[i], p, &state);
    pr->c0 = pr->buffers[2];
    pr->check = gemm_call(p, 'T', m, n, k, pr->buffers[0], pr->buffers[1], pr->buffers[3]);
    pr->timed = gemm_call(p, 'N', t, t, t, pr->buffers[4], pr->buffers[5],
                          (char *)pr->buffers[5] + (size_t)t * t * e);
    memcpy(pr->buffers[3], pr->c0, (size_t)m * n * e);
    br_cpu_level3(&pr->check);
    memcpy(pr->reference, pr->buffers[3], (size_t)m * n * e);
    double eps = (p == BR_S || p == BR_C) ? 1.2e-7 : 2.3e-16;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double sum = 0, re, im, re2, im2;
            for (int l = 0; l < k; l++) {
                parts(pr->buffers[0], (size_t)l + (size_t)i * k, p, &re, &im);
                parts(pr->buffers[1], (size_t)l + (size_t)j * k, p, &re2, &im2);
                sum += (fabs(re) + fabs(im)) * (fabs(re2) + fabs(im2));
            }
            parts(pr->c0, (size_t)i + (size_t)j * m, p, &re, &im);
            pr->bound[i + (size_t)j * m] = 4 * (k + 2) * eps * (sum + 0.5 * (fabs(re) + fabs(im)));
        }
    return 0;
}

static int result_right(const struct problems *pr, enum br_precision p)
{
    size_t count = (size_t)pr->check.m * (size_t)pr->check.n;
    for (size_t i = 0; i < count; i++) {
        double re, im, re2, im2;
        parts(pr->check.c, i, p, &re, &im);
        parts(pr->reference, i, p, &re2, &im2);
        if (!(fabs(re - re2) + fabs(im - im2) <= pr->bound[i]))
            return 0;
    }
    return 1;
}

/* --- candidates ------------------------------------------------------------------------------ */

/* What registers a work-item's tile needs, in 32-bit words: its accumulators, one column of
 * A's and row of B's tiles, and with double buffering its share of the next tiles. Past about
 * 200 of a GPU's 255 a work-item spills, since indices and addresses need the rest (less under
 * a register cap); a CPU device has no such wall. */
static int registers_fit(const struct tune_search *s, const struct br_kernel_params *p)
{
    int words = (int)(br_element_size(s->precision) / 4);
    int mwi = p->gemm.mwg / p->gemm.mdimc, nwi = p->gemm.nwg / p->gemm.ndimc;
    int need = (mwi * nwi + mwi + nwi) * words;
    if (p->gemm.db) {
        int threads = p->gemm.mdimc * p->gemm.ndimc;
        need += ((p->gemm.sa ? p->gemm.kwg * p->gemm.mwg : 0) +
                 (p->gemm.sb ? p->gemm.kwg * p->gemm.nwg : 0)) / threads * words;
    }
    /* A register cap (max_registers) lowers the wall in proportion: 200 of the 255 a GPU
     * work-item can have. */
    int wall = br_device_is_host_cpu(s->device) ? 512
               : p->max_registers > 0 ? p->max_registers * 200 / 255 : 200;
    return need <= wall;
}

static int legal(const struct tune_search *s, const struct br_kernel_params *p)
{
    return br_params_valid(s->device, s->precision, p) && registers_fit(s, p);
}

static const char *const precision_names[BR_PRECISION_COUNT] = {"sgemm", "dgemm", "cgemm",
                                                                "zgemm"};

static void show_progress(const struct tune_search *s)
{
    if (!s->progress)
        return;
    double left = s->deadline - br_seconds_now();
    fprintf(stderr, "\rblasroute-tune: %s: %d tried, best %.0f GFLOP/s, at most %.0f s left   ",
            precision_names[s->precision], s->tried, s->best_gflops, left > 0 ? left : 0);
    fflush(stderr);
}

/* Measures a candidate (or finds it in the journal): its GEMM kernel's rate, 0 if rejected;
 * *total (if not NULL): the rate of the copies and the GEMM together. */
static double evaluate(struct tune_search *s, struct problems *pr,
                       const struct br_kernel_params *p, double *total)
{
    char letter = br_precision_letter(s->precision);
    const struct journal_entry *known = journal_find(letter, p);
    double gflops = 0, total_gflops = 0;
    if (known) {
        gflops = known->gflops, total_gflops = known->total_gflops;
        s->from_journal += known->from_file;
    } else {
        double seconds[2] = {0, 0}, flops = br_call_flops(&pr->timed);
        int gpu = !br_device_is_host_cpu(s->device);
        memcpy(pr->check.c, pr->c0,
               (size_t)pr->check.m * (size_t)pr->check.n * br_element_size(s->precision));
        if (br_engine_try_params(p, &pr->check, &pr->timed, gpu ? 3 : 1, seconds) == 0 &&
            result_right(pr, s->precision) && seconds[0] > 0 && seconds[1] > 0) {
            gflops = flops / seconds[1] * 1e-9;
            total_gflops = flops / seconds[0] * 1e-9;
        }
        journal_add(letter, p, gflops, total_gflops, 0);
        journal_write(s->journal, letter, p, gflops, total_gflops);
    }
    s->tried++;
    if (gflops <= 0)
        s->rejected++;
    if (total)
        *total = total_gflops;
    show_progress(s);
    return gflops;
}

/* The GEMM parameters the search moves, by name, and the values each moves through. */
enum domain_name {
    D_MWG, D_NWG, D_KWG, D_MDIMC, D_NDIMC, D_VWM, D_VWN, D_SA, D_SB, D_KWI, D_DB,
    D_MAX_REGISTERS, D_MMA, D_WARP_M, D_STAGES, DOMAIN_COUNT
};
struct domain {
    enum br_kernel_param key;
    int values[6];
    int count;
};
static const struct domain domains[DOMAIN_COUNT] = {
    [D_MWG] = {BR_KP_MWG, {16, 32, 64, 128}, 4},
    [D_NWG] = {BR_KP_NWG, {16, 32, 64, 128}, 4},
    [D_KWG] = {BR_KP_KWG, {8, 16, 32}, 3},
    [D_MDIMC] = {BR_KP_MDIMC, {8, 16, 32}, 3},
    [D_NDIMC] = {BR_KP_NDIMC, {8, 16, 32}, 3},
    [D_VWM] = {BR_KP_VWM, {1, 2, 4, 8}, 4},
    [D_VWN] = {BR_KP_VWN, {1, 2, 4, 8}, 4},
    [D_SA] = {BR_KP_SA, {0, 1}, 2},
    [D_SB] = {BR_KP_SB, {0, 1}, 2},
    [D_KWI] = {BR_KP_KWI, {1, 2, 4, 8}, 4},
    [D_DB] = {BR_KP_DB, {0, 1}, 2},
    /* NVIDIA only: invalid elsewhere. */
    [D_MAX_REGISTERS] = {BR_KP_MAX_REGISTERS, {0, 128, 168, 255}, 4},
    /* NVIDIA, double only: invalid elsewhere (m8n8k4; m16n8k4 and m16n8k8 from compute
     * capability 9.0). */
    [D_MMA] = {BR_KP_MMA, {0, 1, 2, 3}, 4},
    /* The SIMT kernel only; legal where a warp's block tiles the work-items (engine/params.c). */
    [D_WARP_M] = {BR_KP_WARP_M, {0, 4, 8, 16}, 4},
    /* NVIDIA from compute capability 8.0 (engine/params.c): cp.async stages, in the
     * tensor-core kernel in real double, in the SIMT one with vectors of 16 bytes or more. */
    [D_STAGES] = {BR_KP_STAGES, {0, 2, 3, 4}, 4},
};

/* One step along a domain from the current value (direction -1 or +1); 0 if at its end. */
static int step(struct br_kernel_params *p, int d, int direction)
{
    int value = (int)br_kernel_param_get(p, domains[d].key);
    for (int i = 0; i < domains[d].count; i++)
        if (domains[d].values[i] == value) {
            int j = i + direction;
            if (j < 0 || j >= domains[d].count)
                return 0;
            br_kernel_param_set(p, domains[d].key, domains[d].values[j]);
            return 1;
        }
    return 0;
}

/* Tries a candidate if legal and there is time, keeping it as the best if its GEMM kernel is
 * the fastest yet; returns its rate (0 if not tried or rejected). */
static double try_candidate(struct tune_search *s, struct problems *pr,
                            const struct br_kernel_params *p)
{
    if (br_seconds_now() > s->deadline || !legal(s, p))
        return 0;
    double gflops = evaluate(s, pr, p, NULL);
    if (gflops > s->best_gflops) {
        s->best_gflops = gflops;
        s->best = *p;
    }
    return gflops;
}

/* Where fast GPU GEMMs live, whatever the built-in parameters: 256 work-items on 128 x 128,
 * 128 x 64 or 64 x 64 tiles (8 x 8, 8 x 4 or 4 x 4 results each), 128 work-items on 128 x 64
 * tiles (8 x 8: the H200's DGEMM), 64 on 64 x 64, each with and without double buffering.
 * One step from the defaults cannot reach most of them, and hill climbing from there may stop
 * on a lesser peak first. Complex precisions read one element at a time; legal() drops what
 * the device or the registers cannot take. */
static void gpu_shapes(struct tune_search *s, struct problems *pr)
{
    /* Each shape single-buffered, double-buffered and in 3 cp.async stages (legal on NVIDIA
     * from compute capability 8.0; slower than db on the H100 in both kernels, 2026-12-07).
     * The last column: 1 for the tensor-core kernel (legal only in double, real or complex,
     * on NVIDIA from compute capability 8.0), whose warps hold 32 x 32 or 32 x 64 results; 2
     * and 3 for the same with Hopper's m16n8k4 and m16n8k8 (compute capability 9.0). 64 x 128
     * x 8 on 16 x 16 work-items with m16n8k4 won both Hopper GPUs' DGEMM (2026-11-27). */
    static const int shapes[][7] = {
        /* mwg, nwg, kwg, mdimc, ndimc, vector width, mma */
        {128, 128, 16, 16, 16, 4, 0}, {128, 128, 8, 16, 16, 4, 0}, {128, 128, 16, 16, 16, 2, 0},
        {128, 64, 16, 16, 16, 4, 0},  {64, 128, 16, 16, 16, 2, 0}, {128, 64, 16, 16, 8, 2, 0},
        {64, 64, 16, 16, 16, 2, 0},   {64, 64, 32, 8, 8, 2, 0},    {128, 128, 32, 16, 16, 4, 0},
        {128, 64, 8, 16, 8, 2, 0},    {64, 128, 8, 8, 16, 2, 0},   {64, 64, 16, 8, 16, 2, 1},
        {128, 64, 16, 16, 8, 2, 1},   {64, 128, 16, 8, 16, 2, 1},  {128, 128, 16, 16, 16, 2, 1},
        {128, 128, 8, 16, 16, 2, 1},  {64, 64, 32, 8, 16, 2, 1},   {64, 64, 16, 8, 16, 2, 2},
        {128, 64, 16, 16, 8, 2, 2},   {64, 128, 16, 8, 16, 2, 2},  {128, 128, 16, 16, 16, 2, 2},
        {128, 128, 8, 16, 16, 2, 2},  {64, 64, 32, 8, 16, 2, 2},   {64, 128, 8, 16, 16, 2, 2},
        {64, 64, 16, 8, 16, 2, 3},    {64, 128, 8, 16, 16, 2, 3},  {64, 128, 16, 8, 16, 2, 3},
        {128, 64, 16, 16, 8, 2, 3},   {128, 128, 8, 32, 16, 2, 3}};
    if (br_device_is_host_cpu(s->device))
        return;
    int complex = br_is_complex(s->precision);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int buffering = 0; buffering < 3; buffering++) {
            struct br_kernel_params p = s->defaults;
            struct br_gemm_params *g = &p.gemm;
            g->mwg = shapes[i][0], g->nwg = shapes[i][1], g->kwg = shapes[i][2];
            g->mdimc = shapes[i][3], g->ndimc = shapes[i][4];
            g->vwm = g->vwn = complex ? 1 : shapes[i][5];
            g->sa = g->sb = 1;
            g->kwi = g->kwg < 8 ? g->kwg : 8;
            g->db = buffering == 1;
            g->stages = buffering == 2 ? 3 : 0;
            g->mma = shapes[i][6];
            try_candidate(s, pr, &p);
        }
}

/* The curated start: the built-in parameters and the moves that most often pay on GPUs and
 * CPUs alike: larger and smaller tiles (both sides at once), deeper and shallower K steps,
 * unrolling, wider and narrower vectors, and the work-items rearranged. */
static void curated(struct tune_search *s, struct problems *pr)
{
    /* Domains moved together (-1: one alone): tiles, K step, unroll, vectors, work-items,
     * double buffering. */
    static const int pairs[][2] = {{D_MWG, D_NWG}, {D_KWG, -1},       {D_KWI, -1},
                                   {D_VWM, D_VWN}, {D_MDIMC, D_NDIMC}, {D_DB, -1}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        for (int direction = -1; direction <= 1; direction += 2) {
            struct br_kernel_params p = s->defaults;
            int moved = step(&p, pairs[i][0], direction);
            if (pairs[i][1] >= 0)
                moved &= step(&p, pairs[i][1], direction);
            if (moved)
                try_candidate(s, pr, &p);
        }
    /* Tiles twice as large with twice the work-items: the same registers, more reuse. */
    struct br_kernel_params p = s->defaults;
    if (step(&p, D_MWG, 1) && step(&p, D_MDIMC, 1))
        try_candidate(s, pr, &p);
    p = s->defaults;
    if (step(&p, D_NWG, 1) && step(&p, D_NDIMC, 1))
        try_candidate(s, pr, &p);
    gpu_shapes(s, pr);
}

/* Random legal points of the whole space, until the share of the time given to sampling ends. */
static void sample(struct tune_search *s, struct problems *pr, double until)
{
    unsigned long long state = s->seed ^ (0x51ED270BULL * (unsigned)(s->precision + 1));
    for (int attempt = 0; attempt < 100000 && br_seconds_now() < until; attempt++) {
        struct br_kernel_params p = s->defaults;
        for (int d = 0; d < DOMAIN_COUNT; d++)
            br_kernel_param_set(&p, domains[d].key,
                                domains[d].values[next_random(&state) % domains[d].count]);
        try_candidate(s, pr, &p); /* which tries only legal points */
    }
}

/* Hill climbing: every one-step neighbour of the best, again from each improvement. */
static void climb(struct tune_search *s, struct problems *pr)
{
    int improved = 1;
    while (improved && br_seconds_now() < s->deadline) {
        improved = 0;
        struct br_kernel_params center = s->best;
        double center_gflops = s->best_gflops;
        for (int d = 0; d < DOMAIN_COUNT; d++)
            for (int direction = -1; direction <= 1; direction += 2) {
                struct br_kernel_params p = center;
                if (step(&p, d, direction) && try_candidate(s, pr, &p) > center_gflops)
                    improved = 1;
            }
    }
}

/* The copy kernels' shapes to try with the best GEMM parameters: the seed paper's blocking
 * and unrolling of the copies. */
static void tune_copies(struct tune_search *s, struct problems *pr)
{
    static const struct br_copy_params shapes[] = {
        {16, 8, 4, 16, 2}, {32, 8, 4, 32, 4}, {16, 16, 2, 16, 1},
        {8, 8, 4, 8, 2},   {32, 4, 8, 32, 8}, {16, 16, 4, 32, 2}};
    double best_total = 0;
    evaluate(s, pr, &s->best, &best_total);
    struct br_copy_params best_copy = s->best.copy;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0] && br_seconds_now() < s->deadline; i++) {
        struct br_kernel_params p = s->best;
        p.copy = shapes[i];
        double total = 0;
        if (legal(s, &p) && evaluate(s, pr, &p, &total) > 0 && total > best_total)
            best_total = total, best_copy = shapes[i];
    }
    s->best.copy = best_copy;
}

int tune_search_run(struct tune_search *s)
{
    struct problems pr;
    br_params_default(s->device, s->precision, &s->defaults);
    s->best = s->defaults;
    s->best_gflops = 0;
    s->tried = s->rejected = s->from_journal = 0;
    if (make_problems(s, &pr) != 0) {
        free_problems(&pr);
        return -1;
    }
    double start = br_seconds_now();
    s->default_gflops = try_candidate(s, &pr, &s->defaults);
    if (s->default_gflops > 0) {
        curated(s, &pr);
        if (s->full)
            sample(s, &pr, start + 0.6 * (s->deadline - start));
        climb(s, &pr);
        tune_copies(s, &pr);
    }
    if (s->progress)
        fprintf(stderr, "\n");
    free_problems(&pr);
    return s->default_gflops > 0 ? 0 : -1;
}
