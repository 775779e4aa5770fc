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
#define _GNU_SOURCE /* RTLD_DEEPBIND */
#endif

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_REFERENCE "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"

enum { N_THREADS = 8, CALLS_FULL = 20, CALLS_QUICK = 6, MAX_DIM = 200 };

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

/* Fortran ABI (LP64, gfortran hidden CHARACTER lengths at the end). */
typedef void gemm_f(const char *transa, const char *transb, const int *m,
                    const int *n, const int *k, const void *alpha,
                    const void *a, const int *lda, const void *b,
                    const int *ldb, const void *beta, void *c,
                    const int *ldc, size_t transa_len, size_t transb_len);
extern gemm_f sgemm_, dgemm_, cgemm_, zgemm_;

enum {
    CB_ROW_MAJOR = 101, CB_COL_MAJOR = 102,
    CB_NO_TRANS = 111, CB_TRANS = 112, CB_CONJ_TRANS = 113
};
typedef void cb_gemm_s(int layout, int transa, int transb, int m, int n,
                       int k, float alpha, const void *a, int lda,
                       const void *b, int ldb, float beta, void *c, int ldc);
typedef void cb_gemm_d(int layout, int transa, int transb, int m, int n,
                       int k, double alpha, const void *a, int lda,
                       const void *b, int ldb, double beta, void *c, int ldc);
typedef void cb_gemm_z(int layout, int transa, int transb, int m, int n,
                       int k, const void *alpha, const void *a, int lda,
                       const void *b, int ldb, const void *beta, void *c,
                       int ldc);
extern cb_gemm_s cblas_sgemm;
extern cb_gemm_d cblas_dgemm;
extern cb_gemm_z cblas_cgemm, cblas_zgemm;

/* Pointers to functions of different types are kept as this type and cast
 * back before the call (exempt from -Wcast-function-type). */
typedef void (*anyfn)(void);

struct entry {
    gemm_f *fortran;
    anyfn cblas;
};

/* ------------------------------------------------------------------------ */
/* Utilities                                                                */
/* ------------------------------------------------------------------------ */

static void fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("Bail out! ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    exit(1);
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fatal("out of memory (%zu bytes)", bytes);
    return p;
}

static int imax(int a, int b) { return a > b ? a : b; }

struct rng { uint64_t state; };

static uint64_t rng_next(struct rng *g) /* splitmix64 */
{
    uint64_t z = (g->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double rng_unit(struct rng *g)
{
    return (double)(rng_next(g) >> 11) * 0x1p-53;
}

static int rng_below(struct rng *g, int n)
{
    return (int)(rng_next(g) % (uint64_t)n);
}

/* ------------------------------------------------------------------------ */
/* Precisions and elements                                                  */
/* ------------------------------------------------------------------------ */

enum prec { PS, PD, PC, PZ, N_PRECS };

struct precision {
    char letter;
    int cplx;
    size_t rsize;
    double eps, tiny;
};

static const struct precision PRECISIONS[N_PRECS] = {
    [PS] = { 's', 0, sizeof(float), FLT_EPSILON, FLT_MIN },
    [PD] = { 'd', 0, sizeof(double), DBL_EPSILON, DBL_MIN },
    [PC] = { 'c', 1, sizeof(float), FLT_EPSILON, FLT_MIN },
    [PZ] = { 'z', 1, sizeof(double), DBL_EPSILON, DBL_MIN },
};

static const uint32_t POISON32 = 0x7fc0deadu;
static const uint64_t POISON64 = 0x7ff8dead0badf00du;

static size_t elem_size(const struct precision *p)
{
    return p->rsize << p->cplx;
}

static double load_real(const struct precision *p, const unsigned char *e)
{
    if (p->rsize == sizeof(float)) {
        float f;
        memcpy(&f, e, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, e, sizeof d);
    return d;
}

static void store_real(const struct precision *p, unsigned char *e, double x)
{
    if (p->rsize == sizeof(float)) {
        float f = (float)x;
        memcpy(e, &f, sizeof f);
    } else {
        memcpy(e, &x, sizeof x);
    }
}

static void load(const struct precision *p, const unsigned char *e,
                 double v[2])
{
    v[0] = load_real(p, e);
    v[1] = p->cplx ? load_real(p, e + p->rsize) : 0.0;
}

static void poison_range(const struct precision *p, unsigned char *buf,
                         size_t n)
{
    for (size_t off = 0; off < n * elem_size(p); off += p->rsize) {
        if (p->rsize == sizeof(float))
            memcpy(buf + off, &POISON32, sizeof POISON32);
        else
            memcpy(buf + off, &POISON64, sizeof POISON64);
    }
}

static double modulus(const double v[2])
{
    return hypot(v[0], v[1]);
}

static void format_value(char *out, size_t len, const double v[2], int cplx)
{
    if (cplx)
        snprintf(out, len, "(%.9g,%.9g)", v[0], v[1]);
    else
        snprintf(out, len, "%.9g", v[0]);
}

/* ------------------------------------------------------------------------ */
/* Calls                                                                    */
/* ------------------------------------------------------------------------ */

enum iface { IF_FORTRAN, IF_COL, IF_ROW, N_IFACES };
enum { OP_A, OP_B, OP_C, N_OPS };
enum { GUARD = 16 };

union scalar { float f[2]; double d[2]; };

/* One stored operand: the matrix as passed (A, not op(A)). */
struct mat {
    char name;
    int rows, cols, ld, rowmajor;
    size_t nelem;               /* guards included */
    unsigned char *orig;        /* data as before the call */
};

struct gcall {
    enum prec prec;
    enum iface ifc;
    char transa, transb;
    int m, n, k, lda, ldb, ldc;
    int beta_zero, integer_data;
    double alpha[2], beta[2];
    union scalar alpha_arg, beta_arg;
    struct mat op[N_OPS];
    unsigned char *ref_c;       /* C after the reference's call */
};

static int inner_dim(const struct mat *o)
{
    return o->rowmajor ? o->cols : o->rows;
}

static int outer_dim(const struct mat *o)
{
    return o->rowmajor ? o->rows : o->cols;
}

static size_t offset_of(const struct mat *o, int i, int j)
{
    return GUARD + (o->rowmajor ? (size_t)i * o->ld + j
                                : (size_t)j * o->ld + i);
}

static int cb_trans(char t)
{
    return t == 'N' ? CB_NO_TRANS : t == 'T' ? CB_TRANS : CB_CONJ_TRANS;
}

static void invoke(const struct entry *e, const struct gcall *c,
                   const void *a, const void *b, void *cc)
{
    int layout = c->ifc == IF_ROW ? CB_ROW_MAJOR : CB_COL_MAJOR;
    int ta = cb_trans(c->transa), tb = cb_trans(c->transb);
    if (c->ifc == IF_FORTRAN) {
        e->fortran(&c->transa, &c->transb, &c->m, &c->n, &c->k,
                   &c->alpha_arg, a, &c->lda, b, &c->ldb, &c->beta_arg, cc,
                   &c->ldc, 1, 1);
        return;
    }
    switch (c->prec) {
    case PS:
        ((cb_gemm_s *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                c->alpha_arg.f[0], a, c->lda, b, c->ldb,
                                c->beta_arg.f[0], cc, c->ldc);
        break;
    case PD:
        ((cb_gemm_d *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                c->alpha_arg.d[0], a, c->lda, b, c->ldb,
                                c->beta_arg.d[0], cc, c->ldc);
        break;
    default:
        ((cb_gemm_z *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                &c->alpha_arg, a, c->lda, b, c->ldb,
                                &c->beta_arg, cc, c->ldc);
        break;
    }
}

/* Random value: small non-zero integers (exact sums) or uniform [-1, 1). */
static double value(struct rng *g, int integer_data)
{
    if (integer_data)
        return (rng_next(g) & 1 ? 1 : -1) * (1 + rng_below(g, 4));
    return 2.0 * rng_unit(g) - 1.0;
}

static void set_scalar(const struct precision *p, const double v[2],
                       union scalar *arg)
{
    memset(arg, 0, sizeof *arg);
    for (int i = 0; i < 1 + p->cplx; i++) {
        if (p->rsize == sizeof(float))
            arg->f[i] = (float)v[i];
        else
            arg->d[i] = v[i];
    }
}

static void mat_make(struct mat *o, char name, int rows, int cols, int pad,
                     int rowmajor, int readable, const struct precision *p,
                     struct rng *g, int integer_data)
{
    size_t es = elem_size(p);
    *o = (struct mat){ .name = name, .rows = rows, .cols = cols,
                       .rowmajor = rowmajor };
    o->ld = imax(1, inner_dim(o)) + pad;
    o->nelem = 2 * (size_t)GUARD + (size_t)outer_dim(o) * o->ld;
    o->orig = xmalloc(o->nelem * es);
    poison_range(p, o->orig, o->nelem);
    if (!readable)
        return; /* C when beta = 0: all NaN */
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            unsigned char *e = o->orig + offset_of(o, i, j) * es;
            store_real(p, e, value(g, integer_data));
            if (p->cplx)
                store_real(p, e + p->rsize, value(g, integer_data));
        }
}

static unsigned char *copy_of(const struct mat *o, const struct precision *p)
{
    unsigned char *x = xmalloc(o->nelem * elem_size(p));
    memcpy(x, o->orig, o->nelem * elem_size(p));
    return x;
}

/* A random call, its data, and the reference's result for it. */
static void make_call(struct gcall *c, struct rng *g,
                      const struct entry ref[N_PRECS])
{
    static const char trans[] = "NTC";
    memset(c, 0, sizeof *c);
    c->prec = (enum prec)rng_below(g, N_PRECS);
    c->ifc = (enum iface)rng_below(g, N_IFACES);
    c->transa = trans[rng_below(g, 3)];
    c->transb = trans[rng_below(g, 3)];
    /* a quarter of the dimensions small, where edge handling differs */
    int *dims[3] = { &c->m, &c->n, &c->k };
    for (int d = 0; d < 3; d++)
        *dims[d] = rng_below(g, 4) ? 1 + rng_below(g, MAX_DIM)
                                   : 1 + rng_below(g, 8);
    c->beta_zero = rng_below(g, 3) == 0;
    c->integer_data = rng_below(g, 3) == 0;

    const struct precision *p = &PRECISIONS[c->prec];
    for (int i = 0; i < 1 + p->cplx; i++) {
        c->alpha[i] = c->integer_data ? 1 + rng_below(g, 3)
                                      : 0.25 + 0.75 * rng_unit(g);
        c->beta[i] = c->beta_zero ? 0.0
                     : c->integer_data ? (double)(1 + rng_below(g, 3))
                                       : 0.25 + 0.75 * rng_unit(g);
        if (rng_next(g) & 1)
            c->alpha[i] = -c->alpha[i];
    }
    set_scalar(p, c->alpha, &c->alpha_arg);
    set_scalar(p, c->beta, &c->beta_arg);
    /* the values actually passed, for the error bound */
    for (int i = 0; i < 1 + p->cplx; i++) {
        if (p->rsize == sizeof(float)) {
            c->alpha[i] = c->alpha_arg.f[i];
            c->beta[i] = c->beta_arg.f[i];
        }
    }

    int ta = c->transa != 'N', tb = c->transb != 'N';
    int row = c->ifc == IF_ROW;
    int pad[N_OPS];
    for (int o = 0; o < N_OPS; o++)
        pad[o] = rng_below(g, 2) ? 0 : 1 + rng_below(g, 5);
    mat_make(&c->op[OP_A], 'A', ta ? c->k : c->m, ta ? c->m : c->k,
             pad[OP_A], row, 1, p, g, c->integer_data);
    mat_make(&c->op[OP_B], 'B', tb ? c->n : c->k, tb ? c->k : c->n,
             pad[OP_B], row, 1, p, g, c->integer_data);
    mat_make(&c->op[OP_C], 'C', c->m, c->n, pad[OP_C], row, !c->beta_zero,
             p, g, c->integer_data);
    c->lda = c->op[OP_A].ld;
    c->ldb = c->op[OP_B].ld;
    c->ldc = c->op[OP_C].ld;

    /* Reference, on copies (it must not see the library's buffers). */
    size_t es = elem_size(p);
    unsigned char *a = copy_of(&c->op[OP_A], p);
    unsigned char *b = copy_of(&c->op[OP_B], p);
    c->ref_c = copy_of(&c->op[OP_C], p);
    invoke(&ref[c->prec], c, a + GUARD * es, b + GUARD * es,
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

static void describe_call(const struct gcall *c, char *out, size_t len)
{
    const struct precision *p = &PRECISIONS[c->prec];
    char a[64], b[64];
    int n;
    format_value(a, sizeof a, c->alpha, p->cplx);
    format_value(b, sizeof b, c->beta, p->cplx);
    if (c->ifc == IF_FORTRAN)
        n = snprintf(out, len, "%cgemm_:", p->letter);
    else
        n = snprintf(out, len, "cblas_%cgemm %s:", p->letter,
                     c->ifc == IF_ROW ? "row-major" : "col-major");
    if (n < 0 || (size_t)n >= len)
        return;
    snprintf(out + n, len - (size_t)n,
             " transa=%c transb=%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d "
             "alpha=%s beta=%s%s", c->transa, c->transb, c->m, c->n, c->k,
             c->lda, c->ldb, c->ldc, a, b,
             c->integer_data ? " (integer data)" : "");
}

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */
/* ------------------------------------------------------------------------ */

/* First forbidden change in buf (whole buffer for A, B; all but the m x n
 * block for C), as a message; 0 if none. */
static int check_unchanged(const struct mat *o, const struct precision *p,
                           const unsigned char *buf, int is_c, char *msg,
                           size_t len)
{
    size_t es = elem_size(p), extent = (size_t)outer_dim(o) * o->ld;
    for (size_t e = 0; e < o->nelem; e++) {
        if (is_c && e >= GUARD && e - GUARD < extent &&
            (int)((e - GUARD) % o->ld) < inner_dim(o))
            continue; /* inside the block: checked by value */
        if (memcmp(buf + e * es, o->orig + e * es, es) == 0)
            continue;
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
                     (int)((e - GUARD) % o->ld),
                     o->rowmajor ? "row" : "column",
                     (int)((e - GUARD) / o->ld), o->ld);
        snprintf(msg, len, "%s %s",
                 is_c ? "wrote outside C's m x n block:" : "modified input",
                 where);
        return 1;
    }
    return 0;
}

/* Per-element bound on |x - ref|, computed only when they differ. */
static double *magnitude(const struct gcall *c, const struct precision *p)
{
    size_t es = elem_size(p);
    const struct mat *A = &c->op[OP_A], *B = &c->op[OP_B], *C = &c->op[OP_C];
    double *E = xmalloc((size_t)c->m * c->n * sizeof *E);
    double *P = xmalloc((size_t)c->m * c->k * sizeof *P);
    double *Q = xmalloc((size_t)c->k * c->n * sizeof *Q);
    double v[2], sa = modulus(c->alpha), sb = modulus(c->beta);
    for (int i = 0; i < c->m; i++)
        for (int l = 0; l < c->k; l++) {
            load(p, A->orig + (c->transa == 'N' ? offset_of(A, i, l)
                                                : offset_of(A, l, i)) * es,
                 v);
            P[i + (size_t)l * c->m] = modulus(v);
        }
    for (int l = 0; l < c->k; l++)
        for (int j = 0; j < c->n; j++) {
            load(p, B->orig + (c->transb == 'N' ? offset_of(B, l, j)
                                                : offset_of(B, j, l)) * es,
                 v);
            Q[l + (size_t)j * c->k] = modulus(v);
        }
    for (int j = 0; j < c->n; j++)
        for (int i = 0; i < c->m; i++) {
            double s = 0.0;
            if (!c->beta_zero) {
                load(p, C->orig + offset_of(C, i, j) * es, v);
                s = sb * modulus(v);
            }
            for (int l = 0; l < c->k; l++)
                s += sa * P[i + (size_t)l * c->m] * Q[l + (size_t)j * c->k];
            E[i + (size_t)j * c->m] = s;
        }
    free(P);
    free(Q);
    return E;
}

static int check_values(const struct gcall *c, const struct precision *p,
                        const unsigned char *lib_c, char *msg, size_t len)
{
    const struct mat *C = &c->op[OP_C];
    size_t es = elem_size(p);
    double *E = NULL;
    int failed = 0;
    for (int j = 0; j < c->n && !failed; j++)
        for (int i = 0; i < c->m && !failed; i++) {
            double x[2], r[2], d[2], err, bound = 0.0;
            load(p, lib_c + offset_of(C, i, j) * es, x);
            load(p, c->ref_c + offset_of(C, i, j) * es, r);
            d[0] = x[0] - r[0];
            d[1] = x[1] - r[1];
            err = modulus(d);
            if (err == 0.0)
                continue;
            if (!isnan(err) && !c->integer_data) {
                if (!E)
                    E = magnitude(c, p);
                bound = 8.0 * (c->k + 2) * p->eps * E[i + (size_t)j * c->m] +
                        p->tiny;
                if (err <= bound)
                    continue;
            }
            char xs[64], rs[64];
            format_value(xs, sizeof xs, x, p->cplx);
            format_value(rs, sizeof rs, r, p->cplx);
            snprintf(msg, len, "C(%d,%d) = %s, reference %s: %s", i, j, xs,
                     rs,
                     isnan(err) ? "NaN (poison read, or another call's data)"
                     : c->integer_data ? "integer data must be exact"
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
    const struct entry *lib;
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
    pthread_barrier_wait(w->start);
    double t0 = now();
    for (int i = 0; i < w->ncalls; i++) {
        struct gcall *c = &w->calls[i];
        const struct precision *p = &PRECISIONS[c->prec];
        size_t es = elem_size(p);
        unsigned char *buf[N_OPS];
        char msg[400];
        int bad = 0;

        for (int o = 0; o < N_OPS; o++)
            buf[o] = copy_of(&c->op[o], p);
        invoke(&w->lib[c->prec], c, buf[OP_A] + GUARD * es,
               buf[OP_B] + GUARD * es, buf[OP_C] + GUARD * es);
        for (int o = 0; o < N_OPS && !bad; o++)
            bad = check_unchanged(&c->op[o], p, buf[o], o == OP_C, msg,
                                  sizeof msg);
        if (!bad)
            bad = check_values(c, p, buf[OP_C], msg, sizeof msg);
        if (bad && w->failures < MAX_REPORTS) {
            char desc[300];
            describe_call(c, desc, sizeof desc);
            snprintf(w->report[w->failures], sizeof w->report[0],
                     "call %d: %s\n#     %s", i, desc, msg);
        }
        w->failures += bad;
        w->done++;
        for (int o = 0; o < N_OPS; o++)
            free(buf[o]);
    }
    w->seconds = now() - t0;
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */
/* ------------------------------------------------------------------------ */

static void on_timeout(int sig)
{
    static const char text[] =
        "Bail out! timed out (BLASROUTE_TEST_TIMEOUT): deadlock?\n";
    (void)sig;
    if (write(STDOUT_FILENO, text, sizeof text - 1) < 0) {
        /* nothing more to do */
    }
    _exit(1);
}

static uint64_t env_number(const char *name, uint64_t fallback)
{
    const char *v = getenv(name);
    char *end;
    if (!v || !*v)
        return fallback;
    uint64_t x = strtoull(v, &end, 0);
    if (*end)
        fatal("%s: not a number: '%s'", name, v);
    return x;
}

static anyfn lookup(void *handle, const char *path, const char *name)
{
    void *sym;
    anyfn fn;
    dlerror();
    sym = dlsym(handle, name);
    if (!sym)
        fatal("reference BLAS %s has no symbol %s", path, name);
    memcpy(&fn, &sym, sizeof fn); /* POSIX: object to function pointer */
    return fn;
}

static void load_reference(const struct entry lib[N_PRECS],
                           struct entry ref[N_PRECS])
{
    const char *path = getenv("BLASROUTE_REFERENCE_BLAS");
    char name[32];
    if (!path || !*path)
        path = DEFAULT_REFERENCE;
    if (access(path, F_OK) != 0) {
        printf("1..0 # SKIP reference BLAS not found at %s\n", path);
        exit(0);
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h)
        fatal("cannot load reference BLAS %s: %s", path, dlerror());
    for (int p = 0; p < N_PRECS; p++) {
        snprintf(name, sizeof name, "%cgemm_", PRECISIONS[p].letter);
        ref[p].fortran = (gemm_f *)lookup(h, path, name);
        snprintf(name, sizeof name, "cblas_%cgemm", PRECISIONS[p].letter);
        ref[p].cblas = lookup(h, path, name);
        if (ref[p].fortran == lib[p].fortran || ref[p].cblas == lib[p].cblas)
            fatal("reference %s resolves %s to the library under test", path,
                  name);
    }
    printf("# reference BLAS: %s\n", path);
}

int main(void)
{
    const struct entry lib[N_PRECS] = {
        [PS] = { sgemm_, (anyfn)cblas_sgemm },
        [PD] = { dgemm_, (anyfn)cblas_dgemm },
        [PC] = { cgemm_, (anyfn)cblas_cgemm },
        [PZ] = { zgemm_, (anyfn)cblas_zgemm },
    };
    struct entry ref[N_PRECS];
    struct worker workers[N_THREADS];
    pthread_t tids[N_THREADS];
    pthread_barrier_t start;
    struct timespec ts;
    const char *quick = getenv("BLASROUTE_TEST_QUICK");
    int ncalls = quick && *quick && strcmp(quick, "0") != 0 ? CALLS_QUICK
                                                           : CALLS_FULL;

    setvbuf(stdout, NULL, _IOLBF, 0);
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t seed = env_number("BLASROUTE_TEST_SEED",
                               ((uint64_t)ts.tv_sec * 1000003u ^
                                (uint64_t)ts.tv_nsec ^
                                (uint64_t)getpid() << 20) % 1000000000u);
    unsigned timeout = (unsigned)env_number("BLASROUTE_TEST_TIMEOUT", 300);
    load_reference(lib, ref);
    if (timeout) {
        signal(SIGALRM, on_timeout);
        alarm(timeout);
    }
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
        fatal("pthread_barrier_init failed");
    for (int t = 0; t < N_THREADS; t++)
        if (pthread_create(&tids[t], NULL, worker_main, &workers[t]) != 0)
            fatal("pthread_create failed for thread %d", t);
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
            count[w->calls[i].prec]++;
        for (int p = 0; p < N_PRECS; p++)
            if (count[p])
                n += (size_t)snprintf(mix + n, sizeof mix - n, "%s%d %c",
                                      n ? ", " : "", count[p],
                                      PRECISIONS[p].letter);
        for (int r = 0; r < w->failures && r < MAX_REPORTS; r++)
            printf("# %s\n", w->report[r]);
        if (w->failures > MAX_REPORTS)
            printf("# ... and %d more failing calls\n",
                   w->failures - MAX_REPORTS);
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
