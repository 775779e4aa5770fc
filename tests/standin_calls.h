/*
 * standin_calls.h - code that standin_blas.c, standin_module.c and
 * standin_driver.c share.  Static functions, not a library: each file is
 * built into a different shared object or program, and one must not bind
 * to another's copy (the stand-ins are loaded RTLD_LOCAL, as wheels are).
 */
#ifndef STANDIN_CALLS_H
#define STANDIN_CALLS_H

#include "standin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reference library whose path the environment variable names,
 * opened RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND: its names stay out of the
 * global scope (as a wheel's OpenBLAS keeps its names to itself), and its
 * own calls bind inside it and its dependencies, never to blasroute put in
 * front by LD_PRELOAD. A stand-in that cannot answer ends the process
 * (exit 3): the test must not read a call that did nothing as a call
 * answered elsewhere. Needs _GNU_SOURCE (RTLD_DEEPBIND). */
static inline void *standin_open_reference(const char *variable)
{
    const char *path = getenv(variable);
    void *handle;
    if (!path || !*path) {
        fprintf(stderr, "standin " STANDIN_FAMILY ": %s is not set\n", variable);
        exit(3);
    }
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!handle) {
        fprintf(stderr, "standin " STANDIN_FAMILY ": %s\n", dlerror());
        exit(3);
    }
    return handle;
}

/* Fills e with both interfaces of the 30 routines of the BLAS opened as
 * handle, by their plain names (dgemm_, cblas_dgemm).  Returns the first
 * name it lacks, NULL if it has them all. */
static inline const char *standin_load_entries(struct standin_entries *e,
                                               void *handle)
{
    void *symbol;
    /* POSIX lets an object pointer from dlsym be copied into a function
     * pointer. */
#define STANDIN_LOAD(r, S, T, FA, FB, CA, CB)                 \
    if (!(symbol = dlsym(handle, #r "_")))                   \
        return #r "_";                                       \
    memcpy(&e->r, &symbol, sizeof symbol);                   \
    if (!(symbol = dlsym(handle, "cblas_" #r)))              \
        return "cblas_" #r;                                  \
    memcpy(&e->cblas_##r, &symbol, sizeof symbol);
    STANDIN_ROUTINES(STANDIN_LOAD)
#undef STANDIN_LOAD
    return NULL;
}

/*
 * standin_dispatch(c): makes call c through STANDIN_CALLEE_FORTRAN(r) or
 * STANDIN_CALLEE_CBLAS(r), which the includer defines: the stand-in's
 * names called directly (the module, as numpy's C code calls them), or the
 * reference's entries (the driver's expected results).
 */
#ifdef STANDIN_CALLEE_FORTRAN

/* A CBLAS scalar argument: real ones by value, complex ones by address. */
#define STANDIN_SCALAR(type, p)                                         \
    _Generic((type)0, float: *(const float *)(p),                       \
             double: *(const double *)(p), default: (p))

/* The calls of each shape, from the variables of standin_dispatch.  SYRK
 * and SYR2K take their TRANS from transa. */
#define GEMM_F_CALL(A, B)                                                 \
    (&c->transa, &c->transb, &m, &n, &k, (const A *)c->alpha, c->a, &lda, \
     c->b, &ldb, (const B *)c->beta, c->c, &ldc, 1, 1)
#define GEMM_C_CALL(A, B)                                                    \
    (order, transa, transb, m, n, k, STANDIN_SCALAR(A, c->alpha), c->a, lda, \
     c->b, ldb, STANDIN_SCALAR(B, c->beta), c->c, ldc)
#define SYMM_F_CALL(A, B)                                                \
    (&c->side, &c->uplo, &m, &n, (const A *)c->alpha, c->a, &lda, c->b, \
     &ldb, (const B *)c->beta, c->c, &ldc, 1, 1)
#define SYMM_C_CALL(A, B)                                                 \
    (order, side, uplo, m, n, STANDIN_SCALAR(A, c->alpha), c->a, lda,    \
     c->b, ldb, STANDIN_SCALAR(B, c->beta), c->c, ldc)
#define SYRK_F_CALL(A, B)                                                  \
    (&c->uplo, &c->transa, &n, &k, (const A *)c->alpha, c->a, &lda,       \
     (const B *)c->beta, c->c, &ldc, 1, 1)
#define SYRK_C_CALL(A, B)                                                  \
    (order, uplo, transa, n, k, STANDIN_SCALAR(A, c->alpha), c->a, lda,   \
     STANDIN_SCALAR(B, c->beta), c->c, ldc)
#define SYR2K_F_CALL(A, B)                                                 \
    (&c->uplo, &c->transa, &n, &k, (const A *)c->alpha, c->a, &lda, c->b, \
     &ldb, (const B *)c->beta, c->c, &ldc, 1, 1)
#define SYR2K_C_CALL(A, B)                                                 \
    (order, uplo, transa, n, k, STANDIN_SCALAR(A, c->alpha), c->a, lda,   \
     c->b, ldb, STANDIN_SCALAR(B, c->beta), c->c, ldc)
#define TRMM_F_CALL(A, B)                                                  \
    (&c->side, &c->uplo, &c->transa, &c->diag, &m, &n, (const A *)c->alpha,\
     c->a, &lda, c->b, &ldb, 1, 1, 1, 1)
#define TRMM_C_CALL(A, B)                                                  \
    (order, side, uplo, transa, diag, m, n, STANDIN_SCALAR(A, c->alpha),  \
     c->a, lda, c->b, ldb)

/* The CBLAS enumerations' values (cblas.h); only int crosses the call. */
static inline int standin_cblas_trans(char letter)
{
    return letter == 'T' ? 112 : letter == 'C' ? 113 : 111;
}

static inline int standin_dispatch(const struct standin_call *c)
{
    const standin_int m = (standin_int)c->m, n = (standin_int)c->n,
                      k = (standin_int)c->k, lda = (standin_int)c->lda,
                      ldb = (standin_int)c->ldb, ldc = (standin_int)c->ldc;
    const int order = c->row_major ? 101 : 102;
    const int side = c->side == 'R' ? 142 : 141;
    const int uplo = c->uplo == 'L' ? 122 : 121;
    const int diag = c->diag == 'U' ? 132 : 131;
    const int transa = standin_cblas_trans(c->transa);
    const int transb = standin_cblas_trans(c->transb);
#define STANDIN_CASE(r, S, T, FA, FB, CA, CB)                \
    if (strcmp(c->routine, #r) == 0) {                      \
        if (c->cblas)                                       \
            STANDIN_CALLEE_CBLAS(r) S##_C_CALL(CA, CB);     \
        else                                                \
            STANDIN_CALLEE_FORTRAN(r) S##_F_CALL(FA, FB);   \
        return 0;                                           \
    }
    STANDIN_ROUTINES(STANDIN_CASE)
#undef STANDIN_CASE
    return -1;
}

#endif /* STANDIN_CALLEE_FORTRAN */

#endif
