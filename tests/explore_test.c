/*
 * explore_test.c - TAP unit test of when learning tries the path the model did not choose
 * (br_learn_explore, src/policy/learn_store.c), without a device or a BLAS: the router's calls
 * are played to it, each with a prediction and a measured time.
 *
 * What a passing line proves:
 *  - close predictions (the other path at most 1.5 times slower): the first two calls of a
 *    cell try it, then one call in 32 at most, and no more often than 2% of the cell's time
 *    pays for what its last try cost (with its repeat); tries that teach only bounds the cell
 *    keeps (learn.h) end as well, those bounds counted as measurements;
 *  - far predictions (a belief that may be wrong by more, as a device measured while the CPU
 *    BLAS's threads spun beside it): the other path is still tried, first once the cell's
 *    calls have taken 50 times what a try is predicted to lose, and so on; over a long run the
 *    predicted cost of the tries stays within 2% of the cell's time, and every stretch of that
 *    length has its try; the further the belief, the rarer the tries; other cells keep their
 *    own account;
 *  - far tries that cost more than predicted (measured) are paid for as close ones are;
 *  - over the process, what the opening tries (a cell's first) cost beyond the chosen path
 *    stays within 1% of the time of the calls learning saw (and one try), and they still
 *    come; an opened cell's later turns come whatever the opening tries owe;
 *  - a disturbed try is repeated at its cell's next call, once, unless another cell's call
 *    comes between;
 *  - a cell the process's budget keeps from opening is tried on its own account;
 *  - a device cell with no samples starts from the other routines' cells of its shape and size;
 *  - a device cell whose samples are all disturbed by the CPU BLAS's calls before them (each
 *    of its calls right after CPU calls) takes them in as ordinary samples after the first four
 *    in a row, and its prediction rises to what they take; such samples between undisturbed
 *    ones, any number in a row of other disturbed ones (a device woken from idle), and a CPU
 *    cell's stay bounds that never raise a cell;
 *  - device calls that meet the spin of one CPU call, after the first, stay bounds and neither
 *    count in that run nor break it: the run counts the CPU calls a cell's calls come after;
 *  - what the CPU calls on the lowered thread count lose after a device call the model chose
 *    is charged to that call's cell when the next one comes (a quarter at a time), nothing
 *    before the first;
 *  - a routine's first CPU call in the process (one-off costs: its code paged in) is a bound
 *    that never raises its cell, the next ones samples; a routine already called in any mode
 *    (br_learn_path_used) teaches from its first timed call;
 *  - a try is a bound on either path, disturbed or not (it pays for the switch), and a device
 *    try whose cell is predicted too slow is still taken where it lowers the cell; a device
 *    call the model chose beside the CPU BLAS's spin alone may be the stream's cost, a CPU
 *    call so disturbed is a bound, a cold one on either path is;
 *  - the model's last choice of path for a cell (br_learn_chosen) is in that cell's factors
 *    alone, for the decision's hysteresis, while its last choice of any cell's was the same;
 *  - the device calls that meet the CPU BLAS's spin after a try of the CPU charge what they
 *    lost to that try, and the cell's tries come no more often than 2% of its time pays for
 *    them and their spin; a spin of another CPU call's is not charged;
 *  - BLASROUTE_LEARN=0: nothing is ever tried.
 * The program runs itself again with BLASROUTE_LEARN=1 (the suite runs with 0) and an empty
 * cache directory of its own, so that nothing learned elsewhere is read or written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "call.h"
#include "policy/learn.h"
#include "policy/learn_store.h"
#include "policy/model.h"
#include "unit_tap.h"

enum { PLAN = 18 };

static struct br_call gemm(int m, int n, int k)
{
    struct br_call c;
    memset(&c, 0, sizeof c);
    c.family = BR_GEMM;
    c.precision = BR_D;
    c.work = BR_WORK_FULL;
    c.transa = c.transb = 'N';
    c.m = m, c.n = n, c.k = k;
    c.lda = c.ldc = m, c.ldb = k;
    return c;
}

/* Plays `calls` calls of `c` to learning, each chosen for the CPU and predicted `cpu` seconds
 * there and `device` on the device, each taking `cpu` seconds wherever it runs; returns how
 * many were tried on the device, with the call numbers of the first two in first[]. */
static int play(const struct br_call *c, int calls, double cpu, double device, int first[2])
{
    struct br_prediction p = {.cpu_seconds = cpu, .device_seconds = device};
    int tried = 0;
    first[0] = first[1] = -1;
    for (int i = 1; i <= calls; i++) {
        int other = br_learn_explore(c, BR_LEARN_CPU, &p) != BR_LEARN_NO_TRY;
        if (other && tried < 2)
            first[tried] = i;
        tried += other;
        br_learn_record(c, other ? BR_LEARN_DEVICE : BR_LEARN_CPU, cpu, cpu, 0);
    }
    return tried;
}

static void check_close(void)
{
    struct br_call c = gemm(600, 600, 600);
    int first[2];
    int tried = play(&c, 320, 0.01, 0.012, first);
    /* The cell's device samples: none before the first two tries (the first of the process
     * is not taken), so the first three calls try; then one in 32. */
    if (first[0] != 1 || first[1] != 2)
        fail("close: the first tries at calls %d and %d, not 1 and 2", first[0], first[1]);
    if (tried < 320 / 32 || tried > 320 / 32 + 4)
        fail("close: %d of 320 calls tried, not about one in 32", tried);
    ok("close predictions: the first calls of a cell try the other path, then one in 32");
}

/* A cell whose device tries all measure bounds it keeps (each slower than predicted and
 * disturbed, as a try beside the other path's calls is): the tries teach it nothing (learn.h),
 * and still its opening tries end once it kept two (the first try of the process's first
 * device call teaches nothing at all; each try is repeated once, as a disturbed one is); then
 * one call in 32 with its repeat. */
static void check_bounds_end_openings(void)
{
    struct br_call c = gemm(520, 520, 520);
    c.precision = BR_S; /* cells of its own */
    struct br_prediction p = {.cpu_seconds = 0.01, .device_seconds = 0.012};
    int tried = 0, first31 = 0;
    for (int i = 1; i <= 320; i++) {
        enum br_learn_try other = br_learn_explore(&c, BR_LEARN_CPU, &p);
        if (other != BR_LEARN_NO_TRY) {
            br_learn_record(&c, BR_LEARN_DEVICE, 0.012, 0.03, 1);
            br_learn_try_took(&c, BR_LEARN_DEVICE, other, 0, 1, 0);
            tried++, first31 += i < 32;
        } else {
            br_learn_record(&c, BR_LEARN_CPU, 0.01, 0.01, 0);
        }
    }
    unsigned samples = br_learn_factors(&c, "a device", "a driver", 1).device_samples;
    if (first31 != 4 || tried > 4 + 2 * (320 / 32) || samples != 0)
        fail("tries that teach only bounds: %d before the 32nd call (want 4), %d of 320, the "
             "device cell has %u samples", first31, tried, samples);
    ok("opening tries that teach only bounds the cell keeps end once it kept two (each "
       "repeated), then one in 32");
}

static void check_far(void)
{
    /* The device predicted 5 times slower: a try costs 0.04 s more, earned by 0.04 / 0.02 = 2 s
     * of the cell's calls, 200 calls of 0.01 s. */
    struct br_call c = gemm(1200, 1200, 1200);
    int first[2];
    int tried = play(&c, 1000, 0.01, 0.05, first);
    if (first[0] < 195 || first[0] > 205 || first[1] - first[0] < 195 || first[1] - first[0] > 205)
        fail("far (5x): tries at calls %d and %d, not about 200 and 400", first[0], first[1]);
    double cost = tried * (0.05 - 0.01), time = 1000 * 0.01;
    if (tried < 4 || cost > 0.02 * time + 1e-9)
        fail("far (5x): %d tries in 1000 calls, predicted to cost %.3f s of %.1f s", tried, cost,
             time);
    /* Twenty times slower: a try costs 0.19 s, earned by 950 calls. */
    struct br_call d = gemm(2400, 2400, 2400);
    int tried20 = play(&d, 1000, 0.01, 0.2, first);
    if (tried20 != 1 || first[0] < 945 || first[0] > 955)
        fail("far (20x): %d tries in 1000 calls (the first at %d), not one near 950", tried20,
             first[0]);
    ok("far predictions: the other path still tried, once its cost is earned (2% of the "
       "cell's time), the further the rarer, each cell on its own account");
}

/* Far predictions whose tries, measured, cost far more than predicted (an idle device's wake
 * with the try: sgemm 256 on the H200, 2026-11-28, tries of 0.4 to 3.7 ms against 0.26 to 0.38
 * predicted, every 60 calls of 0.12 ms): the device predicted 4 times the CPU's 0.12 ms, each
 * try taking 3.7 ms and, disturbed, repeated at 0.4: the far turns come once the cell's calls
 * have earned 50 times what the last try cost, and cost at most 2% of the cell's time (and one
 * try). */
static void check_costly_far(void)
{
    struct br_call c = gemm(250, 250, 250);
    c.precision = BR_S; /* a cell of its own */
    struct br_prediction p = {.cpu_seconds = 0.00012, .device_seconds = 0.00048};
    const enum br_learn_path dev = BR_LEARN_DEVICE;
    double time = 0, cost = 0, longest = 0.0037 + 0.0004 - 2 * p.cpu_seconds;
    int turns = 0;
    for (int i = 1; i <= 40000; i++) {
        enum br_learn_try other = br_learn_explore(&c, BR_LEARN_CPU, &p);
        double took = other == BR_LEARN_TRY_AGAIN ? 0.0004 : other ? 0.0037 : p.cpu_seconds;
        br_learn_record(&c, other ? dev : BR_LEARN_CPU, p.cpu_seconds, took, other != 0);
        if (other) {
            br_learn_try_took(&c, dev, other, took - p.cpu_seconds, other != BR_LEARN_TRY_AGAIN,
                              0);
            cost += took - p.cpu_seconds;
            turns += other == BR_LEARN_TRY_TURN;
        }
        time += took;
    }
    if (turns < 2 || cost > 0.02 * time + longest + 1e-12)
        fail("costly far tries: %d turns in 40000 calls, %.2f ms of %.1f ms", turns, cost * 1e3,
             time * 1e3);
    diag("costly far: %d turns, %.2f%% of the cell's time", turns, 100 * cost / time);
    ok("far tries that cost more than predicted come no more often than 2% of the cell's time "
       "pays for (with their repeats)");
}

/* Close predictions (the device 1.2 times the CPU) whose tries take 5 times the chosen path's
 * prediction, each try reported as learning's cost; the calls' time, tries included, and the
 * opening tries' cost against the 1% budget of the process's learned time. Fresh cells each
 * run. */
static void check_budget(void)
{
    double seen = 0, cost = 0, longest = 0;
    int opening = 0, turns = 0, calls = 0, cells_with_turns = 0;
    for (int cell = 0; cell < 8; cell++) {
        struct br_call c = gemm(100 << (cell % 4), 100 << (cell % 4), cell < 4 ? 8 : 900);
        struct br_prediction p = {.cpu_seconds = 0.01, .device_seconds = 0.012};
        int cell_turns = 0;
        for (int i = 0; i < 250; i++, calls++) {
            enum br_learn_try other = br_learn_explore(&c, BR_LEARN_CPU, &p);
            double took = other ? 0.05 : 0.01;
            br_learn_record(&c, other ? BR_LEARN_DEVICE : BR_LEARN_CPU, took, took, 0);
            if (other) {
                br_learn_try_took(&c, BR_LEARN_DEVICE, other, took - p.cpu_seconds, 0, 0);
                if (other == BR_LEARN_TRY_OPENING) {
                    cost += took - p.cpu_seconds;
                    longest = took - p.cpu_seconds;
                    opening++;
                } else {
                    cell_turns++;
                }
            }
            seen += took;
        }
        turns += cell_turns;
        cells_with_turns += cell_turns > 0;
    }
    /* check_close and check_far's calls count in the process's time as well: 23.2 s. */
    double budget = 0.01 * (seen + 23.2) + longest;
    if (opening == 0 || cost > budget + 1e-9)
        fail("%d opening tries in %d calls of 8 new cells cost %.3f s, budget %.3f s", opening,
             calls, cost, budget);
    /* Without the budget, each cell's first two calls would have opened. */
    if (opening >= 8 * 2)
        fail("%d opening tries: the budget did not hold any back", opening);
    /* The cells that opened keep their turns whatever the budget, each once its calls have
     * taken 50 times what its last try cost: 0.04 s, earned by 200 calls of 0.01 s. */
    if (cells_with_turns < opening / 2 || turns < cells_with_turns ||
        turns > 2 * cells_with_turns)
        fail("%d turns in %d cells after %d opening tries", turns, cells_with_turns, opening);
    diag("%d opening tries in %d calls, %.3f s of a %.3f s budget; %d turns in %d cells", opening,
         calls, cost, budget, turns, cells_with_turns);
    ok("over the process, opening tries cost at most 1% of the learned calls' time (and one "
       "try), and still come; an opened cell's turns come whatever the opening tries owe");
}

/* Close predictions whose tries, measured, cost far more than predicted (the switch to the
 * other path and back: H200 host, 2026-11-26, cher2k 256's device tries took 0.41 to 0.74 ms
 * against 0.23 on the CPU, every 26 to 38 calls): turns once the cell's calls since the last
 * try have taken 50 times what it cost, so that they cost at most 2% of the cell's time; a
 * disturbed try's repeat counts in its cost. Tries that cost little keep one call in 32. */
static void check_costly_turns(void)
{
    struct br_call c = gemm(150, 150, 150), d = gemm(90, 90, 90); /* cells of their own */
    struct br_prediction p = {.cpu_seconds = 0.00023, .device_seconds = 0.0003};
    const enum br_learn_path dev = BR_LEARN_DEVICE;
    double time = 0, cost = 0, cheap_cost = 0;
    int turns = 0, cheap_turns = 0, repeats = 0, last = 0, shortest = 1 << 30;
    for (int i = 1; i <= 4000; i++) {
        enum br_learn_try other = br_learn_explore(&c, BR_LEARN_CPU, &p);
        /* a try takes 0.5 ms and is disturbed: repeated once, at 0.45 ms */
        double took = other == BR_LEARN_TRY_AGAIN ? 0.00045 : other ? 0.0005 : 0.00023;
        br_learn_record(&c, other ? dev : BR_LEARN_CPU, p.cpu_seconds, took, other != 0);
        if (other) {
            br_learn_try_took(&c, dev, other, took - p.cpu_seconds, 1, 0);
            cost += took - p.cpu_seconds;
            repeats += other == BR_LEARN_TRY_AGAIN;
            if (other == BR_LEARN_TRY_TURN) {
                if (turns++ && i - last < shortest)
                    shortest = i - last;
                last = i;
            }
        }
        time += took;
    }
    for (int i = 1; i <= 4000; i++) {
        /* a cell whose tries cost 2% of a call more than predicted: one call in 32 */
        enum br_learn_try o2 = br_learn_explore(&d, BR_LEARN_CPU, &p);
        double took2 = o2 ? 0.000235 : 0.00023;
        br_learn_record(&d, o2 ? dev : BR_LEARN_CPU, p.cpu_seconds, took2, 0);
        if (o2) {
            br_learn_try_took(&d, dev, o2, took2 - p.cpu_seconds, 0, 0);
            cheap_cost += took2 - p.cpu_seconds;
            cheap_turns += o2 == BR_LEARN_TRY_TURN;
        }
    }
    /* the try and its repeat: 0.27 + 0.22 ms, earned by 24.5 ms of calls, about 100 */
    double longest = 0.00027 + 0.00022;
    if (turns < 4000 / 120 || repeats < turns || cost > 0.02 * time + 2 * longest + 1e-12 ||
        shortest < 95)
        fail("costly tries: %d turns (%d repeats) in 4000 calls, %.2f ms of %.1f ms, the "
             "closest %d calls apart", turns, repeats, cost * 1e3, time * 1e3, shortest);
    if (cheap_turns < 4000 / 32 - 4 || cheap_turns > 4000 / 32 + 4)
        fail("cheap tries: %d turns in 4000 calls, not one in 32", cheap_turns);
    diag("costly: %d turns, %.2f%% of the cell's time; cheap: %d turns, %.3f%%", turns,
         100 * cost / time, cheap_turns, 100 * cheap_cost / (4000 * 0.00023));
    ok("close tries that cost more than predicted come no more often than 2% of the cell's "
       "time pays for (their repeats counted); cheap ones one call in 32");
}

/* The other path predicted 2.5 times slower, not yet measured: a call of another shape than
 * square tries it at once (the model, calibrated on squares, misses those by up to 3 times),
 * then, measured, as a far prediction; a square call waits its far turn from the start. */
static void check_unmeasured_shape(void)
{
    struct br_call skinny = gemm(4096, 4096, 64), square = gemm(300, 300, 300);
    /* The budget test's tries owed: cleared, as by a try that gained. */
    br_learn_try_took(&skinny, BR_LEARN_DEVICE, BR_LEARN_TRY_OPENING, -1, 0, 0);
    int first[2], square_first[2];
    int tried = play(&skinny, 100, 0.01, 0.025, first);
    int square_tried = play(&square, 50, 0.01, 0.025, square_first);
    /* Far at 2.5x: a try costs 0.015 s, earned by 0.75 s of the cell's calls, 75 of 0.01 s. */
    if (first[0] != 1 || first[1] != 2 || tried > 3 || square_tried != 0)
        fail("2.5x: skinny-K tried at calls %d and %d (%d in 100), square %d times in 50 "
             "(the first at %d)", first[0], first[1], tried, square_tried, square_first[0]);
    ok("an unmeasured other path predicted 2.5 times slower: tried at once for a skinny call, "
       "not before its far turn for a square one");
}

/* A disturbed try (cold, on the lowered thread count, beside the CPU BLAS's spin) is tried
 * again at its cell's next call, once, whatever the budget; not if another cell's call comes
 * first, nor for an undisturbed try, nor for a try of the path the call's model chose. Cells
 * of their own (orders 5000 and 10000), the device predicted 5 times slower: far, so that
 * nothing but a repeat tries it here. */
static void check_repeat(void)
{
    struct br_call c = gemm(5000, 5000, 5000), other = gemm(10000, 10000, 10000);
    struct br_prediction p = {.cpu_seconds = 0.01, .device_seconds = 0.05};
    const enum br_learn_path dev = BR_LEARN_DEVICE;
    int before = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_TURN, 0.04, 1, 0);
    int again = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_AGAIN, 0.04, 1, 0); /* a repeat is not repeated */
    int once = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_TURN, 0.04, 1, 0);
    int between = br_learn_explore(&other, BR_LEARN_CPU, &p);
    int after_other = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_TURN, 0.04, 0, 0);
    int steady = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, BR_LEARN_CPU, BR_LEARN_TRY_TURN, 0.04, 1, 0); /* the chosen path */
    int same_path = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_OPENING, 1000, 1, 0); /* owing far past the budget */
    int over_budget = br_learn_explore(&c, BR_LEARN_CPU, &p);
    int held_back = br_learn_explore(&c, BR_LEARN_CPU, &p);
    br_learn_try_took(&c, dev, BR_LEARN_TRY_OPENING, -1, 0, 0);
    if (before || again != BR_LEARN_TRY_AGAIN || once || between || after_other || steady ||
        same_path || over_budget != BR_LEARN_TRY_AGAIN || held_back)
        fail("repeats: before %d, again %d, once more %d, another cell %d then %d, undisturbed "
             "%d, the chosen path %d, over the budget %d then %d",
             before, again, once, between, after_other, steady, same_path, over_budget,
             held_back);
    ok("a disturbed try is tried again at its cell's next call, once, even over the budget; "
       "not after another cell's call, an undisturbed try or a try of the chosen path");
}

/* With the process's budget spent, a new cell predicted close (the device 1.2 times the CPU)
 * cannot open; it is tried on its own account as a far one is: a try predicted to cost 2 ms
 * once its calls of 10 ms have taken 50 times that, about every 10 calls, until its two
 * samples make it measured (then one call in 32: none more in 50 calls). */
static void check_held_back(void)
{
    /* Another cell's opening tries owe the process's budget (1000 s). */
    struct br_call c = gemm(20000, 20000, 20000), owing = gemm(20000, 20000, 64);
    br_learn_try_took(&owing, BR_LEARN_DEVICE, BR_LEARN_TRY_OPENING, 1000, 0, 0);
    int first[2];
    int tried = play(&c, 50, 0.01, 0.012, first);
    br_learn_try_took(&owing, BR_LEARN_DEVICE, BR_LEARN_TRY_OPENING, -1, 0, 0);
    if (first[0] < 9 || first[0] > 12 || first[1] - first[0] < 9 || first[1] - first[0] > 12 ||
        tried != 2)
        fail("held back: %d tries in 50 calls, the first at %d and %d, not 2, about 10 apart",
             tried, first[0], first[1]);
    ok("a cell the process's budget keeps from opening is tried on its own account");
}

/* The router's factors (br_learn_factors): a device cell with no samples starts from what the
 * other routines' cells of its shape class and size learned: csyrk's at n = 30000, k = 64
 * measured twice at 2.25 times the prediction (the first of the process is not taken) make
 * cherk's device factor at that shape 2.25^(1/2) (one such cell: half its log ratio), and leave
 * a square cell's at 1. */
static struct br_call rank_k(enum br_family family, int n, int k)
{
    struct br_call c = gemm(n, n, k);
    c.family = family;
    c.precision = BR_C;
    c.uplo = 'U', c.transa = 'N';
    c.lda = n, c.ldc = n;
    return c;
}

static void check_device_prior(void)
{
    struct br_call syrk = rank_k(BR_SYRK, 30000, 64), herk = rank_k(BR_HERK, 30000, 64);
    struct br_call square = rank_k(BR_HERK, 1600, 1600);
    for (int i = 0; i < 3; i++)
        br_learn_record(&syrk, BR_LEARN_DEVICE, 0.016, 0.036, 0);
    struct br_learned_factors f = br_learn_factors(&herk, "a device", "a driver", 1);
    struct br_learned_factors q = br_learn_factors(&square, "a device", "a driver", 1);
    if (!(fabs(f.device / 1.5 - 1) < 1e-3) || f.device_samples != 0 || q.device != 1)
        fail("device prior: cherk 30000 x 64's factor %g (want 1.5), %u samples; a square "
             "cell's %g", f.device, f.device_samples, q.device);
    ok("a device cell with no samples starts from the other routines' cells of its shape and "
       "size");
}

/* A device cell of its own (the dgemm(T, N, 8128, 32, 8128) of a dgeqrf 8192), predicted
 * 10 ms, taking 30 ms whenever disturbed: interleaved with undisturbed calls that take what was
 * predicted, the ones disturbed beside the CPU's calls are bounds (its factor stays 1); so are
 * 14 in a row disturbed otherwise (cold), and four in a row beside the CPU; from the fifth
 * those are samples, and ten such raise the factor over 2 (towards 3). The CPU cell of the same
 * call, disturbed 14 times in a row at 3 times its prediction, keeps its factor. */
static void check_steady_disturbance(void)
{
    struct br_call c = gemm(8128, 32, 8128);
    c.transa = 'T';
    const char *device = "a device", *driver = "a driver";
    for (int i = 0; i < 2; i++) { /* the first of its path may be the process's: not taken */
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.01, 0);
        br_learn_record(&c, BR_LEARN_CPU, 0.01, 0.01, 0);
    }
    const int beside = BR_LEARN_BESIDE_CPU;
    for (int i = 0; i < 20; i++) {
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, beside);
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.01, 0);
    }
    double interleaved = br_learn_factors(&c, device, driver, 1).device;
    for (int i = 0; i < 14; i++)
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, 1);
    double cold = br_learn_factors(&c, device, driver, 1).device;
    enum br_learn_taught_kind fourth = BR_TAUGHT_NOTHING, fifth = BR_TAUGHT_NOTHING;
    for (int i = 1; i <= 4; i++)
        fourth = br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, beside).kind;
    double after_four = br_learn_factors(&c, device, driver, 1).device;
    for (int i = 5; i <= 14; i++) {
        struct br_learn_taught taught =
            br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, beside);
        if (i == 5)
            fifth = taught.kind;
    }
    double steady = br_learn_factors(&c, device, driver, 1).device;
    for (int i = 0; i < 14; i++)
        br_learn_record(&c, BR_LEARN_CPU, 0.01, 0.03, 1);
    double cpu = br_learn_factors(&c, device, driver, 1).cpu;
    if (interleaved != 1 || cold != 1 || after_four != 1 || fourth != BR_TAUGHT_BOUND ||
        fifth != BR_TAUGHT_SAMPLE || !(steady > 2 && steady < 3) || cpu != 1)
        fail("disturbed device samples: factor %g interleaved, %g after 14 cold, %g after four "
             "in a row beside the CPU (the fourth taught %s), %g after fourteen (the fifth %s); "
             "the CPU cell's %g",
             interleaved, cold, after_four, br_learn_taught_name(fourth), steady,
             br_learn_taught_name(fifth), cpu);
    ok("a device cell disturbed beside the CPU's calls at every call learns what its calls take "
       "after four in a row; such samples among undisturbed ones, cold ones in a row, and a "
       "CPU cell's never raise a cell");
}

/* One CPU call's spin met by many device calls of a cell (a row of them after one CPU try):
 * BR_LEARN_BESIDE_SAME_SPIN after the first, which neither counts in the run nor breaks it.
 * A cell's device calls predicted 10 ms, taking 30 ms beside the spin: one BESIDE_CPU and
 * twelve of the same spin stay bounds (its factor as its two samples left it); then four more CPU calls' spins, each
 * met by a call and two of the same spin: the fifth CPU call's makes a sample (the run is
 * the cells' CPU calls, five); br_learn_beside_value tells the spins apart by their CPU
 * call's end. */
static void check_same_spin(void)
{
    struct br_call c = gemm(7000, 48, 7000);
    c.precision = BR_C; /* a cell no other check has */
    const char *device = "a device", *driver = "a driver";
    for (int i = 0; i < 2; i++) /* the first of its path may be the process's: not taken */
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.01, 0);
    /* What its two samples and the other cells' prior make of it: bounds leave it there. */
    double start = br_learn_factors(&c, device, driver, 1).device;
    double spin = 100.0, met = 0; /* the CPU call's end, and what the kind met last */
    int kinds_ok = 1;
    int first = br_learn_beside_value(spin, met);
    kinds_ok &= first == BR_LEARN_BESIDE_CPU;
    br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, first);
    met = spin;
    for (int i = 0; i < 12; i++) {
        int value = br_learn_beside_value(spin, met);
        kinds_ok &= value == BR_LEARN_BESIDE_SAME_SPIN;
        br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, value);
    }
    double one_spin = br_learn_factors(&c, device, driver, 1).device;
    enum br_learn_taught_kind fifth = BR_TAUGHT_NOTHING, before = BR_TAUGHT_NOTHING;
    for (int cpu_call = 2; cpu_call <= 5; cpu_call++) {
        spin += 0.05;
        for (int i = 0; i < 3; i++) {
            int value = br_learn_beside_value(spin, met);
            kinds_ok &= value == (i == 0 ? BR_LEARN_BESIDE_CPU : BR_LEARN_BESIDE_SAME_SPIN);
            met = spin;
            enum br_learn_taught_kind taught =
                br_learn_record(&c, BR_LEARN_DEVICE, 0.01, 0.03, value).kind;
            if (cpu_call == 4 && i == 2)
                before = taught;
            if (cpu_call == 5 && i == 0)
                fifth = taught;
        }
    }
    double five_spins = br_learn_factors(&c, device, driver, 1).device;
    kinds_ok &= br_learn_beside_value(0, 0) == BR_LEARN_BESIDE_CPU;
    if (!kinds_ok || one_spin != start || before != BR_TAUGHT_BOUND ||
        fifth != BR_TAUGHT_SAMPLE || !(five_spins > 1.2 * start))
        fail("one spin, 13 device calls: factor %g from %g; the fourth spin's last call taught %s, the "
             "fifth's first %s; factor after five spins %g; values as expected %d",
             one_spin, start, br_learn_taught_name(before), br_learn_taught_name(fifth), five_spins,
             kinds_ok);
    ok("device calls meeting one CPU call's spin are bounds after the first and do not count "
       "in the run: the run counts the CPU calls the cell's calls come after");
}

/* br_learn_device_chosen and br_learn_lowered_loss: a loss before any device call is nobody's;
 * 8 ms lost after a call of cell A is A's once B's call comes (a quarter: 2 ms); 12 ms after
 * B's is B's at A's next call (3 ms), A's untouched; a stretch with no loss after each takes a
 * quarter off (1.5 and 2.25 ms). Cells of their own: dgemm 3000 (square) and 6000 x 6000 x
 * 600 (skinny K). */
static void check_side_charge(void)
{
    struct br_call a = gemm(3000, 3000, 3000), b = gemm(6000, 6000, 600);
    const char *device = "a device", *driver = "a driver";
    br_learn_lowered_loss(0.5);
    br_learn_device_chosen(&a);
    br_learn_lowered_loss(0.004);
    br_learn_lowered_loss(0.004);
    br_learn_device_chosen(&b);
    double a_first = br_learn_factors(&a, device, driver, 1).device_side;
    br_learn_lowered_loss(0.012);
    br_learn_device_chosen(&a);
    double b_first = br_learn_factors(&b, device, driver, 1).device_side;
    double a_kept = br_learn_factors(&a, device, driver, 1).device_side;
    br_learn_device_chosen(&b);
    br_learn_device_chosen(&a);
    double b_after = br_learn_factors(&b, device, driver, 1).device_side;
    double a_after = br_learn_factors(&a, device, driver, 1).device_side;
    if (!(fabs(a_first - 0.002) < 1e-7) || !(fabs(b_first - 0.003) < 1e-7) ||
        !(fabs(a_kept - 0.002) < 1e-7) || !(fabs(a_after - 0.0015) < 1e-7) ||
        !(fabs(b_after - 0.00225) < 1e-7))
        fail("side charges: A %g (want 0.002), B %g (0.003), A meanwhile %g (0.002); after "
             "empty stretches A %g (0.0015), B %g (0.00225)",
             a_first, b_first, a_kept, a_after, b_after);
    ok("what the CPU calls on the lowered count lose after a device call is charged to its "
       "cell at the next one, a quarter at a time; nothing before the first");
}

/* The CPU cells of TRMM and TRSM in single precision, which no other check times: after a call
 * of the path in that precision (sgemm, so that the path's first is paid), strmm's first CPU
 * call at four times its prediction is a bound and leaves its factor at 1, and its next calls
 * at the prediction are samples; taken as a sample, the first would have left the factor near 2
 * (H200 host, 2026-11-28: strmm 512's first CPU call 0.985 ms, the next 0.24). A routine seen
 * on the CPU in any mode before (br_learn_path_used: strsm) teaches from its first timed call. */
static void check_routine_first(void)
{
    struct br_call g = gemm(512, 512, 512), tr = gemm(512, 512, 512), ts;
    g.precision = tr.precision = BR_S;
    tr.family = BR_TRMM;
    tr.side = 'L', tr.uplo = 'U', tr.transa = 'N', tr.diag = 'N';
    ts = tr;
    ts.family = BR_TRSM;
    const char *device = "a device", *driver = "a driver";
    br_learn_record(&g, BR_LEARN_CPU, 1e-4, 1e-4, 0);
    enum br_learn_taught_kind first = br_learn_record(&tr, BR_LEARN_CPU, 2.5e-4, 1e-3, 0).kind;
    double after_first = br_learn_factors(&tr, device, driver, 1).cpu;
    enum br_learn_taught_kind second = br_learn_record(&tr, BR_LEARN_CPU, 2.5e-4, 2.5e-4, 0).kind;
    br_learn_record(&tr, BR_LEARN_CPU, 2.5e-4, 2.5e-4, 0);
    double after = br_learn_factors(&tr, device, driver, 1).cpu;
    br_learn_path_used(BR_LEARN_CPU, &ts);
    enum br_learn_taught_kind seen = br_learn_record(&ts, BR_LEARN_CPU, 2.5e-4, 5e-4, 0).kind;
    if (first != BR_TAUGHT_BOUND || after_first != 1 ||
        second != BR_TAUGHT_SAMPLE || !(fabs(after - 1) < 0.05) || seen != BR_TAUGHT_SAMPLE)
        fail("a routine's first CPU call: strmm's first taught %s (factor %g after it), its "
             "second %s, factor %g after three; strsm seen before: %s",
             br_learn_taught_name(first), after_first,
             br_learn_taught_name(second), after, br_learn_taught_name(seen));
    ok("a routine's first CPU call in the process is a bound that does not raise its cell; the "
       "next are samples; a routine called before in any mode teaches from its first");
}

/* br_learn_disturbance, and what a device try teaches its cell: a dsyrk 512's device cell,
 * predicted 0.25 ms by the model, whose calls take 0.26 in a stream of their own. A try
 * measured at 0.39 (the switch's cost: an idle device beside the CPU's calls, H200 2026-11-28)
 * leaves the cell where those calls put it; one at 0.2 lowers it; the calls the model sends
 * there then teach what they take. */
static void check_try_bounds(void)
{
    const enum br_learn_path cpu = BR_LEARN_CPU, dev = BR_LEARN_DEVICE;
    /* (path, tried, cold, spin) */
    int cases = br_learn_disturbance(dev, 1, 0, 0) == 1 &&
                br_learn_disturbance(cpu, 1, 0, 0) == 1 &&
                br_learn_disturbance(dev, 1, 0, 1) == 1 &&
                br_learn_disturbance(dev, 0, 0, 0) == 0 &&
                br_learn_disturbance(cpu, 0, 0, 0) == 0 &&
                br_learn_disturbance(dev, 0, 0, 1) == BR_LEARN_BESIDE_CPU &&
                br_learn_disturbance(cpu, 0, 0, 1) == 1 &&
                br_learn_disturbance(dev, 0, 1, 0) == 1 &&
                br_learn_disturbance(cpu, 0, 1, 1) == 1;
    struct br_call c = gemm(512, 512, 512);
    c.family = BR_SYRK;
    c.uplo = 'U';
    const char *device = "a device", *driver = "a driver";
    const double model = 2.5e-4;
    for (int i = 0; i < 20; i++)
        br_learn_record(&c, dev, model, 2.6e-4, br_learn_disturbance(dev, 0, 0, 0));
    double streamed = br_learn_factors(&c, device, driver, 1).device * model;
    enum br_learn_taught_kind slow_try =
        br_learn_record(&c, dev, model, 3.9e-4, br_learn_disturbance(dev, 1, 0, 0)).kind;
    double after_slow = br_learn_factors(&c, device, driver, 1).device * model;
    enum br_learn_taught_kind fast_try =
        br_learn_record(&c, dev, model, 2e-4, br_learn_disturbance(dev, 1, 0, 0)).kind;
    double after_fast = br_learn_factors(&c, device, driver, 1).device * model;
    for (int i = 0; i < 20; i++)
        br_learn_record(&c, dev, model, 2.6e-4, br_learn_disturbance(dev, 0, 0, 0));
    double again = br_learn_factors(&c, device, driver, 1).device * model;
    if (!cases || !(fabs(streamed / 2.6e-4 - 1) < 0.02) || slow_try != BR_TAUGHT_BOUND ||
        after_slow != streamed || fast_try != BR_TAUGHT_BOUND || !(after_fast < streamed) ||
        !(fabs(again / 2.6e-4 - 1) < 0.02))
        fail("try bounds: cases %s; %g ms after the chosen calls, after a try of 0.39 %g "
             "(taught %s), after one of 0.2 %g (taught %s), after 20 more chosen calls %g",
             cases ? "right" : "wrong", streamed * 1e3, after_slow * 1e3,
             br_learn_taught_name(slow_try), after_fast * 1e3, br_learn_taught_name(fast_try),
             again * 1e3);
    ok("a try is a bound on either path: a device try slower than its cell holds does not raise "
       "it, a faster one lowers it, the calls the model sends there teach what they take");
}

/* The path the model chose for a cell (br_learn_chosen) is in its factors, for the decision's
 * hysteresis (decide.c), while the model's last choice of any cell's was the device too: on
 * the device after its device call; not after another cell's CPU call (the stream left the
 * device); again after another cell's device call; not after its own CPU call. Other cells
 * (another size, another precision) never chosen for the device are not. */
static void check_stream_path(void)
{
    struct br_call c = gemm(2200, 2200, 2200), larger = gemm(5000, 5000, 5000);
    struct br_call single = c;
    single.precision = BR_S;
    const char *dev = "a device", *drv = "a driver";
    int before = br_learn_factors(&c, dev, drv, 1).stream_on_device;
    br_learn_chosen(&c, BR_LEARN_DEVICE);
    int on_device = br_learn_factors(&c, dev, drv, 1).stream_on_device;
    int others = br_learn_factors(&larger, dev, drv, 1).stream_on_device +
                 br_learn_factors(&single, dev, drv, 1).stream_on_device;
    br_learn_chosen(&larger, BR_LEARN_CPU);
    int stream_left = br_learn_factors(&c, dev, drv, 1).stream_on_device;
    br_learn_chosen(&single, BR_LEARN_DEVICE);
    int stream_back = br_learn_factors(&c, dev, drv, 1).stream_on_device;
    br_learn_chosen(&c, BR_LEARN_CPU);
    int cell_left = br_learn_factors(&c, dev, drv, 1).stream_on_device;
    if (before || !on_device || others || stream_left || !stream_back || cell_left)
        fail("the cell's path: %d before, %d after its device call, %d after another cell's "
             "CPU call, %d after another's device call, %d after its own CPU call; never "
             "chosen cells %d", before, on_device, stream_left, stream_back, cell_left, others);
    ok("the model's last choice for a cell is in its factors while the stream is on that path");
}

/* Plays 4000 calls of a gemm 150 cell of `precision` (a cell of its own) that the model keeps
 * on the device at 0.3 ms, its CPU predicted close; a try of the CPU takes 0.9 ms and leaves
 * the CPU BLAS spinning: the next 20 device calls take 0.1 ms more each, reported with the
 * try's end as their spin's source, or another CPU call's (`other_source`). Returns the
 * cell's turns; *cost: what the tries and the spin cost over the device's 0.3 ms; *time: the
 * cell's time. */
static int play_spin(enum br_precision precision, int other_source, double *cost, double *time)
{
    struct br_call c = gemm(150, 150, 150);
    c.precision = precision;
    struct br_prediction p = {.cpu_seconds = 0.00033, .device_seconds = 0.0003};
    int turns = 0, spun = 0;
    double source = 0;
    *cost = *time = 0;
    for (int i = 1; i <= 4000; i++) {
        enum br_learn_try other = br_learn_explore(&c, BR_LEARN_DEVICE, &p);
        double took = other ? 0.0009 : spun > 0 ? 0.0004 : 0.0003;
        br_learn_record(&c, other ? BR_LEARN_CPU : BR_LEARN_DEVICE,
                        other ? p.cpu_seconds : p.device_seconds, took, other || spun > 0);
        if (other) {
            source = i; /* the try's end, a time stamp of its own */
            br_learn_try_took(&c, BR_LEARN_CPU, other, took - p.device_seconds, 0, source);
            turns += other == BR_LEARN_TRY_TURN;
            spun = 20;
        } else if (spun > 0) {
            spun--;
            br_learn_try_spin_cost(other_source ? source + 0.5 : source, took - p.device_seconds);
        }
        *cost += took - p.device_seconds;
        *time += took;
    }
    return turns;
}

static void check_spin_charged(void)
{
    double cost, time, cost_other, time_other;
    int turns = play_spin(BR_S, 0, &cost, &time);
    int turns_other = play_spin(BR_C, 1, &cost_other, &time_other);
    /* A try and its spin: 0.6 + 2 ms, earned by 130 ms of calls (about 430); uncharged, the
     * try's 0.6 ms alone by 30 ms (about 100 calls, a 2.6 ms loss each time: 8%). */
    double each = 0.0006 + 20 * 0.0001;
    if (turns < 4000 / 500 || cost > 0.02 * time + 2 * each + 1e-12)
        fail("spin charged: %d turns in 4000 calls, %.2f ms of %.1f ms", turns, cost * 1e3,
             time * 1e3);
    if (turns_other < 4000 / 110 || cost_other < 0.05 * time_other)
        fail("another CPU call's spin: %d turns in 4000 calls, %.2f ms of %.1f ms (charged?)",
             turns_other, cost_other * 1e3, time_other * 1e3);
    diag("spin charged: %d turns, %.2f%% of the cell's time; another call's spin: %d turns, "
         "%.2f%%", turns, 100 * cost / time, turns_other, 100 * cost_other / time_other);
    ok("what the device calls lose in a CPU try's spin is the try's: its cell's tries come no "
       "more often than 2% of its time pays for both; another call's spin is not charged");
}

int main(int argc, char **argv)
{
    (void)argc;
    const char *learn = getenv("BLASROUTE_LEARN");
    if (!learn || strcmp(learn, "1") != 0) {
        if (getenv("EXPLORE_TEST_OFF")) {
            /* Run again by this program with learning off: nothing is ever tried. */
            printf("1..1\n");
            struct br_call c = gemm(600, 600, 600);
            int first[2];
            if (play(&c, 100, 0.01, 0.012, first) + play(&c, 1000, 0.01, 0.05, first) != 0)
                fail("BLASROUTE_LEARN=0: a call was tried on the other path");
            ok("BLASROUTE_LEARN=0: nothing tried");
            return failed_tests ? 1 : 0;
        }
        char cache[] = "/tmp/blasroute-explore-XXXXXX";
        if (!mkdtemp(cache)) {
            perror("mkdtemp");
            return 1;
        }
        setenv("BLASROUTE_CACHE_DIR", cache, 1);
        setenv("BLASROUTE_LEARN", "1", 1);
        execv("/proc/self/exe", argv);
        perror("execv");
        return 1;
    }
    printf("1..%d\n", PLAN);
    check_close();
    check_bounds_end_openings();
    check_far();
    check_budget();
    check_costly_turns();
    check_costly_far();
    check_unmeasured_shape();
    check_repeat();
    check_held_back();
    check_device_prior();
    check_steady_disturbance();
    check_same_spin();
    check_side_charge();
    check_routine_first();
    check_try_bounds();
    check_stream_path();
    check_spin_charged();
    /* The same with learning off, in a child run of this program. */
    fflush(stdout);
    char self[1024], command[1200];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = 0;
    snprintf(command, sizeof command,
             "BLASROUTE_LEARN=0 EXPLORE_TEST_OFF=1 '%s' > explore_off.out 2>&1", self);
    int status = n > 0 ? system(command) : -1;
    FILE *f = fopen("explore_off.out", "r");
    char line[512];
    int passed = 0;
    while (f && fgets(line, sizeof line, f))
        passed |= strncmp(line, "ok 1", 4) == 0;
    if (f)
        fclose(f);
    remove("explore_off.out");
    if (status != 0 || !passed)
        fail("the run with BLASROUTE_LEARN=0 did not pass (status %d)", status);
    ok("BLASROUTE_LEARN=0: nothing tried (a run of this program with it)");
    /* The cache directory the first run made: empty (nothing learned was kept: the table is
     * kept only for a device), removed. */
    const char *cache = getenv("BLASROUTE_CACHE_DIR");
    if (cache && strncmp(cache, "/tmp/blasroute-explore-", 23) == 0)
        rmdir(cache);
    if (test_number != PLAN) {
        printf("# planned %d checks, ran %d\n", PLAN, test_number);
        return 1;
    }
    return failed_tests ? 1 : 0;
}
