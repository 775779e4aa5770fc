/*
 * standin_blas.c - a pip wheel's bundled BLAS, reduced to what
 * tests/wheel_standin.sh needs: the Fortran and CBLAS names of the 30
 * Level-3 routines in one wheel's naming family (standin.h: numpy 2.x's
 * scipy_dgemm_64_ with STANDIN_INT64, SciPy's scipy_dgemm_ without), each
 * answering by the reference BLAS of the same integer width and counting
 * the call.  The count tells the test who answered a module's call: the
 * stand-in (it rises) or blasroute (it does not).
 *
 * The reference is loaded by path, RTLD_LOCAL | RTLD_DEEPBIND: its plain
 * names stay out of the process's global scope (as a wheel's OpenBLAS
 * keeps its names to itself), and its own calls (lsame_, xerbla_, the
 * CBLAS wrappers' Fortran routines) bind inside it, not to blasroute put
 * in front by LD_PRELOAD.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEEPBIND */
#endif

#include "standin_calls.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static struct standin_entries reference;
static pthread_once_t reference_once = PTHREAD_ONCE_INIT;
static atomic_long calls;

static void load_reference(void)
{
    void *handle = standin_open_reference(STANDIN_REFERENCE_VARIABLE);
    const char *missing = standin_load_entries(&reference, handle);
    if (missing) {
        fprintf(stderr, "standin " STANDIN_FAMILY ": %s has no %s\n",
                getenv(STANDIN_REFERENCE_VARIABLE), missing);
        exit(3);
    }
}

/* Every entry point: the reference loaded once, the call counted. */
static void answer(void)
{
    pthread_once(&reference_once, load_reference);
    atomic_fetch_add(&calls, 1);
}

long standin_call_count(void)
{
    return atomic_load(&calls);
}

#define STANDIN_DEFINE(r, S, T, FA, FB, CA, CB)                  \
    void STANDIN_FORTRAN(r) S##_F_PARAMS(standin_int, T, FA, FB) \
    {                                                            \
        answer();                                                \
        reference.r S##_F_ARGS;                                  \
    }                                                            \
    void STANDIN_CBLAS(r) S##_C_PARAMS(standin_int, T, CA, CB)   \
    {                                                            \
        answer();                                                \
        reference.cblas_##r S##_C_ARGS;                          \
    }
STANDIN_ROUTINES(STANDIN_DEFINE)

/* The wheel's OpenBLAS lets its thread count be set, under its own names (numpy 2.x's
 * scipy_openblas_set_num_threads64_, SciPy's scipy_openblas_set_num_threads): blasroute lowers
 * this library's count beside a device call, not its own CPU BLAS's (tests/wheel_standin.sh). */
static atomic_int threads = 4;
#ifdef STANDIN_INT64
#define STANDIN_THREADS(what) scipy_openblas_##what##_num_threads64_
#else
#define STANDIN_THREADS(what) scipy_openblas_##what##_num_threads
#endif
int STANDIN_THREADS(get)(void);
void STANDIN_THREADS(set)(int count);
int STANDIN_THREADS(get)(void)
{
    return atomic_load(&threads);
}
void STANDIN_THREADS(set)(int count)
{
    if (count > 0)
        atomic_store(&threads, count);
}
