/* LAPACK routines that blasroute answers itself, with the device doing their Level-3 work.
 *
 * Why: numpy's and SciPy's wheels bundle an OpenBLAS whose getrf, getrs, gesv and potrf (what
 * numpy.linalg.solve, inv, det and cholesky, and scipy.linalg's LU and Cholesky call) run on
 * OpenBLAS's internal kernels: no BLAS name is called that blasroute could answer, so those
 * calls never reach the device. blasroute answers these LAPACK names itself (the wheels' and
 * OpenBLAS's ILP64 names only, never the plain ones: a program linked to the reference LAPACK
 * already calls the routed BLAS).
 *
 * getrf and potrf factor with the matrix resident on the device (engine/resident.h): it goes
 * up once; at each step the panel comes down, the program's own LAPACK routine of the same
 * name factors it (a tall, thin factorization the CPU does well), and it goes back up; the
 * device applies the row interchanges, solves with the panel's triangle (a product with its
 * inverse, computed on the host) and updates the trailing matrix. The next panel's columns are
 * updated first and read back while the device updates the rest (look-ahead). The caller's
 * matrix is written only by the final download: after a failure before it, the program's own
 * routine answers the call from the untouched matrix; after a download that broke off, the CPU
 * finishes from the columns that arrived. getrs, whose work is two triangular solves, routes
 * them as Level-3 calls.
 *
 * A call whose whole work, as one GEMM (getrf) or rank-k update (potrf) moving what the
 * factorization moves, the router would keep on the CPU, or with an invalid argument, is
 * handed whole to the program's own routine: it then behaves exactly as without blasroute,
 * argument errors (that library's XERBLA) included. */
#ifndef BLASROUTE_LAPACK_LAPACK_H
#define BLASROUTE_LAPACK_LAPACK_H

#include "call.h"
#include "cpu.h"

enum br_lapack_routine {
    BR_LAPACK_GETRF,
    BR_LAPACK_GETRS,
    BR_LAPACK_GESV,
    BR_LAPACK_POTRF,
    BR_LAPACK_COUNT
};

/* "getrf", ...: as the report names them (after the precision's letter). */
const char *br_lapack_routine_name(enum br_lapack_routine routine);

/* A LAPACK call's context: the names it came through (which library answers on the CPU, the
 * width of its INTEGER, and ipiv's element) and its precision. */
struct br_lapack {
    enum br_names names;
    enum br_precision precision;
    int integer_bits; /* 32 or 64: the names' INTEGER, ipiv's elements included */
};

/* --- the matrices ---------------------------------------------------------------------------- */

/* The address of element (i, j) of a column-major matrix. */
static inline void *br_lapack_at(const struct br_lapack *l, const void *a, br_int lda, br_int i,
                                 br_int j)
{
    return (char *)a + ((size_t)i + (size_t)j * (size_t)lda) * br_element_size(l->precision);
}

/* ipiv[i] of the names' integer width, read and written. */
br_int br_lapack_ipiv_get(const struct br_lapack *l, const void *ipiv, br_int i);
void br_lapack_ipiv_set(const struct br_lapack *l, void *ipiv, br_int i, br_int value);
/* &ipiv[i] */
void *br_lapack_ipiv_at(const struct br_lapack *l, void *ipiv, br_int i);

/* The block size for a factorization whose smaller dimension is k: large enough that each
 * update carries much work per byte it moves, small enough that the panels (on the CPU) stay a
 * small part. BLASROUTE_LAPACK_BLOCK sets it. */
br_int br_lapack_block(br_int k);

/* --- the program's own LAPACK routines (library.c) ------------------------------------------- */

/* Each calls the routine of the call's names in the program's library (numpy's bundled
 * OpenBLAS for scipy_dgetrf_64_), with integers of its width, and returns INFO. Without such a
 * routine anywhere, one message and abort: never a wrong answer. */
br_int br_lapack_library_getrf(const struct br_lapack *l, br_int m, br_int n, void *a,
                               br_int lda, void *ipiv);
br_int br_lapack_library_potrf(const struct br_lapack *l, char uplo, br_int n, void *a,
                               br_int lda);
br_int br_lapack_library_getrs(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                               const void *a, br_int lda, const void *ipiv, void *b, br_int ldb);
br_int br_lapack_library_gesv(const struct br_lapack *l, br_int n, br_int nrhs, void *a,
                              br_int lda, void *ipiv, void *b, br_int ldb);
/* Row interchanges k1..k2 (1-based) of ipiv on n columns of a; incx 1 or -1 as LAPACK's. */
void br_lapack_library_laswp(const struct br_lapack *l, br_int n, void *a, br_int lda,
                             br_int k1, br_int k2, const void *ipiv, br_int incx);

/* --- Level-3 pieces through the router (pieces.c) -------------------------------------------- */

/* C := alpha*op(A)*op(B) + beta*C; B := alpha*op(A)^-1*B (side 'L') or alpha*B*op(A)^-1 ('R');
 * C := alpha*A*A^H + beta*C (SYRK for real, HERK for complex: trans 'N' or 'C', 'T' for real).
 * Scalars are real. Each is routed as the same call of the names would be (device, CPU or
 * both), or answered on the CPU by the names' own library; empty ones do nothing. */
enum br_lapack_where { BR_LAPACK_ROUTED, BR_LAPACK_CPU };
void br_lapack_gemm(const struct br_lapack *l, enum br_lapack_where where, char transa,
                    char transb, br_int m, br_int n, br_int k, double alpha, const void *a,
                    br_int lda, const void *b, br_int ldb, double beta, void *c, br_int ldc);
void br_lapack_trsm(const struct br_lapack *l, enum br_lapack_where where, char side,
                    char uplo, char transa, char diag, br_int m, br_int n, double alpha,
                    const void *a, br_int lda, void *b, br_int ldb);
void br_lapack_rank_k(const struct br_lapack *l, enum br_lapack_where where, char uplo,
                      char trans, br_int n, br_int k, double alpha, const void *a,
                      br_int lda, double beta, void *c, br_int ldc);

/* Whether the router would send such a GEMM, TRSM or rank-k update to a device now. */
int br_lapack_gemm_uses_device(const struct br_lapack *l, br_int m, br_int n, br_int k);
int br_lapack_trsm_uses_device(const struct br_lapack *l, char side, br_int m, br_int n);
int br_lapack_rank_k_uses_device(const struct br_lapack *l, br_int n, br_int k);

/* Whether the profile of the device in use says a factorization of this order (getrf's for
 * GEMM and gesv, potrf's) runs faster with its matrix on the device ([lapack] in
 * profiles/README); always in device mode. Ask after the router's own check: it opens the
 * device. */
int br_lapack_device_wins(enum br_lapack_routine routine, br_int order);

/* 'T' for a real precision, 'C' for a complex one: the transpose a Hermitian algorithm takes. */
static inline char br_lapack_conjugate_transpose(const struct br_lapack *l)
{
    return br_is_complex(l->precision) ? 'C' : 'T';
}

/* --- the routines (lu.c, cholesky.c) -------------------------------------------------------- */

/* What became of a call, for the report. */
enum br_lapack_outcome {
    BR_LAPACK_LIBRARY,  /* handed whole to the program's own routine */
    BR_LAPACK_BLOCKED,  /* in blocks, each routed (getrs) */
    BR_LAPACK_DEVICE,   /* factored with the matrix resident on the device */
    BR_LAPACK_FALLBACK, /* the device failed; finished on the CPU */
    BR_LAPACK_OUTCOMES
};

/* "library", "blocked", "device", "fallback". */
const char *br_lapack_outcome_name(enum br_lapack_outcome outcome);

/* As LAPACK's routines of the same name; each returns INFO. */
br_int br_lapack_getrf(const struct br_lapack *l, br_int m, br_int n, void *a, br_int lda,
                       void *ipiv, enum br_lapack_outcome *outcome);
br_int br_lapack_potrf(const struct br_lapack *l, char uplo, br_int n, void *a, br_int lda,
                       enum br_lapack_outcome *outcome);
br_int br_lapack_getrs(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                       const void *a, br_int lda, const void *ipiv, void *b, br_int ldb,
                       enum br_lapack_outcome *outcome);
br_int br_lapack_gesv(const struct br_lapack *l, br_int n, br_int nrhs, void *a, br_int lda,
                      void *ipiv, void *b, br_int ldb, enum br_lapack_outcome *outcome);

/* The inverse of the order x order triangle at t (leading dimension ldt; uplo 'L' or 'U',
 * diag 'U' for a unit diagonal) into inverse (leading dimension ldi), on the CPU by the names'
 * own TRSM. */
void br_lapack_invert_triangle(const struct br_lapack *l, char uplo, char diag, br_int order,
                               const void *t, br_int ldt, void *inverse, br_int ldi);

#endif
