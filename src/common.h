/* Types and attributes shared by every part of blasroute. */
#ifndef BLASROUTE_COMMON_H
#define BLASROUTE_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* The Fortran INTEGER of the library's plain names: 32 bits in libblasroute.so (LP64, like
 * libblas.so.3), 64 bits in libblasroute64.so (ILP64, like Debian's libblas64.so.3), which is
 * built from the same sources with BLASROUTE_ILP64 defined. */
#ifdef BLASROUTE_ILP64
typedef int64_t blas_int;
#else
typedef int blas_int;
#endif
/* A dimension or leading dimension inside blasroute: 64 bits whatever the names it came
 * through, so that no caller's value is ever truncated. */
typedef int64_t br_int;
/* A CBLAS enumeration argument (CBLAS_LAYOUT, CBLAS_TRANSPOSE, ...): an int in the ABI. */
typedef int blas_enum;
/* gfortran returns COMPLEX and COMPLEX*16 function results like C's _Complex types. */
typedef float _Complex blas_complex_float;
typedef double _Complex blas_complex_double;

/* The library is built with -fvisibility=hidden: only what is marked here is exported. */
#define BR_EXPORT __attribute__((visibility("default")))

/* A thread-local variable on the path of every call: the initial-exec model reads it at a fixed
 * offset from the thread pointer, where the shared library's default model calls
 * __tls_get_addr (a few nanoseconds of a tiny call's budget). glibc keeps room for such
 * variables in libraries loaded later by dlopen; blasroute's few ints fit. */
#define BR_THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))

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

/* Monotonic time in seconds (the router's timings, learning, calibration, the tools). */
static inline double br_seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
