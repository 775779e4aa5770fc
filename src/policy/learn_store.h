/* The router's store of what it learns (learn.h): the process's table, loaded on first use from
 * the cache directory (beside the CPU calibration) and saved there at exit, per host, CPU BLAS,
 * device and driver, so that the next process starts from it. BLASROUTE_LEARN=0 turns learning
 * off: factors of 1, nothing measured, read or written. Thread-safe. */
#ifndef BLASROUTE_POLICY_LEARN_STORE_H
#define BLASROUTE_POLICY_LEARN_STORE_H

#include "policy/model.h"
#include "policy/learn.h"

/* The factors for a call's two paths on the device named (its name and driver: part of the
 * table's key; the first call loads the table). `opened`: the device is open; the first call
 * for one fixes the key, loading its table if the key is another than the one a device
 * remembered or guessed before the opening was read under. {1, 1} when learning is off. */
struct br_learned_factors br_learn_factors(const struct br_call *call, const char *device,
                                           const char *driver, int opened);

/* What the CPU BLAS's calls lose beside a device (learn.h: br_learned_cell_add_side), as the
 * router reports it: br_learn_device_chosen after each device call the model chose (not a try,
 * which leaves the CPU BLAS its threads), br_learn_lowered_loss after each CPU call the model
 * chose that ran on the lowered thread count, with what it lost (its time times the share of
 * threads taken away). The losses since a device call are charged to that call's cell when the
 * next one comes (the last stretch of a process, never closed, is not). */
void br_learn_device_chosen(const struct br_call *call);
void br_learn_lowered_loss(double seconds);

/* The path the model chose for a call, not a try: its cell's calls, and the process's stream,
 * are on that path until the model chooses the other (br_learned_factors.stream_on_device:
 * both on the device). Only where nothing else was chosen between does staying save a switch:
 * after a CPU call of another cell, the device calls meet the CPU BLAS's spin anyway. */
void br_learn_chosen(const struct br_call *call, enum br_learn_path path);

/* "-", "first", "sample", "bound": as the trace names a br_learn_taught_kind (learn.h). */
const char *br_learn_taught_name(enum br_learn_taught_kind kind);

/* A call the model decided took `measured` seconds on `path`, for which the model (before any
 * factor) predicted `model_seconds`. The first call of each path and precision in a process is
 * not taken: it pays one-off costs (the device's program build, the CPU BLAS's threads
 * starting). `disturbed`: see br_learned_add, and BR_LEARN_BESIDE_CPU (learn.h). Returns what
 * the cell was taught. */
struct br_learn_taught br_learn_record(const struct br_call *call, enum br_learn_path path,
                                       double model_seconds, double measured, int disturbed);

/* A call of `path` and precision ran, in any mode (device mode's and cpu mode's too): the
 * process's first was paid, and the next one learning times is taken (on the CPU, the first of
 * each routine family and precision is a bound: it pays the CPU BLAS's one-off costs for that
 * routine; learn_store.c, family_seen). Without it a program
 * whose first device calls were forced (a benchmark timing device mode beside auto) had its
 * first auto try of each precision thrown away as a first call, and a cell needed three tries
 * to be measured: on the H200 (2026-11-27) dsyrk n = 8192, k = 64 was tried on the device at
 * every one of auto's three timed calls of a sweep's row (21 ms; the CPU, chosen, 12.7). */
void br_learn_path_used(enum br_learn_path path, const struct br_call *call);

/* br_learn_record for a call the model decided that ran on the CPU BLAS, on `share` of its
 * thread count (below 1 on the lowered count: cpu_threads.h), `tried`: a learning try. Records
 * what br_learn_cpu_sample (learn.h) says it teaches, given whether the cell's own call was the
 * last learning timed on a device (`switched`) and whether this process has timed the cell's
 * CPU calls undisturbed (`known`); returns what the cell was taught. */
struct br_learn_taught br_learn_record_cpu(const struct br_call *call, double model_seconds,
                                           double measured, double share, int tried,
                                           int disturbed);

/* What br_learn_explore answers: no try; a cell's opening try (its other path not measured
 * twice yet); a later turn of the cell's own account; the repeat of a disturbed try. */
enum br_learn_try {
    BR_LEARN_NO_TRY,
    BR_LEARN_TRY_OPENING,
    BR_LEARN_TRY_TURN,
    BR_LEARN_TRY_AGAIN,
};

/* Whether to try the other path for this call now, though the model chose `chosen`, so that a
 * belief that is wrong cannot last and the cost of trying is bounded. When the other is
 * predicted at most 1.5 times slower (a try costs little): the first calls of its cell until
 * the other path's cell has two measurements (its samples, and the bounds it kept in this
 * process: learn.h) (opening), and after that
 * one call in 32 of the cell at most (turns), once its calls since
 * its last try have taken 50 times what that try cost (br_learn_try_took, with its repeat):
 * turns cost at most 2% of the cell's time, however much more than predicted a try takes.
 * When it is predicted slower
 * still (a belief that may be wrong by more than that: a device measured while the CPU BLAS's
 * threads spun beside it): once the cell's calls since the last such try have taken 50 times
 * what the try is predicted to lose, or what the cell's last try cost (with its repeat) if
 * more, so that such tries cost at most 2% of the cell's time.
 * Over the whole process, no opening try while what the opening tries cost so far
 * (br_learn_try_took) is more than 1% of the process's time since learning's first call (or
 * of the calls learning saw, if more): a run pays at most that and one try, however many
 * cells it opens (a warm dgeqrf 8192 on the H200 spent 0.25 s of 7 s on such tries,
 * 2026-11-26); a cell held back so is tried by the far rule, on its own account. A try that
 * was disturbed (learn.h: cold, on the lowered thread count, beside the CPU BLAS's spin) is
 * tried again at its cell's next call unless a call of another cell comes first (the warmth
 * it is repeated for is then gone), whatever the budget: a try of the CPU amid device calls
 * otherwise measures only the CPU waking up. */
enum br_learn_try br_learn_explore(const struct br_call *call, enum br_learn_path chosen,
                                   const struct br_prediction *prediction);

/* What a try of `path` for `call`, of the kind br_learn_explore gave, cost: its measured
 * seconds less the chosen path's prediction (with its learned factor). A try that gained
 * (negative) clears what the opening tries owe: a belief it corrected is worth the next.
 * `disturbed`: the try's measurement was (br_learned_add); unless it was a repeat, it is
 * repeated at the cell's next call. `spin_source`: a try of the CPU's end, if the CPU BLAS's
 * threads spin after it (br_learn_try_spin_cost), else 0. */
void br_learn_try_took(const struct br_call *call, enum br_learn_path path,
                       enum br_learn_try kind, double extra_seconds, int disturbed,
                       double spin_source);

/* What a device call the model chose lost beside the CPU BLAS's threads spinning after the CPU
 * call that ended at `spin_source`: `extra_seconds`, its time less its prediction. When that
 * call was the last try of the CPU (br_learn_try_took), the loss is the try's too and is added
 * to its cost, so that the cell's later tries are spaced by what each costs the program, not
 * by its own time alone: in an H100 host's modes sweeps (2026-12-07) the CPU tries took 13 to
 * 15 ms a sweep beyond device mode's time, and the device calls in their spin lost 6 to 21 ms
 * more. Bounded: a spin lasts 0.15 s at most (cpu_threads.h). */
void br_learn_try_spin_cost(double spin_source, double extra_seconds);

/* For blasroute-info: the table of the device named as the next process would start from it
 * (this process's, if loaded, else the file's), and the file's path. 0 when learning is on. */
int br_learn_snapshot(const char *device, const char *driver, struct br_learned *out,
                      char *path, size_t path_size);

#endif
