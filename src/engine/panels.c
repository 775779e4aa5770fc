/* The right-hand side's panels (why: panels.h). */
#include "engine/panels.h"

#include "cpu_level3.h"
#include "engine/engine.h"
#include "engine/launch.h"
#include "env.h"

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
                            cl_event ready)
{
    cl_int error = br_download_atomic(engine->download, &engine->download_staging, src, block, 1,
                                      &ready);
    if (error == CL_SUCCESS)
        engine->tiles_written++;
    return error;
}

void br_panels_drain(struct br_engine *engine)
{
    clFinish(engine->upload);
    clFinish(engine->compute);
    clFinish(engine->download);
}

void br_panels_finish_on_cpu(const struct br_engine *engine, const struct br_call *call)
{
    size_t e = br_element_size(call->precision);
    struct br_call rest = *call;
    char *b = call->b, *c = call->c; /* C: SYMM and HEMM only */
    if (call->side == 'L') {
        size_t first = (size_t)engine->tiles_written * engine->cols_per_tile;
        rest.n = call->n - (br_int)first;
        rest.b = b + first * (size_t)call->ldb * e;
        rest.c = c ? c + first * (size_t)call->ldc * e : NULL;
    } else {
        size_t first = (size_t)engine->tiles_written * engine->rows_per_tile;
        rest.m = call->m - (br_int)first;
        rest.b = b + first * e;
        rest.c = c ? c + first * e : NULL;
    }
    if (rest.m > 0 && rest.n > 0)
        br_cpu_level3(&rest);
}
