/* The canonical description of a Level-3 call: what every entry point (Fortran or CBLAS, any
 * layout) hands to the router. Always column-major, options as upper-case Fortran characters,
 * scalars held by value, and the work to do decided once. */
#ifndef BLASROUTE_CALL_H
#define BLASROUTE_CALL_H

#include "common.h"

enum br_family {
    BR_GEMM, BR_SYMM, BR_HEMM, BR_SYRK, BR_HERK, BR_SYR2K, BR_HER2K, BR_TRMM, BR_TRSM,
    BR_FAMILY_COUNT
};

enum br_precision { BR_S, BR_D, BR_C, BR_Z, BR_PRECISION_COUNT };

/* The names a call came through, which say the width of its integers and which library answers
 * it on the CPU (cpu_level3.c): the library's plain names (dgemm_, cblas_dgemm; its blas_int),
 * and in libblasroute.so also OpenBLAS's ILP64 suffix (dgemm_64_, cblas_dgemm64_), numpy
 * wheels' (scipy_dgemm_64_, scipy_cblas_dgemm64_) and SciPy wheels' (scipy_dgemm_,
 * scipy_cblas_dgemm, 32-bit). */
enum br_names { BR_NAMES_PLAIN, BR_NAMES_64, BR_NAMES_SCIPY64, BR_NAMES_SCIPY, BR_NAMES_COUNT };

/* What the call really has to do, by the reference's rules. */
enum br_work {
    BR_WORK_NONE,  /* a quick return: nothing is read or written */
    BR_WORK_SCALE, /* alpha = 0 (or k = 0): C := beta*C, B := 0 for TRMM/TRSM; A, B unread */
    BR_WORK_FULL   /* the real product */
};

/* A scalar of any precision; complex ones are (real, imaginary). */
union br_scalar {
    float s;
    double d;
    float c[2];
    double z[2];
};

struct br_call {
    enum br_names names;
    enum br_family family;
    enum br_precision precision;
    enum br_work work;
    /* 'L'/'R', 'U'/'L', 'N'/'T'/'C', 'N'/'T'/'C', 'U'/'N'; unused ones are 0. */
    char side, uplo, transa, transb, diag;
    br_int m, n, k;
    /* HERK's alpha and beta, and HER2K's beta, are real: held in .s or .d. */
    union br_scalar alpha, beta;
    const void *a;
    br_int lda;
    void *b; /* written by TRMM and TRSM, read-only otherwise */
    br_int ldb;
    void *c;
    br_int ldc;
};

/* The reference's argument checks on a column-major call whose option characters are still as
 * the caller gave them: 0 if valid, else the info number the reference passes to XERBLA. */
br_int br_check_call(const struct br_call *call);

/* After a successful check: upper-cases the options and decides call->work. */
void br_settle_call(struct br_call *call);

/* The routine's Fortran name padded to 6 characters as XERBLA receives it ("DGEMM ", "ZHER2K"),
 * and its lower-case name without padding ("dgemm"). */
void br_routine_name_fortran(const struct br_call *call, char name[7]);
void br_routine_name_lower(const struct br_call *call, char name[8]);

/* The one table of names: "gemm" ... "trsm", and 's', 'd', 'c', 'z'. */
const char *br_family_name(enum br_family family);
char br_precision_letter(enum br_precision precision);

/* A family's name ("syrk") to its enum value, or -1; a routine's name ("dsyrk") to family and
 * precision, 0 on success or -1. */
int br_parse_family(const char *name);
int br_parse_routine(const char *name, enum br_family *family, enum br_precision *precision);

/* A square call of order n with the options blasroute-bench, the profiles' rates and the tuner
 * mean: GEMM 'N', 'N'; SYMM and HEMM side L, upper; TRMM and TRSM side L, upper, 'N', non-unit;
 * the rank-k and rank-2k families upper, 'N', k = n. Leading dimensions n; no operands, zero
 * scalars: the caller sets those it runs with. */
struct br_call br_square_call(enum br_family family, enum br_precision precision, br_int n);

/* Whether the routine exists: HEMM, HERK and HER2K only in the complex precisions. */
static inline int br_routine_exists(enum br_family family, enum br_precision precision)
{
    return !(family == BR_HEMM || family == BR_HERK || family == BR_HER2K) ||
           precision == BR_C || precision == BR_Z;
}

/* Whether a scalar is zero; real_only looks at the real part alone (HERK/HER2K real scalars). */
int br_scalar_is_zero(const union br_scalar *x, enum br_precision precision, int real_only);

/* Whether the call's beta is zero as its routine reads it (HERK's and HER2K's beta is real). */
int br_call_beta_is_zero(const struct br_call *call);

/* Scalars as the kernels and the split's GEMM pieces take them: a real number in the
 * precision's element type, HERK's and HER2K's real scalars as complex ones (imaginary part 0),
 * a complex conjugate (real ones unchanged). */
union br_scalar br_scalar_real(enum br_precision precision, double value);
union br_scalar br_scalar_complex_of_real(const union br_scalar *x, enum br_precision precision);
union br_scalar br_scalar_conjugate(const union br_scalar *x, enum br_precision precision);

/* Whether every dimension and leading dimension of a call fits a 32-bit integer. */
static inline int br_call_fits_32_bits(const struct br_call *c)
{
    return c->m <= INT32_MAX && c->n <= INT32_MAX && c->k <= INT32_MAX && c->lda <= INT32_MAX &&
           c->ldb <= INT32_MAX && c->ldc <= INT32_MAX;
}

/* Element (i, j) of a column-major matrix of `element`-byte entries, leading dimension ld. */
static inline void *br_element_at(const void *base, br_int i, br_int j, br_int ld,
                                  size_t element)
{
    return (char *)base + ((size_t)i + (size_t)j * (size_t)ld) * element;
}

/* Where row `first` of op(X) starts: a row of X, or a column of X when X is transposed. */
static inline void *br_op_row(const void *x, br_int first, br_int ld, char trans,
                              size_t element)
{
    return trans == 'N' ? br_element_at(x, first, 0, ld, element)
                        : br_element_at(x, 0, first, ld, element);
}

/* Element size in bytes, and whether the precision is complex. */
static inline size_t br_element_size(enum br_precision precision)
{
    static const size_t sizes[BR_PRECISION_COUNT] = {4, 8, 8, 16};
    return sizes[precision];
}
static inline int br_is_complex(enum br_precision precision)
{
    return precision == BR_C || precision == BR_Z;
}

/* The column tiles the engine cuts a GEMM of `flops` and n columns into, so that transfers of
 * one tile overlap kernels of another; the cost model predicts with the same count. About 1024
 * columns a tile, at most 8, one below 2 GFLOP: each tile costs host synchronization and a
 * kernel too narrow to fill the device. On the H200 (2026-11-21, e2e, best of 1, 2, 4, 8
 * tiles) sgemm and dgemm ran best with 1 or 2 tiles at n = 2048, 2 or 4 at 4096, 8 at 8192. */
static inline size_t br_gemm_column_tiles(double flops, size_t n)
{
    size_t tiles = (n + 1023) / 1024;
    return flops < 2e9 ? 1 : tiles < 8 ? tiles : 8;
}

/* Floating-point operations of a call, counting a complex multiply-add as 8. */
double br_call_flops(const struct br_call *call);

#endif
