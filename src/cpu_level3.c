/* Calls the CPU BLAS's Fortran Level-3 routine for a canonical call. In the Fortran ABI every
 * argument is a pointer, so one function type per family serves all four precisions. */
#include "cpu_level3.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "cpu.h"
#include "interface/level3.h"
#include "process.h"

typedef void gemm_fn(const char *, const char *, const blas_int *, const blas_int *,
                     const blas_int *, const void *, const void *, const blas_int *, const void *,
                     const blas_int *, const void *, void *, const blas_int *, size_t, size_t);
typedef void symm_fn(const char *, const char *, const blas_int *, const blas_int *, const void *,
                     const void *, const blas_int *, const void *, const blas_int *, const void *,
                     void *, const blas_int *, size_t, size_t);
typedef void rank_k_fn(const char *, const char *, const blas_int *, const blas_int *,
                       const void *, const void *, const blas_int *, const void *, void *,
                       const blas_int *, size_t, size_t);
typedef void rank_2k_fn(const char *, const char *, const blas_int *, const blas_int *,
                        const void *, const void *, const blas_int *, const void *,
                        const blas_int *, const void *, void *, const blas_int *, size_t, size_t);
typedef void triangular_fn(const char *, const char *, const char *, const char *,
                           const blas_int *, const blas_int *, const void *, const void *,
                           const blas_int *, void *, const blas_int *, size_t, size_t, size_t,
                           size_t);

/* The CPU BLAS symbol of each family and precision (HEMM and friends exist only in c and z). */
static const short level3_symbols[BR_FAMILY_COUNT][BR_PRECISION_COUNT] = {
#define FORTRAN_LEVEL3(p, family) [BR_FAMILY_##family][BR_PRECISION_##p] = CPU_##p##family##_,
#include "interface/expand_routines.h"
};

/* Calls in the CPU BLAS now, counted in stripes (a thread keeps to one) so that threads
 * making many small calls do not fight over one cache line; and whether the process is
 * exiting (br_cpu_close_at_exit). */
enum { STRIPES = 16 };
static struct {
    _Alignas(64) atomic_int calls;
} in_flight[STRIPES];
static atomic_uint next_stripe;
static _Thread_local int own_stripe = -1;
static atomic_int closing;
static pthread_t closing_thread;

static atomic_int *my_stripe(void)
{
    if (br_unlikely(own_stripe < 0))
        own_stripe = (int)(atomic_fetch_add_explicit(&next_stripe, 1, memory_order_relaxed) %
                           STRIPES);
    return &in_flight[own_stripe].calls;
}

static void call_cpu_blas(const struct br_call *call);

void br_cpu_level3(const struct br_call *call)
{
    /* Counted in and out, and checked after being counted in, so that the exiting thread
     * either sees this call or this call sees it exiting (sequentially consistent atomics). */
    atomic_int *count = my_stripe();
    atomic_fetch_add(count, 1);
    if (br_unlikely(atomic_load(&closing)) && !pthread_equal(pthread_self(), closing_thread)) {
        atomic_fetch_sub(count, 1);
        for (;;) /* the process is ending: this thread ends with it, at _exit */
            pause();
    }
    call_cpu_blas(call);
    atomic_fetch_sub(count, 1);
}

void br_cpu_close_at_exit(void)
{
    closing_thread = pthread_self();
    atomic_store(&closing, 1);
    for (int s = 0; s < STRIPES; s++) /* each stripe only falls once closing is seen */
        while (atomic_load(&in_flight[s].calls) > 0)
            usleep(200);
}

void br_cpu_at_fork(enum br_fork_stage stage)
{
    if (stage == BR_FORK_CHILD) /* the calls of the parent's other threads are not here */
        for (int s = 0; s < STRIPES; s++)
            atomic_store(&in_flight[s].calls, 0);
}

static void call_cpu_blas(const struct br_call *call)
{
    br_fn fn = br_cpu_symbol((enum cpu_symbol)level3_symbols[call->family][call->precision]);
    const struct br_call *c = call;
    switch (call->family) {
    case BR_GEMM:
        ((gemm_fn *)fn)(&c->transa, &c->transb, &c->m, &c->n, &c->k, &c->alpha, c->a, &c->lda,
                        c->b, &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYMM:
    case BR_HEMM:
        ((symm_fn *)fn)(&c->side, &c->uplo, &c->m, &c->n, &c->alpha, c->a, &c->lda, c->b,
                        &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYRK:
    case BR_HERK:
        ((rank_k_fn *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha, c->a, &c->lda,
                          &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_SYR2K:
    case BR_HER2K:
        ((rank_2k_fn *)fn)(&c->uplo, &c->transa, &c->n, &c->k, &c->alpha, c->a, &c->lda, c->b,
                           &c->ldb, &c->beta, c->c, &c->ldc, 1, 1);
        break;
    case BR_TRMM:
    case BR_TRSM:
        ((triangular_fn *)fn)(&c->side, &c->uplo, &c->transa, &c->diag, &c->m, &c->n,
                              &c->alpha, c->a, &c->lda, c->b, &c->ldb, 1, 1, 1, 1);
        break;
    default:
        break;
    }
}
