/* The CPU side of the scipy_ and 64_ names, and the check that a program does not use an ILP64
 * BLAS under plain names through the 32-bit library.
 *
 * numpy's wheels ship OpenBLAS with 64-bit integers and renamed symbols (scipy_dgemm_64_),
 * loaded by numpy's extension module as its own dependency, outside the global scope; SciPy's
 * ship a 32-bit build (scipy_dgemm_). blasroute, preloaded, answers those names; what it sends
 * to the CPU goes back to that very library, found among the loaded objects, so that the
 * program computes with the BLAS it was built with. */
#include "config.h"
#include "cpu_names.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_level3.h"
#include "env.h"
#include "log.h"
#include "process.h"

/* How each family of names spells a Fortran routine, and its INTEGER. */
static const struct {
    const char *prefix, *suffix;
    int integer_bits;
} names_table[BR_NAMES_COUNT] = {
    [BR_NAMES_PLAIN] = {"", "_", (int)sizeof(blas_int) * 8},
    [BR_NAMES_64] = {"", "_64_", 64},
    [BR_NAMES_SCIPY64] = {"scipy_", "_64_", 64},
    [BR_NAMES_SCIPY] = {"scipy_", "_", 32},
};

void br_names_fortran_symbol(enum br_names names, const char *routine, char *out, size_t size)
{
    snprintf(out, size, "%s%s%s", names_table[names].prefix, routine, names_table[names].suffix);
}

/* --- the loaded objects ---------------------------------------------------------------------- */


enum { MAX_OBJECTS = 512 };
struct object_list {
    int count;
    char *paths[MAX_OBJECTS];
};

static int collect_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct object_list *list = data;
    /* The main program (an empty name) is left out: dlopen(NULL) would search the global scope,
     * where blasroute's own names come first. */
    if (info->dlpi_name && info->dlpi_name[0] && list->count < MAX_OBJECTS) {
        char *copy = strdup(info->dlpi_name);
        if (copy) /* never NULL in the list: dlopen(NULL) is the global scope */
            list->paths[list->count++] = copy;
    }
    return 0;
}

/* The definition of symbol in a loaded object other than blasroute, or NULL; *path names the
 * object. The list is taken first and searched after: dlopen must not be called from inside
 * dl_iterate_phdr, which holds the loader's lock. */
static void *find_loaded(const char *symbol, char *path, size_t path_size)
{
    struct object_list list = {0};
    dl_iterate_phdr(collect_object, &list);
    void *found = NULL;
    for (int i = 0; i < list.count; i++) {
        if (!found) {
            /* RTLD_NOLOAD: only an object already there; its reference is kept, so the address
             * stays valid for the life of the process. */
            void *handle = dlopen(list.paths[i], RTLD_LAZY | RTLD_NOLOAD);
            void *address = handle ? dlsym(handle, symbol) : NULL;
            if (address && !br_is_own_address(address))
                found = address;
            else if (handle)
                dlclose(handle);
        }
        free(list.paths[i]);
    }
    /* The file that defines it (the object searched may have found it in a dependency): one
     * dladdr, which scans every object's symbols, for the symbol found. */
    Dl_info info;
    if (found && dladdr(found, &info) && info.dli_fname)
        snprintf(path, path_size, "%s", info.dli_fname);
    return found;
}

/* --- the ILP64 CPU BLAS ---------------------------------------------------------------------- */

static pthread_once_t ilp64_once = PTHREAD_ONCE_INIT;
static void *ilp64_handle;
static char ilp64_path[4096];

/* The width of an OpenBLAS's integers, from the configuration it reports: 32 or 64, or 0 for a
 * library that is not OpenBLAS (the others cannot tell). */
static int openblas_integer_bits(void *handle)
{
    void *config = dlsym(handle, "openblas_get_config");
    if (!config)
        return 0;
    const char *(*get_config)(void);
    memcpy(&get_config, &config, sizeof config);
    return strstr(get_config(), "USE64BITINT") ? 64 : 32;
}

static void load_ilp64(void)
{
#ifndef BLASROUTE_ILP64
    br_names_check_program(); /* before blasroute loads an ILP64 BLAS of its own */
#endif
    const char *chosen = br_env()->cpu_blas64;
    for (int i = chosen ? -1 : 0; i < BR_CPU_BLAS64_DEFAULTS && !ilp64_handle; i++) {
        const char *candidate = i < 0 ? chosen : br_cpu_blas64_defaults[i];
        char why[512];
        void *handle =
            br_cpu_open_candidate(candidate, why, sizeof why, ilp64_path, sizeof ilp64_path);
        if (handle && openblas_integer_bits(handle) == 32)
            snprintf(why, sizeof why, "has 32-bit integers");
        else if (handle && !dlsym(handle, "dgemm_") && !dlsym(handle, "dgemm_64_"))
            snprintf(why, sizeof why, "has no dgemm_");
        else if (handle)
            ilp64_handle = handle;
        if (!ilp64_handle) {
            if (i < 0)
                br_warn("BLASROUTE_CPU_BLAS64=%s cannot be used: %s; falling back to the "
                        "defaults",
                        candidate, why);
            if (handle)
                dlclose(handle);
        }
    }
    if (ilp64_handle)
        br_verbose("CPU BLAS for 64-bit integers: %s", ilp64_path);
}

/* An ILP64 library's routine: OpenBLAS's 64_ spelling first, then the plain one. */
static void *ilp64_symbol(const char *routine)
{
    pthread_once(&ilp64_once, load_ilp64);
    if (!ilp64_handle)
        return NULL;
    char symbol[32];
    br_names_fortran_symbol(BR_NAMES_64, routine, symbol, sizeof symbol);
    void *address = dlsym(ilp64_handle, symbol);
    if (!address) {
        br_names_fortran_symbol(BR_NAMES_PLAIN, routine, symbol, sizeof symbol);
        address = dlsym(ilp64_handle, symbol);
    }
    return address;
}

/* --- resolution, once per routine and names -------------------------------------------------- */

static struct br_named_slot resolved[BR_NAMES_COUNT][BR_FAMILY_COUNT][BR_PRECISION_COUNT];
/* The library found answering each names' Level-3 routines (the first found), for the CPU
 * calibration: written under resolve_lock before the slot is marked done. */
static char named_library[BR_NAMES_COUNT][4096];
static pthread_mutex_t resolve_lock = PTHREAD_MUTEX_INITIALIZER;

void br_names_at_fork(enum br_fork_stage stage)
{
    /* A resolution loads libraries under the lock: a child must not inherit it held. */
    br_fork_lock(&resolve_lock, stage);
}

/* Finds what answers `routine` of the names on the CPU: the routine of that very name in a
 * loaded library, else for 64-bit names the ILP64 CPU BLAS's. Failing both, a Level-3 routine
 * is left to the CPU BLAS's table (fn NULL, 32 bits: when the call's integers fit), any other
 * routine to the CPU BLAS's plain name when the names' integers are 32 bits (fn NULL if it has
 * none). */
static void resolve(struct br_named_slot *r, enum br_names names, const char *routine,
                    int level3)
{
    char symbol[32], path[4096] = "";
    br_names_fortran_symbol(names, routine, symbol, sizeof symbol);
    void *address = find_loaded(symbol, path, sizeof path);
    int bits = names_table[names].integer_bits;
    if (address) {
        br_verbose("%s: answered on the CPU by %s", symbol, path);
        if (level3 && !named_library[names][0])
            snprintf(named_library[names], sizeof named_library[names], "%s", path);
    } else if (bits == 64 && (address = ilp64_symbol(routine))) {
        br_verbose("%s: answered on the CPU by %s", symbol, ilp64_path);
    } else if (level3) {
        bits = 32;
        br_verbose("%s: no library of that name is loaded; answered on the CPU by the CPU BLAS "
                   "when its integers fit in 32 bits",
                   symbol);
    } else if (bits == (int)sizeof(blas_int) * 8) {
        char plain[32];
        br_names_fortran_symbol(BR_NAMES_PLAIN, routine, plain, sizeof plain);
        address = br_cpu_library_symbol(plain);
        br_verbose("%s: no library of that name is loaded; %s", symbol,
                   address ? "answered on the CPU by the CPU BLAS" : "the CPU BLAS lacks it too");
    }
    br_fn fn = NULL;
    memcpy(&fn, &address, sizeof address); /* POSIX: a dlsym result converts */
    r->integer_bits = bits;
    atomic_store(&r->fn, fn);
    atomic_store_explicit(&r->done, 1, memory_order_release);
}

/* The slot resolved once, under the lock. */
static void resolve_once(struct br_named_slot *r, enum br_names names, const char *routine,
                         int level3)
{
    if (br_unlikely(!atomic_load_explicit(&r->done, memory_order_acquire))) {
        pthread_mutex_lock(&resolve_lock);
        if (!atomic_load(&r->done))
            resolve(r, names, routine, level3);
        pthread_mutex_unlock(&resolve_lock);
    }
}

struct br_cpu_routine br_cpu_named_routine(enum br_names names, const char *routine,
                                           struct br_named_slot *slot)
{
    resolve_once(slot, names, routine, 0);
    return (struct br_cpu_routine){atomic_load_explicit(&slot->fn, memory_order_relaxed),
                                   slot->integer_bits};
}

struct br_cpu_routine br_cpu_named_level3(const struct br_call *call)
{
    struct br_named_slot *r = &resolved[call->names][call->family][call->precision];
    if (br_unlikely(!atomic_load_explicit(&r->done, memory_order_acquire))) {
        char routine[8];
        br_routine_name_lower(call, routine);
        resolve_once(r, call->names, routine, 1);
    }
    br_fn fn = atomic_load_explicit(&r->fn, memory_order_relaxed);
    if (fn)
        return (struct br_cpu_routine){fn, r->integer_bits};
    if (!br_call_fits_32_bits(call)) {
        char routine[8], symbol[32];
        br_routine_name_lower(call, routine);
        br_names_fortran_symbol(call->names, routine, symbol, sizeof symbol);
        fprintf(stderr,
                "blasroute: %s was called with integers beyond 32 bits (m=%lld n=%lld k=%lld) "
                "for the CPU, and no BLAS with 64-bit integers could be loaded to answer it: no "
                "loaded library defines %s, and neither BLASROUTE_CPU_BLAS64, "
                "libopenblas64.so.0 nor the reference libblas64.so.3 could be used.\n"
                "blasroute: install libopenblas64-0 or set BLASROUTE_CPU_BLAS64 to a BLAS with "
                "64-bit integers, and run again.\n",
                symbol, (long long)call->m, (long long)call->n, (long long)call->k, symbol);
        abort();
    }
    return (struct br_cpu_routine){br_cpu_level3_symbol(call->family, call->precision),
                                   (int)sizeof(blas_int) * 8};
}

const char *br_cpu_named_library(enum br_names names)
{
    if (names == BR_NAMES_PLAIN)
        return br_cpu_library_path();
    struct br_named_slot *r = &resolved[names][BR_GEMM][BR_D];
    resolve_once(r, names, "dgemm", 1);
    return named_library[names][0] ? named_library[names] : br_cpu_library_path();
}

struct br_cpu_routine br_cpu_named_xerbla(enum br_names names)
{
    static _Atomic(br_fn) xerbla[BR_NAMES_COUNT];
    static atomic_int looked[BR_NAMES_COUNT];
    /* Only on an argument error: a search each time costs nothing that matters, but once is
     * enough. */
    if (!atomic_load(&looked[names])) {
        char symbol[32], path[4096];
        br_names_fortran_symbol(names, "xerbla", symbol, sizeof symbol);
        void *address = find_loaded(symbol, path, sizeof path);
        br_fn fn = NULL;
        memcpy(&fn, &address, sizeof address);
        atomic_store(&xerbla[names], fn);
        atomic_store(&looked[names], 1);
    }
    return (struct br_cpu_routine){atomic_load(&xerbla[names]), names_table[names].integer_bits};
}

#ifndef BLASROUTE_ILP64
/* Whether an object is an ILP64 BLAS under plain names: Debian's libblas64.so.3 (reference or
 * OpenBLAS) and libopenblas64.so.0, or any OpenBLAS built with 64-bit integers that defines
 * dgemm_. */
static int is_ilp64_plain_blas(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!strncmp(base, "libblas64.so", 12) || !strncmp(base, "libcblas64.so", 13) ||
        !strncmp(base, "libopenblas64.so", 16) || !strncmp(base, "libopenblas64p", 14))
        return 1;
    void *handle = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
    int ilp64 = 0;
    if (handle) {
        /* The object's own OpenBLAS, not one it depends on. */
        void *config = dlsym(handle, "openblas_get_config");
        Dl_info info;
        ilp64 = config && dladdr(config, &info) && !strcmp(info.dli_fname, path) &&
                dlsym(handle, "dgemm_") && openblas_integer_bits(handle) == 64;
        dlclose(handle);
    }
    return ilp64;
}

static void check_program_once(void)
{
    struct object_list list = {0};
    dl_iterate_phdr(collect_object, &list);
    int said = 0;
    for (int i = 0; i < list.count; i++) {
        if (!said && is_ilp64_plain_blas(list.paths[i])) {
            br_warn("this program has loaded %s, a BLAS with 64-bit integers under the plain "
                    "names (dgemm_, cblas_dgemm); libblasroute.so reads those names' integers "
                    "as 32-bit ones, which gives wrong results for such a program: preload "
                    "libblasroute64.so instead (README: programs built against an ILP64 BLAS)",
                    list.paths[i]);
            said = 1;
        }
        free(list.paths[i]);
    }
}

void br_names_check_program(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, check_program_once);
}
#endif
