/*
 * level3_errors.c - Level-3 BLAS argument checking, compared with Debian's
 * reference BLAS.  Output is TAP.
 *
 * What this proves.  For each of the 30 Level-3 routines of the Fortran ABI
 * (?gemm, ?symm, ?hemm, ?syrk, ?herk, ?syr2k, ?her2k, ?trmm, ?trsm) and each
 * of the 30 CBLAS ones in both layouts, the library this program is linked
 * against rejects exactly the argument lists that Netlib's reference BLAS
 * rejects, and reports them the way the reference does:
 *   - the same parameter number and routine name, in the line
 *     "Parameter N to routine NAME was incorrect" on stderr;
 *   - through the same path: a Fortran routine calls xerbla_, which prints
 *     and returns; a CBLAS routine ends in cblas_xerbla, which prints and
 *     calls exit(-1) (for layout and option errors directly, for the errors
 *     found by the Fortran routine it wraps through xerbla_ with info+1);
 *   - when several arguments are bad at once, the one the reference reports
 *     wins, so the checks are made in the same order.
 * Valid argument lists (legal lower-case letters, trans='C' for real ?syrk,
 * leading dimensions of exactly max(1,rows), zero dimensions) must be
 * accepted silently.
 *
 * How.  Every case runs twice, each time in a forked child whose stdout and
 * stderr are pipes read by this process: once through the reference, which
 * is dlopen()ed with RTLD_DEEPBIND so that its CBLAS uses its own Fortran
 * routines and its own xerbla_/cblas_xerbla, and once through the routines
 * this program is linked against, with that library's own error handlers
 * (this file defines neither xerbla_ nor cblas_xerbla).  The two children
 * must agree on the message (parameter number, routine name), on how they
 * ended (returned, or exit status 255) and on writing nothing to stdout.
 * Each child has an alarm, so a hang is a failure.  Before a routine's
 * cases, this process itself makes one valid row-major CBLAS call of it
 * through both libraries (after trying it in a child): a back end loaded
 * lazily is then loaded once, not in every child, and whatever state such a
 * call leaves behind (a "called from C" or row-major flag) is inherited by
 * every case and must not change how its errors are reported.
 *
 * Cases, for each routine and interface (one TAP line each):
 *   - a baseline valid call, and the same with all dimensions zero;
 *   - each other legal value of each option, and each leading dimension one
 *     larger than needed;
 *   - each argument made bad alone, in each of its bad forms, on both
 *     baselines (bad letters and enum values, negative dimensions, leading
 *     dimensions one too small or negative, for CBLAS a bad layout);
 *   - every pair of arguments bad at once (this pins the order of checks);
 *   - seeded random cases with 2 or 3 bad arguments, and random valid ones.
 * Where the reference's own number for a lone bad argument is not that
 * argument's position, a "# reference quirk" comment says so.  Such quirks
 * must be matched too: the library promises the reference's behaviour
 * exactly, so a program sees what it saw with the reference.
 *
 * Environment:
 *   BLASROUTE_REFERENCE_BLAS  the reference (default: Debian's libblas.so.3);
 *                             if it is missing the test is skipped
 *   BLASROUTE_TEST_SEED       replay the random cases of an earlier run
 *   BLASROUTE_TEST_VERBOSE    if set and not "0", print every case as a comment
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEEPBIND, dladdr */
#endif

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_REFERENCE "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"

enum {
    CHILD_TIMEOUT_S = 10, /* alarm in each child */
    CHILD_RETURNED = 77,  /* exit status of a child whose call returned */
    MAX_SHOWN = 3,        /* mismatches described per TAP line */
    N_RANDOM_BAD = 16,    /* random cases with 2-3 bad arguments */
    N_RANDOM_GOOD = 4,    /* random valid cases */
    MAX_ARGS = 9,
    MAX_CASES = 256,
    CAPTURE = 2048,       /* bytes kept of each child's stdout/stderr */
    BUF_ELEMS = 256       /* elements of each matrix buffer */
};

/* CBLAS enum values */
enum {
    RowMajor = 101, ColMajor = 102,
    NoTrans = 111, Trans = 112, ConjTrans = 113,
    Upper = 121, Lower = 122,
    NonUnit = 131, Unit = 132,
    Left = 141, Right = 142
};

/* ------------------------------------------------------------------------ */
/* Cases                                                                    */

enum iface { FORTRAN, CBLAS_COL, CBLAS_ROW };
static const char *const iface_label[] = {"Fortran", "col-major", "row-major"};

/* Kinds of checked arguments.  Pointers and scalars are never checked. */
enum kind { K_LAYOUT, K_SIDE, K_UPLO, K_TRANS, K_DIAG, K_DIM, K_LD };

/* Which transpose options a routine accepts. */
enum trule {
    T_ALL, /* N, T, C: ?gemm, ?trmm, ?trsm, real ?syrk and ?syr2k */
    T_SYM, /* N, T:    complex ?syrk and ?syr2k */
    T_HER  /* N, C:    ?herk, ?her2k */
};

/* Leading dimensions are drawn as a mode, resolved once the other
   arguments are known: need = max(1, rows), or cols in row-major. */
enum { LD_EXACT, LD_MORE, LD_LESS, LD_NEGATIVE };

struct argdesc {
    const char *name;
    enum kind kind;
    char op;      /* K_LD: the operand, 'A', 'B' or 'C' */
    int fortran;  /* its Fortran parameter number; CBLAS adds 1 (layout is 1) */
};

struct inv;
typedef void stub_fn(void (*fp)(void), const struct inv *c);

struct family {
    const struct argdesc *args;
    int nargs;
    int base_dims[3]; /* baseline values of the K_DIM arguments, in order */
    void (*shape)(const struct inv *c, char op, int *rows, int *cols);
    stub_fn *fortran_stub;
};

struct routine {
    const char *name; /* "dgemm" */
    const struct family *fam;
    int dbl;          /* double precision */
    enum trule trule;
    void (*fortran)(void);
    void (*cblas)(void);
    stub_fn *cblas_stub;
};

/* One call: the checked arguments in CBLAS order (v[0] is the layout,
   unused by the Fortran interface); Fortran options are characters. */
struct inv {
    const struct routine *r;
    enum iface iface;
    int alpha_zero;
    int v[MAX_ARGS];
};

/* ------------------------------------------------------------------------ */
/* Operands and scalars                                                     */

static union {
    double d[BUF_ELEMS * 2];
    float f[BUF_ELEMS * 2];
} mat[3]; /* A, B, C: room for BUF_ELEMS complex doubles each */

static const float one_f[2] = {1.0f, 0.0f}, zero_f[2] = {0.0f, 0.0f};
static const double one_d[2] = {1.0, 0.0}, zero_d[2] = {0.0, 0.0};

static void fill_operands(int dbl)
{
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < BUF_ELEMS * 2; i++) {
            if (dbl)
                mat[m].d[i] = 1.0;
            else
                mat[m].f[i] = 1.0f;
        }
}

/* alpha is 1 or 0 (as the case says), beta is always 1 */
static float scal_f(const struct inv *c, int is_alpha)
{
    return is_alpha && c->alpha_zero ? 0.0f : 1.0f;
}

static double scal_d(const struct inv *c, int is_alpha)
{
    return is_alpha && c->alpha_zero ? 0.0 : 1.0;
}

static const void *scal_p(const struct inv *c, int is_alpha)
{
    int zero = is_alpha && c->alpha_zero;
    if (c->r->dbl)
        return zero ? (const void *)zero_d : (const void *)one_d;
    return zero ? (const void *)zero_f : (const void *)one_f;
}

/* ------------------------------------------------------------------------ */
/* The routines, Fortran ABI: LP64 integers, hidden CHARACTER lengths last. */
/* Scalars and arrays are declared void: their types do not matter here.    */

typedef void f_gemm_fn(const char *transa, const char *transb, const int *m,
                       const int *n, const int *k, const void *alpha,
                       const void *a, const int *lda, const void *b,
                       const int *ldb, const void *beta, void *c,
                       const int *ldc, size_t, size_t);
/* ?symm, ?hemm (side, uplo, m, n) and ?syr2k, ?her2k (uplo, trans, n, k) */
typedef void f_2op_fn(const char *, const char *, const int *, const int *,
                      const void *alpha, const void *a, const int *lda,
                      const void *b, const int *ldb, const void *beta,
                      void *c, const int *ldc, size_t, size_t);
typedef void f_syrk_fn(const char *uplo, const char *trans, const int *n,
                       const int *k, const void *alpha, const void *a,
                       const int *lda, const void *beta, void *c,
                       const int *ldc, size_t, size_t);
/* ?trmm, ?trsm */
typedef void f_trmm_fn(const char *side, const char *uplo, const char *transa,
                       const char *diag, const int *m, const int *n,
                       const void *alpha, const void *a, const int *lda,
                       void *b, const int *ldb, size_t, size_t, size_t,
                       size_t);

f_gemm_fn sgemm_, dgemm_, cgemm_, zgemm_;
f_2op_fn ssymm_, dsymm_, csymm_, zsymm_, chemm_, zhemm_;
f_2op_fn ssyr2k_, dsyr2k_, csyr2k_, zsyr2k_, cher2k_, zher2k_;
f_syrk_fn ssyrk_, dsyrk_, csyrk_, zsyrk_, cherk_, zherk_;
f_trmm_fn strmm_, dtrmm_, ctrmm_, ztrmm_, strsm_, dtrsm_, ctrsm_, ztrsm_;

static void call_f_gemm(void (*fp)(void), const struct inv *c)
{
    const int *v = c->v;
    char ta = (char)v[1], tb = (char)v[2];
    ((f_gemm_fn *)fp)(&ta, &tb, &v[3], &v[4], &v[5], scal_p(c, 1), mat[0].d,
                      &v[6], mat[1].d, &v[7], scal_p(c, 0), mat[2].d, &v[8],
                      1, 1);
}

static void call_f_2op(void (*fp)(void), const struct inv *c)
{
    const int *v = c->v;
    char o1 = (char)v[1], o2 = (char)v[2];
    ((f_2op_fn *)fp)(&o1, &o2, &v[3], &v[4], scal_p(c, 1), mat[0].d, &v[5],
                     mat[1].d, &v[6], scal_p(c, 0), mat[2].d, &v[7], 1, 1);
}

static void call_f_syrk(void (*fp)(void), const struct inv *c)
{
    const int *v = c->v;
    char uplo = (char)v[1], trans = (char)v[2];
    ((f_syrk_fn *)fp)(&uplo, &trans, &v[3], &v[4], scal_p(c, 1), mat[0].d,
                      &v[5], scal_p(c, 0), mat[2].d, &v[6], 1, 1);
}

static void call_f_trmm(void (*fp)(void), const struct inv *c)
{
    const int *v = c->v;
    char side = (char)v[1], uplo = (char)v[2], ta = (char)v[3],
         diag = (char)v[4];
    ((f_trmm_fn *)fp)(&side, &uplo, &ta, &diag, &v[5], &v[6], scal_p(c, 1),
                      mat[0].d, &v[7], mat[1].d, &v[8], 1, 1, 1, 1);
}

/* ------------------------------------------------------------------------ */
/* The routines, CBLAS.  P names how alpha and beta are passed:             */
/* ff (float, float), dd (double, double), pp (pointer, pointer),           */
/* pf (pointer, float: cher2k), pd (pointer, double: zher2k).               */

#define CBLAS_GEMM(P, AT, BT, MA, MB)                                        \
    typedef void c_gemm_##P##_fn(int, int, int, int, int, int, AT,           \
                                 const void *, int, const void *, int, BT,   \
                                 void *, int);                               \
    static void call_c_gemm_##P(void (*fp)(void), const struct inv *c)      \
    {                                                                        \
        const int *v = c->v;                                                 \
        ((c_gemm_##P##_fn *)fp)(v[0], v[1], v[2], v[3], v[4], v[5],          \
                                MA(c, 1), mat[0].d, v[6], mat[1].d, v[7],    \
                                MB(c, 0), mat[2].d, v[8]);                   \
    }

#define CBLAS_2OP(P, AT, BT, MA, MB)                                         \
    typedef void c_2op_##P##_fn(int, int, int, int, int, AT, const void *,   \
                                int, const void *, int, BT, void *, int);    \
    static void call_c_2op_##P(void (*fp)(void), const struct inv *c)       \
    {                                                                        \
        const int *v = c->v;                                                 \
        ((c_2op_##P##_fn *)fp)(v[0], v[1], v[2], v[3], v[4], MA(c, 1),       \
                               mat[0].d, v[5], mat[1].d, v[6], MB(c, 0),     \
                               mat[2].d, v[7]);                              \
    }

#define CBLAS_SYRK(P, AT, BT, MA, MB)                                        \
    typedef void c_syrk_##P##_fn(int, int, int, int, int, AT, const void *,  \
                                 int, BT, void *, int);                      \
    static void call_c_syrk_##P(void (*fp)(void), const struct inv *c)      \
    {                                                                        \
        const int *v = c->v;                                                 \
        ((c_syrk_##P##_fn *)fp)(v[0], v[1], v[2], v[3], v[4], MA(c, 1),      \
                                mat[0].d, v[5], MB(c, 0), mat[2].d, v[6]);   \
    }

#define CBLAS_TRMM(P, AT, MA)                                                \
    typedef void c_trmm_##P##_fn(int, int, int, int, int, int, int, AT,      \
                                 const void *, int, void *, int);            \
    static void call_c_trmm_##P(void (*fp)(void), const struct inv *c)      \
    {                                                                        \
        const int *v = c->v;                                                 \
        ((c_trmm_##P##_fn *)fp)(v[0], v[1], v[2], v[3], v[4], v[5], v[6],    \
                                MA(c, 1), mat[0].d, v[7], mat[1].d, v[8]);   \
    }

CBLAS_GEMM(ff, float, float, scal_f, scal_f)
CBLAS_GEMM(dd, double, double, scal_d, scal_d)
CBLAS_GEMM(pp, const void *, const void *, scal_p, scal_p)
CBLAS_2OP(ff, float, float, scal_f, scal_f)
CBLAS_2OP(dd, double, double, scal_d, scal_d)
CBLAS_2OP(pp, const void *, const void *, scal_p, scal_p)
CBLAS_2OP(pf, const void *, float, scal_p, scal_f)
CBLAS_2OP(pd, const void *, double, scal_p, scal_d)
CBLAS_SYRK(ff, float, float, scal_f, scal_f)
CBLAS_SYRK(dd, double, double, scal_d, scal_d)
CBLAS_SYRK(pp, const void *, const void *, scal_p, scal_p)
CBLAS_TRMM(ff, float, scal_f)
CBLAS_TRMM(dd, double, scal_d)
CBLAS_TRMM(pp, const void *, scal_p)

c_gemm_ff_fn cblas_sgemm;
c_gemm_dd_fn cblas_dgemm;
c_gemm_pp_fn cblas_cgemm, cblas_zgemm;
c_2op_ff_fn cblas_ssymm, cblas_ssyr2k;
c_2op_dd_fn cblas_dsymm, cblas_dsyr2k;
c_2op_pp_fn cblas_csymm, cblas_zsymm, cblas_chemm, cblas_zhemm;
c_2op_pp_fn cblas_csyr2k, cblas_zsyr2k;
c_2op_pf_fn cblas_cher2k;
c_2op_pd_fn cblas_zher2k;
c_syrk_ff_fn cblas_ssyrk, cblas_cherk;
c_syrk_dd_fn cblas_dsyrk, cblas_zherk;
c_syrk_pp_fn cblas_csyrk, cblas_zsyrk;
c_trmm_ff_fn cblas_strmm, cblas_strsm;
c_trmm_dd_fn cblas_dtrmm, cblas_dtrsm;
c_trmm_pp_fn cblas_ctrmm, cblas_ztrmm, cblas_ctrsm, cblas_ztrsm;

/* ------------------------------------------------------------------------ */
/* Families: the checked arguments, and the shape of each operand.          */

/* Is option v[i] the given value (Fortran letters in either case)? */
static int opt_is(const struct inv *c, int i, char letter, int cblas_value)
{
    if (c->iface == FORTRAN)
        return toupper((unsigned char)c->v[i]) == letter;
    return c->v[i] == cblas_value;
}

static void set_shape(int *rows, int *cols, int r, int c)
{
    *rows = r;
    *cols = c;
}

static const struct argdesc gemm_args[] = {
    {"layout", K_LAYOUT, 0, 0}, {"transa", K_TRANS, 0, 1},
    {"transb", K_TRANS, 0, 2},  {"m", K_DIM, 0, 3},
    {"n", K_DIM, 0, 4},         {"k", K_DIM, 0, 5},
    {"lda", K_LD, 'A', 8},      {"ldb", K_LD, 'B', 10},
    {"ldc", K_LD, 'C', 13},
};

static void gemm_shape(const struct inv *c, char op, int *rows, int *cols)
{
    int m = c->v[3], n = c->v[4], k = c->v[5];
    if (op == 'A')
        opt_is(c, 1, 'N', NoTrans) ? set_shape(rows, cols, m, k)
                                   : set_shape(rows, cols, k, m);
    else if (op == 'B')
        opt_is(c, 2, 'N', NoTrans) ? set_shape(rows, cols, k, n)
                                   : set_shape(rows, cols, n, k);
    else
        set_shape(rows, cols, m, n);
}

static const struct argdesc symm_args[] = {
    {"layout", K_LAYOUT, 0, 0}, {"side", K_SIDE, 0, 1},
    {"uplo", K_UPLO, 0, 2},     {"m", K_DIM, 0, 3},
    {"n", K_DIM, 0, 4},         {"lda", K_LD, 'A', 7},
    {"ldb", K_LD, 'B', 9},      {"ldc", K_LD, 'C', 12},
};

static void symm_shape(const struct inv *c, char op, int *rows, int *cols)
{
    int m = c->v[3], n = c->v[4];
    if (op == 'A')
        opt_is(c, 1, 'L', Left) ? set_shape(rows, cols, m, m)
                                : set_shape(rows, cols, n, n);
    else
        set_shape(rows, cols, m, n);
}

static const struct argdesc syrk_args[] = {
    {"layout", K_LAYOUT, 0, 0}, {"uplo", K_UPLO, 0, 1},
    {"trans", K_TRANS, 0, 2},   {"n", K_DIM, 0, 3},
    {"k", K_DIM, 0, 4},         {"lda", K_LD, 'A', 7},
    {"ldc", K_LD, 'C', 10},
};

static const struct argdesc syr2k_args[] = {
    {"layout", K_LAYOUT, 0, 0}, {"uplo", K_UPLO, 0, 1},
    {"trans", K_TRANS, 0, 2},   {"n", K_DIM, 0, 3},
    {"k", K_DIM, 0, 4},         {"lda", K_LD, 'A', 7},
    {"ldb", K_LD, 'B', 9},      {"ldc", K_LD, 'C', 12},
};

/* ?syrk, ?herk, ?syr2k, ?her2k: A and B are n x k, or k x n transposed */
static void rank_shape(const struct inv *c, char op, int *rows, int *cols)
{
    int n = c->v[3], k = c->v[4];
    if (op == 'C')
        set_shape(rows, cols, n, n);
    else
        opt_is(c, 2, 'N', NoTrans) ? set_shape(rows, cols, n, k)
                                   : set_shape(rows, cols, k, n);
}

static const struct argdesc trmm_args[] = {
    {"layout", K_LAYOUT, 0, 0}, {"side", K_SIDE, 0, 1},
    {"uplo", K_UPLO, 0, 2},     {"transa", K_TRANS, 0, 3},
    {"diag", K_DIAG, 0, 4},     {"m", K_DIM, 0, 5},
    {"n", K_DIM, 0, 6},         {"lda", K_LD, 'A', 9},
    {"ldb", K_LD, 'B', 11},
};

static void trmm_shape(const struct inv *c, char op, int *rows, int *cols)
{
    int m = c->v[5], n = c->v[6];
    if (op == 'A')
        opt_is(c, 1, 'L', Left) ? set_shape(rows, cols, m, m)
                                : set_shape(rows, cols, n, n);
    else
        set_shape(rows, cols, m, n);
}

#define NARGS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Baseline dimensions differ from each other, so that checking a leading
   dimension against the wrong one shows. */
static const struct family GEMM = {gemm_args, NARGS(gemm_args), {2, 3, 4},
                                   gemm_shape, call_f_gemm};
static const struct family SYMM = {symm_args, NARGS(symm_args), {2, 3, 0},
                                   symm_shape, call_f_2op};
static const struct family SYRK = {syrk_args, NARGS(syrk_args), {2, 3, 0},
                                   rank_shape, call_f_syrk};
static const struct family SYR2K = {syr2k_args, NARGS(syr2k_args), {2, 3, 0},
                                    rank_shape, call_f_2op};
static const struct family TRMM = {trmm_args, NARGS(trmm_args), {2, 3, 0},
                                   trmm_shape, call_f_trmm};

#define ROUTINE(nm, fam, dbl, trule, stub)                                   \
    {#nm, &fam, dbl, trule, (void (*)(void))nm##_,                          \
     (void (*)(void))cblas_##nm, stub}

static const struct routine routines[] = {
    ROUTINE(sgemm, GEMM, 0, T_ALL, call_c_gemm_ff),
    ROUTINE(dgemm, GEMM, 1, T_ALL, call_c_gemm_dd),
    ROUTINE(cgemm, GEMM, 0, T_ALL, call_c_gemm_pp),
    ROUTINE(zgemm, GEMM, 1, T_ALL, call_c_gemm_pp),
    ROUTINE(ssymm, SYMM, 0, T_ALL, call_c_2op_ff),
    ROUTINE(dsymm, SYMM, 1, T_ALL, call_c_2op_dd),
    ROUTINE(csymm, SYMM, 0, T_ALL, call_c_2op_pp),
    ROUTINE(zsymm, SYMM, 1, T_ALL, call_c_2op_pp),
    ROUTINE(chemm, SYMM, 0, T_ALL, call_c_2op_pp),
    ROUTINE(zhemm, SYMM, 1, T_ALL, call_c_2op_pp),
    ROUTINE(ssyrk, SYRK, 0, T_ALL, call_c_syrk_ff),
    ROUTINE(dsyrk, SYRK, 1, T_ALL, call_c_syrk_dd),
    ROUTINE(csyrk, SYRK, 0, T_SYM, call_c_syrk_pp),
    ROUTINE(zsyrk, SYRK, 1, T_SYM, call_c_syrk_pp),
    ROUTINE(cherk, SYRK, 0, T_HER, call_c_syrk_ff),
    ROUTINE(zherk, SYRK, 1, T_HER, call_c_syrk_dd),
    ROUTINE(ssyr2k, SYR2K, 0, T_ALL, call_c_2op_ff),
    ROUTINE(dsyr2k, SYR2K, 1, T_ALL, call_c_2op_dd),
    ROUTINE(csyr2k, SYR2K, 0, T_SYM, call_c_2op_pp),
    ROUTINE(zsyr2k, SYR2K, 1, T_SYM, call_c_2op_pp),
    ROUTINE(cher2k, SYR2K, 0, T_HER, call_c_2op_pf),
    ROUTINE(zher2k, SYR2K, 1, T_HER, call_c_2op_pd),
    ROUTINE(strmm, TRMM, 0, T_ALL, call_c_trmm_ff),
    ROUTINE(dtrmm, TRMM, 1, T_ALL, call_c_trmm_dd),
    ROUTINE(ctrmm, TRMM, 0, T_ALL, call_c_trmm_pp),
    ROUTINE(ztrmm, TRMM, 1, T_ALL, call_c_trmm_pp),
    ROUTINE(strsm, TRMM, 0, T_ALL, call_c_trmm_ff),
    ROUTINE(dtrsm, TRMM, 1, T_ALL, call_c_trmm_dd),
    ROUTINE(ctrsm, TRMM, 0, T_ALL, call_c_trmm_pp),
    ROUTINE(ztrsm, TRMM, 1, T_ALL, call_c_trmm_pp),
};
#define N_ROUTINES NARGS(routines)

/* The reference's quirks, all matched exactly (Netlib 3.11 as shipped in Debian 12):
   - row-major cblas_ssyrk and cblas_dsyrk report a bad Uplo as parameter 3;
   - row-major cblas_?gemm reports a bad TransB as parameter 2;
   - row-major cblas_csyrk, cblas_zsyrk, cblas_cherk, cblas_zherk and
     cblas_?syr2k report a bad Uplo as parameter 3 (as ?syrk above;
     cblas_?her2k reports 2);
   - row-major cblas_csyrk, cblas_zsyrk, cblas_csyr2k, cblas_zsyr2k accept
     CblasConjTrans, and row-major cblas_cherk, cblas_zherk, cblas_cher2k,
     cblas_zher2k accept CblasTrans; column-major rejects both (parameter 3). */

/* ------------------------------------------------------------------------ */
/* Legal and illegal values of each argument                                */

struct choices {
    const int *good, *bad;
    int ngood, nbad;
};

#define CHOICES(g, b) {g, b, NARGS(g), NARGS(b)}

static const int f_side[] = {'L', 'l', 'R', 'r'};
static const int f_uplo[] = {'U', 'u', 'L', 'l'};
static const int f_diag[] = {'N', 'n', 'U', 'u'};
static const int f_bad[] = {'X', '?'};
static const int f_trans_all[] = {'N', 'n', 'T', 't', 'C', 'c'};
static const int f_trans_sym[] = {'N', 'n', 'T', 't'};
static const int f_trans_sym_bad[] = {'C', 'c', 'X'};
static const int f_trans_her[] = {'N', 'n', 'C', 'c'};
static const int f_trans_her_bad[] = {'T', 't', 'X'};
static const int c_col[] = {ColMajor}, c_row[] = {RowMajor};
static const int c_side[] = {Left, Right};
static const int c_uplo[] = {Upper, Lower};
static const int c_diag[] = {NonUnit, Unit};
static const int c_bad[] = {0, 999};
static const int c_trans_all[] = {NoTrans, Trans, ConjTrans};
static const int c_trans_sym[] = {NoTrans, Trans};
static const int c_trans_sym_bad[] = {ConjTrans, 0, 999};
static const int c_trans_her[] = {NoTrans, ConjTrans};
static const int c_trans_her_bad[] = {Trans, 0, 999};
static const int dims[] = {0, 1, 2, 3, 4}, dims_bad[] = {-1, -3};
static const int lds[] = {LD_EXACT, LD_MORE}, lds_bad[] = {LD_LESS, LD_NEGATIVE};

static struct choices choices_for(const struct inv *c, int i)
{
    static const struct choices
        fside = CHOICES(f_side, f_bad), fuplo = CHOICES(f_uplo, f_bad),
        fdiag = CHOICES(f_diag, f_bad),
        ftrans[] = {CHOICES(f_trans_all, f_bad),
                    CHOICES(f_trans_sym, f_trans_sym_bad),
                    CHOICES(f_trans_her, f_trans_her_bad)},
        ccol = CHOICES(c_col, c_bad), crow = CHOICES(c_row, c_bad),
        cside = CHOICES(c_side, c_bad), cuplo = CHOICES(c_uplo, c_bad),
        cdiag = CHOICES(c_diag, c_bad),
        ctrans[] = {CHOICES(c_trans_all, c_bad),
                    CHOICES(c_trans_sym, c_trans_sym_bad),
                    CHOICES(c_trans_her, c_trans_her_bad)},
        dim = CHOICES(dims, dims_bad), ld = CHOICES(lds, lds_bad);
    int f = c->iface == FORTRAN;

    switch (c->r->fam->args[i].kind) {
    case K_LAYOUT: return c->iface == CBLAS_ROW ? crow : ccol;
    case K_SIDE: return f ? fside : cside;
    case K_UPLO: return f ? fuplo : cuplo;
    case K_DIAG: return f ? fdiag : cdiag;
    case K_TRANS: return f ? ftrans[c->r->trule] : ctrans[c->r->trule];
    case K_DIM: return dim;
    case K_LD: break;
    }
    return ld;
}

static int need_ld(const struct inv *c, int i);

/* Is argument i (after resolve_lds) one the routine must reject? */
static int is_bad(const struct inv *c, int i)
{
    struct choices ch;
    switch (c->r->fam->args[i].kind) {
    case K_DIM: return c->v[i] < 0;
    case K_LD: return c->v[i] < need_ld(c, i);
    default: break;
    }
    ch = choices_for(c, i);
    for (int j = 0; j < ch.ngood; j++)
        if (ch.good[j] == c->v[i])
            return 0;
    return 1;
}

/* The smallest legal leading dimension for argument i */
static int need_ld(const struct inv *c, int i)
{
    int rows, cols, need;
    c->r->fam->shape(c, c->r->fam->args[i].op, &rows, &cols);
    need = c->iface != FORTRAN && c->v[0] == RowMajor ? cols : rows;
    return need < 1 ? 1 : need;
}

/* Replace the leading-dimension modes by values. */
static void resolve_lds(struct inv *c)
{
    const struct family *f = c->r->fam;
    for (int i = 0; i < f->nargs; i++) {
        int need;
        if (f->args[i].kind != K_LD)
            continue;
        need = need_ld(c, i);
        switch (c->v[i]) {
        case LD_EXACT: c->v[i] = need; break;
        case LD_MORE: c->v[i] = need + 1; break;
        case LD_LESS: c->v[i] = need - 1; break;
        default: c->v[i] = -1; break;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Generating the cases                                                     */

static uint64_t rng_next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int rng_below(uint64_t *s, int n)
{
    return (int)(rng_next(s) % (uint64_t)n);
}

struct caselist {
    struct inv c[MAX_CASES];
    int n;
};

static void push(struct caselist *L, const struct inv *draft)
{
    if (L->n == MAX_CASES) {
        printf("Bail out! too many cases for %s\n", draft->r->name);
        exit(1);
    }
    L->c[L->n] = *draft;
    resolve_lds(&L->c[L->n]);
    L->n++;
}

/* The valid baseline: first legal value of each option, the family's
   dimensions (or all zero), exact leading dimensions. */
static struct inv baseline(const struct routine *r, enum iface iface, int zero)
{
    struct inv c = {r, iface, 0, {0}};
    int d = 0;
    for (int i = 0; i < r->fam->nargs; i++) {
        if (r->fam->args[i].kind == K_DIM)
            c.v[i] = zero ? 0 : r->fam->base_dims[d++];
        else
            c.v[i] = choices_for(&c, i).good[0]; /* LD_EXACT for K_LD */
    }
    return c;
}

static int pick_bad(const struct inv *c, int i, uint64_t *rng)
{
    struct choices ch = choices_for(c, i);
    return ch.bad[rng_below(rng, ch.nbad)];
}

static struct inv random_valid(const struct routine *r, enum iface iface,
                               uint64_t *rng)
{
    struct inv c = {r, iface, rng_below(rng, 2), {0}};
    for (int i = 0; i < r->fam->nargs; i++) {
        struct choices ch = choices_for(&c, i);
        c.v[i] = ch.good[rng_below(rng, ch.ngood)];
    }
    return c;
}

static void build_cases(const struct routine *r, enum iface iface,
                        uint64_t *rng, struct caselist *L)
{
    int first = iface == FORTRAN ? 1 : 0; /* Fortran has no layout */
    int nargs = r->fam->nargs;
    struct inv base = baseline(r, iface, 0), zero = baseline(r, iface, 1);

    L->n = 0;
    push(L, &base);
    push(L, &zero);

    /* each argument alone: its other legal values, then its bad ones */
    for (int i = first; i < nargs; i++) {
        struct choices ch = choices_for(&base, i);
        for (int j = 0; j < ch.ngood; j++) {
            struct inv t = base;
            if (ch.good[j] == base.v[i] || r->fam->args[i].kind == K_DIM)
                continue;
            t.v[i] = ch.good[j];
            push(L, &t);
        }
        for (int j = 0; j < ch.nbad; j++) {
            struct inv t = base, tz = zero;
            t.v[i] = tz.v[i] = ch.bad[j];
            push(L, &t);
            push(L, &tz);
        }
    }

    /* every pair of arguments bad at once */
    for (int i = first; i < nargs; i++)
        for (int j = i + 1; j < nargs; j++) {
            struct inv t = base;
            t.v[i] = pick_bad(&t, i, rng);
            t.v[j] = pick_bad(&t, j, rng);
            push(L, &t);
        }

    /* random: 2 or 3 bad arguments among random legal ones */
    for (int n = 0; n < N_RANDOM_BAD; n++) {
        struct inv t = random_valid(r, iface, rng);
        int want = 2 + rng_below(rng, 2), done = 0, isbad[MAX_ARGS] = {0};
        while (done < want) {
            int i = first + rng_below(rng, nargs - first);
            if (isbad[i])
                continue;
            isbad[i] = 1;
            t.v[i] = pick_bad(&t, i, rng);
            done++;
        }
        push(L, &t);
    }
    for (int n = 0; n < N_RANDOM_GOOD; n++) {
        struct inv t = random_valid(r, iface, rng);
        push(L, &t);
    }
}

/* ------------------------------------------------------------------------ */
/* Running one call in a child                                              */

enum ending { RETURNED, EXITED, SIGNALED, TIMED_OUT };

struct outcome {
    enum ending how;
    int code;              /* exit status or signal */
    int nmsg;              /* "Parameter N to routine NAME was incorrect" lines */
    int param;             /* from the first one */
    char name[40];         /* its NAME, up to the first blank */
    char out[CAPTURE + 1]; /* stdout */
    char err[CAPTURE + 1]; /* stderr */
    size_t nout, nerr;     /* bytes kept; the rest is read and dropped */
};

struct child {
    pid_t pid;
    int fd[2]; /* stdout, stderr; -1 once closed */
    struct outcome *o;
};

static void internal_error(const char *what)
{
    printf("Bail out! %s: %s\n", what, strerror(errno));
    exit(1);
}

/* One implementation of a routine: the reference's or ours. */
struct impl {
    void (*fortran)(void);
    void (*cblas)(void);
};

static void make_call(const struct impl *im, const struct inv *c)
{
    if (c->iface == FORTRAN)
        c->r->fam->fortran_stub(im->fortran, c);
    else
        c->r->cblas_stub(im->cblas, c);
}

/* Fork a child that makes call c. */
static void start_child(struct child *ch, const struct impl *im,
                        const struct inv *c)
{
    int out[2], err[2];
    if (pipe(out) != 0 || pipe(err) != 0)
        internal_error("pipe");
    fflush(NULL); /* nothing of ours may be written twice */
    ch->pid = fork();
    if (ch->pid < 0)
        internal_error("fork");
    if (ch->pid == 0) {
        if (dup2(out[1], STDOUT_FILENO) < 0 || dup2(err[1], STDERR_FILENO) < 0)
            _exit(126);
        close(out[0]);
        close(out[1]);
        close(err[0]);
        close(err[1]);
        signal(SIGALRM, SIG_DFL);
        alarm(CHILD_TIMEOUT_S);
        make_call(im, c);
        fflush(stdout);
        fflush(stderr);
        _exit(CHILD_RETURNED);
    }
    close(out[1]);
    close(err[1]);
    ch->fd[0] = out[0];
    ch->fd[1] = err[0];
}

/* Read the children's output until they close it, then reap them. */
static void finish_children(struct child *ch, int n)
{
    time_t deadline = time(NULL) + CHILD_TIMEOUT_S + 5;
    int killed = 0;

    for (;;) {
        struct pollfd p[4];
        int who[4], np = 0, r;
        for (int i = 0; i < n; i++)
            for (int s = 0; s < 2; s++)
                if (ch[i].fd[s] >= 0) {
                    p[np].fd = ch[i].fd[s];
                    p[np].events = POLLIN;
                    who[np++] = i * 2 + s;
                }
        if (np == 0)
            break;
        r = poll(p, (nfds_t)np, 1000);
        if (r < 0 && errno != EINTR)
            internal_error("poll");
        if (r <= 0) {
            if (!killed && time(NULL) > deadline) { /* a child escaped its alarm */
                for (int i = 0; i < n; i++)
                    kill(ch[i].pid, SIGKILL);
                killed = 1;
            }
            continue;
        }
        for (int k = 0; k < np; k++) {
            struct child *c = &ch[who[k] / 2];
            int s = who[k] % 2;
            char *buf = s ? c->o->err : c->o->out;
            size_t *len = s ? &c->o->nerr : &c->o->nout;
            char tmp[512];
            ssize_t got;
            if (!(p[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            got = read(p[k].fd, tmp, sizeof tmp);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                close(c->fd[s]);
                c->fd[s] = -1;
                continue;
            }
            for (ssize_t b = 0; b < got && *len < CAPTURE; b++)
                buf[(*len)++] = tmp[b];
        }
    }

    for (int i = 0; i < n; i++) {
        struct outcome *o = ch[i].o;
        int status;
        while (waitpid(ch[i].pid, &status, 0) < 0)
            if (errno != EINTR)
                internal_error("waitpid");
        o->out[o->nout] = o->err[o->nerr] = '\0';
        if (WIFEXITED(status)) {
            o->code = WEXITSTATUS(status);
            o->how = o->code == CHILD_RETURNED ? RETURNED : EXITED;
        } else {
            o->code = WTERMSIG(status);
            o->how = o->code == SIGALRM || killed ? TIMED_OUT : SIGNALED;
        }
    }
}

/* Find "Parameter N to routine NAME was incorrect" lines in stderr. */
static void parse_messages(struct outcome *o)
{
    static const char head[] = "Parameter ";
    const char *line = o->err;
    o->nmsg = 0;
    while (*line) {
        const char *end = strchr(line, '\n'), *p;
        size_t len = end ? (size_t)(end - line) : strlen(line);
        int num, used = 0;
        if (strncmp(line, head, sizeof head - 1) == 0 &&
            sscanf(line + sizeof head - 1, "%d to routine %n", &num, &used) == 1 &&
            used > 0 && (size_t)(sizeof head - 1 + (size_t)used) < len) {
            char name[sizeof o->name];
            size_t n = 0;
            p = line + sizeof head - 1 + used;
            while (p < line + len && *p != ' ' && n < sizeof name - 1)
                name[n++] = *p++;
            name[n] = '\0';
            /* the rest of the line must say "was incorrect" */
            for (; p < line + len; p++)
                if (strncmp(p, " was incorrect", 14) == 0)
                    break;
            if (p < line + len && n > 0) {
                if (o->nmsg++ == 0) {
                    o->param = num;
                    memcpy(o->name, name, n + 1);
                }
            }
        }
        line += len + (end != NULL);
    }
}

/* Run case c through the reference and through ours. */
static void run_case(const struct inv *c, const struct impl *ref_impl,
                     struct outcome *ref, struct outcome *ours)
{
    const struct impl our_impl = {c->r->fortran, c->r->cblas};
    struct child ch[2] = {{0, {-1, -1}, ref}, {0, {-1, -1}, ours}};

    memset(ref, 0, sizeof *ref);
    memset(ours, 0, sizeof *ours);
    start_child(&ch[0], ref_impl, c);
    start_child(&ch[1], &our_impl, c);
    finish_children(ch, 2);
    parse_messages(ref);
    parse_messages(ours);
}

/* ------------------------------------------------------------------------ */
/* Comparing and describing                                                 */

/* Same routine name?  Fortran names are CHARACTER*6: anything after the
   sixth character is not part of the name. */
static int same_name(const char *a, const char *b, enum iface iface)
{
    size_t la = strlen(a), lb = strlen(b);
    if (iface == FORTRAN) {
        la = la > 6 ? 6 : la;
        lb = lb > 6 ? 6 : lb;
    }
    return la == lb && strncasecmp(a, b, la) == 0;
}

static int agree(const struct inv *c, const struct outcome *ref,
                 const struct outcome *ours)
{
    if (ref->how != ours->how || ref->code != ours->code)
        return 0;
    if ((ref->nout == 0) != (ours->nout == 0))
        return 0;
    if (ref->nmsg != ours->nmsg)
        return 0;
    return ref->nmsg == 0 || (ours->param == ref->param &&
                              same_name(ref->name, ours->name, c->iface));
}

static const char *enum_name(enum kind k, int v)
{
    static const struct { enum kind k; int v; const char *name; } names[] = {
        {K_LAYOUT, RowMajor, "RowMajor"}, {K_LAYOUT, ColMajor, "ColMajor"},
        {K_TRANS, NoTrans, "NoTrans"},    {K_TRANS, Trans, "Trans"},
        {K_TRANS, ConjTrans, "ConjTrans"}, {K_UPLO, Upper, "Upper"},
        {K_UPLO, Lower, "Lower"},         {K_DIAG, NonUnit, "NonUnit"},
        {K_DIAG, Unit, "Unit"},           {K_SIDE, Left, "Left"},
        {K_SIDE, Right, "Right"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].k == k && names[i].v == v)
            return names[i].name;
    return NULL;
}

static void describe_call(const struct inv *c, char *buf, size_t size)
{
    const struct family *f = c->r->fam;
    size_t n = (size_t)snprintf(buf, size, c->iface == FORTRAN ? "%s_(" : "cblas_%s(",
                                c->r->name);
    for (int i = c->iface == FORTRAN ? 1 : 0; i < f->nargs && n < size; i++) {
        const char *sep = n > 0 && buf[n - 1] == '(' ? "" : ", ";
        enum kind k = f->args[i].kind;
        int v = c->v[i];
        if (k == K_DIM || k == K_LD)
            n += (size_t)snprintf(buf + n, size - n, "%s%s=%d", sep, f->args[i].name, v);
        else if (c->iface == FORTRAN)
            n += (size_t)snprintf(buf + n, size - n, "%s%s='%c'", sep, f->args[i].name, v);
        else if (enum_name(k, v))
            n += (size_t)snprintf(buf + n, size - n, "%s%s=Cblas%s", sep,
                                  f->args[i].name, enum_name(k, v));
        else
            n += (size_t)snprintf(buf + n, size - n, "%s%s=%d", sep, f->args[i].name, v);
    }
    if (n < size)
        snprintf(buf + n, size - n, "%s)", c->alpha_zero ? ", alpha=0" : "");
}

/* First line of s, printable, quoted, shortened. */
static void first_line(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    buf[n++] = '"';
    for (; *s && *s != '\n' && n + 5 < size; s++)
        buf[n++] = isprint((unsigned char)*s) ? *s : '?';
    if (*s && *s != '\n')
        buf[n++] = '.', buf[n++] = '.', buf[n++] = '.';
    buf[n++] = '"';
    buf[n] = '\0';
}

static void describe_outcome(const struct outcome *o, char *buf, size_t size)
{
    char line[120];
    size_t n;
    if (o->nmsg)
        n = (size_t)snprintf(buf, size, "\"Parameter %d to routine %s\"%s", o->param,
                             o->name, o->nmsg > 1 ? " (and more such lines)" : "");
    else
        n = (size_t)snprintf(buf, size, "no message");
    switch (o->how) {
    case RETURNED: n += (size_t)snprintf(buf + n, size - n, ", returned"); break;
    case EXITED: n += (size_t)snprintf(buf + n, size - n, ", exit(%d)", o->code); break;
    case SIGNALED: n += (size_t)snprintf(buf + n, size - n, ", killed by signal %d", o->code); break;
    case TIMED_OUT: n += (size_t)snprintf(buf + n, size - n, ", hung (killed after %d s)",
                                          CHILD_TIMEOUT_S); break;
    }
    if (o->nmsg == 0 && o->nerr > 0 && n < size) {
        first_line(o->err, line, sizeof line);
        n += (size_t)snprintf(buf + n, size - n, "; stderr %s", line);
    }
    if (o->nout > 0 && n < size) {
        first_line(o->out, line, sizeof line);
        snprintf(buf + n, size - n, "; stdout %s", line);
    }
}

/* A bad argument alone whose number, as the reference reports it, is not
   its position: a quirk of the reference, shown once as a comment. */
static void note_reference_oddity(const struct inv *c, const struct outcome *ref)
{
    static struct { const struct routine *r; enum iface iface; int arg; } seen[64];
    static int nseen;
    const struct family *f = c->r->fam;
    int bad = -1, nbad = 0, expect;
    char call[300];
    for (int i = c->iface == FORTRAN ? 1 : 0; i < f->nargs; i++)
        if (is_bad(c, i)) {
            bad = i;
            nbad++;
        }
    if (nbad != 1 || ref->nmsg == 0)
        return;
    expect = f->args[bad].fortran + (c->iface == FORTRAN ? 0 : 1);
    if (ref->param == expect)
        return;
    for (int i = 0; i < nseen; i++)
        if (seen[i].r == c->r && seen[i].iface == c->iface && seen[i].arg == bad)
            return;
    if (nseen < NARGS(seen)) {
        seen[nseen].r = c->r;
        seen[nseen].iface = c->iface;
        seen[nseen++].arg = bad;
    }
    describe_call(c, call, sizeof call);
    printf("# reference quirk%s: %s: bad %s is parameter %d, reference says %d\n",
           " (must be matched)",
           call, f->args[bad].name, expect, ref->param);
}

/* Make a valid call here, through both libraries, if it behaves in a child:
   returns, prints nothing. */
static void prime(const struct inv *warmup, const struct impl *ref_impl)
{
    static struct outcome ro, oo;
    const struct impl our_impl = {warmup->r->fortran, warmup->r->cblas};
    run_case(warmup, ref_impl, &ro, &oo);
    if (ro.how == RETURNED && oo.how == RETURNED && ro.nout + ro.nerr == 0 &&
        oo.nout + oo.nerr == 0) {
        make_call(ref_impl, warmup);
        make_call(&our_impl, warmup);
    } else {
        printf("# cblas_%s: a valid row-major call misbehaves; not made in the "
               "parent\n", warmup->r->name);
    }
}

static void (*ref_symbol(void *ref, const char *name))(void)
{
    void *p = dlsym(ref, name);
    if (!p) {
        printf("Bail out! the reference has no %s\n", name);
        exit(1);
    }
    return (void (*)(void))p;
}

/* ------------------------------------------------------------------------ */

int main(void)
{
    const char *path = getenv("BLASROUTE_REFERENCE_BLAS");
    const char *seedenv = getenv("BLASROUTE_TEST_SEED");
    const char *verbenv = getenv("BLASROUTE_TEST_VERBOSE");
    int verbose = verbenv && strcmp(verbenv, "0") != 0 && *verbenv;
    uint64_t seed;
    void *ref;
    int test = 0, total = 0, total_bad = 0;
    struct timespec t0, t1;
    static struct caselist L;
    static struct outcome ro, oo;
    Dl_info ri, oi;

    setvbuf(stdout, NULL, _IOLBF, 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!path || !*path)
        path = DEFAULT_REFERENCE;
    if (access(path, F_OK) != 0) {
        printf("1..0 # SKIP reference BLAS not found: %s\n", path);
        return 0;
    }
    ref = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!ref) {
        printf("Bail out! cannot load the reference BLAS: %s\n", dlerror());
        return 1;
    }

    /* Netlib's CBLAS exports these flags; another BLAS would not be the
       reference this test is about. */
    if (!dlsym(ref, "RowMajorStrg") || !dlsym(ref, "CBLAS_CallFromC")) {
        printf("Bail out! %s is not Netlib's reference BLAS with CBLAS "
               "(no RowMajorStrg, CBLAS_CallFromC)\n", path);
        return 1;
    }

    if (seedenv && *seedenv)
        seed = strtoull(seedenv, NULL, 0);
    else
        seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);

    printf("1..%d\n", (int)N_ROUTINES * 3);
    printf("# seed %llu\n", (unsigned long long)seed);
    printf("# reference: %s\n", path);
    if (dladdr(dlsym(ref, "dgemm_"), &ri) && dladdr((void *)dgemm_, &oi) &&
        ri.dli_fbase == oi.dli_fbase)
        printf("# warning: the reference and the library under test are the "
               "same loaded object; this run compares it with itself\n");

    for (size_t r = 0; r < N_ROUTINES; r++) {
        const struct routine *rt = &routines[r];
        struct impl ref_impl;
        struct inv warmup = baseline(rt, CBLAS_ROW, 0);
        char fname[32], cname[32];

        snprintf(fname, sizeof fname, "%s_", rt->name);
        snprintf(cname, sizeof cname, "cblas_%s", rt->name);
        ref_impl.fortran = ref_symbol(ref, fname);
        ref_impl.cblas = ref_symbol(ref, cname);
        resolve_lds(&warmup);
        fill_operands(rt->dbl);
        prime(&warmup, &ref_impl);

        for (int iface = FORTRAN; iface <= CBLAS_ROW; iface++) {
            char label[64];
            uint64_t rng = seed ^ (0xA24BAED4963EE407u * (uint64_t)(test + 1));
            int bad = 0, ran = 0;

            test++;
            snprintf(label, sizeof label, "%s %s", iface == FORTRAN ? fname : cname,
                     iface_label[iface]);
            build_cases(rt, (enum iface)iface, &rng, &L);
            for (int k = 0; k < L.n; k++) {
                const struct inv *c = &L.c[k];
                char call[300], rdesc[300], odesc[300];
                int ok;
                ran++;
                run_case(c, &ref_impl, &ro, &oo);
                ok = agree(c, &ro, &oo);
                if (!ok || verbose) {
                    describe_call(c, call, sizeof call);
                    describe_outcome(&ro, rdesc, sizeof rdesc);
                    describe_outcome(&oo, odesc, sizeof odesc);
                }
                if (!ok && ++bad <= MAX_SHOWN) {
                    printf("# %s: %s\n", label, call);
                    printf("#   reference: %s\n", rdesc);
                    printf("#   ours:      %s\n", odesc);
                } else if (verbose) {
                    printf("# %s %s: %s | ref: %s | ours: %s\n", ok ? "same" : "DIFF",
                           label, call, rdesc, odesc);
                }
                note_reference_oddity(c, &ro);
                if (ro.how == TIMED_OUT || oo.how == TIMED_OUT) {
                    if (k + 1 < L.n)
                        printf("# %s: stopped after a hang, %d cases not run\n",
                               label, L.n - k - 1);
                    break;
                }
            }
            if (bad > MAX_SHOWN)
                printf("# %s: ... and %d more mismatches\n", label, bad - MAX_SHOWN);
            if (bad)
                printf("not ok %d - %s: %d of %d cases differ\n", test, label, bad, ran);
            else
                printf("ok %d - %s: %d cases\n", test, label, ran);
            total += ran;
            total_bad += bad;
        }
    }

    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("# %d cases, %d differ, %.1f s\n", total, total_bad,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    return 0;
}
