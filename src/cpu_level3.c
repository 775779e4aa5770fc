/* Calls a CPU BLAS's Fortran Level-3 routine for a canonical call: the CPU BLAS's for the
 * library's plain names, the one cpu_names.c finds for the scipy_ and 64_ names. */
#include "cpu_level3.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpu.h"
#include "cpu_names.h"
#include "interface/level3.h"
#include "process.h"

/* The Fortran Level-3 routines of a CPU BLAS whose INTEGER is INT, called for a canonical
 * call: its dimensions are copied into INTs (the caller made sure they fit) and passed by
 * address. In the Fortran ABI every argument is a pointer, so one function type per family
 * serves all four precisions. */
#define DEFINE_CALL_FORTRAN(function, INT)                                                         \
    static void function(br_fn fn, const struct br_call *c)                                        \
    {                                                                                              \
        typedef void gemm_fn(const char *, const char *, const INT *, const INT *, const INT *,    \
                             const void *, const void *, const INT *, const void *, const INT *,   \
                             const void *, void *, const INT *, size_t, size_t);                   \
        typedef void symm_fn(const char *, const char *, const INT *, const INT *, const void *,   \
                             const void *, const INT *, const void *, const INT *, const void *,   \
                             void *, const INT *, size_t, size_t);                                 \
        typedef void rank_k_fn(const char *, const char *, const INT *, const INT *, const void *, \
                               const void *, const INT *, const void *, void *, const INT *,       \
                               size_t, size_t);                                                    \
        typedef void rank_2k_fn(const char *, const char *, const INT *, const INT *,              \
                                const void *, const void *, const INT *, const void *,             \
                                const INT *, const void *, void *, const INT *, size_t, size_t);   \
        typedef void triangular_fn(const char *, const char *, const char *, const char *,         \
                                   const INT *, const INT *, const void *, const void *,           \
                                   const INT *, void *, const INT *, size_t, size_t, size_t,       \
                                   size_t);                                                        \
        const INT m = (INT)c->m, n = (INT)c->n, k = (INT)c->k;                                     \
        const INT lda = (INT)c->lda, ldb = (INT)c->ldb, ldc = (INT)c->ldc;                         \
        switch (c->family) {                                                                       \
        case BR_GEMM:                                                                              \
            ((gemm_fn *)fn)(&c->transa, &c->transb, &m, &n, &k, &c->alpha, c->a, &lda, c->b, &ldb, \
                            &c->beta, c->c, &ldc, 1, 1);                                           \
            break;                                                                                 \
        case BR_SYMM:                                                                              \
        case BR_HEMM:                                                                              \
            ((symm_fn *)fn)(&c->side, &c->uplo, &m, &n, &c->alpha, c->a, &lda, c->b, &ldb,         \
                            &c->beta, c->c, &ldc, 1, 1);                                           \
            break;                                                                                 \
        case BR_SYRK:                                                                              \
        case BR_HERK:                                                                              \
            ((rank_k_fn *)fn)(&c->uplo, &c->transa, &n, &k, &c->alpha, c->a, &lda, &c->beta, c->c, \
                              &ldc, 1, 1);                                                         \
            break;                                                                                 \
        case BR_SYR2K:                                                                             \
        case BR_HER2K:                                                                             \
            ((rank_2k_fn *)fn)(&c->uplo, &c->transa, &n, &k, &c->alpha, c->a, &lda, c->b, &ldb,    \
                               &c->beta, c->c, &ldc, 1, 1);                                        \
            break;                                                                                 \
        case BR_TRMM:                                                                              \
        case BR_TRSM:                                                                              \
            ((triangular_fn *)fn)(&c->side, &c->uplo, &c->transa, &c->diag, &m, &n, &c->alpha,     \
                                  c->a, &lda, c->b, &ldb, 1, 1, 1, 1);                             \
            break;                                                                                 \
        default:                                                                                   \
            break;                                                                                 \
        }                                                                                          \
    }
DEFINE_CALL_FORTRAN(call_fortran_32, int32_t)
DEFINE_CALL_FORTRAN(call_fortran_64, int64_t)

/* The CPU BLAS symbol of each family and precision (HEMM and friends exist only in c and z). */
static const short level3_symbols[BR_FAMILY_COUNT][BR_PRECISION_COUNT] = {
#define FORTRAN_LEVEL3(p, family) [BR_FAMILY_##family][BR_PRECISION_##p] = CPU_##p##family##_,
#include "interface/expand_routines.h"
};

/* Calls in the CPU BLAS now, so that the exiting thread can wait for them
 * (br_cpu_close_at_exit). Each thread marks its own slot with plain stores; the exiting thread
 * sets `closing` and then has every running thread pass a memory barrier (membarrier's
 * private expedited command) before it reads the slots: so either a thread's mark is seen, or
 * the thread sees `closing` (an asymmetric Dekker, as userspace RCU does). A tiny call then
 * pays no locked instruction: two of them were half of blasroute's 35 ns over the CPU BLAS on
 * the development machine. Where membarrier is refused, or a thread finds no free slot, calls
 * are counted in stripes with atomic increments instead (a thread keeps to one stripe, so
 * that threads making many small calls do not fight over one cache line).
 *
 * The process registers for membarrier on a thread of its own, started at its first call:
 * in a process that already has other threads (OpenBLAS starts its own when it loads) the
 * registration waits for every core to pass a scheduling point, 10 ms on the development
 * machine, and made inside the first call it was the whole of a 5 ms dpotrf 1024's 3x
 * slowdown against the CPU BLAS alone (2026-11-26). Until it is done calls count in stripes;
 * a thread takes its slot at its first call after. */
enum { THREAD_SLOTS = 512, STRIPES = 16 };
struct thread_slot {
    _Alignas(64) atomic_int busy;
    atomic_int taken;
};
static struct thread_slot thread_slots[THREAD_SLOTS];
static struct {
    _Alignas(64) atomic_int calls;
} in_flight[STRIPES];
static atomic_uint next_stripe;
static BR_THREAD_LOCAL struct thread_slot *own_slot;
static BR_THREAD_LOCAL int own_stripe = -1;
static BR_THREAD_LOCAL int own_stripe_for_good; /* no slot will ever be this thread's */
static atomic_int closing;
static pthread_t closing_thread;
/* The registration: pending until its thread ends it, ready (the slots can be used) or off.
 * The exiting thread turns a pending one off, so that no thread takes a slot it could not
 * then fence (br_cpu_close_at_exit). */
enum { BARRIER_PENDING, BARRIER_READY, BARRIER_OFF };
static atomic_int barrier_state;
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;
static pthread_key_t slot_key;

/* A thread's slot goes back when the thread ends. */
static void release_slot(void *slot)
{
    atomic_store(&((struct thread_slot *)slot)->taken, 0);
}

static void *register_barrier(void *unused)
{
    (void)unused;
    int ok = syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
    int pending = BARRIER_PENDING;
    atomic_compare_exchange_strong(&barrier_state, &pending, ok ? BARRIER_READY : BARRIER_OFF);
    return NULL;
}

/* Starts the registration on a detached thread that takes none of the program's signals. */
static void set_up_slots(void)
{
    int started = 0;
    pthread_attr_t attributes;
    if (pthread_key_create(&slot_key, release_slot) == 0 &&
        pthread_attr_init(&attributes) == 0) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, 64 * 1024);
        sigset_t all, before;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &before);
        pthread_t thread;
        started = pthread_create(&thread, &attributes, register_barrier, NULL) == 0;
        pthread_sigmask(SIG_SETMASK, &before, NULL);
        pthread_attr_destroy(&attributes);
    }
    if (!started)
        atomic_store(&barrier_state, BARRIER_OFF);
}

/* This thread's slot, taken at its first call once the registration is ready; NULL when it
 * counts in a stripe instead (for now, or for good). */
static struct thread_slot *my_slot(void)
{
    if (br_likely(own_slot != NULL))
        return own_slot;
    if (own_stripe >= 0 && own_stripe_for_good)
        return NULL;
    pthread_once(&slots_once, set_up_slots);
    int state = atomic_load_explicit(&barrier_state, memory_order_acquire);
    if (state == BARRIER_READY) {
        for (int i = 0; i < THREAD_SLOTS; i++) {
            int free = 0;
            if (atomic_compare_exchange_strong(&thread_slots[i].taken, &free, 1)) {
                pthread_setspecific(slot_key, &thread_slots[i]);
                return own_slot = &thread_slots[i];
            }
        }
    }
    own_stripe_for_good = state != BARRIER_PENDING;
    if (own_stripe < 0)
        own_stripe =
            (int)(atomic_fetch_add_explicit(&next_stripe, 1, memory_order_relaxed) % STRIPES);
    return NULL;
}

/* The process is ending: this thread ends with it, at _exit. */
static _Noreturn void park(void)
{
    for (;;)
        pause();
}

static void call_cpu_blas(const struct br_call *call);

void br_cpu_level3(const struct br_call *call)
{
    struct thread_slot *slot = my_slot();
    if (br_likely(slot != NULL)) {
        atomic_store_explicit(&slot->busy, 1, memory_order_relaxed);
        /* Only the compiler must keep the mark before the check: the exiting thread's
         * membarrier orders them on the processor. */
        atomic_signal_fence(memory_order_seq_cst);
        if (br_unlikely(atomic_load_explicit(&closing, memory_order_relaxed)) &&
            !pthread_equal(pthread_self(), closing_thread)) {
            atomic_store_explicit(&slot->busy, 0, memory_order_relaxed);
            park();
        }
        call_cpu_blas(call);
        atomic_store_explicit(&slot->busy, 0, memory_order_release);
        return;
    }
    /* Counted in and out, and checked after being counted in, so that the exiting thread
     * either sees this call or this call sees it exiting (sequentially consistent atomics). */
    atomic_int *count = &in_flight[own_stripe].calls;
    atomic_fetch_add(count, 1);
    if (br_unlikely(atomic_load(&closing)) && !pthread_equal(pthread_self(), closing_thread)) {
        atomic_fetch_sub(count, 1);
        park();
    }
    call_cpu_blas(call);
    atomic_fetch_sub(count, 1);
}

int br_cpu_calls_elsewhere(void)
{
    int calls = 0;
    for (int i = 0; i < THREAD_SLOTS; i++)
        calls += &thread_slots[i] != own_slot &&
                 atomic_load_explicit(&thread_slots[i].busy, memory_order_relaxed) > 0;
    for (int s = 0; s < STRIPES; s++)
        calls += atomic_load_explicit(&in_flight[s].calls, memory_order_relaxed);
    return calls;
}

void br_cpu_close_at_exit(void)
{
    closing_thread = pthread_self();
    atomic_store(&closing, 1);
    /* A registration still pending is turned off: no thread has a slot, and none takes one. */
    int state = BARRIER_PENDING;
    if (!atomic_compare_exchange_strong(&barrier_state, &state, BARRIER_OFF) &&
        state == BARRIER_READY)
        syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    /* Each slot and stripe only falls once closing is seen; the exiting thread's own slot is
     * not in a call (it is running the exit handlers). */
    for (int i = 0; i < THREAD_SLOTS; i++)
        while (&thread_slots[i] != own_slot &&
               atomic_load_explicit(&thread_slots[i].busy, memory_order_acquire) > 0)
            usleep(200);
    for (int s = 0; s < STRIPES; s++)
        while (atomic_load(&in_flight[s].calls) > 0)
            usleep(200);
}

void br_cpu_at_fork(enum br_fork_stage stage)
{
    if (stage != BR_FORK_CHILD)
        return;
    /* The parent's other threads are not in the child: neither their calls nor their slots. */
    for (int s = 0; s < STRIPES; s++)
        atomic_store(&in_flight[s].calls, 0);
    for (int i = 0; i < THREAD_SLOTS; i++)
        if (&thread_slots[i] != own_slot) {
            atomic_store(&thread_slots[i].busy, 0);
            atomic_store(&thread_slots[i].taken, 0);
        }
}

br_fn br_cpu_level3_symbol(enum br_family family, enum br_precision precision)
{
    return br_cpu_symbol((enum cpu_symbol)level3_symbols[family][precision]);
}

static void call_cpu_blas(const struct br_call *call)
{
    if (call->names == BR_NAMES_PLAIN) {
        br_fn fn = br_cpu_level3_symbol(call->family, call->precision);
        (sizeof(blas_int) == 8 ? call_fortran_64 : call_fortran_32)(fn, call);
        return;
    }
    /* scipy_ and 64_ names: the program's own library of those names, else an ILP64 CPU BLAS,
     * else the CPU BLAS (cpu_names.c). */
    struct br_cpu_routine routine = br_cpu_named_level3(call);
    (routine.integer_bits == 64 ? call_fortran_64 : call_fortran_32)(routine.fn, call);
}
