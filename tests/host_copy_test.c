/* The host copies into and out of staging (engine/host_copy.h): every byte lands where it
 * belongs and nothing outside the destination's columns is written, for copies below and above
 * the size the helpers join at, contiguous and strided, round after round, from two pools at
 * once, and while busy threads take every core (the helpers then get little time, and the
 * parts they do not claim are copied by the others); memcpy's stores (the default) and
 * streaming ones (a test knob). Fresh random data each run. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/host_copy.h"
#include "unit_tap.h"

enum { GUARD = 64 };
static const unsigned char GUARD_BYTE = 0xa5;

static uint64_t random_state;

static unsigned char random_byte(void)
{
    random_state = random_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned char)(random_state >> 56);
}

/* A source of src_bytes and a destination of dst_bytes between two guards, both of random
 * bytes, and a copy of the destination's as they were (*before). 0, or -1 (a failure said). */
static int random_buffers(size_t src_bytes, size_t dst_bytes, unsigned char **src,
                          unsigned char **dst, unsigned char **before)
{
    *src = malloc(src_bytes);
    *dst = malloc(dst_bytes + 2 * GUARD);
    *before = malloc(dst_bytes);
    if (!*src || !*dst || !*before) {
        free(*src), free(*dst), free(*before);
        fail("out of memory for a copy of %zu bytes", src_bytes);
        return -1;
    }
    for (size_t i = 0; i < src_bytes; i++)
        (*src)[i] = random_byte();
    memset(*dst, GUARD_BYTE, GUARD);
    memset(*dst + GUARD + dst_bytes, GUARD_BYTE, GUARD);
    for (size_t i = 0; i < dst_bytes; i++)
        (*dst)[GUARD + i] = (*before)[i] = random_byte();
    return 0;
}

/* One copy of `columns` columns of column_bytes, source columns src_stride apart and
 * destination dst_stride apart, through pool `pool`: the copied bytes are the source's, the
 * destination's gaps between columns and its guards keep their bytes. Returns 0 if right. */
static int check_copy(int pool, size_t column_bytes, size_t columns, size_t src_stride,
                      size_t dst_stride)
{
    size_t src_bytes = src_stride * (columns - 1) + column_bytes;
    size_t dst_bytes = dst_stride * (columns - 1) + column_bytes;
    unsigned char *src, *dst, *before;
    if (random_buffers(src_bytes, dst_bytes, &src, &dst, &before) != 0)
        return -1;
    br_host_copy(pool, dst + GUARD, dst_stride, src, src_stride, column_bytes, columns);
    int wrong = 0;
    for (size_t i = 0; i < GUARD && !wrong; i++)
        if (dst[i] != GUARD_BYTE || dst[GUARD + dst_bytes + i] != GUARD_BYTE) {
            fail("%zu x %zu (strides %zu, %zu): a guard byte was written", column_bytes,
                 columns, src_stride, dst_stride);
            wrong = 1;
        }
    for (size_t j = 0; j < columns && !wrong; j++) {
        const unsigned char *d = dst + GUARD + j * dst_stride;
        if (memcmp(d, src + j * src_stride, column_bytes) != 0) {
            fail("%zu x %zu (strides %zu, %zu): column %zu differs from its source",
                 column_bytes, columns, src_stride, dst_stride, j);
            wrong = 1;
        }
        size_t gap = j + 1 < columns ? dst_stride - column_bytes : 0;
        if (gap && memcmp(d + column_bytes, before + j * dst_stride + column_bytes, gap) != 0) {
            fail("%zu x %zu (strides %zu, %zu): the gap after column %zu was written",
                 column_bytes, columns, src_stride, dst_stride, j);
            wrong = 1;
        }
    }
    free(src), free(dst), free(before);
    return wrong ? -1 : 0;
}

/* One triangle copy (br_host_copy_triangle) of columns [first, first + columns) of a block of
 * `rows` rows, strides in elements: each column's triangle rows are the source's, every other
 * destination byte (rows outside the triangle, gaps, guards) keeps its own. 0 if right. */
static int check_triangle(int pool, size_t element, size_t rows, size_t first, size_t columns,
                          size_t src_ld, size_t dst_ld, char triangle, int skip_diagonal)
{
    size_t src_bytes = (src_ld * (columns - 1) + rows) * element;
    size_t dst_bytes = (dst_ld * (columns - 1) + rows) * element;
    unsigned char *src, *dst, *before;
    if (random_buffers(src_bytes, dst_bytes, &src, &dst, &before) != 0)
        return -1;
    br_host_copy_triangle(pool, dst + GUARD, dst_ld * element, src, src_ld * element, element,
                          rows, first, columns, triangle, skip_diagonal);
    int wrong = 0;
    for (size_t i = 0; i < GUARD && !wrong; i++)
        if (dst[i] != GUARD_BYTE || dst[GUARD + dst_bytes + i] != GUARD_BYTE) {
            fail("triangle %c of %zu x %zu: a guard byte was written", triangle, rows, columns);
            wrong = 1;
        }
    for (size_t j = 0; j < columns && !wrong; j++) {
        size_t col = first + j; /* in the whole block */
        for (size_t i = 0; i < dst_ld && !wrong; i++) {
            if (j + 1 == columns && i >= rows)
                break; /* past the last column: guards, checked above */
            int inside = i < rows && (triangle == 'U' ? (skip_diagonal ? i < col : i <= col)
                                                      : (skip_diagonal ? i > col : i >= col));
            size_t at = (j * dst_ld + i) * element;
            const unsigned char *want =
                inside ? src + (j * src_ld + i) * element : before + at;
            if (memcmp(dst + GUARD + at, want, element) != 0) {
                fail("triangle %c%s of %zu x %zu from column %zu: row %zu of column %zu %s",
                     triangle, skip_diagonal ? " (no diagonal)" : "", rows, columns, first, i,
                     col, inside ? "not copied" : "written outside the triangle");
                wrong = 1;
            }
        }
    }
    free(src), free(dst), free(before);
    return wrong ? -1 : 0;
}

/* Triangles below and above the helpers' threshold, both kinds, with and without the diagonal,
 * from the block's first column and from inside it, trapezoids (more columns than rows and
 * fewer), random sizes each run. */
static void triangles(int pool)
{
    static const char kinds[] = {'U', 'L'};
    for (int round = 0; round < 6; round++)
        for (int k = 0; k < 2; k++)
            for (int skip = 0; skip < 2; skip++) {
                size_t element = round % 2 ? 8 : 16;
                size_t rows = 1 + (size_t)random_byte() % 300 + (round >= 3 ? 400 : 0);
                size_t columns = 1 + (size_t)random_byte() % 400 + (round >= 3 ? 300 : 0);
                size_t first = round % 3 == 0 ? 0 : (size_t)random_byte() % rows;
                size_t src_ld = rows + (size_t)random_byte() % 5;
                size_t dst_ld = round % 2 ? rows : rows + 3;
                check_triangle(pool, element, rows, first, columns, src_ld, dst_ld, kinds[k],
                               skip);
            }
}

/* Sizes around the helpers' threshold (1 MiB) and their parts (256 KiB), odd ones included. */
static const size_t contiguous_sizes[] = {1,         4096,          (1 << 20) - 1,
                                          1 << 20,   (1 << 20) + 1, (1 << 20) + (256 << 10) + 7,
                                          3 << 20,   (9 << 20) + 13, 33u << 20};

static void contiguous(int pool)
{
    for (size_t i = 0; i < sizeof contiguous_sizes / sizeof *contiguous_sizes; i++) {
        size_t bytes = contiguous_sizes[i];
        check_copy(pool, bytes, 1, bytes, bytes);
        /* The same bytes as contiguous columns (copied as one range). */
        if (bytes % 8 == 0)
            check_copy(pool, bytes / 8, 8, bytes / 8, bytes / 8);
    }
}

static void strided(int pool)
{
    /* Many short columns, a few long ones (fewer columns than parts), gaps on either side. */
    check_copy(pool, 1000 * 8, 300, 1024 * 8, 1000 * 8);
    check_copy(pool, 1000 * 8, 300, 1000 * 8, 1003 * 8);
    check_copy(pool, 3 << 20, 2, (3 << 20) + 40, (3 << 20) + 8);
    check_copy(pool, (1 << 20) + 24, 3, (1 << 20) + 24, (2 << 20));
    check_copy(pool, 16, 70000, 40, 24);
}

/* Round after round with new data each time: a part of one round copied with another's job
 * would show. */
static void rounds(int pool, int count)
{
    for (int r = 0; r < count; r++) {
        size_t bytes = (1 << 20) + (size_t)random_byte() * 4099;
        if (check_copy(pool, bytes, 1, bytes, bytes) != 0)
            break;
    }
}

struct pool_run {
    int pool, count, failures;
};

static void *pool_thread(void *argument)
{
    struct pool_run *run = argument;
    for (int r = 0; r < run->count; r++) {
        size_t bytes = (2 << 20) + (size_t)r * 517;
        size_t columns = 4 + (size_t)r % 5;
        size_t column = bytes / columns;
        unsigned char *src = malloc(column * columns), *dst = calloc(column * columns, 1);
        if (!src || !dst) {
            run->failures++;
        } else {
            for (size_t i = 0; i < column * columns; i++)
                src[i] = (unsigned char)(i * 131 + (size_t)r * 7 + (size_t)run->pool);
            br_host_copy(run->pool, dst, column, src, column, column, columns);
            run->failures += memcmp(dst, src, column * columns) != 0;
        }
        free(src), free(dst);
    }
    return NULL;
}

/* Threads that keep every core busy, as the CPU BLAS's threads spinning after a call. */
static atomic_int stop_spinning;

static void *spinner(void *unused)
{
    (void)unused;
    volatile unsigned long x = 0;
    while (!atomic_load_explicit(&stop_spinning, memory_order_relaxed))
        x++;
    return NULL;
}

int main(void)
{
    random_state = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    diag("seed %llu, %d copy threads per pool", (unsigned long long)random_state,
         br_host_copy_threads());
    printf("1..8\n");

    contiguous(0);
    ok("contiguous copies below and above the helpers' threshold are exact, guards kept");

    strided(0);
    ok("strided copies (column gaps on either side, fewer columns than parts) are exact");

    triangles(0);
    ok("triangle copies (U and L, with and without the diagonal, from inside the block, "
       "trapezoids, below and above the helpers' threshold) touch exactly their triangle");

    rounds(0, 300);
    ok("300 rounds in turn, each with new data and size, are exact");

    br_host_copy_rest(0);
    rounds(0, 20);
    ok("copies after the pool rests (helpers asleep) are exact");

    struct pool_run runs[2] = {{0, 60, 0}, {1, 60, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&threads[i], NULL, pool_thread, &runs[i]) != 0)
            fail("could not start a thread for pool %d", i);
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
        if (runs[i].failures)
            fail("pool %d: %d of %d copies wrong", i, runs[i].failures, runs[i].count);
    }
    ok("two pools copying at once from two threads are exact");

    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int spinners = (int)(cores > 0 ? 2 * cores : 4);
    pthread_t busy[256];
    if (spinners > 256)
        spinners = 256;
    int started = 0;
    for (int i = 0; i < spinners; i++)
        started += pthread_create(&busy[started], NULL, spinner, NULL) == 0;
    rounds(0, 200);
    strided(0);
    triangles(0);
    atomic_store(&stop_spinning, 1);
    for (int i = 0; i < started; i++)
        pthread_join(busy[i], NULL);
    diag("%d busy threads on %ld cores", started, cores);
    ok("copies while busy threads hold every core are exact");

    /* The copies as BLASROUTE_TEST_COPY_STORES=streaming and BLASROUTE_TEST_COPY_THREADS make
     * them: streaming stores from 64 KiB (their unaligned heads and tails), on a third pool
     * whose helpers start with the count asked. */
    br_host_copy_configure(3, 1);
    contiguous(2);
    strided(2);
    triangles(2);
    rounds(2, 100);
    ok("with streaming stores, on 3 threads: contiguous, strided, triangle copies and 100 "
       "rounds exact");
    return failed_tests ? 1 : 0;
}
