/* The Fortran Level-3 entry points (sgemm_ ... ztrsm_), stamped from the routine table. Each one
 * only builds the canonical call; checks and everything after are shared (level3_run.c).
 * All arguments are pointers in the Fortran ABI, so the element types need not be spelled out;
 * the hidden CHARACTER lengths are accepted and ignored (options are one character). */
#include "interface/level3.h"

#define FORTRAN_ENTRY_gemm_SIGNATURE(name, INT)                                                    \
    BR_EXPORT void name(const char *transa, const char *transb, const INT *m, const INT *n,        \
                        const INT *k, const void *alpha, const void *a, const INT *lda,            \
                        const void *b, const INT *ldb, const void *beta, void *c, const INT *ldc,  \
                        size_t transa_length, size_t transb_length)
#define FORTRAN_ENTRY_gemm(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_gemm_SIGNATURE(name, INT);                                                       \
    FORTRAN_ENTRY_gemm_SIGNATURE(name, INT)                                                        \
    {                                                                                              \
        (void)transa_length, (void)transb_length;                                                  \
        struct br_call call = {.names = NAMES, .family = BR_GEMM, .precision = BR_PRECISION_##p,   \
                               .transa = *transa, .transb = *transb, .m = *m, .n = *n, .k = *k,    \
                               .a = a, .lda = *lda, .b = (void *)b, .ldb = *ldb, .c = c,           \
                               .ldc = *ldc};                                                       \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, 0);                                     \
        br_level3_run(&call, -1);                                                                  \
    }

/* SYMM and HEMM */
#define FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(name, INT)                                               \
    BR_EXPORT void name(const char *side, const char *uplo, const INT *m, const INT *n,            \
                        const void *alpha, const void *a, const INT *lda, const void *b,           \
                        const INT *ldb, const void *beta, void *c, const INT *ldc,                 \
                        size_t side_length, size_t uplo_length)
#define FORTRAN_ENTRY_SYMMETRIC(name, p, INT, NAMES, FAMILY)                                       \
    FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(name, INT);                                                  \
    FORTRAN_ENTRY_SYMMETRIC_SIGNATURE(name, INT)                                                   \
    {                                                                                              \
        (void)side_length, (void)uplo_length;                                                      \
        struct br_call call = {.names = NAMES, .family = FAMILY, .precision = BR_PRECISION_##p,    \
                               .side = *side, .uplo = *uplo, .m = *m, .n = *n, .a = a,             \
                               .lda = *lda, .b = (void *)b, .ldb = *ldb, .c = c, .ldc = *ldc};     \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, 0);                                     \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_symm(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_SYMMETRIC(name, p, INT, NAMES, BR_SYMM)
#define FORTRAN_ENTRY_hemm(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_SYMMETRIC(name, p, INT, NAMES, BR_HEMM)

/* SYRK and HERK (HERK's alpha and beta are real) */
#define FORTRAN_ENTRY_RANK_K_SIGNATURE(name, INT)                                                  \
    BR_EXPORT void name(const char *uplo, const char *trans, const INT *n, const INT *k,           \
                        const void *alpha, const void *a, const INT *lda, const void *beta,        \
                        void *c, const INT *ldc, size_t uplo_length, size_t trans_length)
#define FORTRAN_ENTRY_RANK_K(name, p, INT, NAMES, FAMILY, real_scalars)                            \
    FORTRAN_ENTRY_RANK_K_SIGNATURE(name, INT);                                                     \
    FORTRAN_ENTRY_RANK_K_SIGNATURE(name, INT)                                                      \
    {                                                                                              \
        (void)uplo_length, (void)trans_length;                                                     \
        struct br_call call = {.names = NAMES, .family = FAMILY, .precision = BR_PRECISION_##p,    \
                               .uplo = *uplo, .transa = *trans, .n = *n, .k = *k, .a = a,          \
                               .lda = *lda, .c = c, .ldc = *ldc};                                  \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, real_scalars);                        \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, real_scalars);                          \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_syrk(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_RANK_K(name, p, INT, NAMES, BR_SYRK, 0)
#define FORTRAN_ENTRY_herk(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_RANK_K(name, p, INT, NAMES, BR_HERK, 1)

/* SYR2K and HER2K (HER2K's beta is real) */
#define FORTRAN_ENTRY_RANK_2K_SIGNATURE(name, INT)                                                 \
    BR_EXPORT void name(const char *uplo, const char *trans, const INT *n, const INT *k,           \
                        const void *alpha, const void *a, const INT *lda, const void *b,           \
                        const INT *ldb, const void *beta, void *c, const INT *ldc,                 \
                        size_t uplo_length, size_t trans_length)
#define FORTRAN_ENTRY_RANK_2K(name, p, INT, NAMES, FAMILY, real_beta)                              \
    FORTRAN_ENTRY_RANK_2K_SIGNATURE(name, INT);                                                    \
    FORTRAN_ENTRY_RANK_2K_SIGNATURE(name, INT)                                                     \
    {                                                                                              \
        (void)uplo_length, (void)trans_length;                                                     \
        struct br_call call = {.names = NAMES, .family = FAMILY, .precision = BR_PRECISION_##p,    \
                               .uplo = *uplo, .transa = *trans, .n = *n, .k = *k, .a = a,          \
                               .lda = *lda, .b = (void *)b, .ldb = *ldb, .c = c, .ldc = *ldc};     \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_load_scalar(&call.beta, beta, BR_PRECISION_##p, real_beta);                             \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_syr2k(name, p, INT, NAMES)                                                   \
    FORTRAN_ENTRY_RANK_2K(name, p, INT, NAMES, BR_SYR2K, 0)
#define FORTRAN_ENTRY_her2k(name, p, INT, NAMES)                                                   \
    FORTRAN_ENTRY_RANK_2K(name, p, INT, NAMES, BR_HER2K, 1)

/* TRMM and TRSM: B is both input and output. */
#define FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(name, INT)                                              \
    BR_EXPORT void name(const char *side, const char *uplo, const char *transa, const char *diag,  \
                        const INT *m, const INT *n, const void *alpha, const void *a,              \
                        const INT *lda, void *b, const INT *ldb, size_t side_length,               \
                        size_t uplo_length, size_t transa_length, size_t diag_length)
#define FORTRAN_ENTRY_TRIANGULAR(name, p, INT, NAMES, FAMILY)                                      \
    FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(name, INT);                                                 \
    FORTRAN_ENTRY_TRIANGULAR_SIGNATURE(name, INT)                                                  \
    {                                                                                              \
        (void)side_length, (void)uplo_length, (void)transa_length, (void)diag_length;              \
        struct br_call call = {.names = NAMES, .family = FAMILY, .precision = BR_PRECISION_##p,    \
                               .side = *side, .uplo = *uplo, .transa = *transa, .diag = *diag,     \
                               .m = *m, .n = *n, .a = a, .lda = *lda, .b = b, .ldb = *ldb};        \
        br_load_scalar(&call.alpha, alpha, BR_PRECISION_##p, 0);                                   \
        br_level3_run(&call, -1);                                                                  \
    }
#define FORTRAN_ENTRY_trmm(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_TRIANGULAR(name, p, INT, NAMES, BR_TRMM)
#define FORTRAN_ENTRY_trsm(name, p, INT, NAMES)                                                    \
    FORTRAN_ENTRY_TRIANGULAR(name, p, INT, NAMES, BR_TRSM)

/* The library's plain names: sgemm_ ... ztrsm_, with its own INTEGER. */
#define FORTRAN_LEVEL3(p, family) FORTRAN_ENTRY_##family(p##family##_, p, blas_int, BR_NAMES_PLAIN)
#include "interface/expand_routines.h"

#ifndef BLASROUTE_ILP64
/* The names of OpenBLAS built with 64-bit integers and SYMBOLSUFFIX=64_ (Julia's
 * libblastrampoline calls these), of numpy's wheels (scipy_ and 64_, 64-bit integers) and of
 * SciPy's wheels (scipy_, 32-bit): libblasroute64.so, whose plain names are already ILP64, has
 * none of them (README: pip numpy and SciPy). */
#define FORTRAN_LEVEL3(p, family) FORTRAN_ENTRY_##family(p##family##_64_, p, int64_t, BR_NAMES_64)
#include "interface/expand_routines.h"
#define FORTRAN_LEVEL3(p, family)                                                                  \
    FORTRAN_ENTRY_##family(scipy_##p##family##_64_, p, int64_t, BR_NAMES_SCIPY64)
#include "interface/expand_routines.h"
#define FORTRAN_LEVEL3(p, family)                                                                  \
    FORTRAN_ENTRY_##family(scipy_##p##family##_, p, int32_t, BR_NAMES_SCIPY)
#include "interface/expand_routines.h"
#endif
