/*
 * level3_routines.h - the Level-3 routines as the tests that call them at
 * random see them (level3_vs_reference.c, soak.c): one call's arguments,
 * the invokers that make it through the Fortran or CBLAS interface, each
 * family's options, the operands it reads and writes (its shape) and the
 * per-element bound of its rounding error, and the table of the 30
 * routines with their entry points in the library under test. The
 * reference's entry points are filled in by each program.
 *
 * The invokers exist for both integer widths (level3_invokers.h): INTEGER
 * arguments of 32 bits (the plain names, as linked) or of 64 bits (ILP64
 * names; level3_names.c points the routines at them).
 */

#ifndef LEVEL3_ROUTINES_H
#define LEVEL3_ROUTINES_H

#include "blas_test_common.h"

#include <stdint.h>

struct routine;

/* One call of a routine: its arguments, the way the routine sees them. */
struct call {
    const struct routine *r;    /* the routine called (soak.c) */
    enum iface ifc;             /* the interface it is called through (soak.c) */
    int layout;                 /* CB_COL_MAJOR/CB_ROW_MAJOR (CBLAS only) */
    char side, uplo, transa, transb, diag;
    int m, n, k;
    int lda, ldb, ldc;
    int ld_extra[N_OPS];        /* leading dimension beyond the tight one */
    int alpha_class, beta_class; /* 0: zero, 1: one, 2: other */
    double alpha[2], beta[2];   /* values as passed, widened to double */
    union scalar alpha_arg, beta_arg;
    void *a, *b, *c;
};

/* The width of the INTEGER arguments of a routine's entry points. */
enum int_width { WIDTH32, WIDTH64, N_WIDTHS };

/* A call's integer arguments as passed: wide enough for either width, so
 * that a call can carry values that no int holds (level3_names.c's width
 * probes); an invoker converts them to its width. */
struct call_ints {
    int64_t m, n, k, lda, ldb, ldc;
};

/* Makes the call c through fn with the integers v. */
typedef void invoker(anyfn fn, const struct call *c,
                     const struct call_ints *v);

enum axis { AX_SIDE, AX_UPLO, AX_TRANS, AX_TRANSB, AX_DIAG, N_AXES };
enum { DIM_M = 1, DIM_N = 2, DIM_K = 4 };

/* Scratch space for error bounds: dense column-major doubles. */
struct work {
    double *E;   /* per-element magnitude of the result */
    double *P, *Q, *R, *S;
};

struct bound {
    double factor;  /* error <= factor * (kdim + 2) * eps * E + tiny */
    int kdim;
};

struct family {
    const char *name;
    const char *opt[N_AXES];      /* option letters; NULL: not an argument */
    const char *complex_trans;    /* trans letters for complex, if differ */
    const char *trans_name;       /* "transa" or "trans" */
    int dims;                     /* DIM_* that are arguments */
    int has_beta;
    int real_alpha, real_beta;    /* real scalar even for complex data */
    int sampled_ld;               /* ld choice sampled instead of crossed */
    enum op_id output;
    invoker *fortran[N_WIDTHS];
    void (*shape)(const struct call *c, struct operand ops[N_OPS]);
    struct bound (*magnitude)(const struct call *c,
                              const struct operand ops[N_OPS],
                              const struct precision *p, struct work *w);
};

/* Operands (struct operand, enum region: blas_test_common.h) are A, B
 * and C in the order of enum op_id; A and B are unread when alpha = 0, C
 * when beta = 0. */
void operand_init(struct operand *o, char name, int rows, int cols,
                  enum region read);

struct routine {
    const char *name;
    const struct family *fam;
    enum prec prec;
    anyfn lib_fortran, lib_cblas;   /* library under test */
    invoker *cblas[N_WIDTHS];       /* CBLAS adapter for its scalars */
    anyfn ref_fortran, ref_cblas;   /* reference, from dlsym */
    enum int_width width;           /* of lib_* and ref_* alike */
};

/* A call's buffers: for each operand its original, the library's and the
 * reference's copy; scratch for the checks; the error bounds' work space.
 * Each program allocates it for the largest call it makes. */
struct workspace {
    unsigned char *buf[N_OPS][3];   /* orig, lib, ref per operand */
    unsigned char *scratch;
    struct work w;
};

/* The buffers for calls of dimensions up to max_dim with leading dimensions
 * up to max_pad beyond the tight one, allocated and touched; and freed. */
void workspace_init(struct workspace *ws, int max_dim, int max_pad);
void workspace_free(struct workspace *ws);

/* Making, running and checking one call (level3_routines.c): a scalar of a
 * class; the operands' layout, leading dimensions (c->ld_extra) and what
 * alpha = 0 / beta = 0 leave unread; their random contents; the call's
 * arguments pointed at the library's (use_ref 0) or the reference's copy;
 * the call made through c->ifc at the routine's width; the same with
 * other integers, through any entry point and at any width (invoke_ints);
 * the output against the reference within the family's bound, 1 and msg
 * if it is wrong. */
void make_scalar(int cls, int real_only, enum prec prec,
                 struct rng *g, double v[2], union scalar *arg);
void finish_operands(struct call *c, struct operand op[N_OPS],
                     struct workspace *ws);
void fill_operand(const struct operand *o, const struct precision *p,
                  int trsm_fill, struct rng *g);
void point_args(struct call *c, const struct operand op[N_OPS],
                const struct precision *p, int use_ref);
void invoke(const struct call *c, int reference);
void invoke_ints(const struct call *c, anyfn fn, enum int_width width,
                 const struct call_ints *v);
int check_values(const struct call *c, const struct operand op[N_OPS],
                 struct workspace *ws, char *msg, size_t len);

/* Whether a family's routines take a B (all but the rank-k ones). */
int family_has_b(const struct family *f);

/* TRSM's family: its triangles are filled well conditioned. */
extern const struct family FAM_TRSM;

enum { N_ROUTINES = 30 };
extern struct routine ROUTINES[N_ROUTINES];

/* Opens the reference BLAS of the routines' width (all of them have one:
 * WIDTH32 as linked, or the width of the names level3_names.c chose) --
 * open_reference_blas or open_reference_blas64 -- and fills in every
 * routine's entry points there; bails out if one of them is the library
 * under test's (a reference that is the library itself would prove
 * nothing). Returns the reference's path. */
const char *load_reference_routines(void);

#endif
