/*
 * blas_test_common.h - what the TAP tests that compare the library under
 * test with the reference BLAS have in common (level3_vs_reference.c,
 * level3_large.c, gemm_device.c, gemm_threads.c):
 *  - the Fortran and CBLAS entry points of the Level-3 routines, declared
 *    here because the library under test has no header for them;
 *  - loading the reference BLAS, which must not be the library itself;
 *  - BLASROUTE_TEST_SEED, BLASROUTE_TEST_QUICK, BLASROUTE_TEST_ROUTINES and
 *    BLASROUTE_TEST_TIMEOUT, read the same way by every program;
 *  - the seeded random generator, so that a printed seed replays a run;
 *  - elements of s, d, c, z matrices stored as bytes, NaN poison, byte
 *    comparisons and the messages that report them;
 *  - operands stored in guarded buffers (struct operand): their layout,
 *    the regions a routine may read and write, and the check that nothing
 *    changed outside the region it may write;
 *  - the per-element rounding-error bound;
 *  - a GEMM call through any of the three interfaces (gemm_device.c and
 *    gemm_threads.c; defined in gemm_calls.c, which names the library under
 *    test's entry points: the rest links without them).
 * What each program checks, and the shapes and data of its operands, stay
 * in the program.  Element indices in messages are 0-based.
 */

#ifndef BLAS_TEST_COMMON_H
#define BLAS_TEST_COMMON_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Entry points of the library under test                                   */
/* ------------------------------------------------------------------------ */

/* Fortran ABI (LP64, gfortran hidden CHARACTER lengths at the end).  All
 * arrays and scalars are passed by address, so one type per family serves
 * every precision. */
typedef void gemm_f(const char *transa, const char *transb, const int *m,
                    const int *n, const int *k, const void *alpha,
                    const void *a, const int *lda, const void *b,
                    const int *ldb, const void *beta, void *c,
                    const int *ldc, size_t transa_len, size_t transb_len);
typedef void symm_f(const char *side, const char *uplo, const int *m,
                    const int *n, const void *alpha, const void *a,
                    const int *lda, const void *b, const int *ldb,
                    const void *beta, void *c, const int *ldc,
                    size_t side_len, size_t uplo_len);
typedef void syrk_f(const char *uplo, const char *trans, const int *n,
                    const int *k, const void *alpha, const void *a,
                    const int *lda, const void *beta, void *c,
                    const int *ldc, size_t uplo_len, size_t trans_len);
typedef void syr2k_f(const char *uplo, const char *trans, const int *n,
                     const int *k, const void *alpha, const void *a,
                     const int *lda, const void *b, const int *ldb,
                     const void *beta, void *c, const int *ldc,
                     size_t uplo_len, size_t trans_len);
typedef void trxm_f(const char *side, const char *uplo, const char *transa,
                    const char *diag, const int *m, const int *n,
                    const void *alpha, const void *a, const int *lda,
                    void *b, const int *ldb, size_t side_len,
                    size_t uplo_len, size_t transa_len, size_t diag_len);

extern gemm_f sgemm_, dgemm_, cgemm_, zgemm_;
extern symm_f ssymm_, dsymm_, csymm_, zsymm_, chemm_, zhemm_;
extern syrk_f ssyrk_, dsyrk_, csyrk_, zsyrk_, cherk_, zherk_;
extern syr2k_f ssyr2k_, dsyr2k_, csyr2k_, zsyr2k_, cher2k_, zher2k_;
extern trxm_f strmm_, dtrmm_, ctrmm_, ztrmm_, strsm_, dtrsm_, ctrsm_, ztrsm_;

/* CBLAS: enums are passed as int.  Complex scalars by address (_p types),
 * real scalars by value (_f for float, _d for double). */
enum {
    CB_ROW_MAJOR = 101, CB_COL_MAJOR = 102,
    CB_NO_TRANS = 111, CB_TRANS = 112, CB_CONJ_TRANS = 113,
    CB_UPPER = 121, CB_LOWER = 122,
    CB_NON_UNIT = 131, CB_UNIT = 132,
    CB_LEFT = 141, CB_RIGHT = 142
};

/* The Fortran option letters as CBLAS enums. */
static inline int cb_trans(char t)
{
    return t == 'N' ? CB_NO_TRANS : t == 'T' ? CB_TRANS : CB_CONJ_TRANS;
}
static inline int cb_uplo(char u) { return u == 'U' ? CB_UPPER : CB_LOWER; }
static inline int cb_side(char s) { return s == 'L' ? CB_LEFT : CB_RIGHT; }
static inline int cb_diag(char d) { return d == 'U' ? CB_UNIT : CB_NON_UNIT; }

typedef void cb_gemm_p(int layout, int transa, int transb, int m, int n,
                       int k, const void *alpha, const void *a, int lda,
                       const void *b, int ldb, const void *beta, void *c,
                       int ldc);
typedef void cb_symm_p(int layout, int side, int uplo, int m, int n,
                       const void *alpha, const void *a, int lda,
                       const void *b, int ldb, const void *beta, void *c,
                       int ldc);
typedef void cb_syrk_p(int layout, int uplo, int trans, int n, int k,
                       const void *alpha, const void *a, int lda,
                       const void *beta, void *c, int ldc);
typedef void cb_syr2k_p(int layout, int uplo, int trans, int n, int k,
                        const void *alpha, const void *a, int lda,
                        const void *b, int ldb, const void *beta, void *c,
                        int ldc);
typedef void cb_trxm_p(int layout, int side, int uplo, int transa, int diag,
                       int m, int n, const void *alpha, const void *a,
                       int lda, void *b, int ldb);

/* F is both the type suffix and the member of union scalar (below) that
 * holds a scalar of type T. */
#define CBLAS_BYVALUE_TYPES(T, F)                                            \
    typedef void cb_gemm_##F(int, int, int, int, int, int, T, const void *, \
                             int, const void *, int, T, void *, int);       \
    typedef void cb_symm_##F(int, int, int, int, int, T, const void *, int, \
                             const void *, int, T, void *, int);            \
    typedef void cb_syrk_##F(int, int, int, int, int, T, const void *, int, \
                             T, void *, int);                               \
    typedef void cb_syr2k_##F(int, int, int, int, int, T, const void *,     \
                              int, const void *, int, T, void *, int);      \
    typedef void cb_her2k_##F(int, int, int, int, int, const void *,        \
                              const void *, int, const void *, int, T,      \
                              void *, int);                                 \
    typedef void cb_trxm_##F(int, int, int, int, int, int, int, T,          \
                             const void *, int, void *, int);
CBLAS_BYVALUE_TYPES(float, f)
CBLAS_BYVALUE_TYPES(double, d)

extern cb_gemm_f cblas_sgemm;
extern cb_gemm_d cblas_dgemm;
extern cb_gemm_p cblas_cgemm, cblas_zgemm;
extern cb_symm_f cblas_ssymm;
extern cb_symm_d cblas_dsymm;
extern cb_symm_p cblas_csymm, cblas_zsymm, cblas_chemm, cblas_zhemm;
extern cb_syrk_f cblas_ssyrk, cblas_cherk;   /* cherk: real alpha, beta */
extern cb_syrk_d cblas_dsyrk, cblas_zherk;
extern cb_syrk_p cblas_csyrk, cblas_zsyrk;
extern cb_syr2k_f cblas_ssyr2k;
extern cb_syr2k_d cblas_dsyr2k;
extern cb_syr2k_p cblas_csyr2k, cblas_zsyr2k;
extern cb_her2k_f cblas_cher2k;              /* complex alpha, real beta */
extern cb_her2k_d cblas_zher2k;
extern cb_trxm_f cblas_strmm, cblas_strsm;
extern cb_trxm_d cblas_dtrmm, cblas_dtrsm;
extern cb_trxm_p cblas_ctrmm, cblas_ztrmm, cblas_ctrsm, cblas_ztrsm;

/* Function pointers of different types are stored as this one and cast
 * back to their real type before the call (exempt from
 * -Wcast-function-type). */
typedef void (*anyfn)(void);

/* A scalar argument as passed: float or double, one or two components. */
union scalar { float f[2]; double d[2]; };

enum op_id { OP_A, OP_B, OP_C, N_OPS };

enum iface { IF_FORTRAN, IF_CBLAS_COL, IF_CBLAS_ROW, N_IFACES };
/* "fortran", "cblas col-major", "cblas row-major": part of TAP lines. */
extern const char *const IFACE_NAME[N_IFACES];

/* ------------------------------------------------------------------------ */
/* Failing, memory, environment                                             */
/* ------------------------------------------------------------------------ */

#if defined(__GNUC__)
#define BT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define BT_PRINTF(f, a)
#endif

/* An internal error: "Bail out! <message>" on stdout (the TAP harness
 * stops there), exit status 1. */
_Noreturn void bail_out(const char *fmt, ...) BT_PRINTF(1, 2);

/* A TAP result line, "ok N - ..." or "not ok N - ...", numbered from 1; tap_failures()
 * counts the failed ones, tap_count() all. */
void tap_ok(int pass, const char *fmt, ...) BT_PRINTF(2, 3);
int tap_failures(void);
int tap_count(void);

/* malloc and realloc that bail out when memory runs out; 0 bytes is 1. */
void *xmalloc(size_t bytes);
void *xrealloc(void *p, size_t bytes);

/* Grow the buffer *p of *cap bytes to at least bytes; its contents are
 * not kept (every caller overwrites it). */
void grow(void **p, size_t *cap, size_t bytes);

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int imin(int a, int b) { return a < b ? a : b; }

/* Append to the string out of len bytes, of which *n are used; stops
 * quietly when it is full (messages are only cut short). */
void appendf(char *out, size_t len, size_t *n, const char *fmt, ...)
    BT_PRINTF(4, 5);

/* $name as a number (strtoull, base 0), fallback when unset or empty;
 * bails out if it is not a number. */
uint64_t env_number(const char *name, uint64_t fallback);

/* The run's seed: BLASROUTE_TEST_SEED, or from the clock and the process
 * id (below 10^9, so that it is easy to copy from the "# seed" line). */
uint64_t read_test_seed(void);

/* BLASROUTE_TEST_QUICK set, non-empty and not "0": the smaller set. */
int read_test_quick(void);

/* BLASROUTE_TEST_ROUTINES as given, or NULL when unset or only separators
 * (every routine).  Each comma- or space-separated word must be accepted
 * by is_known (a routine or a family name), else the run bails out. */
const char *read_routine_selection(int (*is_known)(const char *word,
                                                   size_t len));

/* Is word one of the comma- or space-separated words of list? */
int list_has(const char *list, const char *word);

/* After a group's failing calls, of which the first reported were
 * printed: "# ... and N more failing calls" if there were more. */
void print_more_failures(long failures, long reported);

/* After seconds (0: never), print "Bail out! timed out
 * (BLASROUTE_TEST_TIMEOUT): <what_hung>" and exit 1, so that a hung call
 * makes a failure rather than a hang.  The seconds are read by the caller
 * (env_number("BLASROUTE_TEST_TIMEOUT", its default)). */
void arm_timeout(unsigned seconds, const char *what_hung);

/* ------------------------------------------------------------------------ */
/* The reference BLAS                                                       */
/* ------------------------------------------------------------------------ */

/* Loaded from $BLASROUTE_REFERENCE_BLAS (default: Debian's Netlib
 * libblas.so.3) with RTLD_DEEPBIND, so that its cblas_* call its own
 * Fortran routines, not those of the library under test.  When the file
 * does not exist, prints the TAP plan "1..0 # SKIP ..." and exits 0. */
struct reference_blas {
    void *handle;
    const char *path;
};
struct reference_blas open_reference_blas(void);

/* The same for the ILP64 reference (every INTEGER 64 bits, plain names):
 * $BLASROUTE_REFERENCE_BLAS64, default Debian's blas64/libblas64.so.3. Two
 * references can be loaded at once: RTLD_LOCAL keeps their equal names
 * apart. */
struct reference_blas open_reference_blas64(void);

/* A symbol of the reference; bails out if it has none. */
anyfn reference_symbol(const struct reference_blas *ref, const char *name);

/* ------------------------------------------------------------------------ */
/* Seeded random numbers                                                    */
/* ------------------------------------------------------------------------ */

/* splitmix64: small, fast, good enough for test data. */
struct rng { uint64_t state; };

static inline uint64_t rng_next(struct rng *g)
{
    uint64_t z = (g->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline double rng_unit(struct rng *g)   /* [0, 1) */
{
    return (double)(rng_next(g) >> 11) * 0x1p-53;
}

static inline double rng_sym(struct rng *g)    /* [-1, 1) */
{
    return 2.0 * rng_unit(g) - 1.0;
}

static inline int rng_below(struct rng *g, int n)   /* [0, n) */
{
    return (int)(rng_next(g) % (uint64_t)n);
}

static inline int rng_between(struct rng *g, int lo, int hi) /* [lo, hi] */
{
    return lo + rng_below(g, hi - lo + 1);
}

/* A matrix element: a small non-zero integer in +-[1, 4] (every partial
 * sum of a product exact, whatever the order of summation), or uniform in
 * [-1, 1). */
static inline double rng_value(struct rng *g, int integer_data)
{
    if (integer_data)
        return (rng_next(g) & 1 ? 1 : -1) * (1 + rng_below(g, 4));
    return 2.0 * rng_unit(g) - 1.0;
}

/* Seeds of groups of calls are FNV-1a hashes of the run seed and what
 * names the group, so that a group's data depends neither on the other
 * groups nor on which of them run. */
static inline uint64_t seed_hash_begin(uint64_t seed)
{
    return seed ^ 0xcbf29ce484222325u;
}

static inline uint64_t seed_hash_string(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

static inline uint64_t seed_hash_int(uint64_t h, int v)
{
    return (h ^ (uint64_t)(unsigned)v) * 0x100000001b3u;
}

/* ------------------------------------------------------------------------ */
/* Precisions and elements                                                  */
/* ------------------------------------------------------------------------ */

enum prec { PS, PD, PC, PZ, N_PRECS };

struct precision {
    char letter;     /* s, d, c, z */
    int cplx;        /* 1 for complex */
    size_t rsize;    /* bytes of one real component */
    double eps;      /* machine epsilon */
    double tiny;     /* smallest normal number */
};

extern const struct precision PRECISIONS[N_PRECS];

/* Quiet NaNs with a payload: poison must come back with the same bits,
 * and is recognisable in a dump. */
#define POISON32_BITS 0x7fc0deadu
#define POISON64_BITS 0x7ff8dead0badf00du

/* Elements are kept as bytes, so that one code path serves s, d, c, z and
 * poison is compared bit for bit. */
static inline size_t elem_size(const struct precision *p)
{
    return p->rsize << p->cplx;
}

static inline double load_real(const struct precision *p,
                               const unsigned char *e)
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

static inline void store_real(const struct precision *p, unsigned char *e,
                              double x)
{
    if (p->rsize == sizeof(float)) {
        float f = (float)x;
        memcpy(e, &f, sizeof f);
    } else {
        memcpy(e, &x, sizeof x);
    }
}

static inline void poison_real(const struct precision *p, unsigned char *e)
{
    const uint32_t p32 = POISON32_BITS;
    const uint64_t p64 = POISON64_BITS;
    if (p->rsize == sizeof(float))
        memcpy(e, &p32, sizeof p32);
    else
        memcpy(e, &p64, sizeof p64);
}

/* v[0] + i v[1] (v[1] = 0 for real data), widened to double. */
static inline void load_elem(const struct precision *p,
                             const unsigned char *e, double v[2])
{
    v[0] = load_real(p, e);
    v[1] = p->cplx ? load_real(p, e + p->rsize) : 0.0;
}

static inline void store_elem(const struct precision *p, unsigned char *e,
                              double re, double im)
{
    store_real(p, e, re);
    if (p->cplx)
        store_real(p, e + p->rsize, im);
}

/* |v|.  Two forms, each kept where it was used, because they can differ
 * in the last bit and the bounds and printed ratios depend on it:
 * modulus() in level3_vs_reference and level3_large, modulus_hypot()
 * (no intermediate overflow) in gemm_device and gemm_threads. */
static inline double modulus(const double v[2])
{
    return sqrt(v[0] * v[0] + v[1] * v[1]);
}

static inline double modulus_hypot(const double v[2])
{
    return hypot(v[0], v[1]);
}

/* Fill n elements with poison. */
void poison_range(const struct precision *p, unsigned char *buf, size_t n);

/* Store v (its first ncomp components) in arg as the routine's scalar
 * type, and round v to the value actually passed, which the error bounds
 * must use. */
void set_scalar_arg(const struct precision *p, int ncomp, double v[2],
                    union scalar *arg);

/* "%.9g", or "(%.9g,%.9g)" when cplx. */
void format_value(char *out, size_t len, const double v[2], int cplx);

/* ------------------------------------------------------------------------ */
/* Guard bands and byte comparisons                                         */
/* ------------------------------------------------------------------------ */

/* Poisoned elements before and after every array. */
enum { GUARD = 16 };

/* Index of the first of nelem elements of es bytes where img and orig
 * differ, -1 if none (one memcmp when they agree, as they almost always
 * do). */
long first_difference(const unsigned char *img, const unsigned char *orig,
                      size_t nelem, size_t es);

/* When buffer offset e of matrix name, whose stored elements (padding
 * included) take extent elements after the first guard band, lies in a
 * guard band: "guard band N element(s) before X" or "... past the end of
 * X" in out, and 1; else 0. */
int describe_guard_band(size_t e, size_t extent, char name, char *out,
                        size_t len);

/* The message for an element that changed where it must not:
 * "<who><what> <where> (was <was>, now <now>)", where who is "" or
 * "reference BLAS " and was, now point to the element before and after. */
void format_change(char *msg, size_t len, const char *who, const char *what,
                   const char *where, const struct precision *p,
                   const unsigned char *was, const unsigned char *now);

/* ------------------------------------------------------------------------ */
/* Operands: storage in guarded buffers, what a routine may read and write  */
/* ------------------------------------------------------------------------ */

/* The elements of an operand that a routine may read or write. */
enum region { REG_NONE, REG_ALL, REG_UPPER, REG_LOWER };

static inline enum region uplo_region(char uplo)
{
    return uplo == 'U' ? REG_UPPER : REG_LOWER;
}

/* One matrix argument of a call: the matrix as the routine sees it (A,
 * not op(A)), stored column- or row-major with leading dimension ld after
 * GUARD poisoned elements, in buffers of nelem elements (both guard bands
 * included): as filled, given to the library and given to the reference
 * (gemm_threads.c keeps only orig).  The read and write regions and the
 * diagonal flags matter only to the programs that set them; for a GEMM, C
 * is written over REG_ALL and A and B nowhere. */
struct operand {
    int present;                /* 0: the routine has no such argument */
    char name;                  /* 'A', 'B' or 'C' */
    int rows, cols;             /* of the matrix as the routine sees it */
    int ld, rowmajor;
    enum region read, write;    /* elements the routine may read / write */
    int unit_diag;              /* diagonal is not read (diag = 'U') */
    int real_diag;              /* imaginary parts of the diagonal unread */
    int herm_out;               /* result must have a real diagonal */
    size_t nelem;               /* elements in each buffer, guards included */
    unsigned char *orig, *lib, *ref; /* buffers (guard band first) */
};

/* Elements in one storage line (a column, or a row when row-major), and
 * storage lines. */
static inline int inner_dim(const struct operand *o)
{
    return o->rowmajor ? o->cols : o->rows;
}

static inline int outer_dim(const struct operand *o)
{
    return o->rowmajor ? o->rows : o->cols;
}

/* Offset in elements of logical element (i, j) from the buffer start. */
static inline size_t offset_of(const struct operand *o, int i, int j)
{
    return GUARD + (o->rowmajor ? (size_t)i * o->ld + j
                                : (size_t)j * o->ld + i);
}

/* Logical (i, j) of inner index u in storage line t. */
static inline void logical(const struct operand *o, int t, int u, int *i,
                           int *j)
{
    *i = o->rowmajor ? t : u;
    *j = o->rowmajor ? u : t;
}

/* Set o->ld to the tight leading dimension (at least 1) plus pad, and
 * o->nelem to match; the shape and rowmajor must be set. */
void operand_layout(struct operand *o, int pad);

/* The elements of region r in storage line t are those with inner index
 * in [*lo, *hi).  Upper means i <= j: rows 0..t of column t, or columns
 * t.. of row t. */
void region_span(const struct operand *o, enum region r, int t, int *lo,
                 int *hi);

/* Copy orig into lib and ref: identical data for library and reference. */
void operand_copies(const struct operand *o, const struct precision *p);

/* out = |op(X)|, dense column-major, op in {N, T, C}, where X is the
 * matrix the routine works with: the stored elements where they are read
 * (o->read), mirrored into the other triangle when mirror is set
 * (symmetric and Hermitian A), 1 on a unit diagonal, 0 where nothing is
 * read.  Uses modulus() (see above). */
void abs_op(const struct operand *o, const struct precision *p, char trans,
            int mirror, double *out);

/* Where buffer offset e of o lies, for messages: a guard band, padding
 * ("padding of A: row 7 of column 2 (ld=9, rows=7)") or an element
 * ("C(3,1)", with ", below the upper triangle" or ", above the lower
 * triangle" when o->write is a triangle). */
void describe_offset(const struct operand *o, size_t e, char *out,
                     size_t len);

/* First element of buf (es bytes each) that differs from o->orig and that
 * the routine was not allowed to write (outside o->write); -1 if none.
 * Fast path: put the original back into the writable region of a copy in
 * scratch (at least o->nelem * es bytes) and compare bytes. */
long forbidden_change(const struct operand *o, size_t es,
                      const unsigned char *buf, unsigned char *scratch);

/* When buf has a forbidden change: the message
 * "<who>modified input <where> (was ..., now ...)" (o->write is REG_NONE)
 * or "<who><outside> <where> (...)", where outside names the writable
 * region ("wrote outside its region:"), and 1; else 0.  who is "" or
 * "reference BLAS ". */
int check_unchanged(const struct operand *o, const struct precision *p,
                    const unsigned char *buf, unsigned char *scratch,
                    const char *who, const char *outside, char *msg,
                    size_t len);

/* check_unchanged on the library's, then the reference's buffers of each
 * present operand in turn: 1 and the message of the first change. */
int check_all_unchanged(const struct operand op[N_OPS],
                        const struct precision *p, unsigned char *scratch,
                        const char *outside, char *msg, size_t len);

/* The bad elements of a result compared element by element with the
 * reference's: how many, and the first one with what was wrong with it. */
struct bad_elements {
    long count;
    int i, j;                   /* the first bad element */
    double x[2], ref[2], err;   /* its value, the reference's, |x - ref| */
    char why[200];
};

/* Count element (i, j) as bad (why: "bound 1e-5", ...); keep it if it is
 * the first. */
void note_bad_element(struct bad_elements *b, int i, int j,
                      const double x[2], const double ref[2], double err,
                      const char *why);

/* "<name>(i,j) = x, reference r: error e (why); <count> of <total>
 * elements bad", for the first bad element. */
void format_bad_elements(const struct bad_elements *b, char name,
                         long total, const struct precision *p, char *msg,
                         size_t len);

/* ------------------------------------------------------------------------ */
/* Rounding-error bounds                                                    */
/* ------------------------------------------------------------------------ */

/* E (m x n) += s * P (m x l) * Q (l x n), all non-negative, dense
 * column-major: the magnitude |alpha| |op(A)| |op(B)| that the rounding
 * error of a product is proportional to. */
void abs_product(double *restrict E, int m, int n, int l,
                 const double *restrict P, const double *restrict Q,
                 double s);

/* The bound on |x - ref| for an element whose magnitude (|alpha| sum |a||b|
 * + |beta||c|, or the routine's analogue) is mag, after kdim terms:
 *     factor * (kdim + 2) * eps * mag + tiny.
 * factor is the caller's: 8 for products, larger where the reference and
 * the library may legitimately differ more (trsm). */
double rounding_bound(double factor, int kdim, const struct precision *p,
                      double mag);

/* ------------------------------------------------------------------------ */
/* GEMM through its three interfaces (gemm_calls.c)                        */
/* ------------------------------------------------------------------------ */

struct gemm_entry {
    gemm_f *fortran;
    anyfn cblas;     /* cb_gemm_f, cb_gemm_d or cb_gemm_p */
};

/* ?gemm_ and cblas_?gemm of the library under test, by precision. */
extern const struct gemm_entry GEMM_UNDER_TEST[N_PRECS];

/* The same entry points of the reference (open_reference_blas); bails out
 * if one of them is the library under test's.  Prints
 * "# reference BLAS: <path>". */
void load_reference_gemm(struct gemm_entry ref[N_PRECS]);

/* The arguments of one GEMM call, as passed. */
struct gemm_call {
    enum prec prec;
    enum iface ifc;
    char transa, transb;
    int m, n, k;
    int lda, ldb, ldc;
    int integer_data;         /* small integers: exact in any order */
    double alpha[2], beta[2]; /* as passed, widened to double */
    union scalar alpha_arg, beta_arg;
};

/* Make the call c through e's entry point for c->ifc (row-major for
 * IF_CBLAS_ROW) on the arrays a, b, cc. */
void call_gemm(const struct gemm_entry *e, const struct gemm_call *c,
               const void *a, const void *b, void *cc);

/* The call as one line: "dgemm_: transa=N ... beta=0.5 (integer data)". */
void describe_gemm_call(const struct gemm_call *c, char *out, size_t len);

#endif
