/* The Level-3 routines blasroute-bench times: their options, sizes, operands, flop counts and
 * Fortran entry points (the CPU BLAS's and blasroute's own), one table for all of them. */
#ifndef BLASROUTE_BENCH_ROUTINES_H
#define BLASROUTE_BENCH_ROUTINES_H

#include <stddef.h>

#include "bench_common.h"
#include "bench_options.h"

/* Any Fortran entry point, stored as this and called through its own type. */
typedef void bench_function(void);

/* "gemm", "symm", ... */
const char *bench_family_name(enum bench_family family);

/* Whether the routine exists in that precision (hemm, herk, her2k: complex only). */
int bench_family_exists(enum bench_family family, char precision);

/* The --options shape the routine takes (BENCH_SHAPE_NONE for gemm, which takes --trans), and
 * its default option string. */
enum bench_option_shape bench_family_shape(enum bench_family family);
const char *bench_family_default(enum bench_family family);

/* The option string the routine computes for given (of its shape) in that precision, in out[5]:
 * C is T for real data; the rank-k families' transposition is T for syrk and syr2k and C for
 * herk and her2k, whichever of the two was given. */
void bench_effective_options(enum bench_family family, char precision, const char *given,
                             char out[5]);

/* The dimensions of shape the routine takes (gemm m, n, k; symm, hemm, trmm, trsm m, n; the
 * rank-k families n, k), the others 0: two sizes of --sizes that give the same are the same
 * problem for that routine. */
struct bench_shape bench_shape_taken(enum bench_family family, struct bench_shape shape);

/* Sets p up for the routine, precision, options (effective) and shape: sizes as the routine
 * names them, leading dimensions, array sizes, alpha and beta (its real part `beta`, as
 * --beta). The arrays are left NULL. */
void bench_setup(struct bench_problem *p, enum bench_family family, char precision,
                 const char *options, struct bench_shape shape, double beta);

/* Whether the routine has a beta and it is 0: then C is not to be read. */
int bench_beta_zero(const struct bench_problem *p);

/* Fills p's arrays (allocated to their bench_?_bytes) with reproducible random values in
 * [-1, 1], and for TRSM a well-conditioned triangle (see bench_routines.c); C with NaN where
 * beta is 0, so that a result that read it is wrong. */
void bench_fill(const struct bench_problem *p, void *a, void *b, void *c0);

/* The routine's floating-point operations (complex ones counted as 4 or 2 real ones). */
double bench_flops(const struct bench_problem *p);

/* The Fortran symbol, "dsymm_", in out. */
void bench_fortran_name(enum bench_family family, char precision, char out[8]);

/* Whose Fortran entry points a call goes to: blasroute's own (the one a program calls), the
 * CPU BLAS's, or NVBLAS's (bound from dlsym by bench_set_entry). */
enum bench_entry { BENCH_BLASROUTE, BENCH_CPU_BLAS, BENCH_NVBLAS, BENCH_ENTRY_COUNT };

/* Records a library's entry point for that routine and precision (BENCH_CPU_BLAS or
 * BENCH_NVBLAS). */
void bench_set_entry(enum bench_entry source, enum bench_family family, char precision,
                     bench_function *entry);

/* Binds every routine's Fortran entry point in every precision it exists in from a library's
 * handle (dlopen) as source's: 0, or -1 with the first symbol missing in missing[8]. */
int bench_bind_entries(void *handle, enum bench_entry source, char missing[8]);

/* One call of the routine on p, from its host arrays, writing p->c, through source's entry
 * point. */
void bench_call(const struct bench_problem *p, enum bench_entry source);

/* Only columns[0 .. count) of that call's result, each by a call of its own on one column
 * (the rank-k families' triangle part of it by GEMM): the checked columns of a reference at a
 * fraction of the whole call's cost (c and z 8192 references took most of a bench row on the
 * H200's host). 0, or -1 where a column depends on the others (side R, and blasroute's entry
 * points: a call of a single column would not be the one measured). */
int bench_call_columns(const struct bench_problem *p, enum bench_entry source,
                       const int *columns, int count);

#endif
