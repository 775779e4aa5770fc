/*
 * standin_lapack.h - the LAPACK side of the pip-wheel stand-in
 * (tests/lapack_blocked.sh): the names of a wheel's bundled OpenBLAS that
 * blasroute answers with its blocked factorizations (getrf, getrs, gesv,
 * potrf) and laswp, which those call back for their row interchanges.
 *  - standin_lapack.c, built into each stand-in library beside its BLAS:
 *    every name forwards to the reference LAPACK of the same integer
 *    width and counts its calls per routine;
 *  - standin_lapack_module.c, built into each extension module: the
 *    addresses of those names as the module binds them (blasroute's when
 *    it is preloaded), which is how numpy's C code reaches them;
 *  - lapack_driver.c, which calls them and checks the results.
 * STANDIN_INT64 picks the family, as in standin.h.
 */
#ifndef STANDIN_LAPACK_H
#define STANDIN_LAPACK_H

#include "standin.h"

/* The routines, in the order of enum standin_lapack_routine. */
#define STANDIN_LAPACK_ROUTINES(X) X(getrf) X(getrs) X(gesv) X(potrf) X(laswp)
enum standin_lapack_routine {
#define STANDIN_LAPACK_ENUM(r) STANDIN_LAPACK_##r,
    STANDIN_LAPACK_ROUTINES(STANDIN_LAPACK_ENUM)
#undef STANDIN_LAPACK_ENUM
    STANDIN_LAPACK_COUNT
};

/* Every Fortran argument is passed by address: with the integers as
 * const void *, one type per routine serves both integer widths (the
 * driver calls both families). CHARACTER lengths last. */
typedef void standin_getrf_fn(const void *m, const void *n, void *a,
                              const void *lda, void *ipiv, void *info);
typedef void standin_getrs_fn(const char *trans, const void *n,
                              const void *nrhs, const void *a,
                              const void *lda, const void *ipiv, void *b,
                              const void *ldb, void *info,
                              size_t trans_len);
typedef void standin_gesv_fn(const void *n, const void *nrhs, void *a,
                             const void *lda, void *ipiv, void *b,
                             const void *ldb, void *info);
typedef void standin_potrf_fn(const char *uplo, const void *n, void *a,
                              const void *lda, void *info, size_t uplo_len);
typedef void standin_laswp_fn(const void *n, void *a, const void *lda,
                              const void *k1, const void *k2,
                              const void *ipiv, const void *incx);

/* One family's entry points, by routine and precision (s, d, c, z). */
struct standin_lapack_entries {
    int integer_bits;
    void (*fn[STANDIN_LAPACK_COUNT][4])(void);
};

/* The stand-in's symbol of routine r in precision p ("scipy_dgetrf_64_"). */
#define STANDIN_LAPACK_SYMBOLS(r, X)                                 \
    X(r, 0, STANDIN_FORTRAN(s##r)) X(r, 1, STANDIN_FORTRAN(d##r))     \
    X(r, 2, STANDIN_FORTRAN(c##r)) X(r, 3, STANDIN_FORTRAN(z##r))

#define STANDIN_LAPACK_DECLARE(r, p, symbol) standin_##r##_fn symbol;
#define STANDIN_LAPACK_DECLARE_ALL(r) \
    STANDIN_LAPACK_SYMBOLS(r, STANDIN_LAPACK_DECLARE)
STANDIN_LAPACK_ROUTINES(STANDIN_LAPACK_DECLARE_ALL)
#undef STANDIN_LAPACK_DECLARE_ALL

/* In the stand-in library: calls its names answered, per routine. */
long standin_lapack_call_count(int routine);

/* In a module: its family's entry points as the module binds them. */
void standin_module_lapack(struct standin_lapack_entries *out);

#endif
