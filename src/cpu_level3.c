/* Calls the CPU BLAS's Fortran Level-3 routine for a canonical call. In the Fortran ABI every
 * argument is a pointer, so one function type per family serves all four precisions. */
#include "cpu_level3.h"

#include "cpu.h"
#include "interface/level3.h"

typedef void gemm_fn(const char *, const char *, const blas_int *, const blas_int *,
                     const blas_int *, const void *, const void *, const blas_int *, const void *,
                     const blas_int *, const void *, void *, const blas_int *, size_t, size_t);
typedef void symm_fn(const char *, const char *, const blas_int *, const blas_int *, const void *,
                     const void *, const blas_int *, const void *, const blas_int *, const void *,
                     void *, const blas_int *, size_t, size_t);
typedef void rank_k_fn(const char *, const char *, const blas_int *, const blas_int *,
                       const void *, const void *, const blas_int *, const void *, void *,
                       const blas_int *, size_t, size_t);
typedef void rank_2k_fn(const char *, const char *, const blas_int *, const blas_int *,
                        const void *, const void *, const blas_int *, const void *,
                        const blas_int *, const void *, void *, const blas_int *, size_t, size_t);
typedef void triangular_fn(const char *, const char *, const char *, const char *,
                           const blas_int *, const blas_int *, const void *, const void *,
                           const blas_int *, void *, const blas_int *, size_t, size_t, size_t,
                           size_t);

/* The CPU BLAS symbol of each family and precision (HEMM and friends exist only in c and z). */
static const short level3_symbols[BR_FAMILY_COUNT][BR_PRECISION_COUNT] = {
#define FORTRAN_LEVEL3(p, family) [BR_FAMILY_##family][BR_PRECISION_##p] = CPU_##p##family##_,
#include "interface/expand_routines.h"
};

void br_cpu_level3(const struct br_call *call)
{
    br_fn fn = br_cpu_symbol((enum cpu_symbol)level3_symbols[call->family][call->precision]);
    const struct br_call *c = call;
    switch (call->family) {
    case BR_GEMM:
        ((gemm_fn *)fn)(&c->transa, &c->transb, &c->m, &c->n, &c->k, &c->alpha, c->a, &c->lda,
                        c->b, &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYMM:
    case BR_HEMM:
        ((symm_fn *)fn)(&c->side, &c->uplo, &c->m, &c->n, &c->alpha, c->a, &c->lda, c->b,
                        &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYRK:
    case BR_HERK:
        ((rank_k_fn *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha, c->a, &c->lda,
                          &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYR2K:
    case BR_HER2K:
        ((rank_2k_fn *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha, c->a, &c->lda, c->b,
                           &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_TRMM:
    case BR_TRSM:
        ((triangular_fn *)fn)(&c->side, &c->uplo, &c->transa, &c->diag, &c->m, &c->n,
                              &c->alpha, c->a, &c->lda, c->b, &c->ldb, 1, 1, 1, 1);
        break;
    default:
        break;
    }
}
