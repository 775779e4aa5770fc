#include "engine/host_copy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/device.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Copies below this size are done by the calling thread alone: waking helpers costs more.
 * Above it, the copy is cut into parts of about PART_BYTES that the caller and the helpers
 * claim one at a time. One thread copies pageable memory at a fraction of the link's rate, so
 * the tiles of a mid-sized call (1 to 4 MB each at n = 2048) need the helpers too. */
enum { PARALLEL_MIN_BYTES = 1 << 20, PART_BYTES = 256 << 10, MAX_HELPERS = 7, MAX_PARTS = 4096 };
/* The most helpers br_host_copy_configure may ask for. */
enum { MAX_HELPERS_ASKED = 15 };

/* Set by br_host_copy_configure before the first copy (0: the defaults). */
static int threads_asked, streaming_stores;

void br_host_copy_configure(int threads, int streaming)
{
    threads_asked = threads;
    streaming_stores = streaming;
}

/* After a copy, helpers watch for the next one this long before sleeping, and the caller
 * watches for the helpers' end this long before sleeping. A device call's copies come every
 * few hundred microseconds, and waking a sleeping thread costs 50 to 150 us on a virtual
 * machine (measured on the H200 host: 4 MB copies ran at 18 GB/s with sleeping helpers), as
 * much as the copy itself. Between calls the helpers sleep. */
static const long SPIN_NS = 300 * 1000;

struct copy_job {
    char *dst;
    const char *src;
    size_t dst_stride, src_stride, column_bytes, columns;
    /* A triangle's part of each column (br_host_copy_triangle); triangle 0: whole columns. */
    char triangle;
    int skip_diagonal;
    size_t element, rows, first_column;
    struct br_host_add add;
};

/* A helper: its pool and its place in it. */
struct pool;
struct helper {
    struct pool *pool;
    int index;
};

/* A round's parts are claimed, not assigned: whoever is running takes the next one. With
 * parts assigned one to each helper, a copy lasted as long as its slowest helper, and a helper
 * the kernel had descheduled held the round for a time slice: on the H200's host, after the
 * CPU BLAS's 16 threads had run, 4 MB copies took 0.4 to 0.8 ms instead of 0.15, and device
 * calls of sgemm 1024 2.4 ms instead of 0.9 (2026-11-26). Claimed, a helper that does not get
 * a core leaves its parts to the others, the caller included.
 *
 * The round, its part count and the next part to claim are one word (TICKET_*), so that a
 * claim is one compare-and-swap that also checks the round: a helper that saw an old round
 * cannot claim a part of a new one with the old job. The job of a round is written before its
 * ticket (release) and read after a claim (acquire); it stays valid until every part is done,
 * since the caller waits for that before the next round. */
enum { TICKET_PART_BITS = 16 };
#define TICKET_PART_MASK ((1ull << TICKET_PART_BITS) - 1)
static unsigned long ticket_round(unsigned long long t) { return (unsigned long)(t >> 32); }
static unsigned ticket_parts(unsigned long long t)
{
    return (unsigned)((t >> TICKET_PART_BITS) & TICKET_PART_MASK);
}
static unsigned ticket_next(unsigned long long t) { return (unsigned)(t & TICKET_PART_MASK); }

/* One pool of helpers per device, so that several devices' transfers copy at once. The mutex
 * and conditions only serve threads that went to sleep. */
struct pool {
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    int helpers;                  /* helper threads running */
    int started;                  /* helpers started (under job_lock) */
    _Atomic unsigned long long ticket; /* round << 32 | parts << 16 | next part */
    atomic_uint done;             /* parts of the current round copied */
    atomic_int resting;           /* the device call ended: waiting helpers sleep at once */
    struct copy_job job;
    /* One parallel copy at a time per pool (its device's engine is locked anyway; this keeps
     * the helpers simple). */
    pthread_mutex_t job_lock;
    struct helper members[MAX_HELPERS_ASKED]; /* what each helper thread is started with */
};
static struct pool pools[BR_MAX_DEVICES];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static _Atomic int pools_in_use = 1;

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* memcpy; with BLASROUTE_TEST_COPY_STORES=streaming, copies of at least STREAM_MIN_BYTES store
 * with non-temporal (streaming) stores instead (SSE2: every x86-64). They skip reading the
 * destination's lines first, and ran the development machine's copies at 23 GB/s against
 * memcpy's 17; but in place on the H200's host, beside the DMA reading the previous piece,
 * each 8 MiB piece of a staged upload took 264 us with them and 182 with memcpy on 8 threads
 * (dgemm 8192 end to end 17 969 GFLOP/s against 19 687, dgemm 2048 4 593 against 5 515;
 * 2026-11-26, profiles/measured/2026-11-26-issue21-s8/copies-out): the staging ring is small
 * enough to stay in the caches, where plain stores are cheap. The other way stays measurable. */
enum { STREAM_MIN_BYTES = 64 << 10 };

static void copy_bytes(char *dst, const char *src, size_t size)
{
#if defined(__x86_64__) && defined(__SSE2__)
    if (size >= STREAM_MIN_BYTES && streaming_stores) {
        size_t head = (16 - ((uintptr_t)dst & 15)) & 15; /* to dst's first 16-byte boundary */
        memcpy(dst, src, head);
        dst += head, src += head, size -= head;
        size_t body = size & ~(size_t)63;
        for (size_t i = 0; i < body; i += 64) {
            __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(src + i + 32));
            __m128i d = _mm_loadu_si128((const __m128i *)(src + i + 48));
            _mm_stream_si128((__m128i *)(dst + i), a);
            _mm_stream_si128((__m128i *)(dst + i + 16), b);
            _mm_stream_si128((__m128i *)(dst + i + 32), c);
            _mm_stream_si128((__m128i *)(dst + i + 48), d);
        }
        /* Streaming stores are weakly ordered: fenced before the copy is said to be done
         * (another thread, or the DMA, reads it next). */
        _mm_sfence();
        memcpy(dst + body, src + body, size - body);
        return;
    }
#endif
    memcpy(dst, src, size);
}

/* The add's loops, one per element type T: real, and complex as pairs of T. */
#define ADD_REAL(T)                                                                          \
    do {                                                                                     \
        T *restrict d = (T *)dst, b = (T)add->beta_re;                                       \
        const T *restrict x = (const T *)src;                                                \
        for (size_t i = 0, n = size / sizeof(T); i < n; i++)                                 \
            d[i] = x[i] + b * d[i];                                                          \
    } while (0)
#define ADD_COMPLEX(T)                                                                       \
    do {                                                                                     \
        T *restrict d = (T *)dst, br = (T)add->beta_re, bi = (T)add->beta_im;                \
        const T *restrict x = (const T *)src;                                                \
        for (size_t i = 0, n = size / (2 * sizeof(T)); i < n; i++) {                         \
            T re = d[2 * i], im = d[2 * i + 1];                                              \
            d[2 * i] = x[2 * i] + (br * re - bi * im);                                       \
            d[2 * i + 1] = x[2 * i + 1] + (br * im + bi * re);                               \
        }                                                                                    \
    } while (0)

/* dst := src + beta dst over `size` bytes of whole elements of the add's kind. Memory-bound
 * like the copy it replaces: the plain copy reads the destination's lines before writing them
 * too. */
static void add_bytes(char *dst, const char *src, size_t size, const struct br_host_add *add)
{
    switch (add->kind) {
    case BR_HOST_ADD_FLOAT:
        ADD_REAL(float);
        break;
    case BR_HOST_ADD_DOUBLE:
        ADD_REAL(double);
        break;
    case BR_HOST_ADD_COMPLEX_FLOAT:
        ADD_COMPLEX(float);
        break;
    case BR_HOST_ADD_COMPLEX_DOUBLE:
        ADD_COMPLEX(double);
        break;
    default:
        copy_bytes(dst, src, size);
    }
}

/* The bytes of one element of an add's kind (1 for a plain copy: any byte range). */
static size_t add_element(const struct br_host_add *add)
{
    switch (add->kind) {
    case BR_HOST_ADD_FLOAT:
        return 4;
    case BR_HOST_ADD_DOUBLE:
    case BR_HOST_ADD_COMPLEX_FLOAT:
        return 8;
    case BR_HOST_ADD_COMPLEX_DOUBLE:
        return 16;
    default:
        return 1;
    }
}

/* A diagonal element of HERK's C: dst := (src's real part + beta_re dst's real part, 0). */
static void add_real_diagonal(char *dst, const char *src, const struct br_host_add *add)
{
    if (add->kind == BR_HOST_ADD_COMPLEX_FLOAT) {
        float *d = (float *)dst;
        d[0] = ((const float *)src)[0] + (float)add->beta_re * d[0];
        d[1] = 0;
    } else {
        double *d = (double *)dst;
        d[0] = ((const double *)src)[0] + add->beta_re * d[0];
        d[1] = 0;
    }
}

/* The rows of column j (of the whole block) that a triangle job copies: [*lo, *hi). */
static void triangle_rows(const struct copy_job *job, size_t j, size_t *lo, size_t *hi)
{
    size_t skip = job->skip_diagonal ? 1 : 0;
    *lo = 0;
    *hi = job->rows;
    if (job->triangle == 'U') {
        if (j + 1 - skip < job->rows)
            *hi = j + 1 - skip;
    } else if (j + skip < job->rows) {
        *lo = j + skip;
    } else {
        *lo = job->rows;
    }
}

/* Part `part` of `parts` of a job: a contiguous range of columns, or of bytes when the columns
 * are contiguous on both sides. */
static void copy_part(const struct copy_job *job, unsigned part, unsigned parts)
{
    if (job->triangle) {
        size_t first = job->columns * (size_t)part / (size_t)parts;
        size_t last = job->columns * (size_t)(part + 1) / (size_t)parts;
        for (size_t j = first; j < last; j++) {
            size_t lo, hi;
            triangle_rows(job, job->first_column + j, &lo, &hi);
            if (hi <= lo)
                continue;
            char *dst = job->dst + j * job->dst_stride;
            const char *src = job->src + j * job->src_stride;
            size_t diagonal = job->first_column + j;
            if (job->add.real_diagonal && diagonal >= lo && diagonal < hi) {
                /* Around the diagonal, which has its own rule. */
                size_t e = job->element;
                add_bytes(dst + lo * e, src + lo * e, (diagonal - lo) * e, &job->add);
                add_real_diagonal(dst + diagonal * e, src + diagonal * e, &job->add);
                add_bytes(dst + (diagonal + 1) * e, src + (diagonal + 1) * e,
                          (hi - diagonal - 1) * e, &job->add);
            } else {
                add_bytes(dst + lo * job->element, src + lo * job->element,
                          (hi - lo) * job->element, &job->add);
            }
        }
        return;
    }
    if (job->dst_stride == job->column_bytes && job->src_stride == job->column_bytes) {
        /* Parts of whole elements (an add reads them whole). */
        size_t element = add_element(&job->add), total = job->column_bytes * job->columns;
        size_t first = total / element * (size_t)part / (size_t)parts * element;
        size_t last = total / element * (size_t)(part + 1) / (size_t)parts * element;
        add_bytes(job->dst + first, job->src + first, last - first, &job->add);
        return;
    }
    size_t first = job->columns * (size_t)part / (size_t)parts;
    size_t last = job->columns * (size_t)(part + 1) / (size_t)parts;
    for (size_t j = first; j < last; j++)
        add_bytes(job->dst + j * job->dst_stride, job->src + j * job->src_stride,
                  job->column_bytes, &job->add);
}

/* How many parts a copy is cut into: about PART_BYTES each, whole columns when they are
 * strided. */
static unsigned parts_of(const struct copy_job *job)
{
    size_t bytes = job->column_bytes * job->columns, parts = bytes / PART_BYTES;
    int contiguous = !job->triangle && job->dst_stride == job->column_bytes &&
                     job->src_stride == job->column_bytes;
    if (!contiguous && parts > job->columns)
        parts = job->columns;
    return parts < 1 ? 1 : parts > MAX_PARTS ? MAX_PARTS : (unsigned)parts;
}

/* Claims and copies parts of round `round` until none is left. Whoever completes the round's
 * last part wakes the caller if it sleeps. */
static void copy_claimed_parts(struct pool *p, unsigned long round)
{
    unsigned long long t = atomic_load_explicit(&p->ticket, memory_order_acquire);
    for (;;) {
        if (ticket_round(t) != round || ticket_next(t) >= ticket_parts(t))
            return;
        if (!atomic_compare_exchange_weak_explicit(&p->ticket, &t, t + 1, memory_order_acq_rel,
                                                   memory_order_acquire))
            continue; /* t now holds the word seen */
        unsigned parts = ticket_parts(t);
        struct copy_job job = p->job;
        copy_part(&job, ticket_next(t), parts);
        if (atomic_fetch_add_explicit(&p->done, 1, memory_order_acq_rel) + 1 == parts) {
            pthread_mutex_lock(&p->lock); /* the caller may be asleep */
            pthread_cond_signal(&p->finished);
            pthread_mutex_unlock(&p->lock);
        }
        t = atomic_load_explicit(&p->ticket, memory_order_acquire);
    }
}

/* What a thread waits for: a round other than `seen`, or every part of the round done. */
static int round_moved(struct pool *p, unsigned long seen)
{
    return ticket_round(atomic_load_explicit(&p->ticket, memory_order_acquire)) != seen;
}

static int round_done(struct pool *p, unsigned long parts)
{
    return atomic_load_explicit(&p->done, memory_order_acquire) == parts;
}

/* Waits until ready(p, argument): watching for SPIN_NS (or until the pool rests), then asleep
 * on `condition` (signalled under p->lock by whoever makes it true). */
static void spin_then_wait(struct pool *p, int (*ready)(struct pool *, unsigned long),
                           unsigned long argument, pthread_cond_t *condition)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; !ready(p, argument); i++) {
        if (i % 64 == 63) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            if ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) >
                    SPIN_NS ||
                atomic_load_explicit(&p->resting, memory_order_relaxed)) {
                pthread_mutex_lock(&p->lock);
                while (!ready(p, argument))
                    pthread_cond_wait(condition, &p->lock);
                pthread_mutex_unlock(&p->lock);
                return;
            }
        }
        cpu_relax();
    }
}

static void *helper_main(void *argument)
{
    struct helper self = *(struct helper *)argument;
    struct pool *p = self.pool;
    unsigned long seen = 0;
    for (;;) {
        spin_then_wait(p, round_moved, seen, &p->wake);
        seen = ticket_round(atomic_load_explicit(&p->ticket, memory_order_acquire));
        copy_claimed_parts(p, seen);
    }
    return NULL;
}

static void init_pools(void)
{
    for (int i = 0; i < BR_MAX_DEVICES; i++) {
        struct pool *p = &pools[i];
        pthread_mutex_init(&p->lock, NULL);
        pthread_mutex_init(&p->job_lock, NULL);
        pthread_cond_init(&p->wake, NULL);
        pthread_cond_init(&p->finished, NULL);
    }
}

void br_host_copy_after_fork(void)
{
    /* Only the forking thread exists in the child: no helper is left to copy or to hold a
     * lock. The child never copies for a device its parent opened; this leaves it consistent
     * all the same. */
    for (int i = 0; i < BR_MAX_DEVICES; i++) {
        struct pool *p = &pools[i];
        pthread_mutex_init(&p->lock, NULL);
        pthread_mutex_init(&p->job_lock, NULL);
        p->helpers = 0;
    }
}

/* The helpers a pool starts by default: half the cores, at most MAX_HELPERS, and no more than
 * leaves a core to each pool's caller when every pool copies at once. Not half the cores
 * divided among the pools: a call that runs on one of two devices listed would copy with half
 * the helpers it has alone (4 instead of 7 on 16 cores). */
static int default_helpers(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN), pools_used = atomic_load(&pools_in_use);
    long share = cores / 2, all_at_once = (cores - pools_used) / pools_used;
    if (share > all_at_once)
        share = all_at_once;
    return cores > 1 && share > 0 ? (int)(share < MAX_HELPERS ? share : MAX_HELPERS) : 0;
}

/* The helpers a pool starts (under its job_lock): the default, or what the test knob asks. */
static int helpers_wanted(void)
{
    if (threads_asked > 0)
        return threads_asked - 1 < MAX_HELPERS_ASKED ? threads_asked - 1 : MAX_HELPERS_ASKED;
    return default_helpers();
}

size_t br_host_copy_parallel_bytes(void)
{
    return PARALLEL_MIN_BYTES;
}

int br_host_copy_threads(void)
{
    return 1 + helpers_wanted();
}

int br_host_copy_reserved_threads(void)
{
    return 1 + default_helpers();
}

static void start_helpers(struct pool *p)
{
    p->started = 1;
    int wanted = helpers_wanted();
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    for (int i = 0; i < wanted; i++) {
        struct helper *h = &p->members[i];
        pthread_t thread;
        *h = (struct helper){p, i};
        if (pthread_create(&thread, &attributes, helper_main, h) != 0)
            break;
        p->helpers++;
    }
    pthread_attr_destroy(&attributes);
}

void br_host_copy_set_pools(int count)
{
    atomic_store(&pools_in_use, count < 1 ? 1 : count > BR_MAX_DEVICES ? BR_MAX_DEVICES : count);
}

/* Runs a job: by the caller alone when small, else in parts claimed by it and the helpers.
 * `bytes`: what the job moves (for a triangle, less than its columns' whole length). */
static void run_job(int pool, struct copy_job job, size_t bytes)
{
    if (bytes < PARALLEL_MIN_BYTES) {
        copy_part(&job, 0, 1);
        return;
    }
    pthread_once(&init_once, init_pools);
    struct pool *p = &pools[pool >= 0 && pool < BR_MAX_DEVICES ? pool : 0];
    pthread_mutex_lock(&p->job_lock);
    if (!p->started)
        start_helpers(p);
    unsigned parts = parts_of(&job);
    if (p->helpers == 0 || parts < 2) {
        pthread_mutex_unlock(&p->job_lock);
        copy_part(&job, 0, 1);
        return;
    }
    /* The round before is over (every part done): its job and count are free to write. */
    p->job = job;
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    atomic_store_explicit(&p->resting, 0, memory_order_relaxed);
    unsigned long round =
        ticket_round(atomic_load_explicit(&p->ticket, memory_order_relaxed)) + 1;
    pthread_mutex_lock(&p->lock);
    atomic_store_explicit(&p->ticket,
                          (unsigned long long)round << 32 |
                              (unsigned long long)parts << TICKET_PART_BITS,
                          memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    copy_claimed_parts(p, round);
    spin_then_wait(p, round_done, parts, &p->finished);
    pthread_mutex_unlock(&p->job_lock);
}

static const struct br_host_add plain_copy = {BR_HOST_COPY_PLAIN, 0, 0, 0};

void br_host_copy(int pool, void *dst, size_t dst_stride, const void *src, size_t src_stride,
                  size_t column_bytes, size_t columns)
{
    br_host_copy_add(pool, dst, dst_stride, src, src_stride, column_bytes, columns, &plain_copy);
}

void br_host_copy_add(int pool, void *dst, size_t dst_stride, const void *src,
                      size_t src_stride, size_t column_bytes, size_t columns,
                      const struct br_host_add *add)
{
    struct copy_job job = {.dst = dst, .src = src, .dst_stride = dst_stride,
                           .src_stride = src_stride, .column_bytes = column_bytes,
                           .columns = columns, .add = *add};
    run_job(pool, job, column_bytes * columns);
}

void br_host_copy_triangle(int pool, void *dst, size_t dst_stride, const void *src,
                           size_t src_stride, size_t element, size_t rows, size_t first_column,
                           size_t columns, char triangle, int skip_diagonal,
                           const struct br_host_add *add)
{
    if (!add)
        add = &plain_copy;
    if (triangle != 'U' && triangle != 'L') {
        br_host_copy_add(pool, dst, dst_stride, src, src_stride, rows * element, columns, add);
        return;
    }
    struct copy_job job = {.dst = dst, .src = src, .dst_stride = dst_stride,
                           .src_stride = src_stride, .column_bytes = rows * element,
                           .columns = columns, .triangle = triangle,
                           .skip_diagonal = skip_diagonal, .element = element, .rows = rows,
                           .first_column = first_column, .add = *add};
    /* The bytes it moves, for the choice of helpers: the columns' rows summed. */
    size_t bytes = 0;
    for (size_t j = 0; j < columns && bytes < PARALLEL_MIN_BYTES; j++) {
        size_t lo, hi;
        triangle_rows(&job, first_column + j, &lo, &hi);
        bytes += (hi - lo) * element;
    }
    run_job(pool, job, bytes);
}

void br_host_copy_rest(int pool)
{
    if (pool >= 0 && pool < BR_MAX_DEVICES)
        atomic_store_explicit(&pools[pool].resting, 1, memory_order_relaxed);
}
