/* Finding, loading and binding the CPU BLAS.
 *
 * Candidates, in order: BLASROUTE_CPU_BLAS (a path or a soname), OpenBLAS (libopenblas.so.0),
 * then the reference BLAS in the system's blas/ directory. A candidate is taken only if it is not
 * blasroute itself (installed as libblas.so.3, blasroute could otherwise load itself and recurse
 * forever) and it defines every symbol of the table; each symbol is bound with dlsym on the
 * library's own handle, never through the global scope where our own exports would win. */
#include "config.h"
#include "cpu.h"
#include "cpu_kernels.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_names.h"
#include "env.h"
#include "log.h"
#include "process.h"

br_fn br_cpu_table[CPU_SYMBOL_COUNT];
atomic_int br_cpu_ready;

static const char *const cpu_symbol_names[CPU_SYMBOL_COUNT] = {
#define FORTRAN_FORWARD(ret, name, types) #name,
#define FORTRAN_LEVEL3(p, family) #p #family "_",
#define CBLAS_FORWARD(ret, name, types) #name,
#include "interface/expand_routines.h"
};

/* Exported so that a candidate library can be recognised as a copy of blasroute. */
BR_EXPORT const char blasroute_identity[] = "blasroute " PACKAGE_VERSION;

static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
static char cpu_path[4096];
/* Why each rejected candidate was rejected, for the final message. */
static char cpu_failures[2048];

static void note_failure(const char *candidate, const char *why)
{
    size_t used = strlen(cpu_failures);
    snprintf(cpu_failures + used, sizeof cpu_failures - used, "\n  %s: %s", candidate, why);
}

/* blasroute's own loaded segments, to tell a symbol of its own from the CPU BLAS's. One scan
 * of the loaded objects; dladdr per symbol scanned every object's symbol table each time:
 * 267 calls, 115 million instructions, tens of ms at every program's start (2026-11-25). */
enum { MOST_SEGMENTS = 16 };
struct segments {
    uintptr_t start[MOST_SEGMENTS], end[MOST_SEGMENTS];
    int count;
};

static int collect_own(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct segments *own = data;
    uintptr_t me = (uintptr_t)&blasroute_identity;
    int mine = 0;
    own->count = 0;
    for (int i = 0; i < info->dlpi_phnum && own->count < MOST_SEGMENTS; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type != PT_LOAD)
            continue;
        uintptr_t start = info->dlpi_addr + p->p_vaddr, end = start + p->p_memsz;
        own->start[own->count] = start;
        own->end[own->count++] = end;
        mine |= me >= start && me < end;
    }
    return mine; /* 1 stops the scan: these are blasroute's */
}

static int is_own(const struct segments *own, const void *address)
{
    for (int i = 0; i < own->count; i++)
        if ((uintptr_t)address >= own->start[i] && (uintptr_t)address < own->end[i])
            return 1;
    return 0;
}

/* blasroute's segments, found once. */
static struct segments own_segments;
static pthread_once_t own_once = PTHREAD_ONCE_INIT;

static void find_own(void)
{
    if (!dl_iterate_phdr(collect_own, &own_segments))
        own_segments.count = 0; /* not found: nothing is taken for blasroute's */
}

int br_is_own_address(const void *address)
{
    pthread_once(&own_once, find_own);
    return is_own(&own_segments, address);
}

/* Binds every symbol of the table from handle; on failure says why in why[] and returns 0. */
static int bind_all(void *handle, char *why, size_t why_size)
{
    static br_fn table[CPU_SYMBOL_COUNT];
    for (int i = 0; i < CPU_SYMBOL_COUNT; i++) {
        void *address = dlsym(handle, cpu_symbol_names[i]);
        if (!address) {
            snprintf(why, why_size, "does not define %s", cpu_symbol_names[i]);
            return 0;
        }
        if (br_is_own_address(address)) {
            snprintf(why, why_size, "its %s is blasroute's own", cpu_symbol_names[i]);
            return 0;
        }
        /* POSIX guarantees a dlsym result converts to a function pointer. */
        memcpy(&table[i], &address, sizeof address);
    }
    memcpy(br_cpu_table, table, sizeof table);
    return 1;
}

const char *const br_cpu_blas64_defaults[BR_CPU_BLAS64_DEFAULTS] = {
    "libopenblas64.so.0",
    BLASROUTE_SYSTEM_BLAS_DIR "64/libblas64.so.3",
    "libblas64.so.3",
};
#ifdef BLASROUTE_ILP64
/* libblasroute64.so: a BLAS with 64-bit integers under the plain names, as Debian ships them. */
#define CPU_BLAS_VARIABLE "BLASROUTE_CPU_BLAS64"
#define CPU_BLAS_CHOSEN cpu_blas64
static const char *const *const defaults = br_cpu_blas64_defaults;
enum { DEFAULT_COUNT = BR_CPU_BLAS64_DEFAULTS };
#else
#define CPU_BLAS_VARIABLE "BLASROUTE_CPU_BLAS"
#define CPU_BLAS_CHOSEN cpu_blas
static const char *const defaults[] = {
    "libopenblas.so.0",
    BLASROUTE_SYSTEM_BLAS_DIR "/libblas.so.3",
    "libblas.so.3",
};
enum { DEFAULT_COUNT = sizeof defaults / sizeof defaults[0] };
#endif

void *br_cpu_open_candidate(const char *candidate, char *why, size_t why_size, char *path,
                            size_t path_size)
{
    void *handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        snprintf(why, why_size, "%s", error ? error : "cannot be loaded");
        return NULL;
    }
    if (dlsym(handle, "blasroute_identity")) {
        snprintf(why, why_size, "is blasroute itself");
        dlclose(handle);
        return NULL;
    }
    struct link_map *map = NULL;
    const char *name = candidate;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && map->l_name[0])
        name = map->l_name;
    snprintf(path, path_size, "%s", name);
    return handle;
}

/* The CPU BLAS's handle, for the symbols outside the table (br_cpu_library_symbol). */
static void *cpu_handle;

/* Loads and binds one candidate; on failure records why and returns 0. */
static int try_candidate(const char *candidate)
{
    char why[512];
    void *handle = br_cpu_open_candidate(candidate, why, sizeof why, cpu_path, sizeof cpu_path);
    if (handle && !bind_all(handle, why, sizeof why)) {
        dlclose(handle);
        handle = NULL;
    }
    if (!handle) {
        if (candidate == br_env()->CPU_BLAS_CHOSEN)
            br_warn(CPU_BLAS_VARIABLE "=%s cannot be used: %s; falling back to the defaults",
                    candidate, why);
        note_failure(candidate, why);
        return 0;
    }
    cpu_handle = handle;
    return 1; /* the handle stays open for the life of the process */
}

static void load_once(void)
{
#ifndef BLASROUTE_ILP64
    br_names_check_program(); /* before the CPU BLAS is loaded: the program's libraries only */
#endif
    const char *chosen = br_env()->CPU_BLAS_CHOSEN;
    int loaded = 0;
    if (chosen)
        loaded = try_candidate(chosen);
    size_t default_count =
        br_env()->test_no_default_cpu_blas ? 0 : DEFAULT_COUNT;
    for (size_t i = 0; !loaded && i < default_count; i++)
        loaded = try_candidate(defaults[i]);
    if (!loaded) {
        fprintf(stderr,
                "blasroute: no CPU BLAS could be loaded, and blasroute needs one to answer BLAS "
                "calls. Tried:%s\nblasroute: set " CPU_BLAS_VARIABLE " to the path or soname "
                "of a BLAS library (for example %s) and run again.\n",
                cpu_failures, defaults[0]);
        abort();
    }
    br_verbose("CPU BLAS: %s", cpu_path);
    char kernels[256];
    /* Said only when asked: nothing added to a program's start otherwise. POSIX guarantees a
     * dlsym result converts to a function pointer. */
    if (br_env()->verbose &&
        br_cpu_kernels_describe((char *(*)(void))dlsym(cpu_handle, "openblas_get_corename"),
                                kernels, sizeof kernels) == 0)
        br_verbose("CPU BLAS kernels: %s", kernels);
    br_process_register_exit(); /* before the CPU BLAS's destructors (process.h) */
    atomic_store_explicit(&br_cpu_ready, 1, memory_order_release);
}

void br_cpu_load(void)
{
    pthread_once(&cpu_once, load_once);
}

void *br_cpu_library_symbol(const char *symbol)
{
    br_cpu_load();
    return dlsym(cpu_handle, symbol);
}

const char *br_cpu_library_path(void)
{
    br_cpu_load();
    return cpu_path;
}
