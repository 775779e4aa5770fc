/* Session 22's analysis: replays a first run's trace (BLASROUTE_TRACE's CSV on stdin, a cold
 * auto run that never opened the device) through the warm-up's valuation as warmup.c makes it
 * (an approximation: no timestamps in the trace, so a step's seconds are the traced calls'):
 * each weighed call's saving (its CPU time less the H200 profile's device prediction less the
 * side prior, none where the decision on the CPU profile the calls observed keeps it on the
 * CPU), the sweep projection (sweep.h) and the opening test, printing where it would open.
 *   cc -std=c11 -D_GNU_SOURCE -Isrc -I. -o replay replay.c .libs/libblasroute_core.a \
 *      -lOpenCL -ldl -lm -lpthread          (from the checkout root, after a build)
 *   zcat cold.csv.gz | ./replay MODE [v]  MODE 0: as 75fa3f1; 1: without the side prior;
 *   2: a site's projection from the least of its last three savings per unit of work;
 *   3: none from the calls of the first 50 ms. v: every weighed call. Its sums match the
 *   memos: call 2's geqrf 1.629 s without the prior (memo 1.6237), call 5's 0.229 (0.2268)
 *   and potrf 0.687 (0.6935). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "call.h"
#include "cpu_threads.h"
#include "policy/learn.h"
#include "policy/model.h"
#include "policy/routing.h"
#include "sweep.h"
#include "policy/calibrate.h"
#include "policy/decide.h"
#include "policy/policy.h"

static int family_of(const char *r, struct br_call *c)
{
    static const char *names[] = {"gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};
    static const enum br_family fam[] = {BR_GEMM, BR_SYMM, BR_HEMM, BR_SYRK, BR_HERK, BR_SYR2K, BR_HER2K, BR_TRMM, BR_TRSM};
    c->precision = r[0] == 's' ? BR_S : r[0] == 'd' ? BR_D : r[0] == 'c' ? BR_C : BR_Z;
    for (int i = 0; i < 9; i++)
        if (!strcmp(r + 1, names[i])) { c->family = fam[i]; return 0; }
    return -1;
}

int main(int argc, char **argv)
{
    int mode = argc > 1 ? atoi(argv[1]) : 0; /* 0: as built; 1: no prior */
    const struct br_device_profile *gpu = br_routing_device_profile("NVIDIA Corporation", "NVIDIA H200", "GPU");
    char line[4096];
    struct br_sweep_memory mem = {0};
    struct br_call_neighbours nb = {0};
    double now = 0, unopened = 0, savings[BR_SWEEP_KEPT] = {0}, threshold = 0.5 + 1.0, ready = 0.5 + 2.0;
    int row = 0, opened = 0;
    double recent[BR_SWEEP_KEPT][3]; int nrecent[BR_SWEEP_KEPT] = {0};
    double weighed = 0;
    struct br_cpu_observation seen = {0};
    struct br_cpu_profile cpu;
    int cpu_known = 0;
    struct br_policy policy;
    br_policy_default(&policy);
    fgets(line, sizeof line, stdin);
    while (fgets(line, sizeof line, stdin)) {
        char *f[24]; int n = 0;
        for (char *p = strtok(line, ",\n"); p && n < 24; p = strtok(NULL, ",\n")) f[n++] = p;
        if (n < 16) continue;
        row++;
        double measured = atof(f[15]);
        now += measured;
        if (strstr(f[10], "minimum")) continue;
        struct br_call c; memset(&c, 0, sizeof c);
        if (family_of(f[0], &c)) continue;
        c.work = BR_WORK_FULL;
        c.side = f[1][0] == '-' ? 0 : f[1][0]; c.uplo = f[2][0] == '-' ? 0 : f[2][0];
        c.transa = f[3][0] == '-' ? 0 : f[3][0]; c.transb = f[4][0] == '-' ? 0 : f[4][0];
        c.diag = f[5][0] == '-' ? 0 : f[5][0];
        c.m = atol(f[6]); c.n = atol(f[7]); c.k = atol(f[8]);
        c.lda = c.ldb = c.ldc = 16384;
        c.alpha.d = 1; c.beta.d = 1;
        weighed += measured;
        unsigned kind = br_learn_kind(&c);
        double next = br_call_neighbours_next_cpu(&nb, kind);
        double prior = mode == 1 ? 0 : br_cpu_threads_side_estimate(next, 0.5);
        struct br_prediction p = {0};
        double dev = br_predict_device_seconds(&c, gpu, &p);
        double saved = dev > 0 ? fmax(0, measured - dev - prior) : 0;
        if (!cpu_known) {
            br_cpu_observe(&seen, &c, measured);
            cpu_known = br_cpu_profile_from_observation(&seen, &cpu) == 0;
        } else {
            struct br_learned_factors learned = {.cpu = 1, .device = 1, .device_side = prior};
            struct br_prediction q = {0};
            if (br_decide_after_rules(&c, gpu, &cpu, &policy, -1, 1, &learned, &q) == BR_ON_CPU)
                saved = 0;
        }
        br_call_neighbours_ended(&nb, kind, 1, measured);
        unopened += saved;
        struct br_sweep_ahead a = br_sweep_work_ahead(&mem, &c, now);
        if (a.site >= 0) {
            double t = a.work * a.step_seconds;
            double per = saved;
            if (mode == 2) { /* the least of the site's last three savings per unit of work */
                double v = br_call_volume(&c);
                recent[a.site][nrecent[a.site]++ % 3] = saved / v;
                double least = INFINITY;
                for (int i = 0; i < 3 && i < nrecent[a.site]; i++) least = fmin(least, recent[a.site][i]);
                per = nrecent[a.site] >= 3 ? least * v : 0;
            }
            if (mode == 3 && weighed < 0.05) per = 0;
            savings[a.site] = t > ready ? a.work * per * (1 - ready / t) : 0;
        } 
        double all = 0;
        for (int i = 0; i < BR_SWEEP_KEPT; i++) all += savings[i];
        int in_sweep = a.work > 0;
        int open = weighed >= 0.025 && (in_sweep ? all >= threshold : unopened + all >= threshold);
        if (argc > 2 || (open && !opened))
            printf("row %d %s %c%c %ld %ld %ld cpu %.5f dev %.5f prior %.5f saved %.5f work %.1f step %.4f ahead %.3f seen %.3f%s\n",
                   row, f[0], c.transa ? c.transa : '-', c.transb ? c.transb : '-', (long)c.m, (long)c.n, (long)c.k,
                   measured, dev, prior, saved, a.work, a.step_seconds, all, unopened, open ? " OPEN" : "");
        if (open && !opened) opened = row;
    }
    printf("rows %d, t %.3f s, seen %.3f s, opened at row %d\n", row, now, unopened, opened);
    return 0;
}
