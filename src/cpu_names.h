/* The CPU side of the scipy_ and 64_ names (README: pip numpy and SciPy, ILP64 programs). */
#ifndef BLASROUTE_CPU_NAMES_H
#define BLASROUTE_CPU_NAMES_H

#include <stdatomic.h>

#include "call.h"
#include "cpu.h"

/* A Fortran Level-3 routine and the width of its INTEGER. */
struct br_cpu_routine {
    br_fn fn;
    int integer_bits; /* 32 or 64 */
};

/* The routine that answers a call of the scipy_ or 64_ names on the CPU, found once per
 * routine and names: the routine of that very name (scipy_dgemm_64_, dgemm_64_, scipy_dgemm_)
 * in a library the program has loaded, whatever its scope (numpy's extension module loads its
 * bundled OpenBLAS privately); else, for 64-bit names, the ILP64 CPU BLAS
 * (BLASROUTE_CPU_BLAS64, libopenblas64.so.0, the reference libblas64.so.3); else the CPU BLAS,
 * when every integer of the call fits in 32 bits. Never blasroute itself. With none of them, one
 * message naming BLASROUTE_CPU_BLAS64, and abort: never a wrong answer. */
struct br_cpu_routine br_cpu_named_level3(const struct br_call *call);

/* Where a routine of some names was found: resolved once, then read without a lock. Zero is
 * "not yet". */
struct br_named_slot {
    _Atomic(br_fn) fn;
    int integer_bits;
    atomic_int done;
};

/* A routine other than the 30 Level-3 ones under a family of names (LAPACK's "dgetrf",
 * "dlaswp"), found once into *slot as br_cpu_named_level3 finds those: in a library the program
 * has loaded, else for 64-bit names in the ILP64 CPU BLAS, else, for names whose integers are
 * the CPU BLAS's, the CPU BLAS's plain name. fn is NULL when none defines it. */
struct br_cpu_routine br_cpu_named_routine(enum br_names names, const char *routine,
                                           struct br_named_slot *slot);

/* The file of the library that answers the names' Level-3 calls on the CPU (their dgemm's,
 * found as above), else the CPU BLAS's: what the CPU calibration measures for those names. */
const char *br_cpu_named_library(enum br_names names);

/* The error routine (XERBLA) of the names a call came through, as above (xerbla_64_,
 * scipy_xerbla_64_, scipy_xerbla_), or NULL when no loaded library defines it. */
struct br_cpu_routine br_cpu_named_xerbla(enum br_names names);

/* The symbol's name in a family of names: routine "dgemm" -> "scipy_dgemm_64_". */
void br_names_fortran_symbol(enum br_names names, const char *routine, char *out, size_t size);

/* In libblasroute.so (32-bit integers), once, before blasroute loads a CPU BLAS (so that only
 * the program's own libraries are seen): says on stderr if the program has loaded an ILP64 BLAS
 * under the plain names (Debian's libblas64.so.3, libopenblas64.so.0), whose calls this library
 * would misread, and points at libblasroute64.so. */
void br_names_check_program(void);

#endif
