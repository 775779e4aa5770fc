/* The Fortran Level-3 entry points (sgemm_ ... ztrsm_), stamped from the routine table. Each one
 * only builds the canonical call; checks and everything after are shared (level3_run.c).
 * All arguments are pointers in the Fortran ABI, so the element types need not be spelled out;
 * the hidden CHARACTER lengths are accepted and ignored (options are one character). */
#include "interface/level3.h"

#define FORTRAN_ENTRY_gemm_SIGNATURE(p) \
    BR_EXPORT void p##gemm_(const char *transa, const char *transb, const blas_int *m,             \
                            const blas_int *n, const blas_int *k, const void *alpha,               \
                            const void *a, const blas_int *lda, const void *b,                     \
                            const blas_int *ldb, const void *beta, void *c, const blas_int *ldc,   \
                            size_t transa_length, size_t transb_length)
#define FORTRAN_ENTRY_gemm(p) \
    FORTRAN_ENTRY_gemm_SIGNATURE(p);   \
    FORTRAN_ENTRY_gemm_SIGNATURE(p)    \
    {                                                                                              \
        (void)transa_length, (void)transb_length;                                                  \
        struct br_call call = {.family = BR_GEMM, .precision = BR_PRECISION_##p,                   \
                               .transa = *transa, .transb = *transb, .m = *m, .n = *n, .k = *k,    \
                               .a = a, .lda = *lda, .b = (void *)b, .ldb = *ldb, .c = c,           \
                               .ldc = *ldc};                                                       \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, 0);                                     \
        br_level3_run(&call, -1);                                                                  \
    }

/* SYMM and HEMM */
#define FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(p, routine, FAMILY) \
    BR_EXPORT void p##routine##_(const char *side, const char *uplo, const blas_int *m,             \
                                const blas_int *n, const void *alpha, const void *a,               \
                                const blas_int *lda, const void *b, const blas_int *ldb,           \
                                const void *beta, void *c, const blas_int *ldc,                    \
                                size_t side_length, size_t uplo_length)
#define FORTRAN_ENTRY_SYMMETRIC(p, routine, FAMILY) \
    FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(p, routine, FAMILY);   \
    FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(p, routine, FAMILY)    \
    {                                                                                              \
        (void)side_length, (void)uplo_length;                                                      \
        struct br_call call = {.family = FAMILY, .precision = BR_PRECISION_##p, .side = *side,     \
                               .uplo = *uplo, .m = *m, .n = *n, .a = a, .lda = *lda,               \
                               .b = (void *)b, .ldb = *ldb, .c = c, .ldc = *ldc};                  \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, 0);                                     \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_symm(p) FORTRAN_ENTRY_SYMMETRIC(p, symm, BR_SYMM)
#define FORTRAN_ENTRY_hemm(p) FORTRAN_ENTRY_SYMMETRIC(p, hemm, BR_HEMM)

/* SYRK and HERK (HERK's alpha and beta are real) */
#define FORTRAN_ENTRY_RANK_K_SIGNATURE(p, routine, FAMILY, real_scalars) \
    BR_EXPORT void p##routine##_(const char *uplo, const char *trans, const blas_int *n,            \
                                const blas_int *k, const void *alpha, const void *a,               \
                                const blas_int *lda, const void *beta, void *c,                    \
                                const blas_int *ldc, size_t uplo_length, size_t trans_length)
#define FORTRAN_ENTRY_RANK_K(p, routine, FAMILY, real_scalars) \
    FORTRAN_ENTRY_RANK_K_SIGNATURE(p, routine, FAMILY, real_scalars);   \
    FORTRAN_ENTRY_RANK_K_SIGNATURE(p, routine, FAMILY, real_scalars)    \
    {                                                                                              \
        (void)uplo_length, (void)trans_length;                                                     \
        struct br_call call = {.family = FAMILY, .precision = BR_PRECISION_##p, .uplo = *uplo,     \
                               .transa = *trans, .n = *n, .k = *k, .a = a, .lda = *lda, .c = c,    \
                               .ldc = *ldc};                                                       \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, real_scalars);                        \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, real_scalars);                          \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_syrk(p) FORTRAN_ENTRY_RANK_K(p, syrk, BR_SYRK, 0)
#define FORTRAN_ENTRY_herk(p) FORTRAN_ENTRY_RANK_K(p, herk, BR_HERK, 1)

/* SYR2K and HER2K (HER2K's beta is real) */
#define FORTRAN_ENTRY_RANK_2K_SIGNATURE(p, routine, FAMILY, real_beta) \
    BR_EXPORT void p##routine##_(const char *uplo, const char *trans, const blas_int *n,            \
                                const blas_int *k, const void *alpha, const void *a,               \
                                const blas_int *lda, const void *b, const blas_int *ldb,           \
                                const void *beta, void *c, const blas_int *ldc,                    \
                                size_t uplo_length, size_t trans_length)
#define FORTRAN_ENTRY_RANK_2K(p, routine, FAMILY, real_beta) \
    FORTRAN_ENTRY_RANK_2K_SIGNATURE(p, routine, FAMILY, real_beta);   \
    FORTRAN_ENTRY_RANK_2K_SIGNATURE(p, routine, FAMILY, real_beta)    \
    {                                                                                              \
        (void)uplo_length, (void)trans_length;                                                     \
        struct br_call call = {.family = FAMILY, .precision = BR_PRECISION_##p, .uplo = *uplo,     \
                               .transa = *trans, .n = *n, .k = *k, .a = a, .lda = *lda,            \
                               .b = (void *)b, .ldb = *ldb, .c = c, .ldc = *ldc};                  \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, real_beta);                             \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_syr2k(p) FORTRAN_ENTRY_RANK_2K(p, syr2k, BR_SYR2K, 0)
#define FORTRAN_ENTRY_her2k(p) FORTRAN_ENTRY_RANK_2K(p, her2k, BR_HER2K, 1)

/* TRMM and TRSM: B is both input and output. */
#define FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(p, routine, FAMILY) \
    BR_EXPORT void p##routine##_(const char *side, const char *uplo, const char *transa,            \
                                const char *diag, const blas_int *m, const blas_int *n,            \
                                const void *alpha, const void *a, const blas_int *lda, void *b,    \
                                const blas_int *ldb, size_t side_length, size_t uplo_length,       \
                                size_t transa_length, size_t diag_length)
#define FORTRAN_ENTRY_TRIANGULAR(p, routine, FAMILY) \
    FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(p, routine, FAMILY);   \
    FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(p, routine, FAMILY)    \
    {                                                                                              \
        (void)side_length, (void)uplo_length, (void)transa_length, (void)diag_length;              \
        struct br_call call = {.family = FAMILY, .precision = BR_PRECISION_##p, .side = *side,     \
                               .uplo = *uplo, .transa = *transa, .diag = *diag, .m = *m,           \
                               .n = *n, .a = a, .lda = *lda, .b = b, .ldb = *ldb};                 \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_trmm(p) FORTRAN_ENTRY_TRIANGULAR(p, trmm, BR_TRMM)
#define FORTRAN_ENTRY_trsm(p) FORTRAN_ENTRY_TRIANGULAR(p, trsm, BR_TRSM)

#define FORTRAN_LEVEL3(p, family) FORTRAN_ENTRY_##family(p)
#include "interface/expand_routines.h"
