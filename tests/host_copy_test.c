/* The host copies into and out of staging (engine/host_copy.h): every byte lands where it
 * belongs and nothing outside the destination's columns is written, for copies below and above
 * the size the helpers join at, contiguous and strided, round after round, from two pools at
 * once, and while busy threads take every core (the helpers then get little time, and the
 * parts they do not claim are copied by the others); memcpy's stores (the default) and
 * streaming ones (a test knob); copies that add (dst := src + beta dst, beta C added as C comes
 * home) in each precision, whole, strided and in triangles with HERK's real diagonal. Fresh
 * random data each run. */
#include <math.h>
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
                          rows, first, columns, triangle, skip_diagonal, NULL);
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

/* A random value in [-1, 1). */
static double random_value(void)
{
    random_state = random_state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(random_state >> 11) / 4503599627370496.0 - 1.0;
}

/* One adding copy (br_host_copy_triangle with `add`) of a rows x columns block of the add's
 * kind, columns src_ld and dst_ld elements apart, whole (triangle 0) or a triangle from the
 * block's first column: inside, dst := src + beta dst (the diagonal's real part alone, its
 * imaginary part 0, with real_diagonal), to the precision's rounding; every other element
 * and the guards unchanged. 0 if right. */
static int check_add(int pool, enum br_host_copy_kind kind, size_t rows, size_t columns,
                     size_t src_ld, size_t dst_ld, char triangle, int real_diagonal)
{
    int is_float = kind == BR_HOST_ADD_FLOAT || kind == BR_HOST_ADD_COMPLEX_FLOAT;
    int parts = kind == BR_HOST_ADD_COMPLEX_FLOAT || kind == BR_HOST_ADD_COMPLEX_DOUBLE ? 2 : 1;
    size_t real_size = is_float ? sizeof(float) : sizeof(double), element = parts * real_size;
    size_t count = dst_ld * (columns - 1) + rows, src_count = src_ld * (columns - 1) + rows;
    double *x = malloc(src_count * parts * sizeof *x), *old = malloc(count * parts * sizeof *old);
    unsigned char *src = malloc(src_count * element), *dst = malloc(count * element + 2 * GUARD);
    if (!x || !old || !src || !dst) {
        free(x), free(old), free(src), free(dst);
        fail("out of memory for an add of %zu x %zu", rows, columns);
        return -1;
    }
    for (size_t i = 0; i < src_count * parts; i++) {
        x[i] = random_value();
        if (is_float)
            ((float *)src)[i] = (float)x[i], x[i] = ((float *)src)[i];
        else
            ((double *)src)[i] = x[i];
    }
    memset(dst, GUARD_BYTE, GUARD);
    memset(dst + GUARD + count * element, GUARD_BYTE, GUARD);
    for (size_t i = 0; i < count * parts; i++) {
        old[i] = random_value();
        if (is_float)
            ((float *)(dst + GUARD))[i] = (float)old[i], old[i] = ((float *)(dst + GUARD))[i];
        else
            ((double *)(dst + GUARD))[i] = old[i];
    }
    struct br_host_add add = {kind, random_value(), parts == 2 ? random_value() : 0,
                              real_diagonal};
    if (is_float) /* the beta the library rounds to */
        add.beta_re = (float)add.beta_re, add.beta_im = (float)add.beta_im;
    br_host_copy_triangle(pool, dst + GUARD, dst_ld * element, src, src_ld * element, element,
                          rows, 0, columns, triangle, 0, &add);
    int wrong = 0;
    for (size_t i = 0; i < GUARD && !wrong; i++)
        if (dst[i] != GUARD_BYTE || dst[GUARD + count * element + i] != GUARD_BYTE) {
            fail("add of %zu x %zu: a guard byte was written", rows, columns);
            wrong = 1;
        }
    double tolerance = is_float ? 1e-6 : 1e-15;
    for (size_t j = 0; j < columns && !wrong; j++)
        for (size_t i = 0; i < (j + 1 == columns ? rows : dst_ld) && !wrong; i++) {
            int inside = i < rows && (triangle == 'U' ? i <= j : triangle == 'L' ? i >= j : 1);
            size_t at = (j * dst_ld + i) * parts, from = (j * src_ld + i) * parts;
            double want[2], got[2];
            for (int q = 0; q < parts; q++) {
                want[q] = old[at + q];
                got[q] = is_float ? ((float *)(dst + GUARD))[at + q]
                                  : ((double *)(dst + GUARD))[at + q];
            }
            if (inside && parts == 1) {
                want[0] = x[from] + add.beta_re * old[at];
            } else if (inside && real_diagonal && i == j) {
                want[0] = x[from] + add.beta_re * old[at];
                want[1] = 0;
            } else if (inside) {
                want[0] = x[from] + (add.beta_re * old[at] - add.beta_im * old[at + 1]);
                want[1] = x[from + 1] + (add.beta_re * old[at + 1] + add.beta_im * old[at]);
            }
            for (int q = 0; q < parts && !wrong; q++)
                if (!(fabs(got[q] - want[q]) <= tolerance * 4)) {
                    fail("add kind %d %c of %zu x %zu (ld %zu, %zu): row %zu of column %zu part "
                         "%d is %.17g, want %.17g", (int)kind, triangle ? triangle : '-', rows,
                         columns, src_ld, dst_ld, i, j, q, got[q], want[q]);
                    wrong = 1;
                }
        }
    free(x), free(old), free(src), free(dst);
    return wrong ? -1 : 0;
}

/* Adds in every kind: contiguous below and above the helpers' threshold (parts of whole
 * elements however the bytes divide), strided, and triangles (HERK's real diagonal in the
 * complex kinds). */
static void adds(int pool)
{
    static const enum br_host_copy_kind kinds[] = {BR_HOST_ADD_FLOAT, BR_HOST_ADD_DOUBLE,
                                                   BR_HOST_ADD_COMPLEX_FLOAT,
                                                   BR_HOST_ADD_COMPLEX_DOUBLE};
    for (int k = 0; k < 4; k++) {
        int complex_kind = k >= 2;
        check_add(pool, kinds[k], 37, 5, 37, 37, 0, 0);
        check_add(pool, kinds[k], 1001, 203, 1001, 1001, 0, 0);
        check_add(pool, kinds[k], 700, 90, 703, 711, 0, 0);
        check_add(pool, kinds[k], 300, 300, 301, 305, 'U', complex_kind);
        check_add(pool, kinds[k], 300, 300, 300, 300, 'L', complex_kind);
        check_add(pool, kinds[k], 120, 400, 121, 125, 'U', 0);
    }
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
    printf("1..9\n");

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

    adds(0);
    ok("adding copies (dst := src + beta dst) in s, d, c and z: whole, strided and triangles, "
       "HERK's diagonal real, to each precision's rounding; nothing else written");
    return failed_tests ? 1 : 0;
}
