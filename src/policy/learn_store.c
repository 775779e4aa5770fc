/* The router's store of what it learns (learn_store.h). */
#include "policy/learn_store.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/cache.h"
#include "env.h"
#include "log.h"
#include "policy/calibrate.h"
#include "policy/keyfile.h"
#include "policy/routing.h"
#include "process.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct br_learned table;
static int loaded, changed;
/* Whether the table holds anything, read from a file or learned here. Not found by walking it
 * (br_learned_each): that touches every page of the table, which in a fresh process costs a
 * page fault apiece, 10 to 20 us each on the development machine's virtual machine, inside the
 * caller's call that loads it (2026-12-07). */
static int holds;
static char table_path[1100], table_key[1400];
/* Each cell's exploration since the process started (br_learn_explore): its calls, for the
 * turns of close tries, and the seconds they took since the last far try, of which such a try
 * may cost far_try_share. */
static struct turns {
    uint32_t calls;
    double since_far_try;
    uint32_t steady_cpu; /* CPU samples taken undisturbed (br_learn_cpu_measured) */
    double since_try;    /* the seconds of its calls since its last try of any kind */
    double try_cost;     /* what its last try cost beyond the chosen path, with its repeat */
    int try_timed;       /* try_cost holds a try's (br_learn_try_took) */
    uint32_t beside_cpu_in_row; /* its last device samples' run of BESIDE_CPU ones */
    /* Per path, the bounds its cell kept in this process and did not take (learn.h: they
     * teach the cell nothing, but say that the path is no faster than the cell holds): they
     * count as its measurements for the opening tries (br_learn_explore), as they did when
     * such bounds were taken as samples (before 2026-11-28). Without them a path whose tries
     * all come beside the other's calls (a device try right after CPU calls, in their
     * threads' spin: a bound) was tried twice as often before its cell held two samples. */
    uint32_t bounds_kept[BR_LEARN_PATHS];
    _Atomic unsigned char on_device; /* the model's last choice for the cell (br_learn_chosen) */
} turns[BR_FAMILY_COUNT][BR_PRECISION_COUNT][BR_LEARN_SHAPES][BR_LEARN_SIZES];
static const double far_try_share = 0.02;
/* The other path predicted at most close_band times the chosen one's time is close: tried at
 * a cell's first calls, then one call in 32 at most, and no more often than its tries' cost
 * allows: a turn once the cell's calls since its last try have taken 50 times what that try
 * cost (close_try_share), so that turns cost at most 2% of the cell's time. A try costs more
 * than the prediction says: it pays the switch to the other path and back (the CPU BLAS's
 * threads waking, the device's queue idle), and its repeat when disturbed. On the H200 host
 * (2026-11-26) ctrmm 256's device tries took 0.32 ms against 0.16 on the CPU, every 30 calls
 * or so: 3.5% of the cell's time, and cher2k 256's 0.41 to 0.74 ms against 0.23, every 26 to
 * 38 calls: 4 to 8%. The model is calibrated on square calls; on the
 * others its CPU time was off by 1.5 to 3 times, pessimistic (H200 host, 2026-11-26: dsyr2k
 * n = 64, k = 8192 predicted 3.1 ms, 1.2 to 1.5 measured; dsyr2k n = 8192, k = 64 36 ms, 22
 * measured), so that the device kept calls the CPU ran faster, its tries far off and rare. So
 * for a cell of another shape whose other path is not yet measured the band is unmeasured_band;
 * once it is, its measurements correct the prediction, and the band is close_band again. */
static const double close_band = 1.5, unmeasured_band = 3, close_try_share = 0.02;
/* Over the process (br_learn_explore): its time, and what the opening tries (a cell's first,
 * br_learn_explore) cost beyond the chosen path, of which they may owe try_budget_share. Its
 * time: since learning's first call, or the seconds of the calls learning saw if more (they
 * may overlap on several threads). Not those seconds alone: a program whose auto calls are a
 * small part of its run (a benchmark that times cpu and device mode beside auto, 2 s of auto
 * calls in 130 s on the H200) had a budget of a few tries for its whole run. The cells' later
 * tries have their own accounts (one call in 32, far_try_share) and are not held back: when
 * every try counted here, the first try of zsyrk n = 8192, k = 64 on the CPU (138 ms, cold,
 * against 43 predicted) held back every try of every cell for the rest of a sweep, csyr2k
 * 256's among them, which the device kept at half the CPU's speed (H200, 2026-11-26). */
static double seen_seconds, tries_owe, first_seen_at;
/* br_learned_pooled_log of the CPU's cells per precision, while pooled_fresh says it still
 * holds (every sample taken clears it). */
static int pooled_fresh[BR_PRECISION_COUNT];
static double pooled_cpu[BR_PRECISION_COUNT];
/* The cell of the last call learning timed on a device: a CPU call of the same cell on the
 * lowered count made after it pays for the switch alone (br_learn_cpu_sample). */
static struct turns *last_device_cell;
/* The device cell of the last device call the model chose, and what the CPU calls on the
 * lowered thread count have lost since (br_learn_device_chosen). */
static struct br_learned_cell *side_cell;
static double side_lost;
static const double try_budget_share = 0.01;
/* The model's last choice of any cell's (br_learn_chosen): the device. Atomic, as on_device:
 * set without the lock by every call auto mode places. */
static _Atomic unsigned char stream_on_device;
/* A try that was disturbed (br_learn_try_took): its cell and path, tried again at the cell's
 * next call if no other cell's call comes first. A try of the CPU amid device calls always is:
 * it runs on the lowered thread count and wakes them from sleep, so it measured what the CPU
 * does cold, never what it does in a stream of its own (H200 host, 2026-11-26: cher2k 256 took
 * 0.16 to 0.21 ms in cpu mode, its tries 0.29 to 0.68, and the device's 0.30 kept it). The
 * repeat finds the threads awake. */
static struct turns *repeat_cell; /* NULL: none pending */
static enum br_learn_path repeat_path;
/* The last try of the CPU whose spin may follow it (br_learn_try_spin_cost): its cell and its
 * end, which the spin a later device call meets is known by. */
static struct turns *spin_try_cell;
static double spin_try_end;

static struct turns *turns_of(const struct br_call *call)
{
    enum br_learn_shape shape;
    int size;
    br_learn_classify(call, &shape, &size);
    return &turns[call->family][call->precision][shape][size];
}
/* The process made a call of each path and precision already, in any mode (its first pays
 * one-off costs and is not taken): br_learn_path_used, or a call learning timed. Read and set
 * without the lock by br_learn_path_used, hence atomic. */
static _Atomic int first_seen[BR_LEARN_PATHS][BR_PRECISION_COUNT];
/* The process made a CPU call of each routine family and precision already (learning timed
 * one, or br_learn_path_used saw one in any mode). A family's first CPU call pays one-off costs
 * of its own: the CPU BLAS's code and buffers for that routine, paged in. On the H200's host
 * (2026-11-28, a modes sweep's first pass at order 512) each family's first CPU call took 2
 * to 4 times what the next ones did: strmm 0.985 ms against 0.24, dtrmm 0.95 against 0.40,
 * ssyr2k 0.78 against 0.3. Taken as samples they raised their cells so (strmm's CPU predicted
 * 0.49 ms) that the device kept strmm 512 (0.30 ms) through the sweep: 0.83 to 0.86 of cpu
 * mode on the H200 and on an H100 (2026-12-07). Such a first call is a bound (learn.h). */
static _Atomic unsigned char family_seen[BR_FAMILY_COUNT][BR_PRECISION_COUNT];

void br_learn_path_used(enum br_learn_path path, const struct br_call *call)
{
    if (!atomic_load_explicit(&first_seen[path][call->precision], memory_order_relaxed))
        atomic_store_explicit(&first_seen[path][call->precision], 1, memory_order_relaxed);
    if (path == BR_LEARN_CPU &&
        !atomic_load_explicit(&family_seen[call->family][call->precision], memory_order_relaxed))
        atomic_store_explicit(&family_seen[call->family][call->precision], 1,
                              memory_order_relaxed);
}

void br_learn_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&lock, stage);
    /* A child saves nothing its parent will save: its own measurements only. */
    if (stage == BR_FORK_CHILD)
        changed = 0;
}

/* The file and key for the device named: host, CPU BLAS and threads (the calibration's key),
 * device and driver. -1 when there is no cache directory. */
static int locate(const char *device, const char *driver, char *path, size_t path_size,
                  char *key, size_t key_size)
{
    char cpu[1024], host[256] = "";
    br_cpu_calibration_key(br_routing_calibration_names(), cpu, sizeof cpu);
    gethostname(host, sizeof host - 1);
    snprintf(key, key_size, "host=%s; %s; device=%s; driver=%s; model=%d", host, cpu, device,
             driver, (int)BR_MODEL_VERSION);
    return br_cache_file(path, path_size, "learned", key, "table");
}

/* The file's table if it is this user's, for this key, and well formed; -1 otherwise. */
static int read_table(const char *path, const char *key, struct br_learned *out)
{
    struct br_keyfile file;
    if (br_keyfile_read_cached(path, "table", key, &file) != 0)
        return -1;
    /* Cleared only once there is a file: a first run's load touches none of it (holds). */
    memset(out, 0, sizeof *out);
    int ok = br_learned_from_keys(&file, out) == 0;
    br_keyfile_free(&file);
    return ok ? 0 : -1;
}

static void save(void)
{
    pthread_mutex_lock(&lock);
    if (changed && table_path[0]) {
        char temporary[1200];
        FILE *f = br_cache_file_begin(table_path, temporary, sizeof temporary);
        if (f) {
            fprintf(f, "# blasroute's learned corrections of its cost model: log(measured / "
                       "predicted) per routine,\n# shape, size octave and path, with the "
                       "samples behind each. Delete this file to forget them.\n"
                       "[table]\nkey = %s\n[learned]\n",
                    table_key);
            br_learned_write(&table, f);
            br_cache_file_end(f, temporary, table_path);
        }
        changed = 0;
    }
    pthread_mutex_unlock(&lock);
}

/* Loads the table (under the lock): at the first call, with the device it names; again, once,
 * at the first call for an opened device (`opened`) if that device's key is another. Before
 * a device is opened, the warm-up predicts with the one its memo remembers, or the one the
 * kernel driver lists (warmup.c: guess_device), whose driver it does not know: keyed with
 * that, a first run wrote its table under "driver=", and the next run, whose memo names the
 * driver, read another key and started with nothing learned (the H200, 2026-11-27: a warm
 * dgeqrf 16384 predicted its thin products at a third of the CPU's rate and sent them to the
 * device). Nothing is learned before a device is opened (only its calls teach), so what was
 * read for the guess is replaced by the opened device's table where it has one, and kept
 * where it has none. */
static void load(const char *device, const char *driver, int opened)
{
    static int keyed; /* the key is an opened device's */
    if (keyed || (loaded && !opened))
        return;
    loaded = 1;
    keyed = opened;
    char path[sizeof table_path], key[sizeof table_key];
    if (locate(device, driver, path, sizeof path, key, sizeof key) != 0 ||
        strcmp(key, table_key) == 0)
        return;
    static struct br_learned read;
    if (read_table(path, key, &read) == 0) {
        table = read;
        holds = 1;
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            pooled_fresh[p] = 0;
        br_verbose("learned corrections from %s", path);
    } else {
        changed |= holds; /* kept, and saved under the opened device's key */
    }
    if (!table_path[0])
        atexit(save);
    snprintf(table_path, sizeof table_path, "%s", path);
    snprintf(table_key, sizeof table_key, "%s", key);
}

/* Under the lock: what the CPU's cells of a precision lean on (br_learned_pooled_log), kept
 * until the next sample. */
static double cpu_prior(enum br_precision precision)
{
    if (!pooled_fresh[precision]) {
        pooled_cpu[precision] = holds ? br_learned_pooled_log(&table, precision, BR_LEARN_CPU)
                                      : 0; /* (an empty table's, without walking it: holds) */
        pooled_fresh[precision] = 1;
    }
    return pooled_cpu[precision];
}

struct br_learned_factors br_learn_factors(const struct br_call *call, const char *device,
                                           const char *driver, int opened)
{
    struct br_learned_factors factors = {.cpu = 1, .device = 1};
    if (!br_env()->learn)
        return factors;
    pthread_mutex_lock(&lock);
    factors.stream_on_device =
        atomic_load_explicit(&stream_on_device, memory_order_relaxed) &&
        atomic_load_explicit(&turns_of(call)->on_device, memory_order_relaxed);
    load(device, driver, opened);
    if (!holds) { /* nothing learned: the factors of 1 above, without walking the table */
        pthread_mutex_unlock(&lock);
        return factors;
    }
    const struct br_learned_cell *cells = br_learned_cells(&table, call);
    /* The CPU's cells lean on what the others learned (learn.h: one calibration for all). */
    factors.cpu = br_learned_factor_with_prior(&table, call, BR_LEARN_CPU,
                                               cpu_prior(call->precision));
    /* The device's cells lean on the other routines' of their shape and size. */
    factors.device = br_learned_factor_with_prior(
        &table, call, BR_LEARN_DEVICE, br_learned_pooled_log_at(&table, call, BR_LEARN_DEVICE));
    factors.cpu_samples = cells[BR_LEARN_CPU].samples;
    factors.device_samples = cells[BR_LEARN_DEVICE].samples;
    factors.device_side = cells[BR_LEARN_DEVICE].side_seconds;
    pthread_mutex_unlock(&lock);
    return factors;
}

void br_learn_device_chosen(const struct br_call *call)
{
    if (!br_env()->learn)
        return;
    pthread_mutex_lock(&lock);
    if (side_cell) {
        br_learned_cell_add_side(side_cell, side_lost);
        changed = holds = 1;
    }
    side_cell = br_learned_cell(&table, call, BR_LEARN_DEVICE);
    side_lost = 0;
    pthread_mutex_unlock(&lock);
}

/* Without the lock: it runs after every call auto mode places, and the path changes seldom
 * (a store only when it does, so that threads in the same stream do not share a written line). */
static void keep_path(_Atomic unsigned char *flag, unsigned char on_device)
{
    if (atomic_load_explicit(flag, memory_order_relaxed) != on_device)
        atomic_store_explicit(flag, on_device, memory_order_relaxed);
}

void br_learn_chosen(const struct br_call *call, enum br_learn_path path)
{
    if (!br_env()->learn)
        return;
    unsigned char on_device = path == BR_LEARN_DEVICE;
    keep_path(&turns_of(call)->on_device, on_device);
    keep_path(&stream_on_device, on_device);
}

void br_learn_lowered_loss(double seconds)
{
    if (!br_env()->learn || !(seconds > 0))
        return;
    pthread_mutex_lock(&lock);
    if (side_cell)
        side_lost += seconds;
    pthread_mutex_unlock(&lock);
}

const char *br_learn_taught_name(enum br_learn_taught_kind kind)
{
    static const char *const names[] = {"-", "first", "sample", "bound"};
    return kind >= BR_TAUGHT_NOTHING && kind <= BR_TAUGHT_BOUND ? names[kind] : "-";
}

/* Under the lock: a sample of the call's cell `t`; what it taught. */
static struct br_learn_taught record(const struct br_call *call, struct turns *t,
                                     enum br_learn_path path, double model_seconds,
                                     double measured, int disturbed)
{
    if (path == BR_LEARN_DEVICE) { /* the CPU's disturbed samples stay bounds: learn.h */
        uint32_t *in_row = &t->beside_cpu_in_row;
        if (disturbed != BR_LEARN_BESIDE_SAME_SPIN) /* that one leaves the run as it was */
            *in_row = disturbed != BR_LEARN_BESIDE_CPU ? 0 : *in_row + (*in_row < UINT32_MAX);
        if (disturbed && br_learn_steady_disturbance(path, *in_row))
            disturbed = 0; /* the stream's, not the switch's */
    }
    if (path == BR_LEARN_CPU &&
        !atomic_exchange_explicit(&family_seen[call->family][call->precision], 1,
                                  memory_order_relaxed))
        disturbed = 1; /* the routine's first CPU call: its one-off costs (family_seen) */
    disturbed = disturbed != 0;
    struct br_learn_taught taught = {BR_TAUGHT_FIRST, {measured, disturbed}};
    t->since_far_try += measured;
    t->since_try += measured;
    if (path == BR_LEARN_CPU && !disturbed && t->steady_cpu < UINT32_MAX)
        t->steady_cpu++;
    if (path == BR_LEARN_DEVICE)
        last_device_cell = t;
    seen_seconds += measured;
    if (!(first_seen_at > 0))
        first_seen_at = br_seconds_now();
    if (atomic_load_explicit(&first_seen[path][call->precision], memory_order_relaxed)) {
        /* What the cell's factor leans on while it has few samples (br_learn_factors). */
        double prior = path == BR_LEARN_CPU
                           ? cpu_prior(call->precision)
                           : br_learned_pooled_log_at(&table, call, BR_LEARN_DEVICE);
        if (!br_learned_add_with_prior(&table, call, path, model_seconds, measured, disturbed,
                                       prior) &&
            disturbed && t->bounds_kept[path] < UINT32_MAX)
            t->bounds_kept[path]++;
        changed = holds = 1;
        memset(pooled_fresh, 0, sizeof pooled_fresh);
        taught.kind = disturbed ? BR_TAUGHT_BOUND : BR_TAUGHT_SAMPLE;
    }
    atomic_store_explicit(&first_seen[path][call->precision], 1, memory_order_relaxed);
    return taught;
}

struct br_learn_taught br_learn_record(const struct br_call *call, enum br_learn_path path,
                                       double model_seconds, double measured, int disturbed)
{
    if (!br_env()->learn)
        return (struct br_learn_taught){BR_TAUGHT_NOTHING, {0, disturbed}};
    pthread_mutex_lock(&lock);
    struct br_learn_taught taught =
        record(call, turns_of(call), path, model_seconds, measured, disturbed);
    pthread_mutex_unlock(&lock);
    return taught;
}

struct br_learn_taught br_learn_record_cpu(const struct br_call *call, double model_seconds,
                                           double measured, double share, int tried,
                                           int disturbed)
{
    if (!br_env()->learn)
        return (struct br_learn_taught){BR_TAUGHT_NOTHING, {0, disturbed}};
    pthread_mutex_lock(&lock);
    struct turns *t = turns_of(call);
    struct br_learn_sample sample = br_learn_cpu_sample(
        measured, share, tried, last_device_cell == t, t->steady_cpu > 0, disturbed);
    struct br_learn_taught taught =
        record(call, t, BR_LEARN_CPU, model_seconds, sample.seconds, sample.disturbed);
    pthread_mutex_unlock(&lock);
    return taught;
}

enum br_learn_try br_learn_explore(const struct br_call *call, enum br_learn_path chosen,
                                   const struct br_prediction *p)
{
    if (!br_env()->learn)
        return BR_LEARN_NO_TRY;
    double mine = chosen == BR_LEARN_CPU ? p->cpu_seconds : p->device_seconds;
    double other = chosen == BR_LEARN_CPU ? p->device_seconds : p->cpu_seconds;
    if (!(mine > 0) || !(other > 0))
        return BR_LEARN_NO_TRY;
    enum br_learn_path other_path = chosen == BR_LEARN_CPU ? BR_LEARN_DEVICE : BR_LEARN_CPU;
    enum br_learn_shape shape;
    int size;
    br_learn_classify(call, &shape, &size);
    struct turns *t = &turns[call->family][call->precision][shape][size];
    pthread_mutex_lock(&lock);
    struct turns *pending = repeat_cell;
    repeat_cell = NULL;
    if (pending == t && repeat_path == other_path) {
        pthread_mutex_unlock(&lock);
        return BR_LEARN_TRY_AGAIN;
    }
    int unmeasured =
        table.cells[call->family][call->precision][shape][size][other_path].samples +
            t->bounds_kept[other_path] <
        2;
    enum br_learn_try explore = BR_LEARN_NO_TRY;
    int close = other <= (unmeasured && shape != BR_LEARN_SQUARE ? unmeasured_band : close_band) *
                             mine;
    double lived = first_seen_at > 0 ? br_seconds_now() - first_seen_at : 0;
    int may_open = tries_owe <= try_budget_share * fmax(seen_seconds, lived);
    if (close && unmeasured && may_open) {
        explore = BR_LEARN_TRY_OPENING;
    } else if (close && !unmeasured) {
        /* Not yet timed: the prediction's difference, as for a far try. */
        double cost = t->try_timed ? t->try_cost : other - mine;
        if (++t->calls >= 32 && t->since_try * close_try_share >= cost) {
            explore = BR_LEARN_TRY_TURN;
            t->calls = 0;
            t->since_try = 0;
        }
    } else if (t->since_far_try * far_try_share >=
               fmax(other - mine, t->try_timed ? t->try_cost : 0)) {
        /* Far, or a cell whose opening the process's budget holds back: tried once the cell's
         * own calls have earned what a try is predicted to cost (a held-back cell otherwise
         * waited on other cells' tries: csyr2k n = 64, k = 8192 stayed on the device at a
         * third of the CPU's speed through an H200 sweep, 2026-11-26), or what its last try
         * cost, if more: sgemm 256's far tries of an idle device took 0.4 to 3.7 ms, with
         * their repeats, against 0.26 to 0.38 predicted, every 60 calls of 0.12 ms (H200,
         * 2026-11-28: auto at 0.88 of cpu mode). */
        explore = BR_LEARN_TRY_TURN;
        t->since_far_try = 0;
    }
    pthread_mutex_unlock(&lock);
    return explore;
}

void br_learn_try_took(const struct br_call *call, enum br_learn_path path,
                       enum br_learn_try kind, double extra_seconds, int disturbed,
                       double spin_source)
{
    pthread_mutex_lock(&lock);
    if (extra_seconds < 0)
        tries_owe = 0;
    else if (kind == BR_LEARN_TRY_OPENING)
        tries_owe += extra_seconds;
    struct turns *t = turns_of(call);
    /* A repeat adds to the try it repeats; a try that gained cost nothing. */
    double cost = extra_seconds > 0 ? extra_seconds : 0;
    t->try_cost = kind == BR_LEARN_TRY_AGAIN && t->try_timed ? t->try_cost + cost : cost;
    t->try_timed = 1;
    t->since_try = 0; /* the try's own time was recorded before it was reported */
    repeat_cell = disturbed && kind != BR_LEARN_TRY_AGAIN ? t : NULL;
    repeat_path = path;
    if (path == BR_LEARN_CPU) {
        spin_try_cell = spin_source > 0 ? t : NULL;
        spin_try_end = spin_source;
    }
    pthread_mutex_unlock(&lock);
}

void br_learn_try_spin_cost(double spin_source, double extra_seconds)
{
    if (!(spin_source > 0) || !(extra_seconds > 0))
        return;
    pthread_mutex_lock(&lock);
    /* The cost a cell's turns are spaced by (br_learn_explore). */
    if (spin_try_cell && spin_try_end == spin_source)
        spin_try_cell->try_cost += extra_seconds;
    pthread_mutex_unlock(&lock);
}

int br_learn_snapshot(const char *device, const char *driver, struct br_learned *out,
                      char *path, size_t path_size)
{
    if (!br_env()->learn)
        return -1;
    char key[1400];
    memset(out, 0, sizeof *out);
    if (locate(device, driver, path, path_size, key, sizeof key) != 0)
        return 0;
    pthread_mutex_lock(&lock);
    int mine = loaded && strcmp(table_path, path) == 0;
    if (mine)
        *out = table;
    pthread_mutex_unlock(&lock);
    if (!mine)
        read_table(path, key, out);
    return 0;
}
