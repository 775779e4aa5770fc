/* The one path every Level-3 entry point takes after building its canonical call. */
#include <string.h>

#include "cpu_names.h"
#include "interface/errors.h"
#include "interface/level3.h"
#include "route.h"

/* An argument error of the scipy_ or 64_ names goes to the XERBLA of those names in the
 * program's own library (numpy's bundled OpenBLAS has scipy_xerbla_64_, whose INTEGER is 64
 * bits); with none loaded, to blasroute's (and the program's) xerbla_, as the plain names' do.
 * Returns 0 when it found none. */
static int named_xerbla(const struct br_call *call, const char name[7], br_int info)
{
    if (call->names == BR_NAMES_PLAIN)
        return 0;
    struct br_cpu_routine xerbla = br_cpu_named_xerbla(call->names);
    if (!xerbla.fn)
        return 0;
    if (xerbla.integer_bits == 64) {
        int64_t info64 = info;
        ((void (*)(const char *, const int64_t *, size_t))xerbla.fn)(name, &info64, 6);
    } else {
        int32_t info32 = (int32_t)info;
        ((void (*)(const char *, const int32_t *, size_t))xerbla.fn)(name, &info32, 6);
    }
    return 1;
}

void br_level3_run(struct br_call *call, int from_cblas_row_major)
{
    br_int checked = br_check_call(call);
    if (br_unlikely(checked != 0)) {
        char name[7];
        br_routine_name_fortran(call, name);
        blas_int info = (blas_int)checked; /* a parameter's number */
        if (named_xerbla(call, name, checked))
            return;
        if (from_cblas_row_major < 0) {
            xerbla_(name, &info, 6);
        } else {
            /* As the reference: its Fortran routine's XERBLA call, made while the CBLAS
             * wrapper's flags are up, becomes cblas_xerbla(info + 1, "cblas_...").
             * The flags are only touched on this error path, so correct calls from many
             * threads never write shared state. */
            RowMajorStrg = from_cblas_row_major;
            CBLAS_CallFromC = 1;
            xerbla_(name, &info, 6);
            CBLAS_CallFromC = 0;
            RowMajorStrg = 0;
        }
        return;
    }
    br_settle_call(call);
    if (call->work != BR_WORK_NONE)
        br_route(call);
}
