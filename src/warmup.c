#include "warmup.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "engine/device.h"
#include "engine/engine.h"
#include "gpu_guess.h"
#include "log.h"
#include "common.h"
#include "env.h"
#include "policy/decide.h"
#include "policy/learn_store.h"
#include "policy/policy.h"
#include "policy/routing.h"
#include "prepare.h"
#include "process.h"
#include "sweep.h"
#include "warmup_memo.h"
#include "warmup_threads.h"

static atomic_flag opening = ATOMIC_FLAG_INIT; /* the device is being opened or was */
static _Atomic int background_started;          /* a warm-up thread was started to open it */

static void revalue_unknown_calls(const struct br_device *d);
static void guess_device(void);
static void read_guess(int unused, enum br_precision unused_precision);
static void open_and_build_at_load(int unused, enum br_precision unused_precision);

/* Opens the devices and keeps what it took for the next process (warmup_memo.h). */
static void open_devices(const volatile double *paused)
{
    if (br_unlikely(br_env()->test_open_delay > 0)) {
        struct timespec delay = {br_env()->test_open_delay / 1000,
                                 (long)(br_env()->test_open_delay % 1000) * 1000000L};
        nanosleep(&delay, NULL);
    }
    double start = br_seconds_now(), paused_before = paused ? *paused : 0;
    int found = br_engine_count() > 0;
    double seconds = br_seconds_now() - start - (paused ? *paused - paused_before : 0);
    const struct br_device *d = found ? br_engine_device() : NULL;
    if (d) {
        revalue_unknown_calls(d);
        struct br_device_memo kept = {.open_seconds = seconds};
        snprintf(kept.vendor, sizeof kept.vendor, "%s", d->vendor);
        snprintf(kept.name, sizeof kept.name, "%s", d->name);
        snprintf(kept.type, sizeof kept.type, "%s", br_device_type_name(d->type));
        snprintf(kept.driver, sizeof kept.driver, "%s", d->driver);
        br_device_memo_write(&kept);
    }
}

/* The warm-up threads' jobs (warmup_threads.h) that open the devices: the hedge's opens them
 * as the first call that pays would, then builds the first one's program of the call's
 * precision that can run it (a spread's other devices build theirs when a call finds them
 * cold); the rule's opens them alone. */
static void open_and_build(int unused, enum br_precision precision)
{
    (void)unused;
    int found = br_warmup_open_and_remember(NULL); /* or waits for another thread's */
    for (int i = 0; i < found && i < BR_MAX_DEVICES; i++)
        if (br_warmup_build_here(i, precision))
            return;
}

static void open_only(int unused, enum br_precision unused_precision)
{
    (void)unused;
    (void)unused_precision;
    br_warmup_open_and_remember(NULL);
}

/* --- opening the device: when it pays ------------------------------------------------ */

/* Opening the device took 0.27 to 1.13 s on an H100's host (2026-11-25) and cost a program
 * about that much however it was done: in its call (a 0.28 s stall), or on another thread,
 * even at idle priority (the program's calls made meanwhile ran 0.23 s slower in all: the
 * driver's work reaches the whole process, not one core). A reference-LAPACK dgetrf 2048,
 * 0.13 s in cpu mode, took 0.40 to 0.57 s. So the device is opened only when what it saves
 * pays for the opening, and nothing is spent on it before: no calibration, no driver.
 *
 * What a call made without the device could have saved is its measured CPU time less the
 * device's predicted time (the profile of the device opened here before, from the memo, with
 * what was learned of it), counted only when the decision would have sent it to the device
 * (when the CPU's profile is known without measuring); with no memo, the whole CPU time (at
 * most that). The device is opened once the calls made without it have saved on paper what
 * opening costs (the memo's seconds; a first process, assumed_open_seconds): a program too
 * short to pay never opens it, one that pays loses at most the opening's cost over device mode.
 *
 * A program run again does better: at exit each run keeps what the device was worth to it
 * (warmup_memo.h: predicted with a device's profile where one was known, else a bound), and
 * the next run of the same command opens the device at its first device-sized call when that
 * was clearly more than the opening costs, or else waits until it has seen more than last time
 * plus the opening: a program that did not pay last time does not pay again by running the same
 * calls. Only with learning on (BLASROUTE_LEARN), as the rest of what is kept across runs. */
static const double assumed_open_seconds = 0.5;
/* A first run of a program on a host its kernel driver names the GPU of (gpu_guess.h), with no
 * memo of a device nor of the program, has an empty cache: after the opening its device saves
 * nothing until its program is compiled (1.3 s on the H200's host), and the savings seen so
 * far must pay for that wait as well. A dgeqrf 4096 (1.35 s in cpu mode) opened the device
 * halfway, paid 0.3 to 0.8 s for it and ended before the build had paid (2.0 s, H200,
 * 2026-11-26). A program run again has its memo: what it saved decides, as elsewhere, so that
 * one the device pays for invests in the compile once (numpy 4096, 0.82 of cpu mode on the
 * device, stayed on the CPU run after run when the compile counted every time). */
static const double first_compile_cost_seconds = 1.0;
static const double open_at_once_margin = 1.5;
/* A first run sees only what its calls so far could have saved, and a long program's first
 * calls pay for nothing but waiting: a cold dgeqrf 8192 (6.7 s in device mode) forwent 1.6 s
 * of savings on the CPU before its device opened (auto 8.1 to 9.7 s, H200, 2026-11-26). A
 * call that continues a blocked sweep (sweep.h) tells what the sweep's calls ahead can save
 * as well: its saving times the work ahead, of which only the part after the device is ready
 * (opened, and its program compiled: 2.4 s on the H200's host with every cache empty) counts,
 * the sweep's time ahead taken as its last step's times the work ahead. Each call site counts
 * its own (a dgeqrf's two products). A dpotrf 8192, 2 s on the CPU, opened for its sweep and
 * ended before the compile (2.4 s against 2.0 in cpu mode); a dgeqrf 8192's sweep has 6 s
 * ahead at its third step. A program run again has its memo instead. */
static const double first_compile_seconds = 2.0; /* until ready (first_compile_cost_seconds:
                                                      what the threshold charges for it) */
/* A projection multiplies one call's saving by the work ahead, up to a thousand times that
 * call's at a dpotrf's first products, so it stands only on steady steps (br_sweep_projection:
 * the least of a site's last three). A process's first calls are not steady: 2 of 6 cold runs
 * of a reference dpotrf 8192 on the H200's host (2026-11-27, sessions 19 and 22) made their
 * first 40 ms of calls 8 to 15 times slower than any other run did (dgemm(8064, 64, 64) in
 * 8.8 ms against 0.54), projected 2.3 to 6 s from them, and one that opened the device for
 * them lost 0.9 s to cpu mode. So the calls of the first sweep_settle_seconds after the first
 * device-sized call project nothing. A sweep worth opening for has seconds ahead (more than
 * the device takes to be ready): waiting costs it a few of its first steps. */
static const double sweep_settle_seconds = 0.1;
static _Atomic long long first_weighed_ns; /* when the first device-sized call ended */
static struct br_sweep_memory sweeps;
static pthread_mutex_t sweeps_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic long long ahead_ns;    /* what the sweeps seen last project they can save */
static _Atomic int in_sweep;          /* the last call weighed without a device continued one */
static _Atomic long long unopened_ns; /* saved on paper by the calls made without the device */
static _Atomic long long saving_ns;   /* over the run, predicted with a device's profile */
static _Atomic long long bound_ns;    /* over the run, the CPU time of calls with none known */
static _Atomic int device_known;      /* a device's profile predicted one of them */
static _Atomic int program_weighed;   /* a device-sized call was made: keep the program's memo */
static _Atomic int forked; /* a child of fork, whose command line is its parent's: its calls
                              are part of that program's, and it keeps no memo of its own */

/* The memos, read once: the device opened here before and its profile (NULL: no memo), and
 * what the device was worth to this program's last run. */
static struct br_device_memo memo;
/* Written once by read_memos, or later by guess_device on another thread: atomic, with the
 * memo's fields written before them. */
static const struct br_device_profile *_Atomic memo_device;
static int memo_found;           /* a memo of a device opened here before was read */
static _Atomic int memo_guessed; /* memo_device is the GPU the kernel driver names, no memo's */
/* The GPU the kernel driver lists (guess_device): not wanted (a memo names a device, or
 * another is asked for), wanted and not read yet, being read, read (found or not). */
enum { GUESS_UNWANTED, GUESS_WANTED, GUESS_READING, GUESS_READ };
static _Atomic int guess_state;
static struct br_program_memo last_run;
static int last_run_found;
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;

static void keep_program_memo(void);
static void keep_memo_at_exit(void);

/* Whether the devices are left to blasroute's default choice, the first GPU (or asked as
 * "gpu"): then the GPU the kernel driver lists is the one that would be opened. */
static int default_gpu_choice(void)
{
    const char *device = br_env()->device;
    return !device || br_device_choice_type(device) == CL_DEVICE_TYPE_GPU;
}

/* Whether BLASROUTE_DEVICE asks for CPU devices by type ("cpu", "cpu:all", ...): then the
 * device is OpenCL on the host's own cores, whatever its name. */
static int cpu_type_choice(void)
{
    const char *device = br_env()->device;
    return device && br_device_choice_type(device) == CL_DEVICE_TYPE_CPU;
}

static pthread_once_t program_memo_once = PTHREAD_ONCE_INIT;
static int program_memo_deferred; /* read_memos left the program's memo unread */

static void read_program_memo(void)
{
    last_run_found = br_env()->learn && br_program_memo_read(&last_run) == 0;
    if (last_run_found && last_run.known)
        br_verbose("warm-up: this program's last run here: a device saved or would have saved "
                   "%.4f s", last_run.saving_seconds);
    else if (last_run_found)
        br_verbose("warm-up: this program's last run here: %.4f s of device-sized calls, no "
                   "device known to value them", last_run.bound_seconds);
}

static void read_memos(void)
{
    if (br_device_memo_read(&memo) == 0) {
        memo_found = 1;
        memo_device = br_routing_device_profile(memo.vendor, memo.name, memo.type);
    } else if (cpu_type_choice()) {
        /* A first process with CPU devices asked for: OpenCL on the host's own cores, whose
         * profile (the CPU OpenCL one, or BLASROUTE_PROFILE) predicts what the calls could save
         * instead of their whole CPU time. Before, such a run opened the device once its calls
         * had taken the CPU half a second, only to learn that it saves nothing beside OpenBLAS:
         * a cold dgeqrf 4096 on the 2-core development machine paid 0.1 s for finding the
         * OpenCL platforms, 1.038 of cpu mode (2026-11-26). */
        memo.vendor[0] = memo.name[0] = memo.driver[0] = 0;
        snprintf(memo.type, sizeof memo.type, "CPU");
        memo.open_seconds = assumed_open_seconds;
        memo_device = br_routing_device_profile(memo.vendor, memo.name, memo.type);
        br_verbose("device: CPU devices asked for; their OpenCL profile predicts the savings "
                   "until one is opened");
    } else if (default_gpu_choice()) {
        /* Read once the calls make it matter; on a host without the kernel driver's list,
         * known now to be nothing, with no thread started for it: a thread's start cost a
         * reference dpotrf 2048 0.4 ms on the development machine (2026-12-06: OpenBLAS's 60 KB
         * of thread-local storage set up in the new thread's stack, 15 page faults at 10 us on
         * this virtual machine, in the caller's call), 1% of its time in cpu mode. */
        int listed = br_gpu_guess_listed();
        atomic_store(&guess_state, listed ? GUESS_WANTED : GUESS_READ);
        if (!listed)
            br_verbose("device: no GPU listed by a kernel driver: none to predict the savings "
                       "with until a device is opened");
    }
    /* The program's memo can only raise the opening's threshold above what opening costs
     * unless it says the device paid (br_warmup_open_threshold), which it cannot have said where
     * no device was opened under this host's key (no device memo) and nothing could predict a
     * device's savings (no profile: no GPU listed by a kernel driver, no CPU devices asked
     * for). There it is read only once the calls could pay for the opening without it: on a
     * host without a GPU, never in most programs. Its read (the command line, the file) cost
     * 0.1 to 0.2 ms of a call on the development machine (2026-12-06). */
    program_memo_deferred = !memo_found && !memo_device &&
                            atomic_load(&guess_state) != GUESS_WANTED;
    if (!program_memo_deferred)
        pthread_once(&program_memo_once, read_program_memo);
}

/* What opening the device is taken to cost here (after read_memos): the memo's, or assumed. */
static double expected_open_seconds(void)
{
    return memo_device ? memo.open_seconds : assumed_open_seconds;
}

double br_warmup_open_threshold(double open_seconds, const struct br_program_memo *last,
                                double first_build_seconds)
{
    double cost = open_seconds + first_build_seconds;
    if (!last)
        return cost;
    if (!last->known)
        return cost + fmax(0, last->bound_seconds);
    if (last->saving_seconds >= open_at_once_margin * cost)
        return 0;
    return cost + fmax(0, last->saving_seconds);
}

/* What the device could have saved on a call the CPU BLAS answered in `seconds` (see above),
 * predicted with the device's profile, name and driver (profile non-NULL; `opened`: an opened
 * device's, not the memo's or the kernel driver's guess, whose learned table may be another:
 * br_learn_factors), with what sending it there would have cost the CPU call after it, as
 * the decision has it (`side_prior`: the router's br_prediction). */
static double could_save(const struct br_call *call, double seconds,
                         const struct br_device_profile *profile, const char *name,
                         const char *driver, int opened, double side_prior)
{
    struct br_learned_factors learned = br_learn_factors(call, name, driver, opened);
    learned.device_side = br_learned_side_or_prior(learned.device_side, side_prior);
    const struct br_cpu_profile *cpu = br_routing_cpu_profile_known();
    struct br_prediction p = {0};
    if (cpu && br_decide_after_rules(call, profile, cpu, br_policy(), -1, 1, &learned, &p) ==
                   BR_ON_CPU)
        return 0;
    p = (struct br_prediction){0};
    double on_device = br_predict_device_seconds(call, profile, &p) * learned.device;
    return on_device > 0 ? fmax(0, seconds - on_device - learned.device_side) : 0;
}

static void count(_Atomic long long *sum, double seconds)
{
    atomic_fetch_add(sum, (long long)(seconds * 1e9));
}

/* The calls made while no device was known (a first process on a host), kept so that once
 * one is opened, what they could have saved is predicted with its profile, as for the calls
 * after: the memo then tells the next run what the device was worth over the whole run.
 * Counted as a bound alone, they were not believed: a numpy script whose largest products
 * came before the opening (0.57 s of its 0.8 s of savings on the H200) left a memo of 0.25 s,
 * and its next run waited for those products on the CPU again before opening. Beyond
 * UNKNOWN_CALLS_KEPT (a program that long has paid for the opening by then) they stay a bound. */
enum { UNKNOWN_CALLS_KEPT = 256 };
static struct unknown_call {
    struct br_call call; /* its shape: the prediction reads no matrix */
    double seconds, side_prior;
} unknown_calls[UNKNOWN_CALLS_KEPT];
static int unknown_count;
static pthread_mutex_t unknown_lock = PTHREAD_MUTEX_INITIALIZER;

static void keep_unknown_call(const struct br_call *call, double seconds, double side_prior)
{
    pthread_mutex_lock(&unknown_lock);
    if (unknown_count < UNKNOWN_CALLS_KEPT)
        unknown_calls[unknown_count++] = (struct unknown_call){*call, seconds, side_prior};
    pthread_mutex_unlock(&unknown_lock);
}

/* A call weighed without a device and not valued: its whole CPU time, as a bound and as what
 * it could have saved, kept to be valued later (revalue_kept_calls). */
static void keep_as_bound(const struct br_call *call, double seconds, double side_prior)
{
    count(&bound_ns, seconds);
    count(&unopened_ns, seconds);
    keep_unknown_call(call, seconds, side_prior);
}

/* The kept calls predicted with `profile` (a device's that can run double precision or not;
 * `opened`: the device named is open, could_save): they move from the bound to the savings,
 * and from the savings seen without a device to their prediction too when no device is open
 * yet (`unopened`). */
static void revalue_kept_calls(const struct br_device_profile *profile, const char *name,
                               const char *driver, int opened, int double_precision,
                               int unopened)
{
    pthread_mutex_lock(&unknown_lock);
    for (int i = 0; i < unknown_count; i++) {
        const struct unknown_call *u = &unknown_calls[i];
        if (u->call.precision != BR_S && u->call.precision != BR_C && !double_precision)
            continue; /* this device cannot run it: it stays a bound */
        double saved =
            could_save(&u->call, u->seconds, profile, name, driver, opened, u->side_prior);
        count(&saving_ns, saved);
        count(&bound_ns, -u->seconds);
        if (unopened)
            count(&unopened_ns, saved - u->seconds);
        atomic_store(&device_known, 1);
    }
    unknown_count = 0;
    pthread_mutex_unlock(&unknown_lock);
}

/* The first device-sized calls of a process pay one-off reads: the memos (the device's, the
 * program's, behind its command line), then for valuing them (could_save) the learned table
 * and the CPU's calibration (its key names the CPU's model: /proc/cpuinfo), each behind the
 * cache directory's making. Until those calls have taken value_after_seconds of CPU time, none
 * of it is read: the device is not worth opening yet (opening costs 0.3 s and more; a memo that
 * says open at once is read that much of the calls later), and the calls are kept at their
 * whole CPU time as with no device known, to be valued at once by the call that brings them
 * there, or at exit for the program's memo. A call predicted to take that long by itself
 * (br_warmup_hedge) and a LAPACK routine's question (br_warmup_devices_open's `asked`) read them
 * at once. On a host with no device memo and no GPU listed, the program's memo waits longer
 * (read_memos).
 * The reads are cold (code, files and pages first touched, OpenBLAS's threads still spinning
 * beside them): 0.7 to 1.1 ms inside the valuing call on the development machine with
 * BLASROUTE_DEVICE=cpu, where the same reads made again take a tenth of that (2026-12-07), and
 * 0.6 to 1.2 ms on the H200's host (2026-11-28). At 10 ms they were up to a tenth of the calls
 * so far: a reference dgesv 1024, whose device-sized calls take 17 ms, paid them in getrs's
 * first dtrsm and ran at 1.03 of cpu mode. At 25 ms (the mark at which the kernel driver's
 * guess is read, below) a program whose calls take less pays them at exit only, and one whose
 * calls take more pays at most a twenty-fifth of them; a memo that says open at once opens the
 * device 15 ms of calls later than at 10, for a program it saves at least the opening's cost. */
static const double value_after_seconds = 0.025;
static _Atomic long long unvalued_ns; /* the CPU time of the calls weighed so far, unvalued */
static _Atomic int valued;            /* they have taken value_after_seconds */

enum { KEEP_UNVALUED, VALUE, VALUE_WITH_KEPT };

/* Whether a call weighed without a device, which took `seconds`, is kept unvalued, valued, or
 * valued after the kept ones (it brings the calls weighed so far to value_after_seconds). */
static int valuation(double seconds)
{
    if (atomic_load_explicit(&valued, memory_order_relaxed))
        return VALUE;
    long long ns = (long long)(seconds * 1e9);
    long long all = atomic_fetch_add(&unvalued_ns, ns) + ns;
    if (all < (long long)(value_after_seconds * 1e9))
        return KEEP_UNVALUED;
    if (atomic_exchange(&valued, 1))
        return VALUE;
    br_verbose("warm-up: the device-sized calls have taken %.1f ms: weighed against the device "
               "from now on", (double)all * 1e-6);
    return VALUE_WITH_KEPT;
}

/* Device d (the first, whose profile could_save predicts with) just opened. */
static void revalue_unknown_calls(const struct br_device *d)
{
    const struct br_device_profile *profile = br_engine_profile_at(0);
    if (profile)
        revalue_kept_calls(profile, d->name, d->driver, 1, d->double_precision, 0);
}

/* --- the GPU the kernel driver lists: read when it can matter, off the caller's thread -- */

/* A first process on a host, with no memo of a device, predicts what its calls could save with
 * the profile of the GPU the kernel driver lists (gpu_guess.h) instead of their whole CPU time
 * (a dgesv of 4096 on the H200, 0.9 s, opened the device after half a second and lost the
 * opening, 0.33 s, to savings its profile predicts at a fraction of that). So the calls are
 * counted at their whole CPU time and kept (unknown_calls) until they have taken
 * guess_after_seconds: then the guess is read and the kept calls are predicted with it. Until
 * then nothing could open the device (the bound is far below what opening costs), and a
 * program whose device-sized calls take less than that never pays for the read.
 *
 * The read is made on a warm-up thread, not in the call that brings the calls there: reading
 * the NVIDIA driver's /proc file, finding the profile and valuing the kept calls took 0.7 to
 * 1.3 ms inside that call on the H200's host, in every process of a host whose device had not
 * been opened (2026-11-28), most of what a reference-LAPACK dpotrf 2048 (46 ms) lost to cpu
 * mode by its fastest runs. The calls made meanwhile are kept as bounds and valued when it
 * ends (value_call). A hedge, which needs the guess for its own call, reads it there or waits
 * for the thread (wait_for_guess); so does the program's memo at exit. */
static const double guess_after_seconds = 0.025;

static void guess_device(void)
{
    double from = br_seconds_now();
    if (br_gpu_guess(memo.vendor, sizeof memo.vendor, memo.name, sizeof memo.name) == 0) {
        snprintf(memo.type, sizeof memo.type, "GPU");
        memo.driver[0] = 0;
        memo.open_seconds = assumed_open_seconds;
        const struct br_device_profile *profile =
            br_routing_device_profile(memo.vendor, memo.name, memo.type);
        atomic_store(&memo_guessed, 1);
        atomic_store(&memo_device, profile);
        if (profile)
            revalue_kept_calls(profile, memo.name, memo.driver, 0, 1, 1);
        br_verbose("device: %s, listed by its kernel driver, predicts the savings until a "
                   "device is opened (read, found and the calls so far valued in %.3f ms)",
                   memo.name, (br_seconds_now() - from) * 1e3);
    }
    atomic_store(&guess_state, GUESS_READ); /* read once, found or not */
}

/* The read as a warm-up thread's job (warmup_threads.h). */
static void read_guess(int unused, enum br_precision unused_precision)
{
    (void)unused;
    (void)unused_precision;
    guess_device();
}

/* Takes the read on (1) if nobody has: the caller then reads it, here or on a thread. */
static int take_guess(void)
{
    int wanted = GUESS_WANTED;
    return atomic_load_explicit(&guess_state, memory_order_relaxed) == GUESS_WANTED &&
           atomic_compare_exchange_strong(&guess_state, &wanted, GUESS_READING);
}

/* The guess, started on a warm-up thread if it is wanted and the calls weighed so far
 * (`seconds` of them at their whole CPU time) make it matter; read here where the warm-up
 * starts no thread (a child of fork; BLASROUTE_WARMUP other than background). */
static void guess_if_it_matters(double seconds)
{
    if (seconds < guess_after_seconds || !take_guess())
        return;
    if (br_env()->warmup == BR_WARMUP_BACKGROUND &&
        !atomic_load_explicit(&forked, memory_order_relaxed))
        br_warmup_start(read_guess, 0, BR_D);
    else
        guess_device();
}

/* Until no thread reads the guess, at most 2 s: a driver file that does not answer leaves the
 * guess unread, and the calls bounds. */
static void wait_for_guess(void)
{
    for (int i = 0; i < 20000 && atomic_load(&guess_state) == GUESS_READING; i++)
        usleep(100);
}

int br_warmup_open_and_remember(const volatile double *paused)
{
    if (!atomic_flag_test_and_set(&opening))
        open_devices(paused);
    return br_engine_count();
}

int br_warmup_devices_open(int asked)
{
    if (br_likely(br_engine_discovered()))
        return 1;
    if (br_env()->warmup != BR_WARMUP_WAIT) {
        if (!asked && !atomic_load_explicit(&valued, memory_order_relaxed))
            return 0; /* not before the calls weighed so far are valued (value_after_seconds) */
        pthread_once(&memo_once, read_memos);
        double seen = (double)atomic_load(&unopened_ns) * 1e-9;
        double ahead = (double)atomic_load(&ahead_ns) * 1e-9;
        /* Below the threshold with no memo (what opening costs: read_memos), below any. */
        if (program_memo_deferred &&
            (atomic_load(&in_sweep) ? ahead : seen + ahead) < expected_open_seconds())
            return 0;
        pthread_once(&program_memo_once, read_program_memo);
        double threshold = br_warmup_open_threshold(
            expected_open_seconds(),
            last_run_found ? &last_run : NULL, memo_guessed ? first_compile_cost_seconds : 0);
        /* Inside a blocked sweep, what its steps ahead can save once the device is ready
         * decides alone: savings forgone on its first steps do not make its last ones pay
         * for the opening (a dgetrf 8192 opened at column 2750 and a dpotrf 8192 at 5248,
         * each ended before its compile did and lost 1.0 and 1.1 s to cpu mode). */
        if (threshold > 0 && (atomic_load(&in_sweep)
                                  ? ahead < threshold
                                  : seen + (last_run_found ? 0 : ahead) < threshold))
            return 0;
    }
    if (br_env()->warmup == BR_WARMUP_BACKGROUND &&
        !atomic_load_explicit(&forked, memory_order_relaxed)) {
        /* Opened on a warm-up thread, the calls going to the CPU BLAS (the long ones begun
         * there while the device gets ready: br_warmup_hedge) until it is open. In the call
         * that found the opening paid, the opening took a dpotrf 8192 0.4 to 0.97 s for a
         * call the CPU then answered anyway (its first panel's dtrsm, 0.3 ms in cpu mode;
         * H200, 2026-11-27): inside a call, the opening is a stall of its whole length, and
         * beside the calls it costs them at most about as much (above). */
        if (!atomic_exchange(&background_started, 1))
            br_warmup_start(open_only, 0, BR_D);
        return br_engine_discovered();
    }
    br_warmup_open_and_remember(NULL); /* or waits for another thread's opening */
    return 1;
}

int br_warmup_opening(void)
{
    return atomic_load(&background_started) && !br_engine_discovered();
}

/* --- opening at load: when the program's memo says it pays at once ------------------- */

/* A program whose last run here the device paid for at once (its memo's saving at least
 * open_at_once_margin times the opening's cost: br_warmup_open_threshold 0) opened it at its
 * first device-sized calls, on a warm-up thread beside them, and those calls paid for it: the
 * driver's work reaches the whole process (above), and a reference dgesv 8192 on an H100's
 * host lost 0.23 to 0.33 s of CPU calls made during the opening (its 770 calls 0.36 s against
 * 0.14 in cpu mode), the largest single cost of a run that opened the device, whose solves
 * then saved 0.56 s (2026-12-07, profiles/measured/2026-12-07-s36). Such a program opens it
 * at load instead, before its first call, while it reads or makes its data, and builds there
 * the device programs its last run built (the memo's precisions; a load from the binary cache
 * stalls the process as the opening does: README).
 *
 * Deciding that at load means reading the environment then, where blasroute otherwise reads it
 * at the first call (env.h): the decision peeks at it (br_env_peek: no warning, nothing kept),
 * and only where it opens are the settings read, then, as the CPU BLAS (OpenBLAS) reads its own
 * at load. A program that sets a BLASROUTE_* variable after its start
 * (R's .Renviron, os.environ after numpy's import) is told so at exit, and its memo no longer
 * says to open at load: its next run reads its settings at the first call as usual. A run
 * that opened at load and made no device-sized call in auto mode (another mode, a short run)
 * leaves a memo that says the device saved nothing, so the next one does not open at load. */
static _Atomic int opened_at_load;
static unsigned precisions_at_load; /* the memo's: the programs to build at load */
static uint64_t variables_at_load;  /* br_env_variables() when the settings were read */

static void open_and_build_at_load(int unused, enum br_precision unused_precision)
{
    (void)unused;
    (void)unused_precision;
    br_verbose("warm-up: this program's last run here was paid for by the device: opening it "
               "at load");
    int found = br_warmup_open_and_remember(NULL);
    for (int i = 0; i < found && i < BR_MAX_DEVICES; i++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            if (precisions_at_load & 1u << p)
                br_warmup_build_here(i, (enum br_precision)p);
}

/* Whether settings read at load (`env`: the mode as far as the environment says, the warm-up
 * and learning) let a program open the device then, whatever its memos say: checked before
 * they are read, so that a process in another mode reads no file at load. */
static int settings_allow_opening_at_load(const struct br_env *env)
{
    return (!env->mode_set || env->mode == BR_MODE_AUTO) &&
           env->warmup == BR_WARMUP_BACKGROUND && env->learn;
}

/* Pure: whether a program opens the device at load, given settings read then and the memos of
 * the device (what opening took) and of its last run here (NULL where either is missing). */
int br_warmup_opens_at_load(const struct br_env *env, const struct br_device_memo *device,
                            const struct br_program_memo *last)
{
    if (!settings_allow_opening_at_load(env) || !device || !last || !last->known)
        return 0;
    return br_warmup_open_threshold(device->open_seconds, last, 0) == 0;
}

__attribute__((constructor)) static void open_at_load(void)
{
    struct br_env now;
    br_env_peek(&now);
    struct br_device_memo device;
    struct br_program_memo last;
    if (!settings_allow_opening_at_load(&now) || br_device_memo_read_for(&now, &device) != 0 ||
        br_program_memo_read_for(&now, &last) != 0 ||
        !br_warmup_opens_at_load(&now, &device, &last))
        return;
    br_env(); /* the settings, read now: those the opening and the calls go by */
    variables_at_load = br_env_variables();
    precisions_at_load = last.precisions;
    atomic_store(&opened_at_load, 1);
    atomic_store(&background_started, 1);
    keep_memo_at_exit();
    br_warmup_start(open_and_build_at_load, 0, BR_D);
}

/* --- the CPU begins while the device gets ready -------------------------------------- */

/* The rule above makes a first run pay twice for a program whose first call is its largest: a
 * numpy script's dgemm of 8192 (1.77 s on the H200's host's CPU BLAS, 0.13 s on the device)
 * ran on the CPU while its savings were only on paper, the device opened inside its second
 * call (0.86 s) and the sixth waited 1.1 s for the compile: 14.3 s in auto mode against 11.5
 * in device mode, opening and compile included (2026-11-26, profiles/measured/
 * 2026-11-26-issue20-s7). Such a call tells by itself that the device pays: so a call that the
 * device (the memo's, or the one the kernel driver lists) is predicted to answer in less than
 * hedge_device_share of its CPU time, and that the CPU is predicted to take at least what
 * opening costs, has the device opened and its program built on a warm-up thread while the
 * CPU BLAS begins it in pieces; the rest goes where the decision sends it once the device is
 * ready (route.c). Its cost, should the device never get ready in time, is the opening beside
 * one call that long (the driver's work slows the whole process about as long as it lasts,
 * above): the price the rule pays anyway, once, for any program that saves. Not with a memo
 * saying the device did not pay this program, and never for calls of the size of a blocked
 * factorization's (the rule weighs those: a dgetrf 8192's largest product is 14 ms). The same
 * numpy script's first run then took 12.3 and 12.6 s against 12.0 and 11.7 in device mode and
 * 13.5 and 14.7 with the rule alone (profiles/measured/2026-11-26-issue20-s8). */
static const double hedge_device_share = 0.5;
static atomic_flag hedge_started = ATOMIC_FLAG_INIT;

int br_warmup_hedge(const struct br_call *call, double side_prior, double *cpu_seconds)
{
    if (br_env()->warmup != BR_WARMUP_BACKGROUND ||
        atomic_load_explicit(&forked, memory_order_relaxed))
        return 0;
    /* Before the calls weighed so far are valued, only a call predicted to take
     * value_after_seconds by itself, by a tuned CPU profile or else by the built-in estimates
     * (faster than the hosts measured). */
    if (!atomic_load_explicit(&valued, memory_order_relaxed)) {
        const struct br_cpu_profile *tuned = br_routing_cpu_profile_tuned();
        if (br_predict_cpu_seconds(call, tuned ? tuned : br_routing_cpu_profile_provisional()) <
            value_after_seconds)
            return 0;
    }
    pthread_once(&memo_once, read_memos);
    /* Before the kernel driver's guess is read, a call long enough to hedge has it read: one
     * the built-in estimates (faster than the hosts measured) put at a tenth of the opening's
     * cost may take the CPU that cost (a host a few times under them, a cold cache). */
    int guess = atomic_load_explicit(&guess_state, memory_order_relaxed);
    if ((guess == GUESS_WANTED || guess == GUESS_READING) &&
        br_predict_cpu_seconds(call, br_routing_cpu_profile_provisional()) >=
            0.1 * assumed_open_seconds) {
        if (take_guess())
            guess_device();
        else
            wait_for_guess(); /* a thread's read, begun by earlier calls: a millisecond */
    }
    if (!memo_device)
        return 0; /* no device known to predict with: the rule's bound decides */
    double open_seconds = expected_open_seconds();
    pthread_once(&program_memo_once, read_program_memo);
    if (last_run_found && last_run.known && last_run.saving_seconds < open_seconds)
        return 0;
    /* The CPU's profile as could_save has it: a tuned or cached one, else the built-in
     * estimates (faster than the hosts measured: a hedge leans to not happening). Not the one
     * the program's calls measure: asking for it would settle it from the first four, and
     * keep that for the next process, before the device was ever opened. */
    const struct br_cpu_profile *cpu = br_routing_cpu_profile_known();
    double on_cpu = br_predict_cpu_seconds(call, cpu ? cpu : br_routing_cpu_profile_provisional());
    if (!(on_cpu >= open_seconds))
        return 0;
    double saved = could_save(call, on_cpu, memo_device, memo.name, memo.driver, 0, side_prior);
    if (!(saved > (1 - hedge_device_share) * on_cpu))
        return 0;
    if (!atomic_flag_test_and_set(&hedge_started)) {
        br_verbose("warm-up: the device opens on a thread of its own while the CPU BLAS begins "
                   "a %s call predicted at %.3f s there, %.3f s on the device",
                   br_family_name(call->family), on_cpu, on_cpu - saved);
        br_warmup_start(open_and_build, 0, call->precision);
    }
    *cpu_seconds = on_cpu;
    return 1;
}

/* The device a call's savings are predicted with: the opened device `engine`, or before any
 * is opened (-1) the memo's (NULL: none known); its name and driver for what was learned. */
static const struct br_device_profile *predicting_device(int engine, const char **name,
                                                        const char **driver)
{
    if (engine >= 0) {
        const struct br_device *d = br_engine_device_at(engine);
        *name = d ? d->name : "";
        *driver = d ? d->driver : "";
        return br_engine_profile_at(engine);
    }
    pthread_once(&memo_once, read_memos);
    *name = memo.name;
    *driver = memo.driver;
    return memo_device;
}

/* The program's memo is kept at exit (registered once). */
static void keep_memo_at_exit(void)
{
    static atomic_flag registered = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&registered))
        atexit(keep_program_memo);
}

/* A device-sized call was weighed: the program's memo is kept at exit. */
static void weighed(void)
{
    static atomic_flag first = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&first)) {
        keep_memo_at_exit();
        atomic_store(&first_weighed_ns, (long long)(br_seconds_now() * 1e9));
    }
    if (!atomic_load_explicit(&forked, memory_order_relaxed))
        atomic_store(&program_weighed, 1);
}

void br_warmup_hedge_took(const struct br_call *call, double side_prior, double seconds)
{
    weighed();
    /* Not taken as a measure of the CPU BLAS: the call ran in pieces beside the device's
     * opening and build, which on a machine's first opening of its GPU took the CPU for
     * seconds. On the H200 (2026-11-26) such calls, taken in, made a calibration 32 times under
     * the CPU's rate, kept in the cache for every later process, which then put sgemm 256 on
     * the device at a third of the CPU's speed. */
    /* What the device would have saved on the whole call had it been ready: the call's time
     * (its part on the device included) against the device's prediction. Counted as a device
     * call's saving, against the CPU's prediction, a hedged dgemm of 8192 would have saved less
     * than nothing (the built-in estimates predict 1.2 s, the hedged call took 1.7 to 2.4), and
     * the next run would not have opened the device for it (tests/warmup.sh 14). */
    const char *name, *driver;
    int engine = br_engine_discovered() && br_engine_device_at(0) ? 0 : -1;
    const struct br_device_profile *profile = predicting_device(engine, &name, &driver);
    if (!profile)
        return;
    count(&saving_ns,
          could_save(call, seconds, profile, name, driver, engine >= 0, side_prior));
    atomic_store(&device_known, 1);
}

/* The CPU's cells learn (policy/learn.h) from the CPU calls the decision makes once a device
 * is open, and until session 37 from no other: in a run that never opened the device, or
 * before it opened, nothing was taught, and a cell whose calls go to the device whenever it is
 * open was never taught at all. A reference dgesv 8192 on an H100's host sent its two solves,
 * dtrsm(8192, 2048), to the device in every run that opened it, the CPU predicted at 160 ms
 * each where the CPU BLAS takes 322 to 328 (its TRSM at 0.4 of its GEMM rate), and that run's
 * memo said the device saved 0.09 s where it saved 0.36: the next runs kept every call on the
 * CPU (2026-12-07, profiles/measured/2026-12-07-s37). So a steady CPU call valued before a
 * device is open teaches its CPU cell too: under a memo's device only (its name and driver key
 * the learned table as after its opening: not the kernel driver's guess, whose driver is
 * unknown), against a CPU profile known without this process's calls (tuned or cached), with
 * what the cell was taught in the trace. */
static void teach_cpu_before_opening(const struct br_call *call, double seconds,
                                     struct br_prediction *p)
{
    if (!memo_found || atomic_load(&memo_guessed))
        return;
    const struct br_cpu_profile *cpu = br_routing_cpu_profile_known();
    if (cpu)
        p->taught = br_learn_record(call, BR_LEARN_CPU, br_predict_cpu_seconds(call, cpu),
                                    seconds, 0);
}

/* br_warmup_took's valuation of a call weighed without a device (`value`: valuation's;
 * `steady`: br_warmup_took's). */
static void value_call(const struct br_call *call, int engine, struct br_prediction *p,
                       double seconds, int value, int steady)
{
    if (value == KEEP_UNVALUED) {
        keep_as_bound(call, seconds, p->side_prior);
        return;
    }
    const char *name, *driver;
    const struct br_device_profile *profile = predicting_device(engine, &name, &driver);
    /* A device never opened on this host: a helper gets it ready for the next run (prepare.h),
     * whether or not this run ends up opening it. */
    if (engine < 0 && !memo_found &&
        !atomic_load_explicit(&forked, memory_order_relaxed))
        br_prepare_next_run();
    if (!profile) {
        /* No device known to predict it: at most the whole call, until one is opened. */
        if (engine >= 0) {
            count(&bound_ns, seconds);
            return;
        }
        keep_as_bound(call, seconds, p->side_prior);
        guess_if_it_matters((double)atomic_load(&unopened_ns) * 1e-9);
        /* A guess read on its thread since predicting_device looked valued the calls kept
         * then, maybe not this one: it is valued now, as they were. */
        const struct br_device_profile *guessed = atomic_load(&memo_device);
        if (guessed)
            revalue_kept_calls(guessed, memo.name, memo.driver, 0, 1, 1);
        return;
    }
    if (value == VALUE_WITH_KEPT)
        revalue_kept_calls(profile, name, driver, 0, 1, 1); /* engine < 0 here */
    double saved = could_save(call, seconds, profile, name, driver, engine >= 0, p->side_prior);
    if (engine < 0 && steady) /* after could_save, which keyed the learned table */
        teach_cpu_before_opening(call, seconds, p);
    atomic_store(&device_known, 1);
    count(&saving_ns, saved);
    if (engine < 0) {
        count(&unopened_ns, saved);
        pthread_once(&memo_once, read_memos);
        double ready = expected_open_seconds() + (memo_guessed ? first_compile_seconds : 0);
        double now = br_seconds_now();
        int settled =
            now - (double)atomic_load(&first_weighed_ns) * 1e-9 >= sweep_settle_seconds;
        pthread_mutex_lock(&sweeps_lock);
        struct br_sweep_ahead ahead = br_sweep_work_ahead(&sweeps, call, now);
        atomic_store(&in_sweep, ahead.work > 0);
        double all =
            br_sweep_projection(&sweeps, &ahead, br_call_volume(call), saved, settled, ready);
        pthread_mutex_unlock(&sweeps_lock);
        atomic_store(&ahead_ns, (long long)(all * 1e9));
    }
}

void br_warmup_took(const struct br_call *call, int engine, struct br_prediction *p,
                    int on_device, int steady, double seconds)
{
    weighed();
    if (on_device) {
        /* The CPU's prediction with what was learned, against what the device took. */
        if (p->cpu_seconds > 0) {
            count(&saving_ns, p->cpu_seconds - seconds);
            atomic_store(&device_known, 1);
        }
        return;
    }
    /* `steady` is not a call made beside a warm-up thread (the devices opening, a program
     * compiling; the router asks br_warmup_busy at its start and end): such a call measured
     * the CPU BLAS sharing the cores with the driver's work, as a calibration
     * run beside the opening once did (dgemm at 9 GFLOP/s, 130 true: above). On the H200's
     * host (2026-11-27) the CPU profile a rank-k sweep's first process left from its calls
     * put sgemm and dgemm at 0.038 and 0.017 of the built-in rates, and ssyrk 8192 x 64,
     * predicted at 168 ms on the CPU (which takes 10 to 17), went to the device (24 to 31);
     * calls beside its opening are the likeliest cause (the same process run again, twice,
     * measured 0.52 and 0.55). */
    if (steady)
        br_routing_cpu_observe(call, seconds);
    if (p->cpu_seconds > 0 && p->device_seconds > 0) {
        /* The decision weighed both and kept it on the CPU: nothing the device saves. */
        atomic_store(&device_known, 1);
        return;
    }
    if (engine < 0 && br_engine_discovered())
        return; /* opened, and no device can run it */
    int value = engine >= 0 ? VALUE : valuation(seconds);
    /* The call that brings the calls to value_after_seconds pays the one-off reads (above):
     * what they took inside it, for BLASROUTE_VERBOSE (0.6 to 1.2 ms of a reference dpotrf
     * 2048's 20 ms on the H200's host, by its fastest runs, 2026-11-28). */
    double reads_from = value == VALUE_WITH_KEPT ? br_seconds_now() : 0;
    value_call(call, engine, p, seconds, value, steady);
    if (reads_from > 0)
        br_verbose("warm-up: the reads that valued them took %.3f ms inside the call",
                   (br_seconds_now() - reads_from) * 1e3);
}

/* At exit: what the device was worth to this run, for the next run of the same command. */
static void keep_program_memo(void)
{
    if (atomic_load(&opened_at_load) && !atomic_load_explicit(&forked, memory_order_relaxed)) {
        /* Opened at load (open_at_load): a run whose settings changed after that, or that made
         * no device-sized call in auto mode, tells the next run not to open at load. */
        int changed = br_env_variables() != variables_at_load;
        if (changed)
            br_warn("a BLASROUTE_* variable was set or changed by the program after it started; "
                    "this run read them at its start, where it opened the device on the memo "
                    "of its last run (its next run reads them at its first call): set them "
                    "before the program starts");
        if (changed || !atomic_load(&program_weighed)) {
            if (br_env()->learn)
                br_program_memo_write(&(struct br_program_memo){.known = 1});
            return;
        }
    }
    if (!atomic_load(&program_weighed))
        return;
    wait_for_guess(); /* the memo values the calls with it */
    /* The CPU BLAS as the program's calls measured it, kept for the next process (which then
     * decides with it from its first call) even where the device never opened. */
    br_routing_cpu_profile_from_calls();
    if (!br_env()->learn)
        return;
    /* Calls too short to have been valued (value_after_seconds) are valued now, out of any
     * call of the program's: a short program's memo says what the device would have saved, and
     * a device never opened here gets its helper as at a valued call (br_warmup_took). */
    if (!atomic_exchange(&valued, 1)) {
        br_verbose("warm-up: the device-sized calls took %.1f ms in all, valued at the end",
                   (double)atomic_load(&unvalued_ns) * 1e-6);
        const char *name, *driver;
        const struct br_device_profile *profile = predicting_device(-1, &name, &driver);
        if (profile)
            revalue_kept_calls(profile, name, driver, 0, 1, 0);
        if (!memo_found)
            br_prepare_next_run();
    }
    struct br_program_memo kept = {.saving_seconds = (double)atomic_load(&saving_ns) * 1e-9,
                                   .bound_seconds = (double)atomic_load(&bound_ns) * 1e-9,
                                   .known = atomic_load(&device_known),
                                   .precisions = br_warmup_precisions_built()};
    br_program_memo_write(&kept);
    /* A run the device would have paid for, on a host where it was never opened: the next run
     * opens it at its first call only with a memo of it and its programs compiled, which the
     * helper gets ready meanwhile (prepare.h). Paid for: what the calls would have saved is at
     * least the opening's assumed cost. The next run weighs them against the opening the
     * helper measured, with its margin (open_at_once_margin): with that margin here too, on
     * the assumed cost (0.5 s, the H200's host opens in 0.33), a reference dpotrf 8192 whose
     * products would have saved 0.55 s left no helper, and its later runs never opened the
     * device, which saves them 0.3 to 0.45 s of 1.4 (2026-11-27). */
    if (!kept.known || br_engine_discovered())
        return;
    pthread_once(&memo_once, read_memos);
    if (!memo_found && kept.saving_seconds >= expected_open_seconds())
        br_prepare_after_run();
}

const struct br_cpu_profile *br_warmup_cpu_profile(void)
{
    if (br_likely(br_routing_cpu_profile_loaded()))
        return br_routing_cpu_profile();
    if (br_env()->warmup == BR_WARMUP_WAIT)
        return br_routing_cpu_profile();
    /* A tuned profile or a cached calibration is only a file to read: no thread for it. */
    const struct br_cpu_profile *known = br_routing_cpu_profile_known();
    if (known)
        return known;
    /* The program's own calls to the CPU BLAS, made before the device was opened, measured
     * it already: no calibration run beside the program's calls. */
    const struct br_cpu_profile *observed = br_routing_cpu_profile_from_calls();
    if (observed)
        return observed;
    /* Not measured yet: the built-in estimates decide meanwhile, while the program's own
     * GEMM calls measure it. No calibration runs beside the program. One did, on a thread of
     * its own, until 2026-11-26: on the H200's host it made two callers of the CPU BLAS at
     * once (a cold dgeqrf 8192's product took 0.93 s instead of 0.05), and one that ran while
     * the device opened measured dgemm at 9 GFLOP/s (130 true), was kept, and sent the next
     * runs' products to the device at any size. */
    return br_routing_cpu_profile_provisional();
}

/* A warm-up thread of the parent is not in the child: what it was doing starts again there if
 * the child needs it (a device the parent opened is not used in the child at all). */
void br_warmup_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&unknown_lock, stage);
    br_fork_lock(&sweeps_lock, stage);
    br_warmup_threads_at_fork(stage);
    if (stage != BR_FORK_CHILD)
        return;
    atomic_store(&forked, 1);
    atomic_store(&program_weighed, 0);
    int reading = GUESS_READING; /* the parent's thread reading it is not here */
    atomic_compare_exchange_strong(&guess_state, &reading, GUESS_WANTED);
}
