/* What the parts of blasroute-bench share: one GEMM problem on the host, and the clock. */
#ifndef BLASROUTE_BENCH_COMMON_H
#define BLASROUTE_BENCH_COMMON_H

#include <stddef.h>
#include <time.h>

/* One GEMM problem, column-major, with tight leading dimensions. The host arrays are ordinary
 * malloc'd (pageable) memory, as a program calling BLAS has. */
struct bench_gemm {
    char precision;           /* 's', 'd', 'c' or 'z' */
    char transa, transb;      /* 'N', 'T', or 'C' (complex only) */
    int m, n, k, lda, ldb, ldc;
    double alpha[2], beta[2]; /* real and imaginary parts (imaginary 0 for s and d) */
    size_t element_size;      /* 4, 8, 8 or 16 bytes */
    const void *a, *b;
    const void *c0; /* the C every run starts from */
    void *c;        /* the C each run overwrites: after a run, its result */
};

static inline int bench_is_complex(char precision)
{
    return precision == 'c' || precision == 'z';
}

/* Bytes of A (lda x columns), B and C. */
static inline size_t bench_a_bytes(const struct bench_gemm *g)
{
    return (size_t)g->lda * (size_t)(g->transa == 'N' ? g->k : g->m) * g->element_size;
}
static inline size_t bench_b_bytes(const struct bench_gemm *g)
{
    return (size_t)g->ldb * (size_t)(g->transb == 'N' ? g->n : g->k) * g->element_size;
}
static inline size_t bench_c_bytes(const struct bench_gemm *g)
{
    return (size_t)g->ldc * (size_t)g->n * g->element_size;
}

/* Seconds on a monotonic clock (never stepped by NTP or the user). */
static inline double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
