/* The CPU BLAS: found and loaded at run time, on the first call that needs it. */
#ifndef BLASROUTE_CPU_H
#define BLASROUTE_CPU_H

#include <stdatomic.h>

#include "common.h"

/* One index per CPU BLAS symbol blasroute calls: every forwarded routine and every Fortran
 * Level-3 routine (the CPU path of the router). */
enum cpu_symbol {
#define FORTRAN_FORWARD(ret, name, types) CPU_##name,
#define FORTRAN_LEVEL3(p, family) CPU_##p##family##_,
#define CBLAS_FORWARD(ret, name, types) CPU_##name,
#include "interface/expand_routines.h"
    CPU_SYMBOL_COUNT
};

/* A generic function pointer: each caller casts it back to the routine's own type. */
typedef void (*br_fn)(void);

extern br_fn br_cpu_table[CPU_SYMBOL_COUNT];
extern atomic_int br_cpu_ready;

/* Loads the CPU BLAS once (thread-safe). Never returns without a complete table: if no CPU BLAS
 * can be found it prints one message naming BLASROUTE_CPU_BLAS and aborts. */
void br_cpu_load(void);

/* The CPU BLAS's definition of a symbol, loading the library on first use. */
static inline br_fn br_cpu_symbol(enum cpu_symbol symbol)
{
    if (br_unlikely(!atomic_load_explicit(&br_cpu_ready, memory_order_acquire)))
        br_cpu_load();
    return br_cpu_table[symbol];
}

/* The CPU BLAS's definition of a symbol outside the table (a LAPACK routine that an OpenBLAS
 * also exports), or NULL; loads the library on first use. */
void *br_cpu_library_symbol(const char *symbol);

/* Whether an address is inside blasroute's own loaded object (its code or data): a symbol
 * found there is blasroute's, never a CPU BLAS's. */
int br_is_own_address(const void *address);

/* The file the CPU BLAS was loaded from (after br_cpu_load). */
const char *br_cpu_library_path(void);

/* Opens a candidate CPU BLAS (a path or a soname) privately, RTLD_LOCAL, and writes the file it
 * was loaded from to path; NULL, with why, if it cannot be loaded or is blasroute itself
 * (installed as libblas.so.3, blasroute could load itself and recurse forever). */
void *br_cpu_open_candidate(const char *candidate, char *why, size_t why_size, char *path,
                            size_t path_size);

/* Where a BLAS with 64-bit integers under the plain names is looked for, in order, after
 * BLASROUTE_CPU_BLAS64: Debian's OpenBLAS, then its reference (by path, then by soname). */
enum { BR_CPU_BLAS64_DEFAULTS = 3 };
extern const char *const br_cpu_blas64_defaults[BR_CPU_BLAS64_DEFAULTS];

#endif
