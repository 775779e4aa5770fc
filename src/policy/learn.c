#include "policy/learn.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "policy/keyfile.h"

/* A ratio past the first may move a cell as if it were at most this far (4x) from it. */
static const double outlier_log = 1.3862943611198906; /* log(4) */
/* What the model's prediction (or the prior a cell leans on) weighs against a cell's own
 * samples once it has two or more, counted in samples (br_learned_cell_weight): a quarter. A
 * measurement is far nearer the truth than the model on the shapes it was not calibrated at
 * (1.5 to 3 times off, policy/learn_store.c), and when the model weighed one sample for
 * good, the third sample of a cell still left a quarter of the model's error (in logarithms):
 * on the H100's host (2026-11-28) cherk n = 8192, k = 64 was predicted 13 ms on the device,
 * measured 22 to 24 ms three times, and still predicted 18 ms, under the CPU's 20. A first
 * sample alone weighs as much as the model (one odd measurement never decides alone). */
static const double model_weight_measured = 0.25;
/* The least weight of a new sample: the cell's memory is about the last 5 samples. */
static const double least_weight = 0.2;
/* Ratios beyond a thousand either way are taken as a thousand. */
static const double extreme_log = 6.907755278982137; /* log(1000) */

const char *br_learn_shape_name(enum br_learn_shape shape)
{
    static const char *const names[BR_LEARN_SHAPES] = {"square", "skinny-k", "thin"};
    return names[shape];
}

const char *br_learn_path_name(enum br_learn_path path)
{
    return path == BR_LEARN_CPU ? "cpu" : "device";
}

/* m, n and the inner dimension of the call's arithmetic. */
static void dimensions(const struct br_call *c, double d[3])
{
    switch (c->family) {
    case BR_GEMM:
        d[0] = (double)c->m, d[1] = (double)c->n, d[2] = (double)c->k;
        break;
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        d[0] = d[1] = (double)c->n, d[2] = (double)c->k;
        break;
    default: /* the triangle's or the symmetric matrix's order is the inner dimension */
        d[0] = (double)c->m, d[1] = (double)c->n, d[2] = (double)(c->side == 'L' ? c->m : c->n);
        break;
    }
}

void br_learn_classify(const struct br_call *call, enum br_learn_shape *shape, int *size)
{
    double d[3];
    dimensions(call, d);
    double smallest = d[0] < d[1] ? d[0] : d[1], largest = d[0] < d[1] ? d[1] : d[0];
    smallest = d[2] < smallest ? d[2] : smallest;
    largest = d[2] > largest ? d[2] : largest;
    *shape = 4 * smallest >= largest ? BR_LEARN_SQUARE
             : d[2] == smallest      ? BR_LEARN_SKINNY_K
                                     : BR_LEARN_THIN;
    /* The octave of the effective order, floor(log2(cbrt(m n k))), is floor(floor(log2(m n k))
     * / 3), and floor(log2) of a double of at least 1 is its exponent: exact, and no libm,
     * whose first use in a process (its pages faulted in) cost a routed call's first weighing
     * 0.1 ms on the development machine (2026-12-06) where the program uses none of it. */
    double volume = d[0] * d[1] * d[2];
    uint64_t bits;
    volume = volume > 1 ? volume : 1;
    memcpy(&bits, &volume, sizeof bits);
    int octave = ((int)((bits >> 52) & 0x7ff) - 1023) / 3;
    *size = octave >= BR_LEARN_SIZES ? BR_LEARN_SIZES - 1 : octave;
}

struct br_learned_cell *br_learned_cells(struct br_learned *learned, const struct br_call *call)
{
    enum br_learn_shape shape;
    int size;
    br_learn_classify(call, &shape, &size);
    return learned->cells[call->family][call->precision][shape][size];
}

struct br_learned_cell *br_learned_cell(struct br_learned *learned, const struct br_call *call,
                                        enum br_learn_path path)
{
    return &br_learned_cells(learned, call)[path];
}

double br_learned_cell_weight(uint32_t samples)
{
    double n = (double)samples;
    return n / (n + (samples >= 2 ? model_weight_measured : 1));
}

double br_learned_cell_factor(const struct br_learned_cell *cell)
{
    return exp(br_learned_cell_weight(cell->samples) * cell->log_ratio);
}

double br_learned_factor(const struct br_learned *learned, const struct br_call *call,
                         enum br_learn_path path)
{
    return br_learned_cell_factor(br_learned_cell((struct br_learned *)learned, call, path));
}

double br_learned_pooled_log(const struct br_learned *learned, enum br_precision precision,
                             enum br_learn_path path)
{
    double sum = 0;
    int count = 0;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int s = 0; s < BR_LEARN_SHAPES; s++)
            for (int z = 0; z < BR_LEARN_SIZES; z++) {
                const struct br_learned_cell *cell = &learned->cells[f][precision][s][z][path];
                if (cell->samples >= 2)
                    sum += cell->log_ratio, count++;
            }
    return count ? sum / (count + 1) : 0; /* the mean, times N / (N + 1) */
}

double br_learned_pooled_log_at(const struct br_learned *learned, const struct br_call *call,
                                enum br_learn_path path)
{
    enum br_learn_shape shape;
    int size;
    br_learn_classify(call, &shape, &size);
    double sum = 0;
    int count = 0;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            const struct br_learned_cell *cell = &learned->cells[f][p][shape][size][path];
            if (cell->samples >= 2)
                sum += cell->log_ratio, count++;
        }
    return count ? sum / (count + 1) : 0;
}

double br_learned_factor_with_prior(const struct br_learned *learned, const struct br_call *call,
                                    enum br_learn_path path, double prior_log)
{
    const struct br_learned_cell *cell =
        br_learned_cell((struct br_learned *)learned, call, path);
    double weight = br_learned_cell_weight(cell->samples);
    return exp(weight * cell->log_ratio + (1 - weight) * prior_log);
}

int br_learned_add(struct br_learned *learned, const struct br_call *call,
                   enum br_learn_path path, double predicted, double measured, int disturbed)
{
    return br_learned_add_with_prior(learned, call, path, predicted, measured, disturbed, 0);
}

int br_learned_add_with_prior(struct br_learned *learned, const struct br_call *call,
                              enum br_learn_path path, double predicted, double measured,
                              int disturbed, double prior_log)
{
    if (!(predicted > 0) || !(measured > 0))
        return 0;
    struct br_learned_cell *cell = br_learned_cell(learned, call, path);
    double ratio = fmax(-extreme_log, fmin(extreme_log, log(measured / predicted)));
    if (disturbed && ratio >= (cell->samples ? cell->log_ratio : prior_log))
        return 0; /* a bound the cell already keeps: nothing new */
    if (cell->samples == 0) {
        cell->log_ratio = (float)ratio;
    } else {
        double now = cell->log_ratio;
        ratio = fmax(now - outlier_log, fmin(now + outlier_log, ratio));
        double weight = fmax(1.0 / ((double)cell->samples + 1), least_weight);
        cell->log_ratio = (float)(now + weight * (ratio - now));
    }
    if (cell->samples < UINT32_MAX)
        cell->samples++;
    return 1;
}

static const double side_weight = 0.25;

void br_learned_cell_add_side(struct br_learned_cell *cell, double seconds)
{
    if (!(seconds >= 0) || !(seconds < 1e3))
        return;
    cell->side_seconds = (float)(cell->side_seconds + side_weight * (seconds - cell->side_seconds));
}

double br_learned_side_or_prior(double learned_side, double prior)
{
    return learned_side > 0 ? learned_side : prior > 0 ? prior : 0;
}

unsigned br_learn_kind(const struct br_call *call)
{
    enum br_learn_shape shape;
    int size;
    br_learn_classify(call, &shape, &size);
    return 1 + (unsigned)shape +
           BR_LEARN_SHAPES * ((unsigned)call->precision +
                              BR_PRECISION_COUNT * (unsigned)call->family);
}

/* A run this long is no longer chance: tries come one at a time, and their repeats follow them
 * (learn_store.c), so that a try's disturbed samples stay under it. */
static const unsigned steady_disturbance_samples = 4;

int br_learn_beside_value(double spin_source, double kind_last_source)
{
    return spin_source > 0 && spin_source == kind_last_source ? BR_LEARN_BESIDE_SAME_SPIN
                                                              : BR_LEARN_BESIDE_CPU;
}

int br_learn_disturbance(enum br_learn_path path, int tried, int cold, int spin)
{
    if (cold || tried)
        return 1;
    if (!spin)
        return 0;
    return path == BR_LEARN_CPU ? 1 : BR_LEARN_BESIDE_CPU;
}

int br_learn_steady_disturbance(enum br_learn_path path, unsigned in_row)
{
    return path == BR_LEARN_DEVICE && in_row > steady_disturbance_samples;
}

struct br_learn_sample br_learn_cpu_sample(double measured, double share, int tried,
                                           int switched, int known, int disturbed)
{
    if (share > 0 && share < 1 && (tried || switched))
        return (struct br_learn_sample){known ? measured : measured * share, 1};
    return (struct br_learn_sample){measured, disturbed};
}

void br_learned_each(const struct br_learned *learned,
                     void (*visit)(const struct br_learned_entry *entry, void *context),
                     void *context)
{
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            for (int s = 0; s < BR_LEARN_SHAPES; s++)
                for (int z = 0; z < BR_LEARN_SIZES; z++)
                    for (int w = 0; w < BR_LEARN_PATHS; w++) {
                        struct br_learned_entry e = {
                            (enum br_family)f, (enum br_precision)p, (enum br_learn_shape)s, z,
                            (enum br_learn_path)w, &learned->cells[f][p][s][z][w]};
                        /* A device cell may hold side seconds and no sample: its calls
                         * were bounds it kept (br_learned_add). */
                        if (e.cell->samples || e.cell->side_seconds > 0)
                            visit(&e, context);
                    }
}

static void write_entry(const struct br_learned_entry *e, void *file)
{
    fprintf(file, "%c%s.%s.%d.%s = %u %.4f", br_precision_letter(e->precision),
            br_family_name(e->family), br_learn_shape_name(e->shape), e->size,
            br_learn_path_name(e->path), e->cell->samples, e->cell->log_ratio);
    if (e->cell->side_seconds > 0)
        fprintf(file, " %.9f", e->cell->side_seconds);
    fputc('\n', file);
}

void br_learned_write(const struct br_learned *learned, FILE *file)
{
    br_learned_each(learned, write_entry, file);
}

/* "dgemm.square.9.device" to its indices; 0 on success. */
static int parse_cell_name(const char *name, int *f, int *p, int *s, int *z, int *w)
{
    char routine[16], shape[16], path[16];
    if (sscanf(name, "%15[a-z0-9].%15[a-z-].%d.%15[a-z]", routine, shape, z, path) != 4)
        return -1;
    enum br_family family;
    enum br_precision precision;
    if (br_parse_routine(routine, &family, &precision) != 0 || *z < 0 || *z >= BR_LEARN_SIZES)
        return -1;
    *f = (int)family, *p = (int)precision, *s = -1, *w = -1;
    for (int i = 0; i < BR_LEARN_SHAPES; i++)
        if (strcmp(shape, br_learn_shape_name((enum br_learn_shape)i)) == 0)
            *s = i;
    for (int i = 0; i < BR_LEARN_PATHS; i++)
        if (strcmp(path, br_learn_path_name((enum br_learn_path)i)) == 0)
            *w = i;
    return *s >= 0 && *w >= 0 ? 0 : -1;
}

int br_learned_from_keys(const struct br_keyfile *file, struct br_learned *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < file->count; i++) {
        const struct br_key_entry *e = &file->entries[i];
        if (strcmp(e->section, "learned") != 0)
            continue;
        int f, p, s, z, w;
        unsigned samples;
        double ratio, side = 0;
        char rest;
        int fields = sscanf(e->value, "%u %lf %lf %c", &samples, &ratio, &side, &rest);
        if (parse_cell_name(e->key, &f, &p, &s, &z, &w) != 0 || fields < 2 || fields > 3 ||
            (samples == 0 && !(side > 0 && ratio == 0)) || /* side seconds alone: a device's */
            !(fabs(ratio) <= extreme_log + 1e-3) || /* the file keeps 4 decimals */
            !(side >= 0 && side < 1e3) || (side > 0 && w != BR_LEARN_DEVICE)) {
            br_warn("%s:%d: '%s = %s' is not a learned cell (routine.shape.size.path = "
                    "samples log-ratio [side-seconds, a device cell's]); not used",
                    file->path, e->line, e->key, e->value);
            return -1;
        }
        ratio = fmax(-extreme_log, fmin(extreme_log, ratio));
        out->cells[f][p][s][z][w] = (struct br_learned_cell){(float)ratio, samples, (float)side};
    }
    return 0;
}
