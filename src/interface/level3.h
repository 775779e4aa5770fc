/* Shared by the Fortran and CBLAS Level-3 entry points. */
#ifndef BLASROUTE_LEVEL3_H
#define BLASROUTE_LEVEL3_H

#include <string.h>

#include "call.h"

/* Table letters and family names to the enums, for the stamping macros. */
#define BR_PRECISION_s BR_S
#define BR_PRECISION_d BR_D
#define BR_PRECISION_c BR_C
#define BR_PRECISION_z BR_Z
#define BR_FAMILY_gemm BR_GEMM
#define BR_FAMILY_symm BR_SYMM
#define BR_FAMILY_hemm BR_HEMM
#define BR_FAMILY_syrk BR_SYRK
#define BR_FAMILY_herk BR_HERK
#define BR_FAMILY_syr2k BR_SYR2K
#define BR_FAMILY_her2k BR_HER2K
#define BR_FAMILY_trmm BR_TRMM
#define BR_FAMILY_trsm BR_TRSM

/* Copies a scalar argument into the call: an element of the precision, or its real part type
 * when real_only (HERK's alpha and beta, HER2K's beta). Inline: at each entry point the
 * precision is a constant, and the copy a move or two. */
static inline void br_load_scalar(union br_scalar *into, const void *from,
                                  enum br_precision precision, int real_only)
{
    size_t size = br_element_size(precision);
    if (real_only && br_is_complex(precision))
        size /= 2;
    memset(into, 0, sizeof *into);
    memcpy(into, from, size);
}

/* Checks the column-major call as the reference's Fortran routine would; on an error calls
 * XERBLA (through the dynamic linker, so the program's own XERBLA wins) and returns; else
 * settles the call and runs it. from_cblas_row_major is -1 for a Fortran call, else the CBLAS
 * layout flag the reference would have left in RowMajorStrg. */
void br_level3_run(struct br_call *call, int from_cblas_row_major);

#endif
