/* The CBLAS Level-3 entry points (cblas_sgemm ... cblas_ztrsm), stamped from the routine table.
 *
 * Each checks the layout and its enumerations as the reference CBLAS does (same order, same
 * parameter numbers), folds a row-major call into the column-major call that computes the
 * same thing (the transpose of the product: operands and dimensions swapped, sides and
 * triangles exchanged), and hands it on. The Fortran-level checks then run on the folded call,
 * so a bad dimension is reported exactly as the reference reports it, row-major included.
 *
 * Debian's reference (Netlib 3.11) has quirks in its row-major branches, and blasroute matches
 * them, so that a program sees exactly what it saw with the reference:
 * - an invalid TransB of row-major cblas_?gemm is reported as parameter 2;
 * - an invalid Uplo of row-major cblas_?syrk, ?herk and ?syr2k is reported as parameter 3;
 * - row-major cblas_[cz]herk and cblas_[cz]her2k accept CblasTrans as CblasConjTrans, and
 *   row-major cblas_[cz]syrk and cblas_[cz]syr2k accept CblasConjTrans as CblasTrans (all of
 *   which column-major rejects as parameter 3).
 */
#include "interface/errors.h"
#include "interface/level3.h"

static const char *const enum_forms[] = {
    "Illegal layout setting, %d\n", "Illegal TransA setting, %d\n",
    "Illegal TransB setting, %d\n", "Illegal Side setting, %d\n",
    "Illegal Uplo setting, %d\n",   "Illegal Trans setting, %d\n",
    "Illegal Diag setting, %d\n"};
enum enum_form { FORM_LAYOUT, FORM_TRANSA, FORM_TRANSB, FORM_SIDE, FORM_UPLO, FORM_TRANS, FORM_DIAG };

/* Reports a bad layout or enumeration for the routine of call; always returns 0. */
static int bad_enum(const struct br_call *call, blas_enum layout, blas_int position,
                    enum enum_form form, blas_enum value)
{
    char lower[8], routine[16] = "cblas_";
    br_routine_name_lower(call, lower);
    for (int i = 0; lower[i]; i++)
        routine[6 + i] = lower[i];
    br_cblas_error(layout == BR_CBLAS_ROW_MAJOR, position, routine, enum_forms[form], value);
    return 0;
}

static int layout_ok(const struct br_call *call, blas_enum layout)
{
    if (layout == BR_CBLAS_ROW_MAJOR || layout == BR_CBLAS_COL_MAJOR)
        return 1;
    return bad_enum(call, layout, 1, FORM_LAYOUT, layout);
}

/* The Fortran character of a transpose enumeration, or 0 if it is not one. */
static char trans_char(blas_enum trans)
{
    switch (trans) {
    case BR_CBLAS_NO_TRANS:
        return 'N';
    case BR_CBLAS_TRANS:
        return 'T';
    case BR_CBLAS_CONJ_TRANS:
        return 'C';
    default:
        return 0;
    }
}

/* Side and Uplo, swapped for a row-major call (the transpose flips both); 0 if invalid. */
static char side_char(blas_enum side, int row_major)
{
    if (side == BR_CBLAS_LEFT)
        return row_major ? 'R' : 'L';
    if (side == BR_CBLAS_RIGHT)
        return row_major ? 'L' : 'R';
    return 0;
}

static char uplo_char(blas_enum uplo, int row_major)
{
    if (uplo == BR_CBLAS_UPPER)
        return row_major ? 'L' : 'U';
    if (uplo == BR_CBLAS_LOWER)
        return row_major ? 'U' : 'L';
    return 0;
}

static char diag_char(blas_enum diag)
{
    return diag == BR_CBLAS_UNIT ? 'U' : diag == BR_CBLAS_NON_UNIT ? 'N' : 0;
}

static void cblas_gemm(enum br_names names, enum br_precision precision, blas_enum layout,
                       blas_enum transa, blas_enum transb, br_int m, br_int n, br_int k,
                       const void *alpha, const void *a, br_int lda, const void *b, br_int ldb,
                       const void *beta, void *c, br_int ldc)
{
    struct br_call call = {.names = names, .family = BR_GEMM, .precision = precision, .k = k,
                           .c = c, .ldc = ldc};
    if (!layout_ok(&call, layout))
        return;
    int row_major = layout == BR_CBLAS_ROW_MAJOR;
    char ta = trans_char(transa), tb = trans_char(transb);
    if (!ta) {
        bad_enum(&call, layout, 2, FORM_TRANSA, transa);
        return;
    }
    if (!tb) {
        bad_enum(&call, layout, row_major ? 2 : 3, FORM_TRANSB, transb); /* quirk: see above */
        return;
    }
    if (row_major) { /* C' = B' A' */
        call.transa = tb, call.transb = ta, call.m = n, call.n = m;
        call.a = b, call.lda = ldb, call.b = (void *)a, call.ldb = lda;
    } else {
        call.transa = ta, call.transb = tb, call.m = m, call.n = n;
        call.a = a, call.lda = lda, call.b = (void *)b, call.ldb = ldb;
    }
    br_load_scalar(&call.alpha, alpha, precision, 0);
    br_load_scalar(&call.beta, beta, precision, 0);
    br_level3_run(&call, row_major);
}

static void cblas_symmetric(enum br_names names, enum br_family family, enum br_precision precision,
                            blas_enum layout, blas_enum side, blas_enum uplo, br_int m, br_int n,
                            const void *alpha, const void *a, br_int lda, const void *b, br_int ldb,
                            const void *beta, void *c, br_int ldc)
{
    struct br_call call = {.names = names, .family = family, .precision = precision, .a = a,
                           .lda = lda, .b = (void *)b, .ldb = ldb, .c = c, .ldc = ldc};
    if (!layout_ok(&call, layout))
        return;
    int row_major = layout == BR_CBLAS_ROW_MAJOR;
    if (!(call.side = side_char(side, row_major))) {
        bad_enum(&call, layout, 2, FORM_SIDE, side);
        return;
    }
    if (!(call.uplo = uplo_char(uplo, row_major))) {
        bad_enum(&call, layout, 3, FORM_UPLO, uplo);
        return;
    }
    call.m = row_major ? n : m;
    call.n = row_major ? m : n;
    br_load_scalar(&call.alpha, alpha, precision, 0);
    br_load_scalar(&call.beta, beta, precision, 0);
    br_level3_run(&call, row_major);
}

/* The transpose a row-major rank-k update becomes. The reference turns both CblasTrans and
 * CblasConjTrans into 'N' for every one of them (see the quirks above). */
static char rank_k_row_major_trans(enum br_family family, blas_enum trans)
{
    int hermitian = family == BR_HERK || family == BR_HER2K;
    switch (trans) {
    case BR_CBLAS_NO_TRANS:
        return hermitian ? 'C' : 'T';
    case BR_CBLAS_TRANS:
    case BR_CBLAS_CONJ_TRANS:
        return 'N';
    default:
        return 0;
    }
}

/* SYRK, HERK, SYR2K and HER2K; b is NULL for the rank-k ones. */
static void cblas_rank_k(enum br_names names, enum br_family family, enum br_precision precision,
                         blas_enum layout, blas_enum uplo, blas_enum trans, br_int n, br_int k,
                         const void *alpha, const void *a, br_int lda, const void *b, br_int ldb,
                         const void *beta, void *c, br_int ldc)
{
    struct br_call call = {.names = names, .family = family, .precision = precision, .n = n, .k = k,
                           .a = a, .lda = lda, .b = (void *)b, .ldb = ldb, .c = c, .ldc = ldc};
    if (!layout_ok(&call, layout))
        return;
    int row_major = layout == BR_CBLAS_ROW_MAJOR;
    if (!(call.uplo = uplo_char(uplo, row_major))) {
        int quirk = row_major && family != BR_HER2K; /* see above */
        bad_enum(&call, layout, quirk ? 3 : 2, FORM_UPLO, uplo);
        return;
    }
    call.transa = row_major ? rank_k_row_major_trans(family, trans) : trans_char(trans);
    if (!call.transa) {
        bad_enum(&call, layout, 3, FORM_TRANS, trans);
        return;
    }
    br_load_scalar(&call.alpha, alpha, precision, family == BR_HERK);
    br_load_scalar(&call.beta, beta, precision, family == BR_HERK || family == BR_HER2K);
    /* Row-major HER2K is the column-major one with conj(alpha) (C' = conj(C) for Hermitian C). */
    if (row_major && family == BR_HER2K) {
        if (precision == BR_C)
            call.alpha.c[1] = -call.alpha.c[1];
        else
            call.alpha.z[1] = -call.alpha.z[1];
    }
    br_level3_run(&call, row_major);
}

static void cblas_triangular(enum br_names names, enum br_family family,
                             enum br_precision precision, blas_enum layout, blas_enum side,
                             blas_enum uplo, blas_enum transa, blas_enum diag, br_int m, br_int n,
                             const void *alpha, const void *a, br_int lda, void *b, br_int ldb)
{
    struct br_call call = {.names = names, .family = family, .precision = precision, .a = a,
                           .lda = lda, .b = b, .ldb = ldb};
    if (!layout_ok(&call, layout))
        return;
    int row_major = layout == BR_CBLAS_ROW_MAJOR;
    if (!(call.side = side_char(side, row_major))) {
        bad_enum(&call, layout, 2, FORM_SIDE, side);
        return;
    }
    if (!(call.uplo = uplo_char(uplo, row_major))) {
        bad_enum(&call, layout, 3, FORM_UPLO, uplo);
        return;
    }
    if (!(call.transa = trans_char(transa))) {
        bad_enum(&call, layout, 4, FORM_TRANS, transa);
        return;
    }
    if (!(call.diag = diag_char(diag))) {
        bad_enum(&call, layout, 5, FORM_DIAG, diag);
        return;
    }
    call.m = row_major ? n : m;
    call.n = row_major ? m : n;
    br_load_scalar(&call.alpha, alpha, precision, 0);
    br_level3_run(&call, row_major);
}

/* How each precision passes scalars in CBLAS: real ones by value, complex ones by address. */
#define CBLAS_SCALAR_s float
#define CBLAS_SCALAR_d double
#define CBLAS_SCALAR_c const void *
#define CBLAS_SCALAR_z const void *
#define CBLAS_ADDRESS_s(x) (&(x))
#define CBLAS_ADDRESS_d(x) (&(x))
#define CBLAS_ADDRESS_c(x) (x)
#define CBLAS_ADDRESS_z(x) (x)
/* The real type of a precision, for HERK's alpha and beta and HER2K's beta. */
#define CBLAS_REAL_c float
#define CBLAS_REAL_z double

#define CBLAS_ENTRY_gemm_SIGNATURE(name, p, INT)                                                   \
    BR_EXPORT void name(blas_enum layout, blas_enum transa, blas_enum transb, INT m, INT n, INT k, \
                        CBLAS_SCALAR_##p alpha, const void *a, INT lda, const void *b, INT ldb,    \
                        CBLAS_SCALAR_##p beta, void *c, INT ldc)
#define CBLAS_ENTRY_gemm(name, p, INT, NAMES)                                                      \
    CBLAS_ENTRY_gemm_SIGNATURE(name, p, INT);                                                      \
    CBLAS_ENTRY_gemm_SIGNATURE(name, p, INT)                                                       \
    {                                                                                              \
        cblas_gemm(NAMES, BR_PRECISION_##p, layout, transa, transb, m, n, k,                       \
                   CBLAS_ADDRESS_##p(alpha), a, lda, b, ldb, CBLAS_ADDRESS_##p(beta), c, ldc);     \
    }

#define CBLAS_ENTRY_SYMMETRIC_SIGNATURE(name, p, INT)                                              \
    BR_EXPORT void name(blas_enum layout, blas_enum side, blas_enum uplo, INT m, INT n,            \
                        CBLAS_SCALAR_##p alpha, const void *a, INT lda, const void *b, INT ldb,    \
                        CBLAS_SCALAR_##p beta, void *c, INT ldc)
#define CBLAS_ENTRY_SYMMETRIC(name, p, INT, NAMES, FAMILY)                                         \
    CBLAS_ENTRY_SYMMETRIC_SIGNATURE(name, p, INT);                                                 \
    CBLAS_ENTRY_SYMMETRIC_SIGNATURE(name, p, INT)                                                  \
    {                                                                                              \
        cblas_symmetric(NAMES, FAMILY, BR_PRECISION_##p, layout, side, uplo, m, n,                 \
                        CBLAS_ADDRESS_##p(alpha), a, lda, b, ldb, CBLAS_ADDRESS_##p(beta), c,      \
                        ldc);                                                                      \
    }
#define CBLAS_ENTRY_symm(name, p, INT, NAMES) CBLAS_ENTRY_SYMMETRIC(name, p, INT, NAMES, BR_SYMM)
#define CBLAS_ENTRY_hemm(name, p, INT, NAMES) CBLAS_ENTRY_SYMMETRIC(name, p, INT, NAMES, BR_HEMM)

#define CBLAS_ENTRY_syrk_SIGNATURE(name, p, INT)                                                   \
    BR_EXPORT void name(blas_enum layout, blas_enum uplo, blas_enum trans, INT n, INT k,           \
                        CBLAS_SCALAR_##p alpha, const void *a, INT lda, CBLAS_SCALAR_##p beta,     \
                        void *c, INT ldc)
#define CBLAS_ENTRY_syrk(name, p, INT, NAMES)                                                      \
    CBLAS_ENTRY_syrk_SIGNATURE(name, p, INT);                                                      \
    CBLAS_ENTRY_syrk_SIGNATURE(name, p, INT)                                                       \
    {                                                                                              \
        cblas_rank_k(NAMES, BR_SYRK, BR_PRECISION_##p, layout, uplo, trans, n, k,                  \
                     CBLAS_ADDRESS_##p(alpha), a, lda, NULL, 0, CBLAS_ADDRESS_##p(beta), c, ldc);  \
    }

#define CBLAS_ENTRY_herk_SIGNATURE(name, p, INT)                                                   \
    BR_EXPORT void name(blas_enum layout, blas_enum uplo, blas_enum trans, INT n, INT k,           \
                        CBLAS_REAL_##p alpha, const void *a, INT lda, CBLAS_REAL_##p beta,         \
                        void *c, INT ldc)
#define CBLAS_ENTRY_herk(name, p, INT, NAMES)                                                      \
    CBLAS_ENTRY_herk_SIGNATURE(name, p, INT);                                                      \
    CBLAS_ENTRY_herk_SIGNATURE(name, p, INT)                                                       \
    {                                                                                              \
        cblas_rank_k(NAMES, BR_HERK, BR_PRECISION_##p, layout, uplo, trans, n, k, &alpha, a, lda,  \
                     NULL, 0, &beta, c, ldc);                                                      \
    }

#define CBLAS_ENTRY_syr2k_SIGNATURE(name, p, INT)                                                  \
    BR_EXPORT void name(blas_enum layout, blas_enum uplo, blas_enum trans, INT n, INT k,           \
                        CBLAS_SCALAR_##p alpha, const void *a, INT lda, const void *b, INT ldb,    \
                        CBLAS_SCALAR_##p beta, void *c, INT ldc)
#define CBLAS_ENTRY_syr2k(name, p, INT, NAMES)                                                     \
    CBLAS_ENTRY_syr2k_SIGNATURE(name, p, INT);                                                     \
    CBLAS_ENTRY_syr2k_SIGNATURE(name, p, INT)                                                      \
    {                                                                                              \
        cblas_rank_k(NAMES, BR_SYR2K, BR_PRECISION_##p, layout, uplo, trans, n, k,                 \
                     CBLAS_ADDRESS_##p(alpha), a, lda, b, ldb, CBLAS_ADDRESS_##p(beta), c, ldc);   \
    }

#define CBLAS_ENTRY_her2k_SIGNATURE(name, p, INT)                                                  \
    BR_EXPORT void name(blas_enum layout, blas_enum uplo, blas_enum trans, INT n, INT k,           \
                        const void *alpha, const void *a, INT lda, const void *b, INT ldb,         \
                        CBLAS_REAL_##p beta, void *c, INT ldc)
#define CBLAS_ENTRY_her2k(name, p, INT, NAMES)                                                     \
    CBLAS_ENTRY_her2k_SIGNATURE(name, p, INT);                                                     \
    CBLAS_ENTRY_her2k_SIGNATURE(name, p, INT)                                                      \
    {                                                                                              \
        cblas_rank_k(NAMES, BR_HER2K, BR_PRECISION_##p, layout, uplo, trans, n, k, alpha, a, lda,  \
                     b, ldb, &beta, c, ldc);                                                       \
    }

#define CBLAS_ENTRY_TRIANGULAR_SIGNATURE(name, p, INT)                                             \
    BR_EXPORT void name(blas_enum layout, blas_enum side, blas_enum uplo, blas_enum transa,        \
                        blas_enum diag, INT m, INT n, CBLAS_SCALAR_##p alpha, const void *a,       \
                        INT lda, void *b, INT ldb)
#define CBLAS_ENTRY_TRIANGULAR(name, p, INT, NAMES, FAMILY)                                        \
    CBLAS_ENTRY_TRIANGULAR_SIGNATURE(name, p, INT);                                                \
    CBLAS_ENTRY_TRIANGULAR_SIGNATURE(name, p, INT)                                                 \
    {                                                                                              \
        cblas_triangular(NAMES, FAMILY, BR_PRECISION_##p, layout, side, uplo, transa, diag, m, n,  \
                         CBLAS_ADDRESS_##p(alpha), a, lda, b, ldb);                                \
    }
#define CBLAS_ENTRY_trmm(name, p, INT, NAMES) CBLAS_ENTRY_TRIANGULAR(name, p, INT, NAMES, BR_TRMM)
#define CBLAS_ENTRY_trsm(name, p, INT, NAMES) CBLAS_ENTRY_TRIANGULAR(name, p, INT, NAMES, BR_TRSM)

/* The library's plain names: cblas_sgemm ... cblas_ztrsm, with its own INTEGER. */
#define CBLAS_LEVEL3(p, family) CBLAS_ENTRY_##family(cblas_##p##family, p, blas_int, BR_NAMES_PLAIN)
#include "interface/expand_routines.h"

#ifndef BLASROUTE_ILP64
/* OpenBLAS's ILP64 suffix, numpy's and SciPy's wheels' names (level3_fortran.c says why). */
#define CBLAS_LEVEL3(p, family)                                                                    \
    CBLAS_ENTRY_##family(cblas_##p##family##64_, p, int64_t, BR_NAMES_64)
#include "interface/expand_routines.h"
#define CBLAS_LEVEL3(p, family)                                                                    \
    CBLAS_ENTRY_##family(scipy_cblas_##p##family##64_, p, int64_t, BR_NAMES_SCIPY64)
#include "interface/expand_routines.h"
#define CBLAS_LEVEL3(p, family)                                                                    \
    CBLAS_ENTRY_##family(scipy_cblas_##p##family, p, int32_t, BR_NAMES_SCIPY)
#include "interface/expand_routines.h"
#endif
