/*
 * standin.h - what the pip-wheel stand-in of tests/wheel_standin.sh shares:
 *  - standin_blas.c, a wheel's bundled BLAS reduced to its Level-3 names,
 *    each forwarding to the reference BLAS and counting its calls;
 *  - standin_module.c, an extension module linked to it (DT_NEEDED) that
 *    calls those names the way numpy and SciPy call their OpenBLAS;
 *  - standin_driver.c, which loads the module as Python loads an extension
 *    module (dlopen, RTLD_NOW | RTLD_LOCAL) and checks what it computes.
 *
 * STANDIN_INT64 picks the naming family a file is built for:
 *  - defined: numpy 2.x wheels' (scipy_dgemm_64_, scipy_cblas_dgemm64_),
 *    64-bit integers;
 *  - undefined: SciPy wheels' (scipy_dgemm_, scipy_cblas_dgemm), 32-bit
 *    integers.
 * The stand-in forwards to the reference of the same integer width, which
 * has the plain names (dgemm_, cblas_dgemm): standin_int is the integer of
 * both.
 *
 * Every routine's argument list is written once per shape (GEMM, SYMM,
 * SYRK, SYR2K, TRMM: the five argument lists of the 30 routines) and the 30
 * routines once in STANDIN_ROUTINES: declarations, definitions, tables and
 * calls are all expanded from these, so no routine is written by hand.
 */
#ifndef STANDIN_H
#define STANDIN_H

#include <complex.h>
#include <stddef.h>
#include <stdint.h>

#ifdef STANDIN_INT64
typedef int64_t standin_int;
#define STANDIN_FORTRAN(r) scipy_##r##_64_
#define STANDIN_CBLAS(r) scipy_cblas_##r##64_
#define STANDIN_FAMILY "scipy_*_64_ (64-bit integers)"
#define STANDIN_FORTRAN_FORMAT "scipy_%s_64_"
#define STANDIN_CBLAS_FORMAT "scipy_cblas_%s64_"
#define STANDIN_REFERENCE_VARIABLE "BLASROUTE_REFERENCE_BLAS64"
#else
typedef int standin_int;
#define STANDIN_FORTRAN(r) scipy_##r##_
#define STANDIN_CBLAS(r) scipy_cblas_##r
#define STANDIN_FAMILY "scipy_*_ (32-bit integers)"
#define STANDIN_FORTRAN_FORMAT "scipy_%s_"
#define STANDIN_CBLAS_FORMAT "scipy_cblas_%s"
#define STANDIN_REFERENCE_VARIABLE "BLASROUTE_REFERENCE_BLAS"
#endif

/* One token each, for the macro arguments below. */
typedef float _Complex cfloat;
typedef double _Complex cdouble;
typedef const void *cptr;

/*
 * The 30 routines: X(routine, shape, element type, Fortran alpha type,
 * Fortran beta type, CBLAS alpha argument, CBLAS beta argument).  Fortran
 * passes every scalar by address; CBLAS passes real scalars by value and
 * complex ones by address.  HERK's alpha and beta and HER2K's beta are real.
 * TRMM and TRSM have no beta: their beta columns are unused.
 */
#define STANDIN_ROUTINES(X)                                         \
    X(sgemm, GEMM, float, float, float, float, float)               \
    X(dgemm, GEMM, double, double, double, double, double)          \
    X(cgemm, GEMM, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(zgemm, GEMM, cdouble, cdouble, cdouble, cptr, cptr)           \
    X(ssymm, SYMM, float, float, float, float, float)               \
    X(dsymm, SYMM, double, double, double, double, double)          \
    X(csymm, SYMM, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(zsymm, SYMM, cdouble, cdouble, cdouble, cptr, cptr)           \
    X(chemm, SYMM, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(zhemm, SYMM, cdouble, cdouble, cdouble, cptr, cptr)           \
    X(ssyrk, SYRK, float, float, float, float, float)               \
    X(dsyrk, SYRK, double, double, double, double, double)          \
    X(csyrk, SYRK, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(zsyrk, SYRK, cdouble, cdouble, cdouble, cptr, cptr)           \
    X(cherk, SYRK, cfloat, float, float, float, float)              \
    X(zherk, SYRK, cdouble, double, double, double, double)         \
    X(ssyr2k, SYR2K, float, float, float, float, float)             \
    X(dsyr2k, SYR2K, double, double, double, double, double)        \
    X(csyr2k, SYR2K, cfloat, cfloat, cfloat, cptr, cptr)            \
    X(zsyr2k, SYR2K, cdouble, cdouble, cdouble, cptr, cptr)         \
    X(cher2k, SYR2K, cfloat, cfloat, float, cptr, float)            \
    X(zher2k, SYR2K, cdouble, cdouble, double, cptr, double)        \
    X(strmm, TRMM, float, float, float, float, float)               \
    X(dtrmm, TRMM, double, double, double, double, double)          \
    X(ctrmm, TRMM, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(ztrmm, TRMM, cdouble, cdouble, cdouble, cptr, cptr)           \
    X(strsm, TRMM, float, float, float, float, float)               \
    X(dtrsm, TRMM, double, double, double, double, double)          \
    X(ctrsm, TRMM, cfloat, cfloat, cfloat, cptr, cptr)              \
    X(ztrsm, TRMM, cdouble, cdouble, cdouble, cptr, cptr)

/*
 * The argument lists, by shape: <SHAPE>_F_PARAMS and _C_PARAMS declare
 * them (I the integer, T the element, A and B the scalars' types),
 * _F_ARGS and _C_ARGS pass them on unchanged.  Fortran's CHARACTER
 * arguments are followed by their hidden lengths (size_t, gfortran 8 on).
 */
#define GEMM_F_PARAMS(I, T, A, B)                                          \
    (const char *transa, const char *transb, const I *m, const I *n,      \
     const I *k, const A *alpha, const T *a, const I *lda, const T *b,    \
     const I *ldb, const B *beta, T *c, const I *ldc, size_t transa_len,  \
     size_t transb_len)
#define GEMM_F_ARGS \
    (transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, \
     transa_len, transb_len)
#define GEMM_C_PARAMS(I, T, A, B)                                        \
    (int order, int transa, int transb, I m, I n, I k, A alpha,         \
     const T *a, I lda, const T *b, I ldb, B beta, T *c, I ldc)
#define GEMM_C_ARGS \
    (order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)

#define SYMM_F_PARAMS(I, T, A, B)                                          \
    (const char *side, const char *uplo, const I *m, const I *n,          \
     const A *alpha, const T *a, const I *lda, const T *b, const I *ldb,  \
     const B *beta, T *c, const I *ldc, size_t side_len, size_t uplo_len)
#define SYMM_F_ARGS \
    (side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc, side_len, uplo_len)
#define SYMM_C_PARAMS(I, T, A, B)                                            \
    (int order, int side, int uplo, I m, I n, A alpha, const T *a, I lda,   \
     const T *b, I ldb, B beta, T *c, I ldc)
#define SYMM_C_ARGS \
    (order, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)

#define SYRK_F_PARAMS(I, T, A, B)                                          \
    (const char *uplo, const char *trans, const I *n, const I *k,         \
     const A *alpha, const T *a, const I *lda, const B *beta, T *c,       \
     const I *ldc, size_t uplo_len, size_t trans_len)
#define SYRK_F_ARGS \
    (uplo, trans, n, k, alpha, a, lda, beta, c, ldc, uplo_len, trans_len)
#define SYRK_C_PARAMS(I, T, A, B)                                           \
    (int order, int uplo, int trans, I n, I k, A alpha, const T *a, I lda, \
     B beta, T *c, I ldc)
#define SYRK_C_ARGS (order, uplo, trans, n, k, alpha, a, lda, beta, c, ldc)

#define SYR2K_F_PARAMS(I, T, A, B)                                         \
    (const char *uplo, const char *trans, const I *n, const I *k,         \
     const A *alpha, const T *a, const I *lda, const T *b, const I *ldb,  \
     const B *beta, T *c, const I *ldc, size_t uplo_len, size_t trans_len)
#define SYR2K_F_ARGS \
    (uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc, uplo_len, \
     trans_len)
#define SYR2K_C_PARAMS(I, T, A, B)                                          \
    (int order, int uplo, int trans, I n, I k, A alpha, const T *a, I lda, \
     const T *b, I ldb, B beta, T *c, I ldc)
#define SYR2K_C_ARGS \
    (order, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)

#define TRMM_F_PARAMS(I, T, A, B)                                          \
    (const char *side, const char *uplo, const char *transa,              \
     const char *diag, const I *m, const I *n, const A *alpha,            \
     const T *a, const I *lda, T *b, const I *ldb, size_t side_len,       \
     size_t uplo_len, size_t transa_len, size_t diag_len)
#define TRMM_F_ARGS \
    (side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb, side_len, \
     uplo_len, transa_len, diag_len)
#define TRMM_C_PARAMS(I, T, A, B)                                          \
    (int order, int side, int uplo, int transa, int diag, I m, I n,       \
     A alpha, const T *a, I lda, T *b, I ldb)
#define TRMM_C_ARGS \
    (order, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)

/* The stand-in's own names, of the family this file is built for. */
#define STANDIN_DECLARE(r, S, T, FA, FB, CA, CB)                   \
    void STANDIN_FORTRAN(r) S##_F_PARAMS(standin_int, T, FA, FB); \
    void STANDIN_CBLAS(r) S##_C_PARAMS(standin_int, T, CA, CB);
STANDIN_ROUTINES(STANDIN_DECLARE)

/* Both interfaces of every routine, with the reference's argument lists
 * (the stand-in's forwarding, the driver's reference results). */
#define STANDIN_ENTRY(r, S, T, FA, FB, CA, CB)                 \
    void(*r) S##_F_PARAMS(standin_int, T, FA, FB);             \
    void(*cblas_##r) S##_C_PARAMS(standin_int, T, CA, CB);
struct standin_entries {
    STANDIN_ROUTINES(STANDIN_ENTRY)
};

/* The number of calls the stand-in answered, Fortran and CBLAS. */
long standin_call_count(void);

/*
 * One call as the driver asks the module for it.  Integers are 64-bit
 * whatever the module's family; the module narrows them.  Character
 * options are the Fortran letters ('N', 'T', 'C', 'L', 'R', 'U'); the CBLAS
 * form maps them to the CBLAS enumerations.  a, b and c are the routine's
 * own A, B and C (TRMM and TRSM write B); alpha and beta point to scalars
 * of the routine's types.
 */
struct standin_call {
    const char *routine; /* "dgemm" */
    int cblas;           /* 0: the Fortran name, 1: the CBLAS name */
    int row_major;       /* CBLAS only */
    char side, uplo, transa, transb, diag;
    int64_t m, n, k, lda, ldb, ldc;
    const void *alpha, *beta;
    void *a, *b, *c;
};

/* The module's entry points: standin_module_call makes call c through the
 * stand-in's names (-1 for a routine it does not know); standin_module_name
 * writes to out the name it calls for routine ("dgemm") and interface. */
int standin_module_call(const struct standin_call *c);
void standin_module_name(const char *routine, int cblas, char *out,
                         size_t len);

#endif
