/*
 * standin_lapack.c - the LAPACK names of a wheel's bundled OpenBLAS,
 * reduced to the routines of standin_lapack.h, each forwarding to the
 * reference LAPACK of the same integer width and counting the call.
 *
 * The reference BLAS is opened first (by path, RTLD_LOCAL | RTLD_DEEPBIND)
 * and the reference LAPACK after it, the same way: the LAPACK's
 * DT_NEEDED libblas.so.3 (libblas64.so.3) then matches the soname of the
 * reference already loaded, and its BLAS calls bind inside, never to
 * blasroute put in front by LD_PRELOAD, nor to a system OpenBLAS.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEEPBIND */
#endif

#include "standin_calls.h"
#include "standin_lapack.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef STANDIN_INT64
#define STANDIN_REFERENCE_LAPACK_VARIABLE "BLASROUTE_REFERENCE_LAPACK64"
#else
#define STANDIN_REFERENCE_LAPACK_VARIABLE "BLASROUTE_REFERENCE_LAPACK"
#endif

static void (*reference[STANDIN_LAPACK_COUNT][4])(void);
static pthread_once_t reference_once = PTHREAD_ONCE_INIT;
static atomic_long calls[STANDIN_LAPACK_COUNT];

/* A stand-in that cannot answer ends the process (as standin_blas.c). */
static void load_reference(void)
{
    static const char *const names[STANDIN_LAPACK_COUNT] = {
#define STANDIN_LAPACK_NAME(r) #r,
        STANDIN_LAPACK_ROUTINES(STANDIN_LAPACK_NAME)
#undef STANDIN_LAPACK_NAME
    };
    void *lapack;
    standin_open_reference(STANDIN_REFERENCE_VARIABLE);
    /* STANDIN_LAPACK_EXPORTED_BLAS=1: the LAPACK's own BLAS calls go through the global
     * scope (blasroute, when it is preloaded and exports those names), as a LAPACK built
     * against a system BLAS calls it. Only for the 32-bit family: blasroute's plain names
     * read 32-bit integers. */
    if (getenv("STANDIN_LAPACK_EXPORTED_BLAS") &&
        !strcmp(getenv("STANDIN_LAPACK_EXPORTED_BLAS"), "1")) {
        lapack = dlopen(getenv(STANDIN_REFERENCE_LAPACK_VARIABLE), RTLD_NOW | RTLD_LOCAL);
        if (!lapack) {
            fprintf(stderr, "standin " STANDIN_FAMILY ": %s\n", dlerror());
            exit(3);
        }
    } else {
        lapack = standin_open_reference(STANDIN_REFERENCE_LAPACK_VARIABLE);
    }
    for (int r = 0; r < STANDIN_LAPACK_COUNT; r++)
        for (int p = 0; p < 4; p++) {
            char symbol[16];
            snprintf(symbol, sizeof symbol, "%c%s_", "sdcz"[p], names[r]);
            void *address = dlsym(lapack, symbol);
            if (!address) {
                fprintf(stderr, "standin " STANDIN_FAMILY ": no %s\n",
                        symbol);
                exit(3);
            }
            memcpy(&reference[r][p], &address, sizeof address);
        }
}

static void (*answer(int routine, int precision))(void)
{
    pthread_once(&reference_once, load_reference);
    atomic_fetch_add(&calls[routine], 1);
    return reference[routine][precision];
}

long standin_lapack_call_count(int routine)
{
    return atomic_load(&calls[routine]);
}

#define R(r, p) ((standin_##r##_fn *)answer(STANDIN_LAPACK_##r, p))
#define DEFINE_getrf(r, p, symbol)                                         \
    void symbol(const void *m, const void *n, void *a, const void *lda,   \
                void *ipiv, void *info)                                    \
    {                                                                      \
        R(r, p)(m, n, a, lda, ipiv, info);                                 \
    }
#define DEFINE_getrs(r, p, symbol)                                         \
    void symbol(const char *trans, const void *n, const void *nrhs,       \
                const void *a, const void *lda, const void *ipiv, void *b, \
                const void *ldb, void *info, size_t trans_len)             \
    {                                                                      \
        R(r, p)(trans, n, nrhs, a, lda, ipiv, b, ldb, info, trans_len);    \
    }
#define DEFINE_gesv(r, p, symbol)                                          \
    void symbol(const void *n, const void *nrhs, void *a, const void *lda, \
                void *ipiv, void *b, const void *ldb, void *info)          \
    {                                                                      \
        R(r, p)(n, nrhs, a, lda, ipiv, b, ldb, info);                      \
    }
#define DEFINE_potrf(r, p, symbol)                                         \
    void symbol(const char *uplo, const void *n, void *a, const void *lda, \
                void *info, size_t uplo_len)                               \
    {                                                                      \
        R(r, p)(uplo, n, a, lda, info, uplo_len);                          \
    }
#define DEFINE_laswp(r, p, symbol)                                         \
    void symbol(const void *n, void *a, const void *lda, const void *k1,  \
                const void *k2, const void *ipiv, const void *incx)        \
    {                                                                      \
        R(r, p)(n, a, lda, k1, k2, ipiv, incx);                            \
    }
#define DEFINE_ALL(r) STANDIN_LAPACK_SYMBOLS(r, DEFINE_##r)
STANDIN_LAPACK_ROUTINES(DEFINE_ALL)
