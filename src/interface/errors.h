/* The reference's error reporting: XERBLA, CBLAS_XERBLA and the CBLAS flags. */
#ifndef BLASROUTE_ERRORS_H
#define BLASROUTE_ERRORS_H

#include "common.h"

/* Exported, and called through the dynamic linker, so that a program's own definitions win. */
BR_EXPORT void xerbla_(const char *name, const blas_int *info, size_t name_length);
BR_EXPORT void cblas_xerbla(blas_int info, const char *routine, const char *form, ...);

BR_EXPORT void xerbla_array_(const char *name_array, const blas_int *name_length,
                             const blas_int *info, size_t element_length);
BR_EXPORT int lsame_(const char *a, const char *b, size_t a_length, size_t b_length);
BR_EXPORT float cblas_scabs1(const void *z);
BR_EXPORT double cblas_dcabs1(const void *z);

/* The reference CBLAS's globals, which its test programs read: set while a CBLAS call reports
 * an error. */
BR_EXPORT extern int RowMajorStrg;
BR_EXPORT extern int CBLAS_CallFromC;

/* Reports a CBLAS-level argument error (layout or an enumeration) as the reference does. */
void br_cblas_error(int row_major, blas_int position, const char *routine, const char *form,
                    int value);

#endif
