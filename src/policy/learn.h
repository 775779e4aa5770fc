/* What the router learns from timing its own calls: for each routine family, precision, shape
 * class, size and path, how far the model's predictions were from what was measured. The model
 * (model.c) predicts from profiles; a profile can be wrong for a machine (a calibration that
 * caught the CPU BLAS waking its threads, a device shared with another process, a shape the
 * rates were not measured at), and a wrong belief must not last: the decision multiplies each
 * prediction by the factor learned for the call's cell. A pure table: no I/O, no locks (the
 * router's store, learn_store.c, owns the process's table). */
#ifndef BLASROUTE_POLICY_LEARN_H
#define BLASROUTE_POLICY_LEARN_H

#include <stdint.h>
#include <stdio.h>

#include "call.h"

enum br_learn_path { BR_LEARN_CPU, BR_LEARN_DEVICE, BR_LEARN_PATHS };

/* Shape classes: square (the smallest of the call's three dimensions at least a quarter of the
 * largest), skinny K (the inner dimension is the small one: a rank-k update), thin (m or n is:
 * a panel). Sizes: the effective order (cube root of m*n*k) in octaves, 1 .. 2^15 and up. */
enum br_learn_shape { BR_LEARN_SQUARE, BR_LEARN_SKINNY_K, BR_LEARN_THIN, BR_LEARN_SHAPES };
enum { BR_LEARN_SIZES = 16 };

struct br_learned_cell {
    float log_ratio;  /* log(measured / predicted), smoothed */
    uint32_t samples; /* measurements taken into it */
    float side_seconds; /* a device cell's: br_learned_cell_add_side */
};

struct br_learned {
    struct br_learned_cell cells[BR_FAMILY_COUNT][BR_PRECISION_COUNT][BR_LEARN_SHAPES]
                                [BR_LEARN_SIZES][BR_LEARN_PATHS];
};

/* A call's shape class and size octave. */
void br_learn_classify(const struct br_call *call, enum br_learn_shape *shape, int *size);

/* The cells a call falls in, one per path (indexed by enum br_learn_path), and the one of a
 * path. */
struct br_learned_cell *br_learned_cells(struct br_learned *learned, const struct br_call *call);
struct br_learned_cell *br_learned_cell(struct br_learned *learned, const struct br_call *call,
                                        enum br_learn_path path);

/* The weight of a cell of `samples` samples against the model's prediction (or a prior), in
 * logarithms: n / (n + 1) for one sample, so that one odd measurement never decides alone, and
 * n / (n + 1/4) from two on, where the measurements agreeing outweigh the model. Pure. */
double br_learned_cell_weight(uint32_t samples);

/* The factor the model's prediction for this call and path is multiplied by: 1 with nothing
 * learned; exp(w * the cell's ratio), w its br_learned_cell_weight. br_learned_cell_factor:
 * the same for a cell. */
double br_learned_factor(const struct br_learned *learned, const struct br_call *call,
                         enum br_learn_path path);
double br_learned_cell_factor(const struct br_learned_cell *cell);

/* What the table's other cells say of the model for a cell of `precision` on `path`: the
 * mean log ratio of its cells measured at least twice, shrunk towards 0 as N / (N + 1) for N
 * such cells (0 with none). The CPU's model is one calibration of one rate row for every shape,
 * and a calibration made while something else held the CPU is low for all of them (on fresh
 * H200 machines, 2026-11-26: 1.5 to 3.5 times under the CPU's rate); a cell never run on the CPU
 * otherwise kept that error (ssyr2k n = 8192, k = 64: predicted 50 ms on the CPU, which took 9
 * to 11; the device's 17 kept every call, no try as far off as that). */
double br_learned_pooled_log(const struct br_learned *learned, enum br_precision precision,
                             enum br_learn_path path);

/* What the table's cells of every routine and precision of the call's shape class and size
 * octave say of the model on `path` (the device's, whose errors are its data path's and its
 * kernels' at a shape: the H200's profile predicted the rank-k updates of n = 8192, k = 64 in
 * c and z 16 and 33 ms for every routine, which took 29 to 37 and 55 to 79, 2026-11-27): the
 * mean log ratio of those measured at least twice, shrunk towards 0 as N / (N + 1) for N such
 * cells (0 with none). */
double br_learned_pooled_log_at(const struct br_learned *learned, const struct br_call *call,
                                enum br_learn_path path);

/* br_learned_factor with the cell's count weighing its own ratio against `prior_log` instead of
 * 0: exp(w * cell + (1 - w) * prior_log), w its br_learned_cell_weight; the prior alone for an
 * empty cell. */
double br_learned_factor_with_prior(const struct br_learned *learned, const struct br_call *call,
                                    enum br_learn_path path, double prior_log);

/* Takes one measurement in: the model predicted `predicted` seconds (before any factor), the
 * call took `measured`. Robust: past the first sample, a ratio more than 4 times away from the
 * cell's moves it as if it were 4 times away; the weight of a new sample falls as 1/(n + 1) to
 * a floor of 1/5, so that the cell follows a machine that changes. A `disturbed` measurement
 * (one that something outside the call may have slowed: cpu_threads.h, a device call
 * in the CPU BLAS's spin, a short CPU call waking its threads, a routine's first CPU call in
 * the process: learn_store.c) is a bound: it may only lower
 * the cell's ratio, never raise it (a first one, never above the prediction), and one that
 * would not lower it is not taken at all: a cell is never taught a cost that belonged to the
 * switch between the paths. Until 2026-11-28 such a bound counted as a sample at the cell's
 * ratio, and held a cell near a wrong prediction: on the H100's host ssyr2k n = 8192, k = 64,
 * each round's first device call a bound, was predicted 8.0 to 10.2 ms through five rounds
 * of calls that took 12 to 14. Returns whether the measurement was taken (the tries that
 * measure only bounds the cell keeps still end: learn_store.c). */
int br_learned_add(struct br_learned *learned, const struct br_call *call,
                   enum br_learn_path path, double predicted, double measured, int disturbed);

/* br_learned_add for a cell whose factor leans on `prior_log` while it has few samples
 * (br_learned_factor_with_prior): a first disturbed measurement is taken as at most the
 * prior, not as at most the model's prediction. Taken as at most the model, it undid the
 * prior: on the H200 (2026-11-27) cher2k n = 64, k = 8192 had its device prediction raised
 * from 0.37 to 1.4 ms by the other routines' cells of its shape, a first device try right
 * after CPU calls took 3.0 ms, and the prediction fell to 0.45 ms, where the calls after it,
 * each 2.5 ms and each after a CPU call (disturbed), could not raise it again. */
int br_learned_add_with_prior(struct br_learned *learned, const struct br_call *call,
                              enum br_learn_path path, double predicted, double measured,
                              int disturbed, double prior_log);

/* What each device call of a cell costs the CPU BLAS's calls after it, smoothed: while a device
 * is in use the CPU BLAS runs on the cores its copies leave (cpu_threads.h), and what the CPU
 * calls made on that lowered count until the next device call lost to it (their time times the
 * share of threads taken away: what they would have saved on every thread) is a cost of the
 * device call that no measurement of the call itself shows. The decision adds it to the
 * device's prediction (decide.c). In a warm reference-LAPACK dgeqrf 8192 on the H200
 * (2026-11-27) the device's products dgemm(T, N, m, 32, m), measured right, were predicted
 * about as fast as the CPU; each left the next CPU product dgemm(N, T, m, m, 32) on half the
 * threads, and the run took 6.28 s against 5.23 in cpu mode. `seconds`: one device call's
 * loss, taken in with weight side_weight (a first one too: one odd stretch never decides). */
void br_learned_cell_add_side(struct br_learned_cell *cell, double seconds);

/* The seconds the decision adds to a device cell's prediction: what it learned
 * (`learned_side`), or before it learned any, `prior`, what the router expects the CPU call
 * after it to lose (cpu_threads.h: br_cpu_threads_side_prior). Pure. */
double br_learned_side_or_prior(double learned_side, double prior);

/* A call's kind: its routine family, precision and shape class, as a number from 1 to below
 * BR_LEARN_KINDS (the router's "a call like that one", cpu_threads.h). Pure. */
enum { BR_LEARN_KINDS = 1 + BR_FAMILY_COUNT * BR_PRECISION_COUNT * BR_LEARN_SHAPES };
unsigned br_learn_kind(const struct br_call *call);

/* A device call's measurement disturbed only by the CPU BLAS's calls just before it (their
 * threads' spin beside its copies: cpu_threads.h), as the router tells learning: a disturbed
 * one (any non-zero value is) that may be the stream's rather than the switch's
 * (br_learn_steady_disturbance). */
enum { BR_LEARN_BESIDE_CPU = 2 };

/* A device call disturbed by the spin of the CPU call that an earlier call of its kind met
 * already (no CPU call ended between them): a bound, and its cell's run of BESIDE_CPU samples
 * (br_learn_steady_disturbance) stays where it was. The run counts the CPU calls a cell's
 * calls keep coming after (a stream that alternates), not the device calls within one spin:
 * on the H200 (2026-11-28) zsyr2k 512's nine device calls after one CPU try took 1.9 to 2.8
 * ms each against 0.85 in device mode, from the fifth on were taken as the stream's cost, and
 * auto kept the row on the CPU (2.1 to 2.4 ms): 0.725 of device mode. */
enum { BR_LEARN_BESIDE_SAME_SPIN = 3 };

/* Pure: what a device call disturbed by the CPU BLAS's spin alone tells learning, the CPU call
 * whose spin it met having ended at `spin_source` (seconds, 0: unknown) and the spin the last
 * such call of its kind met at `kind_last_source`: BR_LEARN_BESIDE_SAME_SPIN if the two are
 * the same CPU call's, else BR_LEARN_BESIDE_CPU. */
int br_learn_beside_value(double spin_source, double kind_last_source);

/* Pure: how disturbed the measurement of a call on `path` is, for br_learn_record (0: not at
 * all, 1: a bound, BR_LEARN_BESIDE_CPU: a device call the model chose, beside the CPU BLAS's
 * spin alone, which may be the stream's cost), from what the router saw: `cold` (threads or a
 * device woken from idle, for a call short enough that the wake-up shows), `spin` (a device
 * call whose copies met the CPU BLAS's threads still spinning, or a CPU call otherwise
 * disturbed), `tried` (a learning try of `path`). A try is a bound on either path, disturbed or
 * not: it pays for the switch to its path and back. On the CPU the threads wake and run on the
 * lowered count (br_learn_cpu_sample); on the device, the one try in a stream of CPU calls finds
 * an idle device and the CPU calls' caches and spin: in the H200's modes sweep of 2026-11-28 the
 * device tries that were taken as samples took 1.46 (s, d) and 1.28 (c, z) times the median of
 * device mode's calls of their row, while the calls the model sent there took 0.99 and 1.01
 * times it. Taken as samples they raised their cells, and the CPU kept ssyrk 512 at 0.28 to
 * 0.31 ms a call where the device took 0.26. A device cell predicted too fast is still
 * corrected: its calls then go to the device and teach what they take there. */
int br_learn_disturbance(enum br_learn_path path, int tried, int cold, int spin);

/* Pure: whether a disturbed measurement of a call on `path`, the `in_row`-th in a row of its
 * cell's samples on that path disturbed by the CPU BLAS's calls alone (BR_LEARN_BESIDE_CPU),
 * is taken in as an ordinary sample (moving the cell both ways) rather than as a bound. On the
 * device, once a cell's calls have come right after CPU calls steady_disturbance_samples times
 * in a row, the disturbance is the stream's and not the switch's (a factorization whose
 * products alternate between the paths): what they take beside the CPU BLAS's spin is what the
 * device costs in this stream, as a CPU call's time on the lowered thread count is what the
 * CPU costs in it (br_learn_cpu_sample). As bounds, they never raised the cell: in a warm
 * reference-LAPACK dgeqrf 8192 on the H200 (2026-11-27) every one of the 209 device products
 * dgemm(T, N, m, 32, m) was a bound, predicted 3 to 4 times under what it took, to the end.
 * Not a device woken from idle (the pause's cost, which the CPU BLAS's threads pay as well
 * after one), and not on the CPU, whose disturbed samples are bounds by construction (a try on
 * the lowered count taken at measured * share) or calls that woke its threads. */
int br_learn_steady_disturbance(enum br_learn_path path, unsigned in_row);

/* What a CPU call timed on `share` of the CPU BLAS's own thread count (the lowered count beside
 * a device: cpu_threads.h; 1 when it ran on all of it) teaches its cell, from the `measured`
 * seconds it took and whether the measurement was otherwise `disturbed`:
 * - on the full count, what it took;
 * - a learning try of the CPU amid the device's calls (`tried`), or the cell's first call on
 *   the CPU after its own device call (`switched`: no other cell's device call since, so the
 *   count is lowered for the switch alone and comes back in a stream of the cell's CPU calls):
 *   the least it could have taken on the full count, measured * share (its work spread over
 *   the threads given back), as a disturbed sample, which may only lower the cell. Taken as it
 *   was, the lowered count made the CPU look slower than it runs in a stream of its own, and
 *   the device kept calls the CPU ran faster (H200, 2026-11-26: strmm 512 tried at 0.33 to
 *   0.52 ms on 8 of 16 threads, 0.24 in cpu mode, 0.30 on the device). If the bound is too
 *   low, the cell's next calls go to the CPU and teach what they take there; once they have
 *   (`known`: the process timed the cell's CPU calls undisturbed), a bound says less than they
 *   did, and the try teaches its time as a disturbed sample (which then moves nothing): each
 *   bound moved sgemm 512 back to the CPU, and each return to the device paid the CPU
 *   BLAS's spin (24 device calls at 0.95 ms against 0.32, H200 2026-11-26);
 * - any other call the model placed on the CPU: what it took, undisturbed. Other cells' device
 *   calls keep the count lowered around it (a factorization's panels between its updates):
 *   that is what the CPU costs in this stream, and a cell that a low bound moved to the CPU
 *   must be able to learn it back. (A device try never lowers the count.) */
struct br_learn_sample {
    double seconds;
    int disturbed;
};
struct br_learn_sample br_learn_cpu_sample(double measured, double share, int tried,
                                           int switched, int known, int disturbed);

/* What a measured call taught its cell (learn_store.h), for the trace: nothing (learning off),
 * nothing as the first of its path and precision, a sample, or a bound (a disturbed sample: it
 * may only lower the cell); and the sample as taken in (a CPU call on the lowered count:
 * br_learn_cpu_sample), disturbed or not (also for a first one: a try is then repeated). */
enum br_learn_taught_kind {
    BR_TAUGHT_NOTHING,
    BR_TAUGHT_FIRST,
    BR_TAUGHT_SAMPLE,
    BR_TAUGHT_BOUND
};
struct br_learn_taught {
    enum br_learn_taught_kind kind;
    struct br_learn_sample sample;
};

/* A cell with samples (or side seconds) and where it stands in the table. */
struct br_learned_entry {
    enum br_family family;
    enum br_precision precision;
    enum br_learn_shape shape;
    int size; /* octave: orders 2^size .. 2^(size+1) - 1 */
    enum br_learn_path path;
    const struct br_learned_cell *cell;
};

/* Calls visit for every cell with samples or side seconds, in the table's order. */
void br_learned_each(const struct br_learned *learned,
                     void (*visit)(const struct br_learned_entry *entry, void *context),
                     void *context);

/* Text form, one line per cell br_learned_each visits: "dgemm.square.9.device = 12 0.405"
 * (samples, then the log ratio; a device cell's side seconds after them when not 0: "0 0.0000
 * 0.0032" for side seconds alone), and its reading (the `learned` section of a key file): -1
 * on a malformed line, with a warning naming file and line. */
void br_learned_write(const struct br_learned *learned, FILE *file);
struct br_keyfile;
int br_learned_from_keys(const struct br_keyfile *file, struct br_learned *out);

/* "square", "skinny-k", "thin"; "cpu", "device". */
const char *br_learn_shape_name(enum br_learn_shape shape);
const char *br_learn_path_name(enum br_learn_path path);

#endif
