#include "engine/host_copy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Copies below this size are done by the calling thread alone: waking helpers costs more.
 * Above it, each thread takes at least PART_MIN_BYTES. One thread copies pageable memory at
 * a fraction of the link's rate, so the tiles of a mid-sized call (1 to 4 MB each at n = 2048)
 * need the helpers too. */
enum { PARALLEL_MIN_BYTES = 1 << 20, PART_MIN_BYTES = 256 << 10, MAX_HELPERS = 7 };

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
};

/* The job and parts are written before `round` is raised (release) and read after it is seen
 * raised (acquire); the mutex and conditions only serve threads that went to sleep. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    int helpers;                 /* helper threads running */
    atomic_ulong round;          /* incremented for each job handed to the helpers */
    atomic_int pending;          /* helpers still working on the current round */
    struct copy_job job;
    int parts;                   /* the job is cut into this many parts: at most helpers + 1 */
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER,
          .finished = PTHREAD_COND_INITIALIZER,
          .parts = 1};
static pthread_once_t start_once = PTHREAD_ONCE_INIT;
/* One parallel copy at a time (the engine is locked anyway; this keeps the helpers simple). */
static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;


static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Part `part` of `parts` of a job: a contiguous range of columns, or of bytes when the columns
 * are contiguous on both sides. */
static void copy_part(const struct copy_job *job, int part, int parts)
{
    if (job->dst_stride == job->column_bytes && job->src_stride == job->column_bytes) {
        size_t total = job->column_bytes * job->columns;
        size_t first = total * (size_t)part / (size_t)parts;
        size_t last = total * (size_t)(part + 1) / (size_t)parts;
        memcpy(job->dst + first, job->src + first, last - first);
        return;
    }
    size_t first = job->columns * (size_t)part / (size_t)parts;
    size_t last = job->columns * (size_t)(part + 1) / (size_t)parts;
    for (size_t j = first; j < last; j++)
        memcpy(job->dst + j * job->dst_stride, job->src + j * job->src_stride,
               job->column_bytes);
}

/* What a thread waits for: a round other than `seen`, or no helper pending. */
static int round_moved(unsigned long seen)
{
    return atomic_load_explicit(&pool.round, memory_order_acquire) != seen;
}

static int helpers_done(unsigned long unused)
{
    (void)unused;
    return atomic_load_explicit(&pool.pending, memory_order_acquire) == 0;
}

/* Waits until ready(argument): watching for SPIN_NS, then asleep on `condition` (signalled
 * under pool.lock by whoever makes it true). */
static void spin_then_wait(int (*ready)(unsigned long), unsigned long argument,
                           pthread_cond_t *condition)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; !ready(argument); i++) {
        if (i % 64 == 63) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            if ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) >
                SPIN_NS) {
                pthread_mutex_lock(&pool.lock);
                while (!ready(argument))
                    pthread_cond_wait(condition, &pool.lock);
                pthread_mutex_unlock(&pool.lock);
                return;
            }
        }
        cpu_relax();
    }
}

static void *helper_main(void *argument)
{
    int index = (int)(size_t)argument;
    unsigned long seen = 0;
    for (;;) {
        spin_then_wait(round_moved, seen, &pool.wake);
        seen = atomic_load_explicit(&pool.round, memory_order_acquire);
        struct copy_job job = pool.job;
        int parts = pool.parts;
        if (index + 1 < parts)
            copy_part(&job, index + 1, parts); /* part 0 is the caller's */
        if (atomic_fetch_sub_explicit(&pool.pending, 1, memory_order_acq_rel) == 1) {
            pthread_mutex_lock(&pool.lock); /* the caller may be asleep */
            pthread_cond_signal(&pool.finished);
            pthread_mutex_unlock(&pool.lock);
        }
    }
    return NULL;
}

/* After fork() only the calling thread exists in the child: it copies alone. */
static void forget_helpers(void)
{
    pool.helpers = 0;
}

static void start_helpers(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int wanted = cores > 1 ? (int)(cores / 2 < MAX_HELPERS ? cores / 2 : MAX_HELPERS) : 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    for (int i = 0; i < wanted; i++) {
        pthread_t thread;
        if (pthread_create(&thread, &attributes, helper_main, (void *)(size_t)i) != 0)
            break;
        pool.helpers++;
    }
    pthread_attr_destroy(&attributes);
    pthread_atfork(NULL, NULL, forget_helpers);
}

void br_host_copy(void *dst, size_t dst_stride, const void *src, size_t src_stride,
                  size_t column_bytes, size_t columns)
{
    struct copy_job job = {dst, src, dst_stride, src_stride, column_bytes, columns};
    size_t bytes = column_bytes * columns;
    if (bytes < PARALLEL_MIN_BYTES) {
        copy_part(&job, 0, 1);
        return;
    }
    pthread_once(&start_once, start_helpers);
    pthread_mutex_lock(&job_lock);
    int helpers = pool.helpers;
    if (helpers == 0) {
        pthread_mutex_unlock(&job_lock);
        copy_part(&job, 0, 1);
        return;
    }
    size_t most_parts = bytes / PART_MIN_BYTES;
    int parts = (size_t)helpers + 1 < most_parts ? helpers + 1 : (int)most_parts;
    pool.job = job;
    pool.parts = parts;
    /* Every helper takes part in every round; those beyond the parts have nothing to copy. */
    atomic_store_explicit(&pool.pending, helpers, memory_order_relaxed);
    pthread_mutex_lock(&pool.lock);
    atomic_fetch_add_explicit(&pool.round, 1, memory_order_release);
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);
    copy_part(&job, 0, parts);
    spin_then_wait(helpers_done, 0, &pool.finished);
    pthread_mutex_unlock(&job_lock);
}
