/* copy_rate: how fast this host copies pageable memory into a staging buffer, by thread count
 * and store kind, the way the engine's staged transfers do (engine/host_copy.c: 8 MiB pieces
 * split over the caller and its helpers). Issue 21's staged uploads are bound by that copy
 * (25 to 28 GB/s with 8 threads on the H200's host, 2026-11-26, against 40+ GB/s of DMA):
 * does it grow with more threads, and with non-temporal stores (no read of the destination's
 * lines before they are written: a third less memory traffic)?
 *     cc -O2 -mavx2 -pthread -I../../../src -I../../.. copy_rate.c ../../../src/engine/host_copy.c \
 *         -o copy_rate && ./copy_rate [MAX_THREADS]
 * Prints one line per thread count: GB/s with memcpy and with 32-byte streaming stores, best
 * of 5
 * passes over 1 GiB of source (each pass copies every 8 MiB piece of it into a 32 MiB ring). */
#define _GNU_SOURCE
#include <immintrin.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "engine/host_copy.h"

enum { PIECE = 8 << 20, RING = 4, SOURCE = 1 << 30, PASSES = 5 };

static char *source, *ring;
static int threads, streaming;
static pthread_barrier_t start_piece, end_piece;
static atomic_int stop;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Copies bytes with 32-byte non-temporal stores (dst and size multiples of 32). */
static void copy_streaming(char *dst, const char *src, size_t size)
{
    for (size_t i = 0; i < size; i += 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(src + i + 32));
        __m256i c = _mm256_loadu_si256((const __m256i *)(src + i + 64));
        __m256i d = _mm256_loadu_si256((const __m256i *)(src + i + 96));
        _mm256_stream_si256((__m256i *)(dst + i), a);
        _mm256_stream_si256((__m256i *)(dst + i + 32), b);
        _mm256_stream_si256((__m256i *)(dst + i + 64), c);
        _mm256_stream_si256((__m256i *)(dst + i + 96), d);
    }
    _mm_sfence();
}

static void copy(char *dst, const char *src, size_t size)
{
    if (streaming)
        copy_streaming(dst, src, size);
    else
        memcpy(dst, src, size);
}

static size_t piece_index;

/* Thread `me` copies its share of the current piece, piece after piece. */
static void *worker(void *argument)
{
    int me = (int)(size_t)argument;
    for (;;) {
        pthread_barrier_wait(&start_piece);
        if (atomic_load(&stop))
            return NULL;
        size_t share = PIECE / (size_t)threads / 128 * 128;
        size_t first = (size_t)me * share, size = me == threads - 1 ? PIECE - first : share;
        char *dst = ring + (piece_index % RING) * PIECE + first;
        const char *src = source + (piece_index * PIECE) % SOURCE + first;
        copy(dst, src, size);
        pthread_barrier_wait(&end_piece);
    }
}

int main(int argc, char **argv)
{
    int max_threads = argc > 1 ? atoi(argv[1]) : 16;
    source = aligned_alloc(4096, SOURCE);
    ring = aligned_alloc(4096, (size_t)RING * PIECE);
    if (!source || !ring)
        return 1;
    memset(source, 1, SOURCE);
    memset(ring, 2, (size_t)RING * PIECE);
    mlock(ring, (size_t)RING * PIECE); /* as pinned staging is */
    printf("# copy_rate: GB/s copying 8 MiB pieces of a 1 GiB pageable source into a %d-slot "
           "ring, split over T threads (best of %d passes)\n#  T   memcpy  stream32\n",
           RING, PASSES);
    for (threads = 1; threads <= max_threads; threads = threads < 4 ? threads + 1 : threads + 2) {
        double best[2] = {0, 0};
        for (streaming = 0; streaming < 2; streaming++) {
            pthread_barrier_init(&start_piece, NULL, (unsigned)threads);
            pthread_barrier_init(&end_piece, NULL, (unsigned)threads);
            atomic_store(&stop, 0);
            pthread_t helpers[64];
            for (int t = 1; t < threads; t++)
                pthread_create(&helpers[t], NULL, worker, (void *)(size_t)t);
            for (int pass = 0; pass < PASSES; pass++) {
                double start = now();
                for (piece_index = 0; piece_index < SOURCE / PIECE; piece_index++) {
                    pthread_barrier_wait(&start_piece);
                    size_t share = PIECE / (size_t)threads / 128 * 128;
                    size_t size = threads == 1 ? PIECE : share;
                    char *dst = ring + (piece_index % RING) * PIECE;
                    const char *src = source + (piece_index * PIECE) % SOURCE;
                    copy(dst, src, size);
                    pthread_barrier_wait(&end_piece);
                }
                double rate = (double)SOURCE / (now() - start) * 1e-9;
                if (rate > best[streaming])
                    best[streaming] = rate;
            }
            atomic_store(&stop, 1);
            pthread_barrier_wait(&start_piece);
            for (int t = 1; t < threads; t++)
                pthread_join(helpers[t], NULL);
            pthread_barrier_destroy(&start_piece);
            pthread_barrier_destroy(&end_piece);
        }
        printf("%4d %8.1f %10.1f\n", threads, best[0], best[1]);
        fflush(stdout);
    }
    /* The engine's own copy (engine/host_copy.c: its caller and helpers, its store kind). */
    double best = 0;
    for (int pass = 0; pass < PASSES; pass++) {
        double start = now();
        for (piece_index = 0; piece_index < SOURCE / PIECE; piece_index++)
            br_host_copy(0, ring + (piece_index % RING) * PIECE, PIECE,
                         source + (piece_index * PIECE) % SOURCE, PIECE, PIECE, 1);
        double rate = (double)SOURCE / (now() - start) * 1e-9;
        if (rate > best)
            best = rate;
    }
    printf("# engine/host_copy.c (%d threads): %.1f GB/s\n", br_host_copy_threads(), best);
    return 0;
}
