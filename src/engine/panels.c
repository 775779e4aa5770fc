/* The right-hand side's panels (why: panels.h). */
#include "engine/panels.h"

#include <stdatomic.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "engine/launch.h"
#include "env.h"
#include "policy/halves.h"
#include "policy/split.h"

static void set_width(struct br_panels *p, size_t width)
{
    p->width = width > p->span ? p->span : width;
    p->count = p->width ? (p->span + p->width - 1) / p->width : 0;
    p->sets = p->count > 1 ? BR_PANEL_SETS : 1;
}

void br_panels_first(struct br_panels *p, double flops, size_t span, size_t granule, int whole)
{
    p->span = span;
    p->granule = granule;
    size_t tiles = br_env()->test_gemm_tiles > 0 ? (size_t)br_env()->test_gemm_tiles
                                                 : br_gemm_column_tiles(flops, span);
    if (whole)
        tiles = 1;
    set_width(p, br_round_up((span + tiles - 1) / tiles, granule));
}

void br_panels_at_least(struct br_panels *p, size_t width)
{
    if (br_env()->test_gemm_tiles > 0 || p->width >= width)
        return;
    set_width(p, br_round_up(width, p->granule));
}

int br_panels_narrower(struct br_panels *p)
{
    if (p->width <= p->granule)
        return 0;
    set_width(p, br_round_up(p->width / 2, p->granule));
    return 1;
}

size_t br_panels_first_of(const struct br_panels *p, size_t index)
{
    return index * p->width;
}

size_t br_panels_size_of(const struct br_panels *p, size_t index)
{
    size_t first = br_panels_first_of(p, index);
    return p->span - first < p->width ? p->span - first : p->width;
}

cl_int br_panels_write_back(struct br_engine *engine, cl_mem src, const struct br_block *block,
                            cl_event ready, int by_columns)
{
    /* The download-half fault (tests): every other call's first panel stops with an error, by
     * columns once half its columns have arrived, else before any has been written. Every
     * other, so that the calls between succeed and the device is never suspended: every
     * routine and option of a test meets it. */
    static atomic_uint first_panels;
    int broken = engine->tiles_written == 0 && br_fault_injected(BR_FAULT_DOWNLOAD_HALF) &&
                 atomic_fetch_add(&first_panels, 1) % 2 == 0;
    if (broken && !by_columns) {
        clWaitForEvents(1, &ready);
        return CL_OUT_OF_RESOURCES;
    }
    struct br_block arriving = *block;
    if (broken)
        arriving.cols /= 2;
    cl_int error;
    if (by_columns)
        error = br_download(engine->download, &engine->download_staging, src, &arriving, 1,
                            &ready, &engine->columns_written);
    else
        error = br_download_atomic(engine->download, &engine->download_staging, src, &arriving,
                                   1, &ready);
    if (error == CL_SUCCESS && broken)
        error = CL_OUT_OF_RESOURCES;
    if (error == CL_SUCCESS) {
        engine->tiles_written++;
        engine->columns_written = 0;
    }
    return error;
}

cl_int br_panels_run(struct br_engine *engine, const struct br_panels *p,
                     const struct br_panel_steps *steps, cl_event *done)
{
    int rounds = engine->bench_repeats;
    cl_int error = CL_SUCCESS;
    for (int round = 0; rounds && round <= rounds && error == CL_SUCCESS; round++) {
        double start = br_seconds_now();
        br_release_event(&done[0]);
        error = steps->enqueue(steps->context, 0, 0, round == 0, &done[0]);
        if (error == CL_SUCCESS)
            error = clFinish(engine->compute);
        double time = br_seconds_now() - start;
        if (round > 0 && time < engine->bench_best)
            engine->bench_best = time;
    }
    for (size_t next = 0, fetched = 0; !rounds && error == CL_SUCCESS && fetched < p->count;) {
        if (next < p->count && next - fetched < p->sets) {
            size_t set = next % p->sets;
            br_release_event(&done[set]);
            error = steps->enqueue(steps->context, next, set, 1, &done[set]);
            next++;
            continue;
        }
        size_t set = fetched % p->sets;
        struct br_block result = steps->result(steps->context, fetched);
        error = br_panels_write_back(engine, steps->results[set], &result, done[set],
                                     steps->by_columns);
        fetched++;
    }
    return error;
}

void br_panels_end(struct br_engine *engine, cl_int error, cl_event *done, cl_mem *buffers,
                   int count)
{
    if (error != CL_SUCCESS) {
        clFinish(engine->upload);
        clFinish(engine->compute);
        clFinish(engine->download);
    }
    for (int s = 0; s < BR_PANEL_SETS; s++)
        br_release_event(&done[s]);
    for (int i = 0; i < count; i++)
        br_pool_release(&engine->pool, buffers[i]);
}

/* The rank-k family after a failure: C's triangle went in panels along its diagonal, each
 * written back by columns; what is left is the trailing triangle from the first panel not
 * written, the same routine on the trailing rows of op(A) (and op(B)), less the columns of
 * that panel already written. */
static void finish_rank_on_cpu(const struct br_engine *engine, const struct br_call *call)
{
    size_t first = (size_t)engine->tiles_written * engine->rows_per_tile;
    size_t written = engine->columns_written, n = (size_t)call->n;
    if (call->uplo == 'L') { /* a lower panel's leading columns, whole */
        struct br_call tail = br_rank_trailing(call, (br_int)(first + written));
        if (tail.n > 0)
            br_cpu_level3(&tail);
        return;
    }
    /* An upper panel, rows [first, end): column j (from `first` on) holds rows up to
     * min(j, end - 1), and columns [first, from) of it are final. Left: rows [first, t) of the
     * columns from `from` on (a block clear of the diagonal, as GEMM calls), and the trailing
     * triangle from t. */
    size_t end = first + engine->rows_per_tile < n ? first + engine->rows_per_tile : n;
    size_t from = first + written, t = from < end ? from : end;
    struct br_call gemms[2];
    int count = br_rank_block_gemms(call, (br_int)first, (br_int)(t - first), (br_int)from,
                                    (br_int)(n - from), gemms);
    for (int i = 0; i < count; i++)
        br_cpu_level3(&gemms[i]);
    struct br_call tail = br_rank_trailing(call, (br_int)t);
    if (tail.n > 0)
        br_cpu_level3(&tail);
}

void br_panels_finish_on_cpu(const struct br_engine *engine, const struct br_call *call)
{
    if (call->family == BR_SYRK || call->family == BR_HERK || call->family == BR_SYR2K ||
        call->family == BR_HER2K) {
        finish_rank_on_cpu(engine, call);
        return;
    }
    size_t e = br_element_size(call->precision);
    struct br_call rest = *call;
    char *b = call->b, *c = call->c; /* C: SYMM and HEMM only */
    if (call->side == 'L') {
        size_t first = (size_t)engine->tiles_written * engine->cols_per_tile +
                       engine->columns_written;
        rest.n = call->n - (br_int)first;
        rest.b = b + first * (size_t)call->ldb * e;
        rest.c = c ? c + first * (size_t)call->ldc * e : NULL;
    } else {
        size_t first = (size_t)engine->tiles_written * engine->rows_per_tile;
        if (engine->columns_written > 0) {
            /* The next panel's leading columns are final (it went back by columns only where
             * br_halves_second_exists): the rest of its rows as the second half of a call cut
             * there (policy/halves.h); none when every column arrived. */
            size_t end = first + engine->rows_per_tile < (size_t)call->m
                             ? first + engine->rows_per_tile
                             : (size_t)call->m;
            struct br_call panel = *call, pieces[BR_HALVES_MAX_PIECES];
            panel.m = (br_int)(end - first);
            panel.b = b + first * e;
            panel.c = c ? c + first * e : NULL;
            int count = br_halves_second_of_a(&panel, (br_int)engine->columns_written, pieces);
            for (int i = 0; i < count; i++)
                br_cpu_level3(&pieces[i]);
            first = end;
        }
        rest.m = call->m - (br_int)first;
        rest.b = b + first * e;
        rest.c = c ? c + first * e : NULL;
    }
    if (rest.n > 0 && rest.m > 0)
        br_cpu_level3(&rest);
}
