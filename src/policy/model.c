/* The cost model (model.h): what a call takes on the CPU BLAS, on a device, cut between them or
 * spread over several devices, from the profiles alone. */
#include "policy/model.h"

#include <math.h>

#include "policy/spread.h"

/* A hybrid run starts a thread and cuts the call into pieces that each move their own operands:
 * a fixed cost beside each side's pieces. */
static const double hybrid_overhead_seconds = 50e-6;

/* A call spread over several devices starts a thread per device, each device moves its own copy
 * of the operand its part shares with the others (B when C is cut by rows; that the model sees),
 * and the devices' host copies share the host's memory bandwidth (that it does not). The fixed
 * cost is measured: on two H200s (2026-11-21) sgemm 2048 spread took 3.0 ms against 1.2
 * predicted and 1.9 on one device; at 4096 and 8192 the spreads ran 1.2 to 1.5 times faster
 * than one device, 1 to 8 ms slower than predicted. */
const double br_spread_overhead_seconds = 1e-3;

/* The three dimensions that set the call's arithmetic (m, n and the inner one). */
static void dimensions(const struct br_call *c, double d[3])
{
    double na = c->side == 'L' ? c->m : c->n;
    switch (c->family) {
    case BR_GEMM:
        d[0] = c->m, d[1] = c->n, d[2] = c->k;
        break;
    case BR_SYMM:
    case BR_HEMM:
    case BR_TRMM:
    case BR_TRSM:
        d[0] = c->m, d[1] = c->n, d[2] = na;
        break;
    default: /* rank-k and rank-2k: n x n from k */
        d[0] = c->n, d[1] = c->n, d[2] = c->k;
        break;
    }
}

double br_call_volume(const struct br_call *c)
{
    double d[3];
    dimensions(c, d);
    return d[0] * d[1] * d[2];
}

double br_effective_size(const struct br_call *c)
{
    return cbrt(br_call_volume(c));
}

double br_cpu_effective_size(const struct br_call *c)
{
    double d[3];
    dimensions(c, d);
    /* A rank-2k update sums two products of depth k into each element of C it streams: the
     * CPU BLAS runs it as a rank-(2k) update, at twice the flops per byte of C. On the H200's
     * host (OpenBLAS, 16 threads, 2026-11-27) dsyr2k n = 8192, k = 64 ran at 490 GFLOP/s where
     * dsyrk of that shape ran at 334 (1.47 times; the table's rates at these sizes, 603 and
     * 311, differ by 1.48); taken at dsyrk's rate it was predicted 35.5 ms against 17.5. */
    if (c->family == BR_SYR2K || c->family == BR_HER2K)
        d[2] *= 2;
    if (!(d[0] > 0 && d[1] > 0 && d[2] > 0))
        return 0;
    return 2.5 / (1 / d[0] + 1 / d[1] + 0.5 / d[2]);
}

/* The share of the padded work that is real: the device computes whole tiles. */
static double tile_efficiency(const struct br_call *c)
{
    const double tile = 64;
    double d[3], real = 1, padded = 1;
    dimensions(c, d);
    for (int i = 0; i < 3; i++) {
        real *= d[i];
        padded *= ceil(d[i] / tile) * tile;
    }
    return padded > 0 ? real / padded : 1;
}

/* The blocks the engine uploads, in bytes, and which are triangles; returns their number. C
 * is never one: the host adds beta C as the result comes home (engine/gemm.c, level3.c). */
static int upload_blocks(const struct br_call *c, double blocks[3], int triangles[3])
{
    double e = (double)br_element_size(c->precision);
    double m = c->m, n = c->n, k = c->k, na = c->side == 'L' ? m : n;
    int count = 0;
    switch (c->family) {
    case BR_GEMM:
        blocks[count] = m * k, triangles[count++] = 0;
        blocks[count] = k * n, triangles[count++] = 0;
        break;
    case BR_SYMM:
    case BR_HEMM:
        blocks[count] = na * (na + 1) / 2, triangles[count++] = 1;
        blocks[count] = m * n, triangles[count++] = 0;
        break;
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        blocks[count] = n * k, triangles[count++] = 0;
        if (c->family == BR_SYR2K || c->family == BR_HER2K)
            blocks[count] = n * k, triangles[count++] = 0;
        break;
    default:
        blocks[count] = na * (na + 1) / 2, triangles[count++] = 1;
        blocks[count] = m * n, triangles[count++] = 0;
        break;
    }
    for (int i = 0; i < count; i++)
        blocks[i] *= e;
    return count;
}

/* The result the engine downloads, in bytes: C, or its referenced triangle. */
static double download_bytes(const struct br_call *c)
{
    double m = c->m, n = c->n;
    int rank = c->family == BR_SYRK || c->family == BR_HERK || c->family == BR_SYR2K ||
               c->family == BR_HER2K;
    return (rank ? n * (n + 1) / 2 : m * n) * (double)br_element_size(c->precision);
}

double br_call_largest_copy(const struct br_call *c)
{
    double blocks[3];
    int triangles[3], count = upload_blocks(c, blocks, triangles);
    double largest = download_bytes(c);
    for (int i = 0; i < count; i++)
        largest = fmax(largest, blocks[i]);
    return largest;
}

/* Bytes the engine moves: only what it really moves (no C when beta = 0, the referenced
 * triangle only): the blocks above going up, the result coming down. */
void br_call_bytes_moved(const struct br_call *c, double *up, double *down)
{
    double blocks[3];
    int triangles[3], count = upload_blocks(c, blocks, triangles);
    *up = 0;
    for (int i = 0; i < count; i++)
        *up += blocks[i];
    *down = download_bytes(c);
}

double br_predict_cpu_seconds(const struct br_call *call, const struct br_cpu_profile *cpu)
{
    double rate = br_profile_rate(&cpu->rates, call->family, call->precision,
                                  br_cpu_effective_size(call));
    return rate > 0 ? br_call_flops(call) / (rate * 1e9) : 0;
}

double br_staged_rate(double measured, double pinned, double host_copy)
{
    /* Unmeasured: as if each staging slot were copied on the host, then sent, without
     * overlap. Still optimistic: on the H200 (2026-11-21) transfer-bound GEMMs moved their C
     * up and down at 20-25 GB/s end to end, against 55 GB/s pinned and 108 of host copies. */
    return measured > 0 ? measured : 1 / (1 / pinned + 1 / host_copy);
}

double br_staged_add_rate(double measured, double staged_down, double host_copy)
{
    /* Unmeasured: a copy reads and writes each byte once; the add reads C as well, half a
     * copy's traffic more, on the same memory the DMA and the copies use. On an H100's host
     * (2026-12-07, dgemm 7680 x 7680 x 64 from host arrays) beta = 1 took 17.8 to 18.8 ms
     * against 13.4 to 14.0 with beta = 0: 4.4 to 5.0 ms more for C's 472 MB, where half a
     * host copy (62.3 GB/s) is 3.8. Before, the model priced the two alike (11.3 ms) and sent a
     * dgetrf's updates there, at 15.3 to 16.7 ms on the CPU BLAS. */
    return measured > 0 ? measured : 1 / (1 / staged_down + 0.5 / host_copy);
}

int br_call_result_added(const struct br_call *c)
{
    return c->family != BR_TRMM && c->family != BR_TRSM && !br_call_beta_is_zero(c);
}

double br_predict_device_seconds(const struct br_call *c, const struct br_device_profile *dev,
                                 struct br_prediction *p)
{
    double flops = br_call_flops(c);
    double rate = br_profile_rate(&dev->rates, c->family, c->precision, br_effective_size(c)) *
                  tile_efficiency(c);
    br_call_bytes_moved(c, &p->bytes_up, &p->bytes_down);
    if (rate <= 0)
        return 0;
    /* As the engine moves them: each uploaded block of more than 256 KiB (and every
     * triangle) through pinned staging fed by the engine's host copies, smaller ones straight
     * from pageable memory; downloads always through staging. */
    const double staged = 256 * 1024;
    double blocks[3], up_rate = br_staged_rate(dev->h2d_staged, dev->h2d_pinned, dev->host_copy);
    double down_rate = br_staged_rate(dev->d2h_staged, dev->d2h_pinned, dev->host_copy);
    if (br_call_result_added(c))
        down_rate = br_staged_add_rate(dev->d2h_staged_add, down_rate, dev->host_copy);
    double transfer = 0;
    int triangles[3], count = upload_blocks(c, blocks, triangles);
    for (int i = 0; i < count; i++)
        transfer += blocks[i] / ((blocks[i] > staged || triangles[i] ? up_rate
                                                                     : dev->h2d_pageable) *
                                 1e9);
    transfer += p->bytes_down / (down_rate * 1e9) + 2 * dev->latency_us * 1e-6;
    double compute = flops / (rate * 1e9);
    /* Launches: the copy kernels and the GEMM; TRSM two per block of 256. */
    double launches = 3;
    if (c->family == BR_TRSM)
        launches += 2 * ceil((c->side == 'L' ? c->m : c->n) / 256.0);
    double fixed = launches * dev->launch_us * 1e-6;
    /* GEMM overlaps transfers and kernels over tiles of C, as the engine cuts them; the other
     * routines run their phases one after the other. */
    double tiles = c->family != BR_GEMM ? 1 : (double)br_gemm_column_tiles(flops, (size_t)c->n);
    return fixed + fmax(compute, transfer) + fmin(compute, transfer) / tiles;
}

/* --- several devices ------------------------------------------------------------------------ */

/* Each device's profile: its own, else the first device's. */
static const struct br_device_profile *
profile_of(const struct br_device_profile *const *profiles, int i)
{
    return profiles[i] ? profiles[i] : profiles[0];
}

/* Each of the first `count` workers' predicted time for its pieces of a spread (seconds), and
 * what all of them move; -1 if a piece cannot be predicted. The workers past `count` (the
 * CPU's part of a hybrid run) are not timed here. */
static int spread_part_seconds(const struct br_spread *spread,
                               const struct br_device_profile *const *profiles, int count,
                               double *seconds, double *bytes_up, double *bytes_down)
{
    *bytes_up = *bytes_down = 0;
    for (int w = 0; w < count; w++) {
        const struct br_device_profile *profile = profile_of(profiles, w);
        seconds[w] = 0;
        for (int i = 0; i < spread->parts[w].count; i++) {
            struct br_prediction piece = {0};
            double t = profile ? br_predict_device_seconds(&spread->parts[w].pieces[i],
                                                           profile, &piece)
                               : 0;
            if (t <= 0)
                return -1;
            seconds[w] += t;
            *bytes_up += piece.bytes_up;
            *bytes_down += piece.bytes_down;
        }
    }
    return 0;
}

/* A call cut at the devices' shares (summing to `total`) with the rest of it, if any, to one
 * more worker last: the CPU's in a hybrid run. */
static void cut_with_rest(const struct br_call *call, const double *shares, int count,
                          double total, struct br_spread *out)
{
    double asked[BR_SPREAD_MAX_WORKERS + 1];
    for (int i = 0; i < count; i++)
        asked[i] = shares[i];
    asked[count] = total < 1 ? 1 - total : 0;
    br_spread_call(call, asked, count + 1, out);
}

/* The devices' parts at these shares (summing to `total`; the rest of the call to one more
 * worker, the CPU's, not timed): each device's time. -1 if not predictable. */
static int device_part_seconds(const struct br_call *call,
                               const struct br_device_profile *const *profiles, int count,
                               const double *shares, double total, double *seconds)
{
    double up, down;
    struct br_spread spread;
    cut_with_rest(call, shares, count, total, &spread);
    return spread_part_seconds(&spread, profiles, count, seconds, &up, &down);
}

/* Shares in proportion to each device's predicted rate on the whole call, summing to total
 * (equal where nothing can be predicted); 1 if they came from rates. */
int br_rate_shares(const struct br_call *call, const struct br_device_profile *const *profiles,
                   int count, double total, double *shares)
{
    double rates[BR_SPREAD_MAX_WORKERS], sum = 0;
    for (int i = 0; i < count; i++) {
        const struct br_device_profile *profile = profile_of(profiles, i);
        struct br_prediction whole = {0};
        double t = profile ? br_predict_device_seconds(call, profile, &whole) : 0;
        rates[i] = t > 0 ? 1 / t : 0;
        sum += rates[i];
    }
    for (int i = 0; i < count; i++)
        shares[i] = sum > 0 ? total * rates[i] / sum : total / count;
    return sum > 0;
}

void br_device_shares(const struct br_call *call, const struct br_device_profile *const *profiles,
                      int count, double total, double *shares)
{
    if (count > BR_SPREAD_MAX_WORKERS - 1)
        count = BR_SPREAD_MAX_WORKERS - 1;
    if (count == 1) {
        shares[0] = total;
        return;
    }
    /* First by rates; then each share scaled by how long its part is predicted to take against
     * the others', so that the parts end together (a part's fixed costs and the operand every
     * part moves do not shrink with its share). */
    if (!br_rate_shares(call, profiles, count, total, shares))
        return;
    for (int round = 0; round < 3; round++) {
        double seconds[BR_SPREAD_MAX_WORKERS], scaled = 0;
        if (device_part_seconds(call, profiles, count, shares, total, seconds) != 0)
            return;
        for (int i = 0; i < count; i++) {
            if (!(seconds[i] > 0))
                return;
            scaled += shares[i] / seconds[i];
        }
        for (int i = 0; i < count; i++)
            shares[i] = total * (shares[i] / seconds[i]) / scaled;
    }
}

double br_predict_spread_seconds(const struct br_spread *spread,
                                 const struct br_device_profile *const *profiles, int count,
                                 double *bytes_up, double *bytes_down)
{
    double seconds[BR_SPREAD_MAX_WORKERS], slowest = 0;
    if (spread_part_seconds(spread, profiles, count, seconds, bytes_up, bytes_down) != 0)
        return 0;
    for (int w = 0; w < count; w++)
        slowest = fmax(slowest, seconds[w]);
    return slowest + br_spread_overhead_seconds;
}

/* --- hybrid runs: the devices' part (one device or a spread) and the CPU's ------------------ */

void br_hybrid_cut(const struct br_call *call, const struct br_device_profile *const *profiles,
                   int count, double share, struct br_spread *out)
{
    if (count > BR_SPREAD_MAX_WORKERS - 1)
        count = BR_SPREAD_MAX_WORKERS - 1;
    double shares[BR_SPREAD_MAX_WORKERS];
    br_device_shares(call, profiles, count, share, shares);
    cut_with_rest(call, shares, count, share, out);
}

/* The two sides of a hybrid run with the devices' share `share`, cut as the router cuts it
 * (br_hybrid_cut): the slowest device's time, the CPU's, each side's pieces one after the
 * other, and what the devices' pieces move; -1 if a piece cannot be predicted. With one device
 * this is the one split of split.h: a spread of two workers cuts the call once. */
static int hybrid_sides(const struct br_call *call,
                        const struct br_device_profile *const *profiles, int count,
                        const struct br_cpu_profile *cpu, double share,
                        const struct br_learned_factors *learned, double *devices,
                        double *on_cpu, double *bytes_up, double *bytes_down)
{
    if (count > BR_SPREAD_MAX_WORKERS - 1)
        count = BR_SPREAD_MAX_WORKERS - 1;
    double seconds[BR_SPREAD_MAX_WORKERS];
    struct br_spread spread;
    br_hybrid_cut(call, profiles, count, share, &spread);
    if (spread_part_seconds(&spread, profiles, count, seconds, bytes_up, bytes_down) != 0)
        return -1;
    *devices = *on_cpu = 0;
    for (int w = 0; w < count; w++)
        *devices = fmax(*devices, seconds[w]);
    for (int i = 0; i < spread.parts[count].count; i++) {
        double t = br_predict_cpu_seconds(&spread.parts[count].pieces[i], cpu);
        if (t <= 0)
            return -1;
        *on_cpu += t;
    }
    /* What was learned of the whole call's paths applies to each side's pieces. */
    if (learned) {
        *devices *= learned->device;
        *on_cpu *= learned->cpu;
    }
    return 0;
}

static double predict_hybrid(const struct br_call *call,
                             const struct br_device_profile *const *profiles, int count,
                             const struct br_cpu_profile *cpu, double share,
                             const struct br_learned_factors *learned, double *bytes_up,
                             double *bytes_down)
{
    double devices, on_cpu;
    if (count < 1 || !profiles[0] ||
        hybrid_sides(call, profiles, count, cpu, share, learned, &devices, &on_cpu, bytes_up,
                     bytes_down) != 0) {
        *bytes_up = *bytes_down = 0;
        return 0;
    }
    double slowdown = profiles[0]->hybrid_slowdown >= 1 ? profiles[0]->hybrid_slowdown : 1;
    return slowdown * fmax(devices, on_cpu) + hybrid_overhead_seconds;
}

double br_predict_hybrid_seconds_over(const struct br_call *call,
                                      const struct br_device_profile *const *profiles,
                                      int count, const struct br_cpu_profile *cpu, double share,
                                      double *bytes_up, double *bytes_down)
{
    return predict_hybrid(call, profiles, count, cpu, share, NULL, bytes_up, bytes_down);
}

double br_predict_hybrid_seconds_learned(const struct br_call *call,
                                         const struct br_device_profile *device,
                                         const struct br_cpu_profile *cpu, double share,
                                         const struct br_learned_factors *learned,
                                         double *bytes_up, double *bytes_down)
{
    const struct br_device_profile *one[1] = {device};
    return predict_hybrid(call, one, 1, cpu, share, learned, bytes_up, bytes_down);
}

double br_predict_hybrid_seconds(const struct br_call *call,
                                 const struct br_device_profile *device,
                                 const struct br_cpu_profile *cpu, double share,
                                 double *bytes_up, double *bytes_down)
{
    return br_predict_hybrid_seconds_learned(call, device, cpu, share, NULL, bytes_up,
                                             bytes_down);
}

/* The devices' share where their slowest part takes as long as the CPU's: the devices' time
 * grows with their share and the CPU's shrinks, so bisection finds it; -1 if not
 * predictable. */
static double balanced_share(const struct br_call *call,
                             const struct br_device_profile *const *profiles, int count,
                             const struct br_cpu_profile *cpu,
                             const struct br_learned_factors *learned)
{
    double low = 0, high = 1;
    for (int step = 0; step < 12; step++) {
        double share = (low + high) / 2, devices, on_cpu, up, down;
        if (hybrid_sides(call, profiles, count, cpu, share, learned, &devices, &on_cpu, &up,
                         &down) != 0)
            return -1;
        if (devices > on_cpu)
            high = share;
        else
            low = share;
    }
    return (low + high) / 2;
}

static double hybrid_share(const struct br_call *call,
                           const struct br_device_profile *const *profiles, int count,
                           const struct br_cpu_profile *cpu, const struct br_policy *policy,
                           const struct br_learned_factors *learned)
{
    if (policy->split >= 0)
        return policy->split;
    /* The tuner measured its share with one device beside the CPU. */
    if (count == 1 && profiles[0] && profiles[0]->hybrid_share >= 0)
        return profiles[0]->hybrid_share;
    double share = count >= 1 && profiles[0] && cpu
                       ? balanced_share(call, profiles, count, cpu, learned)
                       : -1;
    return share >= 0 ? share : 0.5;
}

double br_hybrid_share_over(const struct br_call *call,
                            const struct br_device_profile *const *profiles, int count,
                            const struct br_cpu_profile *cpu, const struct br_policy *policy)
{
    return hybrid_share(call, profiles, count, cpu, policy, NULL);
}

double br_hybrid_share_learned(const struct br_call *call, const struct br_device_profile *device,
                               const struct br_cpu_profile *cpu, const struct br_policy *policy,
                               const struct br_learned_factors *learned)
{
    const struct br_device_profile *one[1] = {device};
    return hybrid_share(call, one, 1, cpu, policy, learned);
}

double br_hybrid_share(const struct br_call *call, const struct br_device_profile *device,
                       const struct br_cpu_profile *cpu, const struct br_policy *policy)
{
    return br_hybrid_share_learned(call, device, cpu, policy, NULL);
}
