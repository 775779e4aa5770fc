/* What the parts of blasroute-bench share: one Level-3 problem on the host, and the clock. */
#ifndef BLASROUTE_BENCH_COMMON_H
#define BLASROUTE_BENCH_COMMON_H

#include <stddef.h>
#include <time.h>

/* The routines the bench times, in the order of its tables and of --routine all. */
enum bench_family {
    BENCH_GEMM,
    BENCH_SYMM,
    BENCH_HEMM,
    BENCH_SYRK,
    BENCH_HERK,
    BENCH_SYR2K,
    BENCH_HER2K,
    BENCH_TRMM,
    BENCH_TRSM,
    BENCH_FAMILY_COUNT
};

/* One problem, column-major, with tight leading dimensions. The host arrays are ordinary
 * malloc'd (pageable) memory, as a program calling BLAS has. The routine's output is called C
 * here whatever the routine calls it: C, or B for TRMM and TRSM (which then have no B input). */
struct bench_problem {
    enum bench_family family;
    char precision;  /* 's', 'd', 'c' or 'z' */
    char options[5]; /* the option characters in the routine's argument order, upper case:
                      * gemm transa transb; symm, hemm side uplo; the rank-k and rank-2k
                      * families uplo trans; trmm, trsm side uplo transa diag */
    /* The same options by meaning (' ' where the routine has none): transa is the trans of
     * gemm's A, of the rank-k families and of trmm/trsm. */
    char side, uplo, transa, transb, diag;
    int m, n, k; /* as the routine names them; 0 where it has no such size */
    int lda, ldb, ldc;
    int a_cols, b_cols, c_cols; /* columns of the arrays (their rows are lda, ldb, ldc);
                                 * b_cols is 0 where the routine has no B input */
    double alpha[2], beta[2];   /* real and imaginary parts (imaginary 0 where a scalar is real) */
    size_t element_size;        /* 4, 8, 8 or 16 bytes */
    const void *a, *b;          /* b is NULL where the routine has no B input */
    const void *c0; /* the C every run starts from */
    void *c;        /* the C each run overwrites: after a run, its result */
};

static inline int bench_is_complex(char precision)
{
    return precision == 'c' || precision == 'z';
}

/* Bytes of A, B (0 without B) and C. */
static inline size_t bench_a_bytes(const struct bench_problem *p)
{
    return (size_t)p->lda * (size_t)p->a_cols * p->element_size;
}
static inline size_t bench_b_bytes(const struct bench_problem *p)
{
    return (size_t)p->ldb * (size_t)p->b_cols * p->element_size;
}
static inline size_t bench_c_bytes(const struct bench_problem *p)
{
    return (size_t)p->ldc * (size_t)p->c_cols * p->element_size;
}

/* Seconds on a monotonic clock (never stepped by NTP or the user). */
static inline double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
