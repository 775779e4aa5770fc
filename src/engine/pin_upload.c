#include "engine/pin_upload.h"

#include <string.h>

#include "engine/timeline.h"
#include "env.h"

/* A helper piece: a quarter of the block, from 16 to 64 MiB. Pinning cost about 3.3 ms per
 * 64 MiB and releasing 1.5 on the H200's host, and the DMA of 64 MiB ran at 45 GB/s against 14
 * for 8 MiB (fixed costs per buffer): larger pieces spend less of the helper's time on those,
 * smaller ones let it start sooner and take a share of mid-sized blocks (32 MiB at n = 2048 in
 * double). A block shorter than two of the smallest goes staged whole. */
enum { CHUNK_MIN = 16 << 20, CHUNK_MAX = 64 << 20, PIN_FAILURES_MAX = 3 };

/* Releases the oldest pending wrapper once its copy is done (the lock held on entry and exit,
 * not while waiting). */
static void release_oldest(struct br_pin *pin)
{
    cl_mem wrapper = pin->wrappers[0];
    cl_event copy = pin->copies[0];
    pthread_mutex_unlock(&pin->lock);
    clWaitForEvents(1, &copy); /* a failed copy is the job's error, seen by its caller */
    clReleaseEvent(copy);
    clReleaseMemObject(wrapper); /* unpins the caller's pages */
    pthread_mutex_lock(&pin->lock);
    pin->pending--;
    memmove(pin->wrappers, pin->wrappers + 1, (size_t)pin->pending * sizeof *pin->wrappers);
    memmove(pin->copies, pin->copies + 1, (size_t)pin->pending * sizeof *pin->copies);
}

/* Moves bytes [start, start + size) of the job's block: through a wrapper over the caller's
 * memory, or, if the driver refuses one, from the caller's pageable memory directly (slower,
 * but the caller's staged loop has moved on). The lock is not held. */
static cl_int move_piece(struct br_pin *pin, size_t start, size_t size, cl_mem *wrapper,
                         cl_event *copy)
{
    const char *host = pin->host + start;
    cl_uint wait_count = pin->wait_count;
    const cl_event *wait = wait_count ? pin->wait : NULL;
    cl_int error = CL_SUCCESS;
    *wrapper = br_fault_injected(BR_FAULT_PIN)
                   ? NULL
                   /* read-only: the buffer is never written, so the cast from const is safe */
                   : clCreateBuffer(pin->context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, size,
                                    (void *)host, &error);
    if (*wrapper)
        error = clEnqueueCopyBuffer(pin->queue, *wrapper, pin->dst, 0, pin->dst_offset + start,
                                    size, wait_count, wait, copy);
    else
        error = clEnqueueWriteBuffer(pin->queue, pin->dst, CL_FALSE, pin->dst_offset + start,
                                     size, host, wait_count, wait, copy);
    /* Submitted now: the staged loop's pieces behind it on the in-order queue wait for it. */
    if (error == CL_SUCCESS)
        error = clFlush(pin->queue);
    return error;
}

/* Claims the job's next piece from the back and moves it (the lock held on entry and exit). */
static void take_piece(struct br_pin *pin)
{
    size_t size = pin->back - pin->front < pin->chunk ? pin->back - pin->front : pin->chunk;
    size_t start = pin->back - size;
    pin->back = start;
    while (pin->pending == BR_PIN_PENDING_MAX)
        release_oldest(pin);
    pthread_mutex_unlock(&pin->lock);
    cl_mem wrapper = NULL;
    cl_event copy = NULL;
    cl_int error = move_piece(pin, start, size, &wrapper, &copy);
    pthread_mutex_lock(&pin->lock);
    pin->failures = wrapper ? 0 : pin->failures + 1;
    if (!wrapper)
        pin->cancel = 1; /* the caller's staged loop is faster than the pageable path */
    if (error != CL_SUCCESS) {
        pin->error = error;
        pin->cancel = 1;
    }
    if (copy && br_timeline_on() && pin->note_count < BR_PIN_NOTES_MAX) {
        clRetainEvent(copy);
        pin->notes[pin->note_count] = copy;
        pin->note_bytes[pin->note_count] = size;
        pin->note_pinned[pin->note_count++] = wrapper != NULL;
    }
    if (copy) {
        /* Kept until the copy is done: an event keeps its command, not the buffer. */
        pin->wrappers[pin->pending] = wrapper;
        pin->copies[pin->pending++] = copy;
    } else if (wrapper) {
        clReleaseMemObject(wrapper);
    }
}

static void *helper_main(void *argument)
{
    struct br_pin *pin = argument;
    pthread_mutex_lock(&pin->lock);
    for (;;) {
        if (pin->job && pin->enqueuing) {
            /* The helper takes whole chunks while one is left unclaimed; the caller's staged
             * loop takes the rest. */
            if (pin->cancel || pin->back - pin->front < pin->chunk) {
                pin->enqueuing = 0;
                pthread_cond_broadcast(&pin->settled);
            } else {
                take_piece(pin);
            }
        } else if (pin->pending > 0) {
            release_oldest(pin);
            if (pin->pending == 0)
                pthread_cond_broadcast(&pin->settled);
        } else {
            pthread_cond_wait(&pin->wake, &pin->lock);
        }
    }
    return NULL;
}

void br_pin_open(struct br_pin *pin, cl_context context, int device_shares_host_memory)
{
    if (!pin->started && !pin->context) { /* first open: the thread's state */
        pthread_mutex_init(&pin->lock, NULL);
        pthread_cond_init(&pin->wake, NULL);
        pthread_cond_init(&pin->settled, NULL);
    }
    const struct br_env *env = br_env();
    int on = env->pin_uploads && (env->test_pin_chunk > 0 || !device_shares_host_memory);
    pthread_mutex_lock(&pin->lock);
    pin->context = on ? context : NULL;
    pin->fixed_chunk = env->test_pin_chunk;
    pin->failures = 0;
    pthread_mutex_unlock(&pin->lock);
}

void br_pin_close(struct br_pin *pin)
{
    if (!pin->context)
        return;
    br_pin_drain(pin);
    pthread_mutex_lock(&pin->lock);
    pin->context = NULL;
    pthread_mutex_unlock(&pin->lock);
}

int br_pin_begin(struct br_pin *pin, cl_command_queue queue, cl_mem dst, size_t dst_offset,
                 const void *host, size_t bytes, size_t piece, cl_uint wait_count,
                 const cl_event *wait)
{
    if (!pin->context) /* set and cleared by this engine's thread only */
        return 0;
    size_t chunk = pin->fixed_chunk ? pin->fixed_chunk
                   : bytes / 4 < CHUNK_MIN ? CHUNK_MIN
                   : bytes / 4 > CHUNK_MAX ? CHUNK_MAX
                                           : bytes / 4;
    pthread_mutex_lock(&pin->lock);
    if (bytes < 2 * chunk || wait_count > BR_PIN_WAIT_MAX ||
        pin->failures >= PIN_FAILURES_MAX) {
        pthread_mutex_unlock(&pin->lock);
        return 0;
    }
    if (!pin->started) {
        pthread_attr_t attributes;
        pthread_t thread;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pin->started = pthread_create(&thread, &attributes, helper_main, pin) == 0;
        pthread_attr_destroy(&attributes);
        if (!pin->started) {
            pthread_mutex_unlock(&pin->lock);
            return 0;
        }
    }
    pin->job = pin->enqueuing = 1;
    pin->chunk = chunk;
    pin->cancel = 0;
    pin->error = CL_SUCCESS;
    pin->queue = queue;
    pin->dst = dst;
    pin->dst_offset = dst_offset;
    pin->host = host;
    pin->front = 0;
    pin->back = bytes;
    pin->piece = piece;
    pin->wait_count = wait_count;
    pin->note_count = 0;
    if (wait_count)
        memcpy(pin->wait, wait, wait_count * sizeof *wait);
    pthread_cond_signal(&pin->wake);
    pthread_mutex_unlock(&pin->lock);
    return 1;
}

int br_pin_claim_front(struct br_pin *pin, size_t *offset, size_t *size)
{
    pthread_mutex_lock(&pin->lock);
    /* While the helper may still claim, leave it its chunk in whole at the back. */
    size_t left = pin->back - pin->front;
    int taken = left > 0;
    if (taken) {
        *offset = pin->front;
        *size = left < pin->piece ? left : pin->piece;
        pin->front += *size;
    }
    pthread_mutex_unlock(&pin->lock);
    return taken;
}

cl_int br_pin_end(struct br_pin *pin, int cancel)
{
    pthread_mutex_lock(&pin->lock);
    if (cancel)
        pin->cancel = 1;
    while (pin->enqueuing)
        pthread_cond_wait(&pin->settled, &pin->lock);
    pin->job = 0;
    cl_int error = pin->error;
    int notes = pin->note_count;
    pin->note_count = 0;
    pthread_cond_signal(&pin->wake); /* to release what completes */
    pthread_mutex_unlock(&pin->lock);
    /* The helper takes no job before the next br_pin_begin, from this thread: its notes are
     * this thread's to read now. */
    for (int i = 0; i < notes; i++) {
        const char *what = pin->note_pinned[i] ? "upload pinned" : "upload unpinned";
        br_timeline_note(pin->notes[i], what, pin->note_bytes[i]);
        clReleaseEvent(pin->notes[i]);
    }
    return error;
}

void br_pin_after_fork(struct br_pin *pin)
{
    if (!pin->started && !pin->context)
        return; /* never opened: its lock is made at the first open */
    pthread_mutex_init(&pin->lock, NULL);
    pthread_cond_init(&pin->wake, NULL);
    pthread_cond_init(&pin->settled, NULL);
    pin->started = pin->job = pin->enqueuing = pin->pending = pin->note_count = 0;
    pin->context = NULL;
}

void br_pin_drain(struct br_pin *pin)
{
    if (!pin->started)
        return;
    pthread_mutex_lock(&pin->lock);
    while (pin->job || pin->pending > 0)
        pthread_cond_wait(&pin->settled, &pin->lock);
    pthread_mutex_unlock(&pin->lock);
}
