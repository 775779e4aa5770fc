/*
 * level3_names.h - which names of the Level-3 routines level3_vs_reference
 * calls, from which library, and whether their INTEGER arguments have the
 * width that the names promise.
 *
 * BLASROUTE_TEST_NAMES picks the names (those of dgemm shown):
 *   plain    dgemm_           cblas_dgemm            32-bit INTEGER
 *   64       dgemm_64_        cblas_dgemm64_         64-bit INTEGER
 *   scipy64  scipy_dgemm_64_  scipy_cblas_dgemm64_   64-bit INTEGER
 *   scipy    scipy_dgemm_     scipy_cblas_dgemm      32-bit INTEGER
 *   plain64  dgemm_           cblas_dgemm            64-bit INTEGER
 * 64-bit INTEGER: every m, n, k, lda, ldb, ldc is an int64_t (Fortran:
 * pointed to; CBLAS: by value, the enum arguments staying int), and the
 * reference is the ILP64 one (open_reference_blas64), called with the same
 * int64_t arguments.
 *
 * BLASROUTE_TEST_LIBRARY names the library to take them from, opened with
 * RTLD_NOW | RTLD_LOCAL and its symbols taken from its handle, so that a
 * library with the same names as the linked one (libblasroute64.so) stays
 * apart from it. Default: the linked library (dlsym(RTLD_DEFAULT)); for
 * plain64, $BLASROUTE_LIBRARY64, since the linked library's plain names
 * are its 32-bit ones.
 *
 * With neither variable set (or both empty) nothing changes: the linked
 * plain names, no width probes, the program's output as it always was.
 */

#ifndef LEVEL3_NAMES_H
#define LEVEL3_NAMES_H

#include "level3_routines.h"

#include <stddef.h>

/* Chooses the names (above) and points every routine of ROUTINES at them
 * (lib_fortran, lib_cblas, width); prints "# names under test: ...".
 * Returns 0, having changed nothing, when neither variable is set, else 1.
 * Bails out when a variable is not valid, the library cannot be loaded, a
 * name is missing, or an entry point lies outside the library under test.
 * Call it before load_reference_routines, which picks the reference of the
 * width chosen here. */
int choose_names(void);

/* The name of routine r's entry point for interface ifc under the names
 * chosen ("dgemm_64_", "scipy_cblas_dgemm"; "dgemm_", "cblas_dgemm" before
 * choose_names or without a choice). */
void entry_name(const struct routine *r, enum iface ifc, char *out,
                size_t len);

/* The width probes of routine r, through the Fortran interface and the
 * CBLAS one in both layouts: calls with options and scalars that make
 * them quick returns, whose integers are valid when read at the width the
 * names promise and negative when read at the other width (see
 * level3_names.c), so that an entry point of the wrong width reports an
 * argument error where one of the right width returns at once. A probe
 * call passes when it writes nothing to stderr and nothing to its arrays.
 * Each is made on the reference first, which must pass (else a bail-out:
 * the probe itself would be wrong). Prints the first failing calls and
 * what went wrong as TAP diagnostics, and returns the number of library
 * calls that failed (*calls: how many were made); or -1 with the reason
 * in msg when the probes cannot be made here. */
int probe_width(const struct routine *r, long *calls, char *msg,
                size_t len);

#endif
