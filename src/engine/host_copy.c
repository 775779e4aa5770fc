#include "engine/host_copy.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

/* Copies below this size are done by the calling thread alone: waking helpers costs more. */
enum { PARALLEL_MIN_BYTES = 4 << 20, MAX_HELPERS = 7 };

struct copy_job {
    char *dst;
    const char *src;
    size_t dst_stride, src_stride, column_bytes, columns;
};

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    int helpers;          /* helper threads running */
    unsigned long round;  /* incremented for each job handed to the helpers */
    int pending;          /* helpers still working on the current round */
    struct copy_job job;
    int parts;            /* the job is cut into this many parts: helpers + caller */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
          0, 0, 0, {0}, 1};
static pthread_once_t start_once = PTHREAD_ONCE_INIT;
/* One parallel copy at a time (the engine is locked anyway; this keeps the helpers simple). */
static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;

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

static void *helper_main(void *argument)
{
    int index = (int)(size_t)argument;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        while (pool.round == seen)
            pthread_cond_wait(&pool.wake, &pool.lock);
        seen = pool.round;
        struct copy_job job = pool.job;
        int parts = pool.parts;
        pthread_mutex_unlock(&pool.lock);
        copy_part(&job, index + 1, parts); /* part 0 is the caller's */
        pthread_mutex_lock(&pool.lock);
        if (--pool.pending == 0)
            pthread_cond_signal(&pool.finished);
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
    if (column_bytes * columns < PARALLEL_MIN_BYTES) {
        copy_part(&job, 0, 1);
        return;
    }
    pthread_once(&start_once, start_helpers);
    pthread_mutex_lock(&job_lock);
    pthread_mutex_lock(&pool.lock);
    int helpers = pool.helpers;
    pool.job = job;
    pool.parts = helpers + 1;
    pool.pending = helpers;
    pool.round++;
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);
    copy_part(&job, 0, helpers + 1);
    pthread_mutex_lock(&pool.lock);
    while (pool.pending > 0)
        pthread_cond_wait(&pool.finished, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&job_lock);
}
