/* Uploads from the caller's own pages, pinned by the driver, on a helper thread beside the
 * staged copies (transfer.c). A staged upload costs the host a memcpy of every byte into
 * pinned staging, and on the GPU machines' hosts that copy, not the link, bounds the rate
 * (about 38 GB/s staged against 55 for the link, H200, 2026-11-27). The driver pins a buffer
 * made over the caller's memory (CL_MEM_USE_HOST_PTR) at about 20 GB/s on one thread and then
 * moves it at the link's rate with no host copy (profiles/measured/2026-11-27-issue24): a
 * second way in, which runs at once with the first. The helper takes a large contiguous
 * block's pieces from its end while the caller's staged loop takes them from its start, until
 * they meet. */
#ifndef BLASROUTE_ENGINE_PIN_UPLOAD_H
#define BLASROUTE_ENGINE_PIN_UPLOAD_H

#include <pthread.h>
#include <stddef.h>

#include "engine/opencl.h"

/* Wrappers whose copies may be in flight at once, events a job may wait for, and a job's
 * pieces that BLASROUTE_TIMELINE shows (more are moved, not shown). */
enum { BR_PIN_PENDING_MAX = 8, BR_PIN_WAIT_MAX = 8, BR_PIN_NOTES_MAX = 256 };

/* One engine's helper. Its thread, once started, lives as long as the process (asleep between
 * jobs), so that an engine closed and opened again keeps it. */
struct br_pin {
    pthread_mutex_t lock;
    pthread_cond_t wake;    /* the helper: a job, or pending wrappers to release */
    pthread_cond_t settled; /* the caller: the job's pieces are enqueued, or all released */
    int started;            /* the thread runs */
    cl_context context;     /* NULL: off */
    size_t chunk;           /* the job's helper pieces: bytes each, at most */
    size_t fixed_chunk;     /* BLASROUTE_TEST_PIN_CHUNK, or 0: by the block's size */
    int failures;           /* wrappers refused in a row; the helper stops at PIN_FAILURES_MAX */
    /* The job: [front, back) of the block is unclaimed; the caller takes from front, the helper
     * from back. */
    int job, enqueuing, cancel;
    cl_command_queue queue;
    cl_mem dst;
    size_t dst_offset, front, back, piece;
    const char *host;
    cl_uint wait_count;
    cl_event wait[BR_PIN_WAIT_MAX];
    cl_int error;
    /* The job's copies for the timeline, noted by the caller in br_pin_end: the timeline keeps
     * one list per thread, written by the thread that makes the call. */
    cl_event notes[BR_PIN_NOTES_MAX];
    size_t note_bytes[BR_PIN_NOTES_MAX];
    int note_pinned[BR_PIN_NOTES_MAX];
    int note_count;
    /* Wrappers whose copies were enqueued, oldest first, each released once its copy is done. */
    cl_mem wrappers[BR_PIN_PENDING_MAX];
    cl_event copies[BR_PIN_PENDING_MAX];
    int pending;
};

/* Readies the engine's helper for `context` (its thread starts at the first job). It stays
 * off (context NULL) when pinned uploads are off: BLASROUTE_PIN_UPLOADS=0, or a device that
 * shares the host's memory, whose kernels read the caller's arrays in place anyway (except
 * under BLASROUTE_TEST_PIN_CHUNK, which tests the path on any device, in pieces of that many
 * bytes). */
void br_pin_open(struct br_pin *pin, cl_context context, int device_shares_host_memory);

/* At the engine's close: every wrapper released, the helper off until opened again. */
void br_pin_close(struct br_pin *pin);

/* Offers the upload of `bytes` contiguous bytes at `host` into dst from dst_offset on, after
 * the events in `wait`, to share with the caller's staged loop, which moves pieces of at most
 * `piece` bytes from the front. 1 if the helper takes part (then br_pin_claim_front gives the
 * caller its pieces and br_pin_end must follow), 0 if the block is too small or the helper off. */
int br_pin_begin(struct br_pin *pin, cl_command_queue queue, cl_mem dst, size_t dst_offset,
                 const void *host, size_t bytes, size_t piece, cl_uint wait_count,
                 const cl_event *wait);

/* The caller's next piece, from the front: [*offset, *offset + *size); 0 once the rest is the
 * helper's. */
int br_pin_claim_front(struct br_pin *pin, size_t *offset, size_t *size);

/* Waits until the helper has enqueued its pieces (taking no more once `cancel` is set); its
 * error, if one of its pieces could not be enqueued. Its copies then complete on the job's
 * queue in order with the caller's pieces; the helper releases their wrappers as they do. */
cl_int br_pin_end(struct br_pin *pin, int cancel);

/* In a child forked while the helper ran: it is gone, and its lock may have been held; the
 * child's helper is off, with nothing pending (its engine is never used there). */
void br_pin_after_fork(struct br_pin *pin);

/* Waits until every piece's copy has completed and its wrapper is released (its pages
 * unpinned): before a BLAS call returns, so that no pin outlives the call whose memory it
 * holds, and a later wrapper over the same pages never meets an earlier one. */
void br_pin_drain(struct br_pin *pin);

#endif
