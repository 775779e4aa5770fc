/* The decision (decide.h): the user's rules first, then the cost model's predictions with what
 * was learned, against the rules' margins. */
#include "policy/decide.h"

/* A hybrid run's concurrency (memory bandwidth shared by the CPU BLAS and the engine's host
 * copies) is not modelled, so it must be predicted this much faster than the device alone;
 * likewise a spread over several devices against the first alone. */
static const double hybrid_margin = 1.1;
static const double spread_margin = 1.1;
/* The CPU's time from the built-in estimates (no calibration, no tuned profile, too few of the
 * program's calls measured yet) is off by up to 3 times for a shape other than square: on the
 * H200's host cher2k n = 64, k = 8192 was predicted 4.4 ms on the CPU, which took 1.5, and the
 * device's 2.4 kept every call of a process whose device a forced mode had opened before any
 * CPU call was measured (the CPU never tried: no learning on estimates), at half the CPU's
 * speed (2026-11-27). On the estimates a device must be predicted this much faster; a call it
 * wins by less stays on the CPU BLAS, whose answer is never slower than the program's own. */
static const double estimated_margin = 3;

/* The volume against min_size cubed (no cube root on the path of every small call, and no
 * rounding of one: the same answer everywhere). */
static int large_enough(const struct br_call *call, const struct br_rule *rule)
{
    return br_call_volume(call) >= rule->min_size * rule->min_size * rule->min_size;
}

int br_decide_may_use_device(const struct br_call *call, const struct br_policy *policy)
{
    const struct br_rule *rule = &policy->rules[call->family][call->precision];
    return rule->device_allowed && large_enough(call, rule);
}

int br_decide_by_rules(const struct br_call *call, const struct br_policy *policy,
                       struct br_prediction *p)
{
    const struct br_rule *rule = &policy->rules[call->family][call->precision];
    if (policy->mode == BR_MODE_CPU) {
        p->reason = "mode cpu";
        return BR_ON_CPU;
    }
    if (!rule->device_allowed) {
        p->reason = "routine not allowed on the device";
        return BR_ON_CPU;
    }
    if (policy->mode == BR_MODE_DEVICE) {
        p->reason = "mode device";
        return BR_ON_DEVICE;
    }
    if (policy->mode == BR_MODE_HYBRID) {
        p->reason = "mode hybrid";
        return BR_ON_HYBRID;
    }
    if (!large_enough(call, rule)) {
        p->reason = "below the minimum size";
        return BR_ON_CPU;
    }
    return -1;
}

int br_decide_cpu_by_rules(const struct br_call *call, const struct br_policy *policy)
{
    struct br_prediction reason_only; /* br_decide_by_rules writes only the reason */
    return br_decide_by_rules(call, policy, &reason_only) == BR_ON_CPU;
}

/* The margin covers what a prediction may miss. Once both paths' times for the call's cell
 * have been measured, the predictions carry those measurements, and a near tie decided by the
 * full margin goes to the slower path: on the H200, ssyrk n = 4096, k = 256 was predicted 4.0
 * ms on the CPU and 3.6 on the device, measured 4.2 and 3.8, and kept on the CPU (2026-11-26).
 * So the margin's excess over 1 narrows with the measurements of the less measured path, to a
 * quarter of it (1.2: 1.125 after 2, 1.075 after 10, never under 1.05), which still keeps a
 * measured near tie from flapping between the paths. */
double br_decide_margin(double margin, unsigned cpu_samples, unsigned device_samples)
{
    if (!(margin > 1))
        return margin;
    double n = cpu_samples < device_samples ? cpu_samples : device_samples;
    return 1 + (margin - 1) * (0.25 + 0.75 * 2 / (2 + n));
}

/* In auto mode, whether a hybrid run can win at all: even split perfectly, both sides working
 * the whole time, it takes cpu * device / (cpu + device); skip the search when that cannot beat
 * the device alone by the hybrid margin nor the CPU by the policy's. */
static int hybrid_may_win(double cpu_seconds, double device_seconds, double margin,
                          double slowdown)
{
    double ideal = (slowdown >= 1 ? slowdown : 1) * cpu_seconds * device_seconds /
                   (cpu_seconds + device_seconds);
    return ideal * hybrid_margin < device_seconds && ideal * margin < cpu_seconds;
}

enum br_where br_decide(const struct br_call *call, const struct br_device_profile *device,
                        const struct br_cpu_profile *cpu, const struct br_policy *policy,
                        struct br_prediction *p)
{
    *p = (struct br_prediction){0};
    int settled = br_decide_by_rules(call, policy, p);
    return br_decide_after_rules(call, device, cpu, policy, settled, 1, NULL, p);
}

enum br_where br_decide_after_rules(const struct br_call *call,
                                    const struct br_device_profile *device,
                                    const struct br_cpu_profile *cpu,
                                    const struct br_policy *policy, int settled, int devices,
                                    const struct br_learned_factors *learned,
                                    struct br_prediction *p)
{
    p->effective_size = br_effective_size(call);
    p->factors = learned ? *learned : (struct br_learned_factors){.cpu = 1, .device = 1};
    if (settled == BR_ON_CPU)
        return BR_ON_CPU;
    if (!device) {
        p->reason = "no device";
        return BR_ON_CPU;
    }
    if (settled == BR_ON_DEVICE)
        return BR_ON_DEVICE;
    if (settled == BR_ON_HYBRID && devices > 1) {
        /* The devices' side is a spread over those that can run the call, which the router
         * knows: it picks the share and predicts the run (br_hybrid_share_over). */
        p->device_share = -1;
        return BR_ON_HYBRID;
    }
    if (settled == BR_ON_HYBRID) {
        p->device_share = br_hybrid_share_learned(call, device, cpu, policy, &p->factors);
        p->hybrid_seconds = br_predict_hybrid_seconds_learned(
            call, device, cpu, p->device_share, &p->factors, &p->bytes_up, &p->bytes_down);
        return BR_ON_HYBRID;
    }
    const struct br_rule *rule = &policy->rules[call->family][call->precision];
    p->cpu_seconds = br_predict_cpu_seconds(call, cpu) * p->factors.cpu;
    /* With what its calls cost the CPU BLAS's calls after them (learn.h: side_seconds). */
    double device_model = br_predict_device_seconds(call, device, p);
    p->device_seconds = device_model > 0
                            ? device_model * p->factors.device + p->factors.device_side
                            : device_model;
    if (p->device_seconds <= 0 || p->cpu_seconds <= 0) {
        p->reason = "no rates for this routine";
        return BR_ON_CPU;
    }
    if (rule->hybrid_allowed && !device->shares_host_cpu && devices <= 1 &&
        hybrid_may_win(p->cpu_seconds, p->device_seconds, rule->margin,
                       device->hybrid_slowdown)) {
        double share = br_hybrid_share_learned(call, device, cpu, policy, &p->factors), up,
               down;
        double seconds =
            br_predict_hybrid_seconds_learned(call, device, cpu, share, &p->factors, &up, &down);
        if (seconds > 0 && seconds * hybrid_margin < p->device_seconds &&
            seconds * rule->margin < p->cpu_seconds) {
            p->hybrid_seconds = seconds;
            p->device_share = share;
            p->bytes_up = up;
            p->bytes_down = down;
            p->reason = "hybrid predicted faster";
            return BR_ON_HYBRID;
        }
        p->hybrid_seconds = seconds;
    }
    /* A device on the host's own cores (CPU OpenCL) takes them from the CPU BLAS, and two
     * programs' rates measured on shared cores move by tens of percent from run to run (the
     * 2-core development VM, 2026-11-21: dgemm 512 calibrated at 13.6 and 16.8 GFLOP/s, PoCL's
     * tuned dsymm 26.8): it must be predicted twice the margin faster. A slow CPU BLAS such as
     * the reference still loses to it. */
    double margin = br_decide_margin(rule->margin, p->factors.cpu_samples,
                                     p->factors.device_samples) *
                    (device->shares_host_cpu ? 2 : 1) * (cpu->estimated ? estimated_margin : 1);
    /* The margin is the price of moving a cell's calls to the device, not of keeping them
     * there: a cell the model sent there, with no CPU call chosen since, stays while the device
     * is predicted faster at all (learn_store.h: br_learn_chosen).
     * With one threshold, a near tie flipped between the paths as each path's calls moved its
     * prediction, and each flip paid both switches: the first CPU calls after device calls
     * ran cold on the lowered thread count, the device calls after CPU calls beside the CPU
     * BLAS's spin. In an H100 host's modes sweeps (2026-12-07) dtrmm 512, predicted 0.38 ms
     * on the device and 0.43 on the CPU (a tie within the margin), went 6 calls to the device
     * (0.38 to 0.44 ms), 5 or 6 to the CPU (0.44 to 0.69; cpu mode's median 0.41) and back to
     * the device beside the spin (0.36 to 1.4; device mode's median 0.38 to 0.40), in two
     * rounds of three; over four sweeps the device calls made beside the spin took 1.16 to
     * 1.28 times device mode's median, and auto ran 4 to 7 of 20 rows more than 5% under the
     * better mode.
     * Not on a device that shares the host's cores, nor against the built-in CPU estimates,
     * whose margins cover the rates' noise and error, not a switch. */
    if (p->factors.stream_on_device && !device->shares_host_cpu && !cpu->estimated)
        margin = 1;
    if (p->device_seconds * margin < p->cpu_seconds) {
        p->reason = "device predicted faster";
        return BR_ON_DEVICE;
    }
    p->reason = "CPU predicted faster";
    return BR_ON_CPU;
}

int br_decide_spread(const struct br_call *call, const struct br_device_profile *const *profiles,
                     int count, int force, struct br_spread *spread, struct br_prediction *p)
{
    if (count < 2 || (!profiles[0] && !force))
        return 0;
    double shares[BR_SPREAD_MAX_WORKERS];
    if (force) { /* the test hook: a real spread however small the call, by rates alone */
        br_rate_shares(call, profiles, count, 1, shares);
        br_spread_call(call, shares, count, spread);
        p->devices = count;
        return 1;
    }
    /* Devices on the host's own cores (CPU OpenCL) would share those cores: spreading over two
     * of them cannot gain. */
    int on_host = 0;
    for (int i = 0; i < count; i++)
        on_host += profiles[i] && profiles[i]->shares_host_cpu;
    if (on_host > 1)
        return 0;
    /* The first device alone: auto mode's decision has predicted it already. A call it runs
     * within the spread's fixed cost cannot gain, and is not cut. */
    struct br_prediction single = {0};
    double alone = p->device_seconds > 0 ? p->device_seconds
                                         : br_predict_device_seconds(call, profiles[0], &single);
    if (!(alone > br_spread_overhead_seconds * spread_margin))
        return 0;
    double up = 0, down = 0;
    br_device_shares(call, profiles, count, 1, shares);
    br_spread_call(call, shares, count, spread);
    double seconds = br_predict_spread_seconds(spread, profiles, count, &up, &down);
    if (!(seconds > 0 && seconds * spread_margin < alone))
        return 0;
    p->device_seconds = seconds;
    p->bytes_up = up;
    p->bytes_down = down;
    p->devices = count;
    return 1;
}
