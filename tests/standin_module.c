/*
 * standin_module.c - an extension module of a pip wheel, reduced to its
 * BLAS calls: linked to its wheel's stand-in BLAS (DT_NEEDED, as numpy's
 * _multiarray_umath is linked to its bundled OpenBLAS) and calling the
 * stand-in's names directly, Fortran (scipy_dgemm_64_) and CBLAS
 * (scipy_cblas_dgemm64_).  Built once per family (STANDIN_INT64, see
 * standin.h).
 *
 * The dynamic linker binds these calls when the module is loaded: to the
 * first definition in the global scope (the program, LD_PRELOAD, what was
 * loaded RTLD_GLOBAL), else to the stand-in.  Under
 * LD_PRELOAD=libblasroute.so, blasroute answers if it exports the names.
 */
#define STANDIN_CALLEE_FORTRAN(r) STANDIN_FORTRAN(r)
#define STANDIN_CALLEE_CBLAS(r) STANDIN_CBLAS(r)
#include "standin_calls.h"

#include <stdio.h>

int standin_module_call(const struct standin_call *c)
{
    return standin_dispatch(c);
}

void standin_module_name(const char *routine, int cblas, char *out,
                         size_t len)
{
    if (cblas)
        snprintf(out, len, STANDIN_CBLAS_FORMAT, routine);
    else
        snprintf(out, len, STANDIN_FORTRAN_FORMAT, routine);
}
