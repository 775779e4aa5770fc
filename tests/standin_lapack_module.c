/*
 * standin_lapack_module.c - the LAPACK side of a wheel's extension module
 * (as numpy's _umath_linalg): the addresses of its stand-in's LAPACK
 * names as the dynamic linker binds them for this module, which is
 * blasroute's definition when blasroute is preloaded and exports the name,
 * else the stand-in's.
 */
#include "standin_lapack.h"

void standin_module_lapack(struct standin_lapack_entries *out)
{
    out->integer_bits = (int)sizeof(standin_int) * 8;
#define TAKE(r, p, symbol) out->fn[STANDIN_LAPACK_##r][p] = (void (*)(void))symbol;
#define TAKE_ALL(r) STANDIN_LAPACK_SYMBOLS(r, TAKE)
    STANDIN_LAPACK_ROUTINES(TAKE_ALL)
}
