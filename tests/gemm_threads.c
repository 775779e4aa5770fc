/*
 * gemm_threads.c - TAP test of concurrent GEMM calls: 8 POSIX threads each
 * make about 20 calls at once through the Fortran (?gemm_) and CBLAS
 * (cblas_?gemm, column- and row-major) entry points of the library under
 * test, and every result is compared with the Netlib reference BLAS.
 *
 * It is meant for the OpenCL GEMM engine (BLASROUTE_MODE=device
 * BLASROUTE_DEVICE=cpu), where the threads share one device, its buffer
 * pool, command queue(s) and program cache, but it sets nothing itself, so
 * it runs under any mode.  A passing thread line proves that each of that
 * thread's calls, made while the other threads were making theirs:
 *  - computed what the reference computes, within the rounding-error bound
 *    |x - ref| <= 8 (k + 2) eps (|alpha| sum |a||b| + |beta||c|) + tiny,
 *    and exactly for the calls with small integer data (every partial sum
 *    exact), so results mixed up between concurrent calls cannot pass;
 *  - read no NaN poison (C when beta = 0, padding between rows and the
 *    leading dimension of A, B, C);
 *  - wrote nothing outside its own C's m x n block and left its A and B
 *    unchanged (guard bands and padding compared byte for byte).
 *
 * The reference library need not be thread-safe, so every reference result
 * is computed serially in the main thread before the threads start; the
 * threads then wait at a barrier and make their calls together.  Calls mix
 * s, d, c, z, shapes up to 200, all transposes N, T, C, tight and padded
 * leading dimensions, and beta = 0 in about a third of them.
 *
 * Environment:
 *   BLASROUTE_REFERENCE_BLAS  reference library (default Debian's Netlib
 *                             libblas.so.3; the test is skipped without it)
 *   BLASROUTE_TEST_SEED       seed to replay a run (printed as "# seed N");
 *                             it fixes the calls, not their interleaving
 *   BLASROUTE_TEST_QUICK=1    6 calls per thread instead of 20
 *   BLASROUTE_TEST_TIMEOUT    seconds before "Bail out!" (default 300;
 *                             0: never), so that a deadlock is a failure
 *
 * Output: one TAP line per thread plus one overall line; a failing thread
 * line is preceded by up to two failing calls.  Exit status 0 whatever the
 * results; 1 on an internal error.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pthread_barrier_t, clock_gettime under -std=c11 */
#endif

#include "blas_test_common.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N_THREADS = 8, CALLS_FULL = 20, CALLS_QUICK = 6, MAX_DIM = 200 };

/* ------------------------------------------------------------------------ */
/* Calls                                                                    */
/* ------------------------------------------------------------------------ */

/* One call: its arguments as passed (the GEMM call of blas_test_common.h,
 * shared with gemm_device.c), its data and the reference's result. */
struct gcall {
    struct gemm_call args;
    int beta_zero;
    struct operand op[N_OPS];   /* orig only: data as before the call */
    unsigned char *ref_c;       /* C after the reference's call */
};

/* An operand (struct operand of blas_test_common.h) with its data in orig,
 * read whole or not at all, written nowhere; C's write region is set by
 * the caller. */
static void mat_make(struct operand *o, char name, int rows, int cols,
                     int pad, int rowmajor, int readable,
                     const struct precision *p, struct rng *g,
                     int integer_data)
{
    size_t es = elem_size(p);
    *o = (struct operand){ .present = 1, .name = name, .rows = rows,
                           .cols = cols, .rowmajor = rowmajor,
                           .read = readable ? REG_ALL : REG_NONE };
    operand_layout(o, pad);
    o->orig = xmalloc(o->nelem * es);
    poison_range(p, o->orig, o->nelem);
    if (!readable)
        return; /* C when beta = 0: all NaN */
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            unsigned char *e = o->orig + offset_of(o, i, j) * es;
            store_real(p, e, rng_value(g, integer_data));
            if (p->cplx)
                store_real(p, e + p->rsize, rng_value(g, integer_data));
        }
}

static unsigned char *copy_of(const struct operand *o,
                              const struct precision *p)
{
    unsigned char *x = xmalloc(o->nelem * elem_size(p));
    memcpy(x, o->orig, o->nelem * elem_size(p));
    return x;
}

/* A random call, its data, and the reference's result for it. */
static void make_call(struct gcall *c, struct rng *g,
                      const struct gemm_entry ref[N_PRECS])
{
    static const char trans[] = "NTC";
    struct gemm_call *args = &c->args;
    memset(c, 0, sizeof *c);
    args->prec = (enum prec)rng_below(g, N_PRECS);
    args->ifc = (enum iface)rng_below(g, N_IFACES);
    args->transa = trans[rng_below(g, 3)];
    args->transb = trans[rng_below(g, 3)];
    /* a quarter of the dimensions small, where edge handling differs */
    int *dims[3] = { &args->m, &args->n, &args->k };
    for (int d = 0; d < 3; d++)
        *dims[d] = rng_below(g, 4) ? 1 + rng_below(g, MAX_DIM)
                                   : 1 + rng_below(g, 8);
    c->beta_zero = rng_below(g, 3) == 0;
    args->integer_data = rng_below(g, 3) == 0;

    const struct precision *p = &PRECISIONS[args->prec];
    for (int i = 0; i < 1 + p->cplx; i++) {
        args->alpha[i] = args->integer_data ? 1 + rng_below(g, 3)
                                            : 0.25 + 0.75 * rng_unit(g);
        args->beta[i] = c->beta_zero ? 0.0
                        : args->integer_data ? (double)(1 + rng_below(g, 3))
                                             : 0.25 + 0.75 * rng_unit(g);
        if (rng_next(g) & 1)
            args->alpha[i] = -args->alpha[i];
    }
    /* alpha and beta become the values passed, for the error bound */
    set_scalar_arg(p, 1 + p->cplx, args->alpha, &args->alpha_arg);
    set_scalar_arg(p, 1 + p->cplx, args->beta, &args->beta_arg);

    int ta = args->transa != 'N', tb = args->transb != 'N';
    int row = args->ifc == IF_CBLAS_ROW;
    int pad[N_OPS];
    for (int o = 0; o < N_OPS; o++)
        pad[o] = rng_below(g, 2) ? 0 : 1 + rng_below(g, 5);
    mat_make(&c->op[OP_A], 'A', ta ? args->k : args->m,
             ta ? args->m : args->k, pad[OP_A], row, 1, p, g,
             args->integer_data);
    mat_make(&c->op[OP_B], 'B', tb ? args->n : args->k,
             tb ? args->k : args->n, pad[OP_B], row, 1, p, g,
             args->integer_data);
    mat_make(&c->op[OP_C], 'C', args->m, args->n, pad[OP_C], row,
             !c->beta_zero, p, g, args->integer_data);
    c->op[OP_C].write = REG_ALL;
    args->lda = c->op[OP_A].ld;
    args->ldb = c->op[OP_B].ld;
    args->ldc = c->op[OP_C].ld;

    /* Reference, on copies (it must not see the library's buffers). */
    size_t es = elem_size(p);
    unsigned char *a = copy_of(&c->op[OP_A], p);
    unsigned char *b = copy_of(&c->op[OP_B], p);
    c->ref_c = copy_of(&c->op[OP_C], p);
    call_gemm(&ref[args->prec], args, a + GUARD * es, b + GUARD * es,
              c->ref_c + GUARD * es);
    free(a);
    free(b);
}

static void free_call(struct gcall *c)
{
    for (int o = 0; o < N_OPS; o++)
        free(c->op[o].orig);
    free(c->ref_c);
}

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */
/* ------------------------------------------------------------------------ */

/* First forbidden change in buf (whole buffer for A, B; all but the m x n
 * block for C, which is checked by value), as a message; 0 if none.  The
 * message is shorter than check_unchanged()'s: no values.  scratch: at
 * least o->nelem elements. */
static int check_forbidden_change(const struct operand *o,
                                  const struct precision *p,
                                  const unsigned char *buf,
                                  unsigned char *scratch, char *msg,
                                  size_t len)
{
    size_t es = elem_size(p), extent = (size_t)outer_dim(o) * o->ld;
    long found = forbidden_change(o, es, buf, scratch);
    if (found < 0)
        return 0;
    size_t e = (size_t)found;
    char where[120];
    if (e < GUARD)
        snprintf(where, sizeof where, "guard band before %c", o->name);
    else if (e - GUARD >= extent)
        snprintf(where, sizeof where, "guard band after %c", o->name);
    else
        snprintf(where, sizeof where, "%s of %c: %s %d of %s %d (ld=%d)",
                 (int)((e - GUARD) % o->ld) >= inner_dim(o) ? "padding"
                                                            : "element",
                 o->name, o->rowmajor ? "column" : "row",
                 (int)((e - GUARD) % o->ld), o->rowmajor ? "row" : "column",
                 (int)((e - GUARD) / o->ld), o->ld);
    snprintf(msg, len, "%s %s",
             o->write != REG_NONE ? "wrote outside C's m x n block:"
                                  : "modified input",
             where);
    return 1;
}

/* Per-element bound on |x - ref|, computed only when they differ. */
static double *magnitude(const struct gcall *c, const struct precision *p)
{
    size_t es = elem_size(p);
    const struct operand *A = &c->op[OP_A], *B = &c->op[OP_B],
                         *C = &c->op[OP_C];
    int m = c->args.m, n = c->args.n, k = c->args.k;
    double *E = xmalloc((size_t)m * n * sizeof *E);
    double *P = xmalloc((size_t)m * k * sizeof *P);
    double *Q = xmalloc((size_t)k * n * sizeof *Q);
    double v[2], sa = modulus_hypot(c->args.alpha),
                 sb = modulus_hypot(c->args.beta);
    for (int i = 0; i < m; i++)
        for (int l = 0; l < k; l++) {
            size_t at = c->args.transa == 'N' ? offset_of(A, i, l)
                                              : offset_of(A, l, i);
            load_elem(p, A->orig + at * es, v);
            P[i + (size_t)l * m] = modulus_hypot(v);
        }
    for (int l = 0; l < k; l++)
        for (int j = 0; j < n; j++) {
            size_t at = c->args.transb == 'N' ? offset_of(B, l, j)
                                              : offset_of(B, j, l);
            load_elem(p, B->orig + at * es, v);
            Q[l + (size_t)j * k] = modulus_hypot(v);
        }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double s = 0.0;
            if (!c->beta_zero) {
                load_elem(p, C->orig + offset_of(C, i, j) * es, v);
                s = sb * modulus_hypot(v);
            }
            for (int l = 0; l < k; l++)
                s += sa * P[i + (size_t)l * m] * Q[l + (size_t)j * k];
            E[i + (size_t)j * m] = s;
        }
    free(P);
    free(Q);
    return E;
}

static int check_values(const struct gcall *c, const struct precision *p,
                        const unsigned char *lib_c, char *msg, size_t len)
{
    const struct operand *C = &c->op[OP_C];
    size_t es = elem_size(p);
    double *E = NULL;
    int failed = 0;
    for (int j = 0; j < c->args.n && !failed; j++)
        for (int i = 0; i < c->args.m && !failed; i++) {
            double x[2], r[2], d[2], err, bound = 0.0;
            load_elem(p, lib_c + offset_of(C, i, j) * es, x);
            load_elem(p, c->ref_c + offset_of(C, i, j) * es, r);
            d[0] = x[0] - r[0];
            d[1] = x[1] - r[1];
            err = modulus_hypot(d);
            if (err == 0.0)
                continue;
            if (!isnan(err) && !c->args.integer_data) {
                if (!E)
                    E = magnitude(c, p);
                bound = rounding_bound(8.0, c->args.k, p,
                                       E[i + (size_t)j * c->args.m]);
                if (err <= bound)
                    continue;
            }
            char xs[64], rs[64];
            format_value(xs, sizeof xs, x, p->cplx);
            format_value(rs, sizeof rs, r, p->cplx);
            snprintf(msg, len, "C(%d,%d) = %s, reference %s: %s", i, j, xs,
                     rs,
                     isnan(err) ? "NaN (poison read, or another call's data)"
                     : c->args.integer_data ? "integer data must be exact"
                                       : "error above the rounding bound");
            failed = 1;
        }
    free(E);
    return failed;
}

/* ------------------------------------------------------------------------ */
/* Threads                                                                  */
/* ------------------------------------------------------------------------ */

enum { MAX_REPORTS = 2 };

struct worker {
    int index, ncalls;
    struct gcall *calls;
    const struct gemm_entry *lib;
    pthread_barrier_t *start;
    int failures, done;
    char report[MAX_REPORTS][800];
    double seconds;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Each call: fresh copies of A, B, C for the library, the call, then the
 * checks.  The copies and checks are cheap next to a GEMM on the device,
 * so the threads' GEMM calls overlap most of the time; while one thread
 * checks, the others keep the device busy. */
static void *worker_main(void *arg)
{
    struct worker *w = arg;
    unsigned char *scratch = NULL; /* for forbidden_change() */
    size_t scratch_cap = 0;
    pthread_barrier_wait(w->start);
    double t0 = now();
    for (int i = 0; i < w->ncalls; i++) {
        struct gcall *c = &w->calls[i];
        const struct precision *p = &PRECISIONS[c->args.prec];
        size_t es = elem_size(p);
        unsigned char *buf[N_OPS];
        char msg[400];
        int bad = 0;

        for (int o = 0; o < N_OPS; o++)
            buf[o] = copy_of(&c->op[o], p);
        call_gemm(&w->lib[c->args.prec], &c->args, buf[OP_A] + GUARD * es,
                  buf[OP_B] + GUARD * es, buf[OP_C] + GUARD * es);
        grow((void **)&scratch, &scratch_cap, c->op[OP_C].nelem * es);
        for (int o = 0; o < N_OPS && !bad; o++)
            bad = check_forbidden_change(&c->op[o], p, buf[o], scratch, msg,
                                         sizeof msg);
        if (!bad)
            bad = check_values(c, p, buf[OP_C], msg, sizeof msg);
        if (bad && w->failures < MAX_REPORTS) {
            char desc[300];
            describe_gemm_call(&c->args, desc, sizeof desc);
            snprintf(w->report[w->failures], sizeof w->report[0],
                     "call %d: %s\n#     %s", i, desc, msg);
        }
        w->failures += bad;
        w->done++;
        for (int o = 0; o < N_OPS; o++)
            free(buf[o]);
    }
    w->seconds = now() - t0;
    free(scratch);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */
/* ------------------------------------------------------------------------ */

int main(void)
{
    const struct gemm_entry *lib = GEMM_UNDER_TEST;
    struct gemm_entry ref[N_PRECS];
    struct worker workers[N_THREADS];
    pthread_t tids[N_THREADS];
    pthread_barrier_t start;
    int ncalls = read_test_quick() ? CALLS_QUICK : CALLS_FULL;

    setvbuf(stdout, NULL, _IOLBF, 0);
    uint64_t seed = read_test_seed();
    unsigned timeout = (unsigned)env_number("BLASROUTE_TEST_TIMEOUT", 300);
    load_reference_gemm(ref);
    arm_timeout(timeout, "deadlock?");
    printf("1..%d\n", N_THREADS + 1);
    printf("# seed %llu (BLASROUTE_TEST_SEED replays the calls)\n",
           (unsigned long long)seed);

    /* Calls and reference results, serially: Netlib BLAS is not promised
     * to be thread-safe, and a reference computed before the threads run
     * cannot be disturbed by them. */
    double t0 = now();
    struct rng g = { seed ^ 0x5eedf00du };
    for (int t = 0; t < N_THREADS; t++) {
        workers[t] = (struct worker){ .index = t, .ncalls = ncalls,
                                      .lib = lib, .start = &start };
        workers[t].calls = xmalloc((size_t)ncalls * sizeof(struct gcall));
        for (int i = 0; i < ncalls; i++)
            make_call(&workers[t].calls[i], &g, ref);
    }
    printf("# references computed in %.1f s\n", now() - t0);

    if (pthread_barrier_init(&start, NULL, N_THREADS + 1) != 0)
        bail_out("pthread_barrier_init failed");
    for (int t = 0; t < N_THREADS; t++)
        if (pthread_create(&tids[t], NULL, worker_main, &workers[t]) != 0)
            bail_out("pthread_create failed for thread %d", t);
    t0 = now();
    pthread_barrier_wait(&start); /* all threads start together */
    for (int t = 0; t < N_THREADS; t++)
        pthread_join(tids[t], NULL);
    double wall = now() - t0;
    pthread_barrier_destroy(&start);

    int failed_threads = 0, total_done = 0;
    for (int t = 0; t < N_THREADS; t++) {
        struct worker *w = &workers[t];
        char mix[64] = "";
        int count[N_PRECS] = { 0 };
        size_t n = 0;
        for (int i = 0; i < w->ncalls; i++)
            count[w->calls[i].args.prec]++;
        for (int p = 0; p < N_PRECS; p++)
            if (count[p])
                n += (size_t)snprintf(mix + n, sizeof mix - n, "%s%d %c",
                                      n ? ", " : "", count[p],
                                      PRECISIONS[p].letter);
        for (int r = 0; r < w->failures && r < MAX_REPORTS; r++)
            printf("# %s\n", w->report[r]);
        print_more_failures(w->failures, MAX_REPORTS);
        total_done += w->done;
        if (w->failures) {
            failed_threads++;
            printf("not ok %d - thread %d: %d of %d calls failed (%s)\n",
                   t + 1, t, w->failures, w->ncalls, mix);
        } else {
            printf("ok %d - thread %d: %d concurrent calls right (%s) in "
                   "%.2f s\n", t + 1, t, w->ncalls, mix, w->seconds);
        }
    }
    int all_ok = !failed_threads && total_done == N_THREADS * ncalls;
    printf("%s %d - %d threads, %d concurrent GEMM calls, %d of them done, "
           "%d thread(s) with failures, in %.2f s\n",
           all_ok ? "ok" : "not ok", N_THREADS + 1, N_THREADS,
           N_THREADS * ncalls, total_done, failed_threads, wall);

    for (int t = 0; t < N_THREADS; t++) {
        for (int i = 0; i < workers[t].ncalls; i++)
            free_call(&workers[t].calls[i]);
        free(workers[t].calls);
    }
    return 0;
}
