/* Types and attributes shared by every part of blasroute. */
#ifndef BLASROUTE_COMMON_H
#define BLASROUTE_COMMON_H

#include <stddef.h>

/* The Fortran INTEGER of the LP64 BLAS ABI. */
typedef int blas_int;
/* A CBLAS enumeration argument (CBLAS_LAYOUT, CBLAS_TRANSPOSE, ...): an int in the ABI. */
typedef int blas_enum;
/* gfortran returns COMPLEX and COMPLEX*16 function results like C's _Complex types. */
typedef float _Complex blas_complex_float;
typedef double _Complex blas_complex_double;

/* The library is built with -fvisibility=hidden: only what is marked here is exported. */
#define BR_EXPORT __attribute__((visibility("default")))

#define br_likely(x) __builtin_expect(!!(x), 1)
#define br_unlikely(x) __builtin_expect(!!(x), 0)

/* CBLAS enumeration values (fixed by the CBLAS standard). */
enum {
    BR_CBLAS_ROW_MAJOR = 101, BR_CBLAS_COL_MAJOR = 102,
    BR_CBLAS_NO_TRANS = 111, BR_CBLAS_TRANS = 112, BR_CBLAS_CONJ_TRANS = 113,
    BR_CBLAS_UPPER = 121, BR_CBLAS_LOWER = 122,
    BR_CBLAS_NON_UNIT = 131, BR_CBLAS_UNIT = 132,
    BR_CBLAS_LEFT = 141, BR_CBLAS_RIGHT = 142
};

#endif
