/* The one path every Level-3 entry point takes after building its canonical call. */
#include <string.h>

#include "interface/errors.h"
#include "interface/level3.h"
#include "route.h"

void br_load_scalar(union br_scalar *into, const void *from, enum br_precision precision,
                    int real_only)
{
    size_t size = br_element_size(precision);
    if (real_only && br_is_complex(precision))
        size /= 2;
    memset(into, 0, sizeof *into);
    memcpy(into, from, size);
}

void br_level3_run(struct br_call *call, int from_cblas_row_major)
{
    blas_int info = br_check_call(call);
    if (br_unlikely(info != 0)) {
        char name[7];
        br_routine_name_fortran(call, name);
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
