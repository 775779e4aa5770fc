/* The program's own LAPACK routines, called with integers of their width.
 *
 * A LAPACK routine of the wheels' names is found as their Level-3 routines are (cpu_names.c):
 * numpy's bundled OpenBLAS defines scipy_dgetrf_64_, SciPy's scipy_dgetrf_. Every argument of
 * a Fortran routine is passed by address, so one pointer type serves both widths: the integers
 * are written, in the routine's width, to slots on the stack, and their addresses passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_names.h"
#include "lapack/lapack.h"

/* The library routines used here, per precision. */
enum library_routine { LIB_GETRF, LIB_POTRF, LIB_GETRS, LIB_GESV, LIB_LASWP, LIB_COUNT };
static const char *const library_names[LIB_COUNT] = {"getrf", "potrf", "getrs", "gesv", "laswp"};
static struct br_named_slot slots[BR_NAMES_COUNT][LIB_COUNT][BR_PRECISION_COUNT];

/* An INTEGER argument in the routine's width. */
union integer_slot {
    int32_t i32;
    int64_t i64;
};

static void *integer(const struct br_lapack *l, union integer_slot *slot, br_int value)
{
    if (l->integer_bits == 64)
        slot->i64 = value;
    else
        slot->i32 = (int32_t)value;
    return slot;
}

static br_int integer_value(const struct br_lapack *l, const union integer_slot *slot)
{
    return l->integer_bits == 64 ? slot->i64 : slot->i32;
}

br_int br_lapack_ipiv_get(const struct br_lapack *l, const void *ipiv, br_int i)
{
    return l->integer_bits == 64 ? ((const int64_t *)ipiv)[i] : ((const int32_t *)ipiv)[i];
}

void br_lapack_ipiv_set(const struct br_lapack *l, void *ipiv, br_int i, br_int value)
{
    if (l->integer_bits == 64)
        ((int64_t *)ipiv)[i] = value;
    else
        ((int32_t *)ipiv)[i] = (int32_t)value;
}

void *br_lapack_ipiv_at(const struct br_lapack *l, void *ipiv, br_int i)
{
    return (char *)ipiv + (size_t)i * (size_t)(l->integer_bits / 8);
}

/* The routine, or one message and abort. Its width is the names' (cpu_names.c only ever finds
 * a routine of another width for Level 3), so ipiv arrays pass through unchanged. */
static br_fn routine(const struct br_lapack *l, enum library_routine which)
{
    char name[16];
    snprintf(name, sizeof name, "%c%s", br_precision_letter(l->precision), library_names[which]);
    struct br_cpu_routine found =
        br_cpu_named_routine(l->names, name, &slots[l->names][which][l->precision]);
    if (br_unlikely(!found.fn || found.integer_bits != l->integer_bits)) {
        char symbol[32];
        br_names_fortran_symbol(l->names, name, symbol, sizeof symbol);
        fprintf(stderr,
                "blasroute: %s was called, and no library but blasroute defines %s to factor its "
                "panels with: the program's own LAPACK is not loaded. Run the program without "
                "blasroute, or report how it was linked.\n",
                symbol, symbol);
        abort();
    }
    return found.fn;
}

/* The routines' types (Fortran: every argument by address, CHARACTER lengths last). */
typedef void getrf_fn(const void *m, const void *n, void *a, const void *lda, void *ipiv,
                      void *info);
typedef void potrf_fn(const char *uplo, const void *n, void *a, const void *lda, void *info,
                      size_t uplo_length);
typedef void getrs_fn(const char *trans, const void *n, const void *nrhs, const void *a,
                      const void *lda, const void *ipiv, void *b, const void *ldb, void *info,
                      size_t trans_length);
typedef void gesv_fn(const void *n, const void *nrhs, void *a, const void *lda, void *ipiv,
                     void *b, const void *ldb, void *info);
typedef void laswp_fn(const void *n, void *a, const void *lda, const void *k1, const void *k2,
                      const void *ipiv, const void *incx);

br_int br_lapack_library_getrf(const struct br_lapack *l, br_int m, br_int n, void *a,
                               br_int lda, void *ipiv)
{
    union integer_slot sm, sn, slda, info;
    getrf_fn *getrf = (getrf_fn *)routine(l, LIB_GETRF);
    getrf(integer(l, &sm, m), integer(l, &sn, n), a, integer(l, &slda, lda), ipiv,
          integer(l, &info, 0));
    return integer_value(l, &info);
}

br_int br_lapack_library_potrf(const struct br_lapack *l, char uplo, br_int n, void *a,
                               br_int lda)
{
    union integer_slot sn, slda, info;
    potrf_fn *potrf = (potrf_fn *)routine(l, LIB_POTRF);
    potrf(&uplo, integer(l, &sn, n), a, integer(l, &slda, lda), integer(l, &info, 0), 1);
    return integer_value(l, &info);
}

br_int br_lapack_library_getrs(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                               const void *a, br_int lda, const void *ipiv, void *b, br_int ldb)
{
    union integer_slot sn, snrhs, slda, sldb, info;
    getrs_fn *getrs = (getrs_fn *)routine(l, LIB_GETRS);
    getrs(&trans, integer(l, &sn, n), integer(l, &snrhs, nrhs), a, integer(l, &slda, lda), ipiv,
          b, integer(l, &sldb, ldb), integer(l, &info, 0), 1);
    return integer_value(l, &info);
}

br_int br_lapack_library_gesv(const struct br_lapack *l, br_int n, br_int nrhs, void *a,
                              br_int lda, void *ipiv, void *b, br_int ldb)
{
    union integer_slot sn, snrhs, slda, sldb, info;
    gesv_fn *gesv = (gesv_fn *)routine(l, LIB_GESV);
    gesv(integer(l, &sn, n), integer(l, &snrhs, nrhs), a, integer(l, &slda, lda), ipiv, b,
         integer(l, &sldb, ldb), integer(l, &info, 0));
    return integer_value(l, &info);
}

void br_lapack_library_laswp(const struct br_lapack *l, br_int n, void *a, br_int lda,
                             br_int k1, br_int k2, const void *ipiv, br_int incx)
{
    union integer_slot sn, slda, sk1, sk2, sincx;
    laswp_fn *laswp = (laswp_fn *)routine(l, LIB_LASWP);
    laswp(integer(l, &sn, n), a, integer(l, &slda, lda), integer(l, &sk1, k1),
          integer(l, &sk2, k2), ipiv, integer(l, &sincx, incx));
}
