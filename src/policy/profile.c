#include "policy/profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "embedded.h"
#include "log.h"
#include "policy/keyfile.h"

const double br_grid_sizes[BR_GRID_POINTS] = {32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};

double br_profile_rate(const br_rate_table *rates, enum br_family family,
                       enum br_precision precision, double size)
{
    const double *row = (*rates)[family][precision];
    if (row[BR_GRID_POINTS - 1] <= 0)
        row = (*rates)[BR_GEMM][precision];
    if (row[BR_GRID_POINTS - 1] <= 0)
        return 0;
    if (size <= br_grid_sizes[0])
        return row[0] * size / br_grid_sizes[0]; /* smaller still: proportionally slower */
    for (int i = 1; i < BR_GRID_POINTS; i++) {
        if (size <= br_grid_sizes[i]) {
            double t = log(size / br_grid_sizes[i - 1]) / log(br_grid_sizes[i] / br_grid_sizes[i - 1]);
            if (row[i - 1] <= 0 || row[i] <= 0) /* a hole in a hand-made table: linear */
                return (1 - t) * row[i - 1] + t * row[i];
            return exp((1 - t) * log(row[i - 1]) + t * log(row[i]));
        }
    }
    return row[BR_GRID_POINTS - 1];
}

/* A [rates] line: nine positive numbers. */
static int parse_rates(const struct br_keyfile *file, const struct br_key_entry *e,
                       br_rate_table *rates)
{
    enum br_family family;
    enum br_precision precision;
    if (strcmp(e->key, "sizes") == 0)
        return 0; /* the grid is fixed; the line is for the reader */
    if (br_parse_routine(e->key, &family, &precision) != 0) {
        br_warn("%s:%d: '%s' is not a Level-3 routine (sgemm, dtrsm, ...)", file->path, e->line,
                e->key);
        return -1;
    }
    double values[BR_GRID_POINTS];
    const char *p = e->value;
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        char *end;
        values[i] = strtod(p, &end);
        if (end == p || !(values[i] > 0 && values[i] < 1e9)) {
            br_warn("%s:%d: %s needs %d positive rates (GFLOP/s), one per size", file->path,
                    e->line, e->key, BR_GRID_POINTS);
            return -1;
        }
        p = end;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p) {
        br_warn("%s:%d: %s has more than %d rates", file->path, e->line, e->key,
                BR_GRID_POINTS);
        return -1;
    }
    memcpy((*rates)[family][precision], values, sizeof values);
    return 0;
}

/* A [params.P] line: one kernel parameter of precision P, a whole number (except
 * direct_max_volume) of at least its key's min_value (br_kernel_param_keys). */
static int parse_param(const struct br_keyfile *file, const struct br_key_entry *e,
                       struct br_device_profile *out)
{
    const char *letter = e->section + strlen("params.");
    int precision = -1;
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        if (letter[0] == br_precision_letter((enum br_precision)p) && letter[1] == 0)
            precision = p;
    if (precision < 0) {
        br_warn("%s:%d: [%s] is not [params.s], [params.d], [params.c] or [params.z]",
                file->path, e->line, e->section);
        return -1;
    }
    for (int k = 0; k < BR_KERNEL_PARAM_COUNT; k++) {
        if (strcmp(e->key, br_kernel_param_keys[k].name) != 0)
            continue;
        double value;
        if (br_key_double(file, e, &value, br_kernel_param_keys[k].min_value, 1e12) != 0)
            return -1;
        if (!br_kernel_param_keys[k].is_double && value != floor(value)) {
            br_warn("%s:%d: %s must be a whole number", file->path, e->line, e->key);
            return -1;
        }
        br_kernel_param_set(&out->params[precision], k, value);
        out->params_given[precision][k] = 1;
        return 0;
    }
    br_warn("%s:%d: unknown kernel parameter '%s' in [%s]", file->path, e->line, e->key,
            e->section);
    return -1;
}

int br_profile_apply_params(const struct br_device_profile *profile, enum br_precision precision,
                            struct br_kernel_params *params)
{
    int any = 0;
    const unsigned char *given = profile->params_given[precision];
    for (int k = 0; k < BR_KERNEL_PARAM_COUNT; k++)
        if (given[k]) {
            br_kernel_param_set(params, k, br_kernel_param_get(&profile->params[precision], k));
            any = 1;
        }
    /* A work-group tile is tuned for one kernel: one given without `mma` (or `db`, `warp_m`,
     * `stages`) was tuned without the tensor cores (or double buffering, or with the grid's own
     * order of work-items, or with its tiles through registers), in a profile written before
     * those keys existed (the H200's [params.z]), and keeps that kernel whatever the built-in
     * choice. */
    if (given[BR_KP_MWG] || given[BR_KP_NWG] || given[BR_KP_KWG]) {
        if (!given[BR_KP_MMA])
            params->gemm.mma = 0;
        if (!given[BR_KP_DB])
            params->gemm.db = 0;
        if (!given[BR_KP_WARP_M])
            params->gemm.warp_m = 0;
        if (!given[BR_KP_STAGES])
            params->gemm.stages = 0;
    }
    return any;
}

/* A [device] key of a profile into its field of out: 0, -1 if the value is too long for it, 1
 * if the key is not one of [device]'s. */
static int device_key(struct br_device_profile *out, const char *key, const char *value)
{
    struct {
        const char *key;
        char *field;
        size_t size;
    } fields[] = {{"name", out->name, sizeof out->name},
                  {"vendor", out->match_vendor, sizeof out->match_vendor},
                  {"match", out->match_name, sizeof out->match_name},
                  {"type", out->match_type, sizeof out->match_type}};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        if (strcmp(key, fields[k].key) != 0)
            continue;
        size_t length = strlen(value);
        if (length >= fields[k].size)
            return -1;
        memcpy(fields[k].field, value, length + 1);
        return 0;
    }
    return 1;
}

int br_device_profile_from_keys(const struct br_keyfile *file, struct br_device_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "%s", file->path);
    /* Defaults for what a profile leaves out: a modest link. */
    out->h2d_pageable = out->d2h_pageable = 4;
    out->h2d_pinned = out->d2h_pinned = out->host_copy = 8;
    out->latency_us = out->launch_us = 20;
    out->hybrid_share = -1;
    /* Measured on the H200 host (2026-11-21): sides of a split SGEMM/DGEMM ran 2 to 3 times
     * slower than alone; blasroute-tune measures the device's own. */
    out->hybrid_slowdown = 2;
    out->getrf_min_order = out->potrf_min_order = BR_LAPACK_MIN_ORDER_DEFAULT;
    struct {
        const char *key;
        double *value;
        double min, max;
    } link[] = {{"h2d_pageable", &out->h2d_pageable, 0.01, 1e4},
                {"h2d_pinned", &out->h2d_pinned, 0.01, 1e4},
                {"d2h_pageable", &out->d2h_pageable, 0.01, 1e4},
                {"d2h_pinned", &out->d2h_pinned, 0.01, 1e4},
                {"latency_us", &out->latency_us, 0, 1e6},
                {"host_copy", &out->host_copy, 0.01, 1e4},
                {"h2d_staged", &out->h2d_staged, 0.01, 1e4},
                {"d2h_staged", &out->d2h_staged, 0.01, 1e4},
                {"d2h_staged_add", &out->d2h_staged_add, 0.01, 1e4},
                {"launch_us", &out->launch_us, 0, 1e6}};
    for (int i = 0; i < file->count; i++) {
        const struct br_key_entry *e = &file->entries[i];
        int ok = 0, known = 0;
        if (strcmp(e->section, "device") == 0) {
            int kept = device_key(out, e->key, e->value);
            known = kept != 1;
            if (kept < 0) {
                br_warn("%s:%d: %s is too long", file->path, e->line, e->key);
                return -1;
            }
        } else if (strcmp(e->section, "link") == 0) {
            for (size_t k = 0; k < sizeof link / sizeof link[0]; k++)
                if (strcmp(e->key, link[k].key) == 0) {
                    known = 1;
                    ok = br_key_double(file, e, link[k].value, link[k].min, link[k].max);
                }
        } else if (strcmp(e->section, "rates") == 0) {
            known = 1;
            ok = parse_rates(file, e, &out->rates);
        } else if (strcmp(e->section, "hybrid") == 0 && strcmp(e->key, "slowdown") == 0) {
            known = 1;
            ok = br_key_double(file, e, &out->hybrid_slowdown, 1, 100);
        } else if (strcmp(e->section, "hybrid") == 0 && strcmp(e->key, "share") == 0) {
            known = 1;
            if (strcasecmp(e->value, "auto") == 0)
                out->hybrid_share = -1; /* the cost model's split */
            else
                ok = br_key_double(file, e, &out->hybrid_share, 0, 1);
        } else if (strcmp(e->section, "lapack") == 0 &&
                   (strcmp(e->key, "getrf_min_order") == 0 ||
                    strcmp(e->key, "potrf_min_order") == 0)) {
            known = 1;
            ok = br_key_double(file, e,
                               e->key[0] == 'g' ? &out->getrf_min_order : &out->potrf_min_order,
                               0, 1e7);
        } else if (strncmp(e->section, "params.", 7) == 0) {
            known = 1;
            ok = parse_param(file, e, out);
        }
        if (!known) {
            br_warn("%s:%d: unknown key '%s' in [%s]", file->path, e->line, e->key, e->section);
            return -1;
        }
        if (ok != 0)
            return -1;
    }
    if (out->rates[BR_GEMM][BR_S][BR_GRID_POINTS - 1] <= 0 &&
        out->rates[BR_GEMM][BR_D][BR_GRID_POINTS - 1] <= 0) {
        br_warn("%s: no [rates] for sgemm or dgemm; profile not used", file->path);
        return -1;
    }
    return 0;
}

int br_cpu_profile_from_keys(const struct br_keyfile *file, struct br_cpu_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "%s", file->path);
    for (int i = 0; i < file->count; i++) {
        const struct br_key_entry *e = &file->entries[i];
        if (strcmp(e->section, "rates") != 0) {
            br_warn("%s:%d: a CPU profile has only [rates]", file->path, e->line);
            return -1;
        }
        if (parse_rates(file, e, &out->rates) != 0)
            return -1;
    }
    return 0;
}

static int contains(const char *text, const char *part)
{
    return part[0] && text && strcasestr(text, part) != NULL;
}

/* How well a profile fits a device: every constraint it sets must hold; then 3 if it names the
 * device, 2 if it names the vendor, 1 if only the type, 0 if generic; -1 if it does not fit. */
int br_profile_match_score(const struct br_device_profile *p, const char *vendor,
                           const char *name, const char *type)
{
    if ((p->match_vendor[0] && !contains(vendor, p->match_vendor)) ||
        (p->match_name[0] && !contains(name, p->match_name)) ||
        (p->match_type[0] && (!type || strcasecmp(type, p->match_type) != 0)))
        return -1;
    return p->match_name[0] ? 3 : p->match_vendor[0] ? 2 : p->match_type[0] ? 1 : 0;
}

/* How well built-in profile `i` matches, from its [device] section alone (-1: not at all,
 * -2: unreadable). Reading every built-in profile whole to choose one took 0.15 ms of a
 * program's first device-sized call (2-core development machine, 2026-11-26). */
static int builtin_score(int i, const char *vendor, const char *name, const char *type)
{
    struct br_keyfile file;
    if (br_keyfile_parse_section("built-in", br_profile_files[i].text, "device", &file) != 0)
        return -2;
    struct br_device_profile fields = {0};
    int readable = 1;
    for (int k = 0; k < file.count && readable; k++)
        readable = device_key(&fields, file.entries[k].key, file.entries[k].value) >= 0;
    br_keyfile_free(&file);
    return readable ? br_profile_match_score(&fields, vendor, name, type) : -2;
}

void br_device_profile_builtin(const char *vendor, const char *name, const char *type,
                               struct br_device_profile *out)
{
    int scores[64];
    int count = br_profile_files_count < 64 ? br_profile_files_count : 64;
    for (int i = 0; i < count; i++)
        scores[i] = builtin_score(i, vendor, name, type);
    /* The best match read whole (the first of equals); one that does not read, the next. */
    for (;;) {
        int best = -1;
        for (int i = 0; i < count; i++)
            if (scores[i] > -2 && (best < 0 || scores[i] > scores[best]))
                best = i;
        if (best < 0)
            break;
        struct br_keyfile file;
        char label[128];
        snprintf(label, sizeof label, "built-in %s", br_profile_files[best].name);
        int parsed = br_keyfile_parse(label, br_profile_files[best].text, &file);
        if (parsed == 0) {
            parsed = br_device_profile_from_keys(&file, out);
            br_keyfile_free(&file);
        }
        if (parsed == 0)
            return;
        scores[best] = -2;
    }
    /* No built-in profile at all: never happens in a proper build. */
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "none");
}

void br_cpu_profile_builtin(struct br_cpu_profile *out)
{
    /* A conservative multi-core CPU BLAS, used until a calibration, the program's own calls or
     * a tuned CPU profile replaces it: faster than the hosts measured, so that the first calls
     * lean to the CPU. GFLOP/s on the same grid (32 .. 8192). Raised on 2026-11-26, when the
     * GPU machines' OpenBLAS was found on its Prescott kernels: with its SkylakeX ones it ran
     * DGEMM at 607 (n = 1024) and 629 (4096) on 16 cores, 833 (2048) and 885 (8192) on 32, SGEMM
     * at 871 and 1301 on 16 (profiles/measured/2026-11-26-issue20-s6, -issue23-plot). */
    static const double s[BR_GRID_POINTS] = {10, 40, 160, 600, 920, 1340, 1700, 1800, 1850};
    static const double d[BR_GRID_POINTS] = {5, 20, 80, 300, 460, 670, 850, 900, 920};
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "built-in CPU estimates");
    out->estimated = 1;
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        out->rates[BR_GEMM][BR_S][i] = s[i];
        out->rates[BR_GEMM][BR_D][i] = d[i];
        out->rates[BR_GEMM][BR_C][i] = s[i];
        out->rates[BR_GEMM][BR_Z][i] = d[i];
    }
}
