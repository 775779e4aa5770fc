/* The router: where each Level-3 call is answered. Scaling-only calls (alpha = 0, k = 0) are
 * answered by blasroute itself with the reference's exact semantics; products go to the OpenCL
 * device when the mode and the call allow it, else to the CPU BLAS. The device path never
 * returns a wrong or missing result: what it cannot do, the CPU BLAS does. */
#include "route.h"

#include <stdio.h>
#include <stdlib.h>

#include "cpu_level3.h"
#include "cpu_threads.h"
#include "engine/engine.h"
#include "env.h"
#include "hybrid.h"
#include "policy/spread.h"
#include "policy/decide.h"
#include "policy/learn_store.h"
#include "policy/routing.h"
#include "scale.h"
#include "stats.h"
#include "warmup.h"
#include "warmup_threads.h"

/* How deep the current thread is inside blasroute's Level 3. A CPU BLAS that calls a Level-3
 * routine through the dynamic linker lands here again; that is legitimate once or twice (a
 * wrapper library), but an unbounded chain means the "CPU BLAS" forwards to blasroute itself. */
static BR_THREAD_LOCAL int route_depth;
enum { ROUTE_DEPTH_LIMIT = 8 };

/* The devices in use that can run a call (double precision where it needs it), in the
 * engine's order, with their profiles: at most 8, and room for the CPU's worker after them. */
struct devices {
    int weighed; /* auto mode, and the rules let the call reach a device: its time tells the
                    warm-up what the device is worth (warmup.h) */
    int building; /* the model chose the device, whose program was still being built: the call
                     ran on the CPU, and its time teaches the CPU's cell (as disturbed: the
                     build ran beside it) */
    int provisional_cpu; /* the CPU's prediction came from the built-in estimates: a CPU time
                            teaches no cell (the learned factors correct a measured profile) */
    int hedged; /* the CPU BLAS begins the call while the device gets ready (warmup.h) */
    unsigned kind; /* a call's past the rules (policy/learn.h: br_learn_kind), for
                      cpu_threads.h; 0 for one the rules settled on the CPU */
    int count;
    int engines[BR_SPREAD_MAX_WORKERS];
    const struct br_device_profile *profiles[BR_SPREAD_MAX_WORKERS];
};

static void devices_in_use(const struct br_call *call, struct devices *in_use)
{
    int found = br_engine_count();
    int needs_double = call->precision == BR_D || call->precision == BR_Z;
    in_use->count = 0;
    for (int i = 0; i < found && in_use->count < BR_SPREAD_MAX_WORKERS - 1; i++) {
        const struct br_device *d = br_engine_device_at(i);
        if (d && (d->double_precision || !needs_double)) {
            in_use->engines[in_use->count] = i;
            in_use->profiles[in_use->count++] = br_engine_profile_at(i);
        }
    }
}

/* Whether every device in use has its program for the call's precision (building those that
 * have not, on warm-up threads). */
static int programs_ready(const struct br_call *call, const struct devices *in_use)
{
    int ready = 1;
    for (int i = 0; i < in_use->count; i++)
        ready &= br_warmup_device_ready(in_use->engines[i], call->precision);
    return ready;
}

/* Where a call runs (`asked`: where it would, for a LAPACK routine deciding its path: warmup.h):
 * the policy's mode, then in auto mode the pure decision on the profiles of the devices that
 * can run it and the CPU's. The cheap tests come first, so that small calls
 * cost a few nanoseconds and never touch OpenCL; `in_use` is found only after them. */
static enum br_where choose(const struct br_call *call, int asked, struct devices *in_use,
                            struct br_prediction *prediction)
{
    in_use->weighed = 0;
    in_use->building = 0;
    in_use->provisional_cpu = 0;
    in_use->hedged = 0;
    in_use->kind = 0;
    in_use->count = 0;
    /* The engine indexes with 32-bit integers: a call of the 64-bit names beyond them stays on
     * the CPU (whose BLAS for those names takes 64-bit ones). */
    if (br_unlikely(!br_call_fits_32_bits(call))) {
        prediction->reason = "integers beyond 32 bits";
        return BR_ON_CPU;
    }
    const struct br_policy *policy = br_policy();
    int settled = br_decide_by_rules(call, policy, prediction);
    if (settled == BR_ON_CPU)
        return BR_ON_CPU;
    /* The library that answers these names on the CPU is the program's CPU BLAS: the one
     * whose threads a device call lowers, and whose rates the CPU profile holds (under pip
     * numpy, its bundled OpenBLAS; not blasroute's own, which none of its calls reach). Set
     * here for every call past the rules, before anything asks for the CPU's profile. */
    br_cpu_threads_names_used(call->names);
    br_routing_calibrate_names(call->names);
    /* A call made while this thread holds a device for a LAPACK factorization (the program's
     * own LAPACK factoring a panel): that device, or a spread's, would wait for this thread. */
    if (br_unlikely(br_engine_in_session())) {
        prediction->reason = "inside a device session of this thread";
        return BR_ON_CPU;
    }
    /* Auto mode opens the devices when that pays (warmup.h); the modes that force a device
     * open them now. */
    in_use->weighed = settled < 0;
    /* Its kind, for cpu_threads.h (a forced device call's too: br_cpu_threads_keep_lowered);
     * and what a device call would cost the CPU BLAS's call after it, before its cell learned
     * that: for the decision, and for the warm-up's valuation of a call kept on the CPU. */
    in_use->kind = br_learn_kind(call);
    if (settled < 0)
        prediction->side_prior = br_cpu_threads_side_prior(in_use->kind);
    if (settled < 0 && !br_warmup_devices_open(asked)) {
        in_use->hedged = br_warmup_hedge(call, prediction->side_prior,
                                          &prediction->cpu_seconds);
        prediction->reason = in_use->hedged       ? "the CPU begins while the device gets ready"
                             : br_warmup_opening() ? "the device is being opened"
                                                   : "the device is not worth opening yet";
        return BR_ON_CPU;
    }
    devices_in_use(call, in_use);
    if (settled == BR_ON_DEVICE)
        return BR_ON_DEVICE;
    /* Before the profiles: without a device the CPU BLAS need not be calibrated. */
    if (in_use->count == 0 || !in_use->profiles[0]) {
        prediction->reason = "no device";
        return BR_ON_CPU;
    }
    /* The CPU's profile (the built-in estimates until the program's calls measure it), then
     * (for a call the model sends to a device) every device's program, got ready on a thread
     * of its own while the CPU BLAS answers (warmup.h). All devices at once: a call may be
     * spread over them. */
    const struct br_cpu_profile *cpu = br_warmup_cpu_profile();
    in_use->provisional_cpu = cpu == br_routing_cpu_profile_provisional();
    const struct br_device *device = br_engine_device_at(in_use->engines[0]);
    struct br_learned_factors learned =
        device ? br_learn_factors(call, device->name, device->driver, 1)
               : (struct br_learned_factors){.cpu = 1, .device = 1};
    learned.device_side = br_learned_side_or_prior(learned.device_side, prediction->side_prior);
    enum br_where where = br_decide_after_rules(call, in_use->profiles[0], cpu, policy, settled,
                                                in_use->count, &learned, prediction);
    if (where == BR_ON_CPU)
        return BR_ON_CPU;
    int ready = programs_ready(call, in_use);
    int cached = 1;
    for (int i = 0; !ready && i < in_use->count; i++)
        cached &= br_warmup_program_cached(in_use->engines[i], call->precision);
    if (!ready &&
        br_warmup_worth_waiting(prediction->cpu_seconds, prediction->device_seconds, cached)) {
        for (int i = 0; i < in_use->count; i++)
            br_warmup_device_wait(in_use->engines[i], call->precision);
        ready = 1;
    }
    if (!ready) {
        /* Not a choice of the model's: nothing to learn, nothing to explore. */
        prediction->device_seconds = 0;
        prediction->reason = "the device's program is being built";
        in_use->building = 1;
        return BR_ON_CPU;
    }
    return where;
}

/* Whether the model chose the CPU or the device alone (auto mode, both predicted): the calls
 * whose times teach it. A hybrid run it weighed and turned down (hybrid_seconds set) does not
 * change that: the call still ran on one of the two. */
static int model_chose(const struct br_prediction *p, enum br_where where)
{
    return where != BR_ON_HYBRID && p->cpu_seconds > 0 && p->device_seconds > 0;
}

/* Runs a spread and says how it went: a spread that left the devices nothing ran on the CPU
 * alone, one that left the CPU nothing on the devices alone, and is reported as such; the
 * prediction learns how many devices had a part. */
static enum br_path run_spread(const struct br_spread *spread, const int *engines,
                               struct br_prediction *prediction)
{
    int all_on_device = br_run_spread(spread, engines);
    int devices_used = 0, cpu_used = 0;
    for (int w = 0; w < spread->workers; w++) {
        if (spread->parts[w].count == 0)
            continue;
        if (engines[w] == BR_WORKER_CPU)
            cpu_used = 1;
        else
            devices_used++;
    }
    prediction->devices = devices_used;
    if (devices_used == 0)
        return BR_PATH_CPU;
    if (!all_on_device)
        return BR_PATH_FALLBACK;
    if (cpu_used)
        return BR_PATH_HYBRID;
    return devices_used > 1 ? BR_PATH_SPREAD : BR_PATH_DEVICE;
}

/* A call for the device: on the first that can run it, or spread over all of them when the
 * model predicts that faster (BLASROUTE_TEST_SPREAD: always). Auto mode's prediction is the
 * first one's. */
static enum br_path run_on_devices(const struct br_call *call, const struct devices *in_use,
                                   struct br_prediction *prediction)
{
    struct br_spread spread;
    if (in_use->count > 1 && br_decide_spread(call, in_use->profiles, in_use->count,
                                              br_env()->test_spread, &spread, prediction))
        return run_spread(&spread, in_use->engines, prediction);
    /* No device: index -1, declined, and the CPU BLAS answers. */
    int engine = in_use->count > 0 ? in_use->engines[0] : -1;
    return br_run_on_engine(engine, call) ? BR_PATH_DEVICE : BR_PATH_FALLBACK;
}

/* A hybrid run: the devices' share of the work spread over them, the rest to the CPU BLAS (the
 * last worker), cut by br_hybrid_cut as the model predicts it. With several devices, the
 * decision left the share to be picked here. */
static enum br_path run_hybrid(const struct br_call *call, struct devices *in_use,
                               struct br_prediction *prediction)
{
    /* choose() found at least one device with a profile. */
    int count = in_use->count;
    if (!(prediction->device_share >= 0)) {
        const struct br_cpu_profile *cpu = br_routing_cpu_profile();
        prediction->device_share =
            br_hybrid_share_over(call, in_use->profiles, count, cpu, br_policy());
        prediction->hybrid_seconds = br_predict_hybrid_seconds_over(
            call, in_use->profiles, count, cpu, prediction->device_share, &prediction->bytes_up,
            &prediction->bytes_down);
    }
    in_use->engines[count] = BR_WORKER_CPU;
    struct br_spread spread;
    br_hybrid_cut(call, in_use->profiles, count, prediction->device_share, &spread);
    /* The CPU's part keeps the CPU BLAS's threads (cpu_threads.h): the cut assumed them. */
    br_cpu_threads_restore();
    atomic_fetch_add(&br_cpu_threads_hybrid_runs, 1);
    enum br_path path = run_spread(&spread, in_use->engines, prediction);
    atomic_fetch_sub(&br_cpu_threads_hybrid_runs, 1);
    return path;
}

/* Returns the share of the CPU BLAS's thread count the call ran on: below 1 on the lowered
 * count (cpu_threads.h). `kind`: the call's, 0 for a try or a call not weighed. */
static double run_on_cpu(const struct br_call *call, double predicted_seconds, unsigned kind)
{
    br_cpu_threads_woke = 0;
    double lowered = br_cpu_threads_before_cpu_call(predicted_seconds, kind);
    double share = lowered > 0 ? br_cpu_threads_lowered_share() : 1;
    br_cpu_level3(call);
    br_cpu_threads_after_cpu_call(lowered);
    return share;
}

/* How a routed call went, for learning: what it took, on what share of the CPU BLAS's threads
 * (a CPU call), whether something outside it may have slowed it (`disturbed`: the CPU BLAS's
 * spin beside a device call; `cold`: threads or a device woken from idle), whether the model
 * chose its path (`learning`), and whether it was a try of the path not `chosen`. */
struct timed {
    double took, share;
    int disturbed, cold, learning;
    enum br_learn_try tried;
    enum br_learn_path chosen;
};

/* Per call kind, the end of the CPU call whose spin the kind's last disturbed device call met
 * (teach: BR_LEARN_BESIDE_SAME_SPIN). Shared by the program's threads: a hint, like the spin
 * itself, which is the CPU BLAS's, not a thread's. */
static _Atomic double spin_met_by_kind[BR_LEARN_KINDS];

/* What the model predicted for the path taken, before its learned factor, against what it
 * took: a device call finished on the CPU teaches nothing. What the cell was taught goes into
 * the prediction, for the trace. */
static void teach(const struct br_call *call, enum br_path path, const struct devices *in_use,
                  struct br_prediction *prediction, const struct timed *t)
{
    int cpu_taught = path == BR_PATH_CPU && !in_use->provisional_cpu;
    if (t->learning && (path == BR_PATH_DEVICE || cpu_taught)) {
        int cpu = path == BR_PATH_CPU;
        double predicted =
            cpu ? prediction->cpu_seconds / prediction->factors.cpu
                : (prediction->device_seconds - prediction->factors.device_side) /
                      prediction->factors.device;
        /* A try is a bound; a device call the model chose, disturbed by the CPU BLAS's spin
         * alone, may be the stream's cost (learn.h: br_learn_disturbance), unless its kind met
         * that CPU call's spin already (BR_LEARN_BESIDE_SAME_SPIN). */
        int disturbed = br_learn_disturbance(
            cpu ? BR_LEARN_CPU : BR_LEARN_DEVICE, t->tried != BR_LEARN_NO_TRY,
            t->cold && br_cpu_threads_cold_disturbs(t->took), t->disturbed);
        if (disturbed == BR_LEARN_BESIDE_CPU && in_use->kind < BR_LEARN_KINDS) {
            double source = br_cpu_threads_last_cpu_call_end();
            disturbed = br_learn_beside_value(
                source, atomic_exchange_explicit(&spin_met_by_kind[in_use->kind], source,
                                                 memory_order_relaxed));
        }
        struct br_learn_taught taught =
            cpu ? br_learn_record_cpu(call, predicted, t->took, t->share,
                                      t->tried != BR_LEARN_NO_TRY, disturbed)
                : br_learn_record(call, BR_LEARN_DEVICE, predicted, t->took, disturbed);
        disturbed = taught.sample.disturbed;
        prediction->taught = taught;
        /* What the CPU calls lose beside the device, charged to its calls (learn_store.h). */
        if (!t->tried && !cpu) {
            br_learn_device_chosen(call);
            /* Beside a CPU try's spin, what it lost is the try's (learn_store.h). */
            if (t->disturbed)
                br_learn_try_spin_cost(br_cpu_threads_last_cpu_call_end(),
                                       t->took - prediction->device_seconds);
        } else if (!t->tried && t->share < 1)
            br_learn_lowered_loss(t->took * (1 - t->share));
        if (t->tried)
            br_learn_try_took(call, cpu ? BR_LEARN_CPU : BR_LEARN_DEVICE, t->tried,
                              t->took - (t->chosen == BR_LEARN_CPU ? prediction->cpu_seconds
                                                                   : prediction->device_seconds),
                              disturbed, cpu ? br_cpu_threads_last_cpu_call_end() : 0);
    } else if (in_use->building && cpu_taught && t->took > 0 && prediction->cpu_seconds > 0 &&
               prediction->factors.cpu > 0) {
        prediction->taught = br_learn_record(
            call, BR_LEARN_CPU, prediction->cpu_seconds / prediction->factors.cpu, t->took, 1);
    }
    /* The stream's path, for the decision's hysteresis (decide.c): every call auto mode placed
     * but a try; anything but the devices alone (a hybrid run, a fallback) leaves the CPU
     * BLAS's threads spinning as a CPU call does. */
    if (in_use->weighed && !t->tried)
        br_learn_chosen(call, path == BR_PATH_DEVICE || path == BR_PATH_SPREAD ? BR_LEARN_DEVICE
                                                                             : BR_LEARN_CPU);
    /* In any mode, after what it taught: the path's first call in the process is paid. */
    if (path == BR_PATH_DEVICE || path == BR_PATH_CPU)
        br_learn_path_used(path == BR_PATH_CPU ? BR_LEARN_CPU : BR_LEARN_DEVICE, call);
}

/* A call the CPU BLAS begins while the device gets ready on a warm-up thread (warmup.h): it
 * answers the call in pieces of about a twelfth of its work (split.h's cuts, which leave
 * ordinary calls on disjoint parts of the output), on one core fewer (cpu_threads.h: the
 * warm-up's), and before each piece asks whether the device is ready; once it is, the rest is
 * a call of its own that goes where the decision sends it (it may wait there for a program
 * that only loads from the cache). A twelfth: a piece of a dgemm of 8192 on 16 cores (0.15 s)
 * keeps the CPU BLAS at its full rate, and the device waits at most that long for the rest.
 * prediction->device_share: the share of the call's work the rest was. */
enum { HEDGE_PIECES = 12 };

static enum br_path run_while_device_readies(const struct br_call *call,
                                             struct br_prediction *prediction)
{
    struct br_call rest = *call;
    int left = HEDGE_PIECES;
    int held = br_cpu_threads_leave_one(call->names); /* a core for the warm-up */
    struct devices in_use;
    struct br_prediction p;
    enum br_where where = BR_ON_CPU;
    for (;; left--) {
        p = (struct br_prediction){0};
        if (br_engine_discovered()) {
            where = choose(&rest, 0, &in_use, &p);
            if (where != BR_ON_CPU || !in_use.building)
                break; /* ready, or the decision keeps the rest on the CPU */
        }
        struct br_split cut = {0};
        if (left > 1)
            br_split_call(&rest, 1.0 / left, &cut);
        if (cut.cpu_count == 0) { /* the last piece, or one too small to cut */
            where = BR_ON_CPU;
            break;
        }
        for (int i = 0; i < cut.device_count; i++)
            run_on_cpu(&cut.device[i], 0, 0);
        rest = cut.cpu[0];
        if (br_unlikely(br_env()->test_hedge_wait) && left == HEDGE_PIECES)
            br_engine_count(); /* waits for the opening */
    }
    br_cpu_threads_give_back_one(call->names, held);
    enum br_path path = BR_PATH_CPU;
    if (where == BR_ON_DEVICE) {
        br_cpu_threads_device_call_kind(in_use.kind);
        path = run_on_devices(&rest, &in_use, &p);
    } else if (where == BR_ON_HYBRID) {
        path = run_hybrid(&rest, &in_use, &p);
    } else {
        run_on_cpu(&rest, p.cpu_seconds, 0);
    }
    if (path == BR_PATH_CPU || path == BR_PATH_FALLBACK)
        return path;
    prediction->device_share = br_call_volume(&rest) / br_call_volume(call);
    return left == HEDGE_PIECES ? path : BR_PATH_HYBRID;
}

int br_route_uses_device(const struct br_call *call)
{
    struct br_prediction prediction = {0};
    struct devices in_use;
    return choose(call, 1, &in_use, &prediction) != BR_ON_CPU;
}

void br_route(const struct br_call *call)
{
    /* The shortest path, for the calls the rules alone keep on the CPU (every small one) when
     * no report or trace counts them: nothing to predict, record or learn. What it skips
     * (a prediction zeroed, the timer, choose's frame) was a third of blasroute's 29 ns over
     * the CPU BLAS on a 2x2 dgemm_ (issue 20: at most 30 ns, also on the GPU machines' hosts,
     * where it was 35). */
    if (br_likely(call->work == BR_WORK_FULL && route_depth < ROUTE_DEPTH_LIMIT &&
                  !br_stats_wanted() && br_decide_cpu_by_rules(call, br_policy()))) {
        route_depth++;
        double lowered = br_cpu_threads_before_cpu_call(0, 0);
        br_cpu_threads_note_untimed_call();
        br_cpu_level3(call);
        br_cpu_threads_after_cpu_call(lowered);
        route_depth--;
        return;
    }
    if (br_unlikely(route_depth >= ROUTE_DEPTH_LIMIT)) {
        fprintf(stderr, "blasroute: the CPU BLAS calls back into blasroute endlessly; set "
                        "BLASROUTE_CPU_BLAS to a BLAS library that is not blasroute.\n");
        abort();
    }
    route_depth++;
    struct br_timer timer = br_stats_start();
    enum br_path path = BR_PATH_CPU;
    struct br_prediction prediction = {0};
    struct devices in_use; /* found by choose() for the calls that may use a device */
    if (call->work == BR_WORK_SCALE) {
        br_scale_only(call);
        path = BR_PATH_SCALE;
    } else {
        enum br_where where = choose(call, 0, &in_use, &prediction);
        int learning = model_chose(&prediction, where);
        /* Not towards a device on the host's own cores (PoCL): it takes those cores from the
         * CPU BLAS, so a try costs the program twice, and the decision already asks it to be
         * predicted twice the margin faster. Its wrong claims are still corrected from the
         * device side (the CPU is tried from there). */
        int may_explore = learning && !in_use.provisional_cpu &&
                          (where == BR_ON_DEVICE || !in_use.profiles[0]->shares_host_cpu);
        enum br_learn_path chosen = where == BR_ON_CPU ? BR_LEARN_CPU : BR_LEARN_DEVICE;
        /* A try on a device whose program is not built yet would wait for the build (1.3 s
         * inside a dgeqrf 8192's product on the H200): it starts the build and waits for a
         * later call. */
        enum br_learn_try tried =
            may_explore ? br_learn_explore(call, chosen, &prediction) : BR_LEARN_NO_TRY;
        if (tried && where == BR_ON_CPU && !programs_ready(call, &in_use))
            tried = BR_LEARN_NO_TRY;
        if (tried) {
            where = where == BR_ON_CPU ? BR_ON_DEVICE : BR_ON_CPU;
            prediction.reason = "the other path tried (learning)";
        }
        double start = learning || in_use.weighed ? br_seconds_now() : 0;
        /* A device call whose copies may meet the CPU BLAS's threads still spinning after a
         * CPU call pays part of the switch between the paths (on the H200, dgeqrf's first
         * device products at a third of their copy speed); one whose copies all run on its
         * own thread does not, and teaches what it took. */
        int disturbed = 0;
        /* A CPU call that wakes the CPU BLAS's sleeping threads pays for the pause before it;
         * so does a device call that wakes an idle device (cpu_threads.h). */
        int cold = 0;
        /* The share of the CPU BLAS's threads a CPU call ran on: below 1 on the lowered count
         * (cpu_threads.h), which a try of the CPU keeps (its 16 threads' spin slowed the
         * device calls after it: ssymm 512, 0.77 to 1.1 ms for the next 30 calls, 0.40 in
         * device mode; H200, 2026-11-26). What such a call teaches: br_learn_cpu_sample. */
        double share = 1;
        /* A CPU call begun beside a warm-up thread (warmup_threads.h: br_warmup_busy), or any timed
         * call that ended beside one. */
        int beside_warmup = 0;
        /* A device try leaves the CPU BLAS its threads; a CPU try keeps the lowered count. */
        br_cpu_threads_trying = tried != BR_LEARN_NO_TRY;
        switch (where) {
        case BR_ON_DEVICE:
            disturbed = start > 0 && br_cpu_threads_spin_at(start) &&
                        br_cpu_threads_spin_slows(br_call_largest_copy(call));
            cold = start > 0 && br_cpu_threads_device_cold_at(start);
            /* Forced device calls too: a CPU call of their kind after them has left the
             * device (cpu_threads.h: br_cpu_threads_keep_lowered). */
            if (!tried)
                br_cpu_threads_device_call_kind(in_use.kind);
            path = run_on_devices(call, &in_use, &prediction);
            break;
        case BR_ON_HYBRID:
            path = run_hybrid(call, &in_use, &prediction);
            break;
        case BR_ON_CPU:
            cold = start > 0 && br_cpu_threads_cold_at(start);
            beside_warmup = start > 0 && br_warmup_busy();
            if (in_use.hedged)
                path = run_while_device_readies(call, &prediction);
            else {
                share = run_on_cpu(call, prediction.cpu_seconds,
                                   tried || !in_use.weighed ? 0 : in_use.kind);
                cold = cold || br_cpu_threads_woke;
            }
            break;
        }
        br_cpu_threads_trying = 0;
        double took = start > 0 ? br_seconds_now() - start : 0;
        beside_warmup = start > 0 && (beside_warmup || br_warmup_busy());
        prediction.cpu_threads_share = share;
        prediction.beside_warmup = beside_warmup;
        if (where == BR_ON_CPU && start > 0)
            br_cpu_threads_cpu_call_ended(start + took);
        if (start > 0) /* a weighed call's (the model's choices are weighed ones): its kind */
            br_cpu_threads_routed_call_ended(in_use.kind, path == BR_PATH_CPU, took * share);
        struct timed timed = {took, share, disturbed, cold, learning, tried, chosen};
        teach(call, path, &in_use, &prediction, &timed);
        if (in_use.hedged)
            br_warmup_hedge_took(call, prediction.side_prior, took);
        else if (in_use.weighed && path != BR_PATH_FALLBACK)
            br_warmup_took(call, in_use.count > 0 ? in_use.engines[0] : -1, &prediction,
                           path != BR_PATH_CPU,
                           !cold && share >= 1 && !in_use.building && !beside_warmup,
                           took);
    }
    br_stats_record(call, path, timer, &prediction);
    route_depth--;
}
