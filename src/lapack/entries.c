/* The exported LAPACK entry points (scipy_dgetrf_64_, scipy_dgetrf_, dgetrf_64_, ...), stamped
 * from the routine table's LAPACK_BLOCKED rows for the wheels' and the 64_ names. Each reads
 * its arguments into the context of its names, runs the routine (lu.c, cholesky.c) and counts
 * it for the report. libblasroute64.so, whose plain names are already ILP64, has none. */
#include "interface/level3.h"
#include "lapack/lapack.h"
#include "stats.h"

#ifndef BLASROUTE_ILP64

static struct br_lapack context(enum br_names names, enum br_precision precision, int bits)
{
    return (struct br_lapack){.names = names, .precision = precision, .integer_bits = bits};
}

/* Floating-point operations as LAPACK's operation counts have them, a complex multiply-add
 * counting 8: for the report's GFLOP/s. */
static double lu_flops(double m, double n)
{
    double k = m < n ? m : n;
    return 2 * (m * n * k - (m + n) * k * k / 2 + k * k * k / 3);
}
static double scaled(const struct br_lapack *l, double flops)
{
    return br_is_complex(l->precision) ? 4 * flops : flops;
}

#define LAPACK_ENTRY_getrf(name, p, INT, NAMES)                                                    \
    BR_EXPORT void name(const INT *m, const INT *n, void *a, const INT *lda, INT *ipiv,            \
                        INT *info);                                                                \
    BR_EXPORT void name(const INT *m, const INT *n, void *a, const INT *lda, INT *ipiv, INT *info) \
    {                                                                                              \
        struct br_lapack l = context(NAMES, BR_PRECISION_##p, (int)sizeof(INT) * 8);               \
        struct br_timer timer = br_stats_start();                                                  \
        enum br_lapack_outcome outcome;                                                            \
        *info = (INT)br_lapack_getrf(&l, *m, *n, a, *lda, ipiv, &outcome);                         \
        br_stats_record_lapack(BR_LAPACK_GETRF, l.precision, outcome, timer,                       \
                               scaled(&l, lu_flops((double)*m, (double)*n)));                      \
    }

#define LAPACK_ENTRY_getrs(name, p, INT, NAMES)                                                    \
    BR_EXPORT void name(const char *trans, const INT *n, const INT *nrhs, const void *a,           \
                        const INT *lda, const INT *ipiv, void *b, const INT *ldb, INT *info,       \
                        size_t trans_length);                                                      \
    BR_EXPORT void name(const char *trans, const INT *n, const INT *nrhs, const void *a,           \
                        const INT *lda, const INT *ipiv, void *b, const INT *ldb, INT *info,       \
                        size_t trans_length)                                                       \
    {                                                                                              \
        (void)trans_length;                                                                        \
        struct br_lapack l = context(NAMES, BR_PRECISION_##p, (int)sizeof(INT) * 8);               \
        struct br_timer timer = br_stats_start();                                                  \
        enum br_lapack_outcome outcome;                                                            \
        *info = (INT)br_lapack_getrs(&l, *trans, *n, *nrhs, a, *lda, ipiv, b, *ldb, &outcome);     \
        br_stats_record_lapack(BR_LAPACK_GETRS, l.precision, outcome, timer,                       \
                               scaled(&l, 2.0 * (double)*n * (double)*n * (double)*nrhs));         \
    }

#define LAPACK_ENTRY_gesv(name, p, INT, NAMES)                                                     \
    BR_EXPORT void name(const INT *n, const INT *nrhs, void *a, const INT *lda, INT *ipiv,         \
                        void *b, const INT *ldb, INT *info);                                       \
    BR_EXPORT void name(const INT *n, const INT *nrhs, void *a, const INT *lda, INT *ipiv,         \
                        void *b, const INT *ldb, INT *info)                                        \
    {                                                                                              \
        struct br_lapack l = context(NAMES, BR_PRECISION_##p, (int)sizeof(INT) * 8);               \
        struct br_timer timer = br_stats_start();                                                  \
        enum br_lapack_outcome outcome;                                                            \
        *info = (INT)br_lapack_gesv(&l, *n, *nrhs, a, *lda, ipiv, b, *ldb, &outcome);              \
        double order = (double)*n;                                                                 \
        br_stats_record_lapack(                                                                    \
            BR_LAPACK_GESV, l.precision, outcome, timer,                                           \
            scaled(&l, lu_flops(order, order) + 2.0 * order * order * (double)*nrhs));             \
    }

#define LAPACK_ENTRY_potrf(name, p, INT, NAMES)                                                    \
    BR_EXPORT void name(const char *uplo, const INT *n, void *a, const INT *lda, INT *info,        \
                        size_t uplo_length);                                                       \
    BR_EXPORT void name(const char *uplo, const INT *n, void *a, const INT *lda, INT *info,        \
                        size_t uplo_length)                                                        \
    {                                                                                              \
        (void)uplo_length;                                                                         \
        struct br_lapack l = context(NAMES, BR_PRECISION_##p, (int)sizeof(INT) * 8);               \
        struct br_timer timer = br_stats_start();                                                  \
        enum br_lapack_outcome outcome;                                                            \
        *info = (INT)br_lapack_potrf(&l, *uplo, *n, a, *lda, &outcome);                            \
        double order = (double)*n;                                                                 \
        br_stats_record_lapack(BR_LAPACK_POTRF, l.precision, outcome, timer,                       \
                               scaled(&l, order * order * order / 3));                             \
    }

/* OpenBLAS's ILP64 suffix, numpy wheels' names (64-bit integers) and SciPy wheels' (32-bit). */
#define LAPACK_BLOCKED(p, routine)                                                                 \
    LAPACK_ENTRY_##routine(p##routine##_64_, p, int64_t, BR_NAMES_64)
#include "interface/expand_routines.h"
#define LAPACK_BLOCKED(p, routine)                                                                 \
    LAPACK_ENTRY_##routine(scipy_##p##routine##_64_, p, int64_t, BR_NAMES_SCIPY64)
#include "interface/expand_routines.h"
#define LAPACK_BLOCKED(p, routine)                                                                 \
    LAPACK_ENTRY_##routine(scipy_##p##routine##_, p, int32_t, BR_NAMES_SCIPY)
#include "interface/expand_routines.h"

#endif
