/* The names under test of the Level-3 routines and their width probes:
 * see level3_names.h. */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif

#include "level3_names.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* The names                                                                */
/* ------------------------------------------------------------------------ */

struct names {
    const char *name;           /* as BLASROUTE_TEST_NAMES gives it */
    const char *prefix;         /* before "dgemm" and before "cblas_dgemm" */
    const char *fortran_suffix; /* after "dgemm" */
    const char *cblas_suffix;   /* after "cblas_dgemm" */
    enum int_width width;
    const char *library_variable; /* default library; NULL: the linked one */
};

static const struct names NAMES[] = {
    { "plain", "", "_", "", WIDTH32, NULL },
    { "64", "", "_64_", "64_", WIDTH64, NULL },
    { "scipy64", "scipy_", "_64_", "64_", WIDTH64, NULL },
    { "scipy", "scipy_", "_", "", WIDTH32, NULL },
    { "plain64", "", "_", "", WIDTH64, "BLASROUTE_LIBRARY64" },
};
enum { N_NAMES = sizeof NAMES / sizeof NAMES[0] };

static const struct names *chosen = &NAMES[0];

void entry_name(const struct routine *r, enum iface ifc, char *out,
                size_t len)
{
    if (ifc == IF_FORTRAN)
        snprintf(out, len, "%s%s%s", chosen->prefix, r->name,
                 chosen->fortran_suffix);
    else
        snprintf(out, len, "%scblas_%s%s", chosen->prefix, r->name,
                 chosen->cblas_suffix);
}

static const char *env_or_null(const char *variable)
{
    const char *v = getenv(variable);
    return v && *v ? v : NULL;
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* The entry point called name in handle, which must lie in the file
 * object: a symbol found elsewhere (a dependency of the library, another
 * library in the global scope) would test something else. */
static anyfn resolve(void *handle, const char *name, const char *object)
{
    Dl_info info;
    anyfn fn;
    dlerror();
    void *sym = dlsym(handle, name);
    if (!sym)
        bail_out("no entry point %s in %s", name, object);
    if (!dladdr(sym, &info) || !info.dli_fname)
        bail_out("dladdr cannot place %s", name);
    if (!same_file(info.dli_fname, object))
        bail_out("%s resolves into %s, not into the library under test %s",
                 name, info.dli_fname, object);
    memcpy(&fn, &sym, sizeof fn); /* POSIX: object to function pointer */
    return fn;
}

/* The file of the linked library under test: where its sgemm_ lies. */
static const char *linked_library(void)
{
    Dl_info info;
    void *sgemm;
    memcpy(&sgemm, &ROUTINES[0].lib_fortran, sizeof sgemm);
    if (!dladdr(sgemm, &info) || !info.dli_fname || !*info.dli_fname)
        bail_out("dladdr cannot place the linked sgemm_");
    return info.dli_fname;
}

int choose_names(void)
{
    const char *wanted = env_or_null("BLASROUTE_TEST_NAMES");
    const char *library = env_or_null("BLASROUTE_TEST_LIBRARY");
    void *handle = RTLD_DEFAULT;
    char name[64];

    if (!wanted && !library)
        return 0;
    if (wanted) {
        chosen = NULL;
        for (int i = 0; i < N_NAMES && !chosen; i++)
            if (!strcmp(wanted, NAMES[i].name))
                chosen = &NAMES[i];
        if (!chosen)
            bail_out("BLASROUTE_TEST_NAMES=%s: not plain, 64, scipy64, "
                     "scipy or plain64", wanted);
    }
    if (!library && chosen->library_variable) {
        library = env_or_null(chosen->library_variable);
        if (!library)
            bail_out("BLASROUTE_TEST_NAMES=%s needs BLASROUTE_TEST_LIBRARY "
                     "or %s", chosen->name, chosen->library_variable);
    }
    if (library) {
        /* RTLD_LOCAL: its names stay out of the global scope, where the
         * linked library's equal names are. */
        handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (!handle)
            bail_out("cannot load %s: %s", library, dlerror());
    } else {
        library = linked_library();
    }
    for (int i = 0; i < N_ROUTINES; i++) {
        struct routine *r = &ROUTINES[i];
        entry_name(r, IF_FORTRAN, name, sizeof name);
        r->lib_fortran = resolve(handle, name, library);
        entry_name(r, IF_CBLAS_COL, name, sizeof name);
        r->lib_cblas = resolve(handle, name, library);
        r->width = chosen->width;
    }
    entry_name(&ROUTINES[1], IF_FORTRAN, name, sizeof name);
    printf("# names under test: %s (%s, ", chosen->name, name);
    entry_name(&ROUTINES[1], IF_CBLAS_COL, name, sizeof name);
    printf("%s; %d-bit INTEGER) from %s\n", name,
           chosen->width == WIDTH64 ? 64 : 32, library);
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Width probes                                                             */
/* ------------------------------------------------------------------------ */

/*
 * On x86-64 a value narrower than 64 bits reaches the callee in the low
 * half of a register or of an 8-byte stack slot, and a pointed-to int64_t
 * keeps its low half first, so an entry point that reads 32 bits where 64
 * are passed sees the right numbers whenever they are small: the ordinary
 * calls of level3_vs_reference cannot tell the widths apart. A probe call
 * therefore passes integers that only the promised width reads as valid:
 *  - 64-bit names: WIDE, which is above INT32_MAX, so that its low half
 *    read as a 32-bit int is negative, an argument error;
 *  - 32-bit names: 0 or 1 with the upper half of their 64-bit slot all
 *    ones (UPPER_ONES), negative when read as 64 bits. The slots are
 *    those of the 64-bit invokers: the ABI leaves the upper half of an
 *    int argument undefined, and an int pointed to is the slot's low
 *    half, so an entry point of the right width reads 0 or 1.
 * The calls are quick returns at the right width (one dimension 0, or k =
 * 0 with beta = 1; every leading dimension at least any dimension), so
 * that WIDE dimensions touch no memory.
 */
static const int64_t WIDE = (int64_t)INT32_MAX + 6;
static const int64_t UPPER_ONES = -((int64_t)1 << 32);

/* A probe's integer: 0, or a valid non-zero value, at the width given. */
static int64_t probe_int(enum int_width width, int nonzero)
{
    if (width == WIDTH64)
        return nonzero ? WIDE : 0;
    return UPPER_ONES + (nonzero ? 1 : 0);
}

/* The arrays of a probe call: a few poisoned elements each, which a quick
 * return leaves as they are. */
enum { PROBE_ELEMS = 8 };
struct probe_arrays {
    unsigned char op[N_OPS][PROBE_ELEMS * 2 * sizeof(double)];
    unsigned char poison[PROBE_ELEMS * 2 * sizeof(double)];
};

/* Capturing what a call writes to stderr: fd 2 is pointed at a temporary
 * file for the call. If the call exits the process (the CBLAS error
 * handler does), probe_exit_guard reports the probe that was under way. */
static int capture_fd = -1, saved_stderr = -1;
static char probe_under_way[300];

static void capture_begin(void)
{
    if (capture_fd < 0) {
        FILE *f = tmpfile();   /* kept open for the whole run */
        if (!f)
            bail_out("tmpfile for the width probes' stderr failed");
        capture_fd = fileno(f);
    }
    fflush(stderr);
    if (ftruncate(capture_fd, 0) != 0 || lseek(capture_fd, 0, SEEK_SET) != 0)
        bail_out("cannot reset the width probes' stderr file");
    saved_stderr = dup(2);
    if (saved_stderr < 0 || dup2(capture_fd, 2) < 0)
        bail_out("cannot redirect stderr for a width probe");
}

/* Ends the capture; its first line (or "") in text; 1 if anything was
 * written. */
static int capture_end(char *text, size_t len)
{
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    saved_stderr = -1;
    ssize_t got = pread(capture_fd, text, len - 1, 0);
    text[got > 0 ? got : 0] = '\0';
    text[strcspn(text, "\n")] = '\0';
    return got > 0;
}

static void probe_exit_guard(void)
{
    char text[200];
    if (!probe_under_way[0])
        return;
    capture_end(text, sizeof text);
    printf("Bail out! %s: the process exited inside the call (an argument "
           "error?)%s%s\n", probe_under_way, text[0] ? "; it wrote: " : "",
           text);
}

/* Probe call number `zeroed` (an index into the dimensions m, n, k) of r
 * through ifc at the given width. */
static void probe_call(const struct routine *r, enum iface ifc, int zeroed,
                       enum int_width width, struct call *c,
                       struct call_ints *v, struct probe_arrays *arr)
{
    const struct family *f = r->fam;
    const struct precision *p = &PRECISIONS[r->prec];
    struct rng unused = { 0 };  /* make_scalar draws only for "other" */
    int64_t *dim[3] = { &v->m, &v->n, &v->k };
    void **ptr[N_OPS] = { &c->a, &c->b, &c->c };

    memset(c, 0, sizeof *c);
    c->r = r;
    c->ifc = ifc;
    c->layout = ifc == IF_CBLAS_ROW ? CB_ROW_MAJOR : CB_COL_MAJOR;
    c->side = 'L', c->uplo = 'U', c->transa = 'N', c->transb = 'N';
    c->diag = 'N';
    c->alpha_class = c->beta_class = 1;
    make_scalar(1, f->real_alpha, r->prec, &unused, c->alpha, &c->alpha_arg);
    make_scalar(1, f->real_beta, r->prec, &unused, c->beta, &c->beta_arg);
    for (int d = 0; d < 3; d++)
        *dim[d] = f->dims & (1 << d) ? probe_int(width, d != zeroed) : 0;
    v->lda = v->ldb = v->ldc = probe_int(width, 1);
    poison_range(p, arr->poison, PROBE_ELEMS);
    for (int i = 0; i < N_OPS; i++) {
        memcpy(arr->op[i], arr->poison, sizeof arr->poison);
        *ptr[i] = arr->op[i];
    }
}

static void describe_probe(const struct routine *r, const struct call *c,
                           const struct call_ints *v, char *out, size_t len)
{
    const char *dim_name[3] = { "m", "n", "k" };
    const int64_t dims[3] = { v->m, v->n, v->k };
    char name[64];
    size_t n = 0;

    entry_name(r, c->ifc, name, sizeof name);
    appendf(out, len, &n, "%s%s:", name,
            c->ifc == IF_FORTRAN ? ""
            : c->ifc == IF_CBLAS_ROW ? " row-major" : " col-major");
    for (int d = 0; d < 3; d++)
        if (r->fam->dims & (1 << d))
            appendf(out, len, &n, " %s=%#llx", dim_name[d],
                    (unsigned long long)dims[d]);
    appendf(out, len, &n, " lda=ldb=ldc=%#llx (quick return)",
            (unsigned long long)v->lda);
}

/* Makes one probe call through fn: 0 if it was silent and wrote nothing,
 * else 1 and what it did in msg. */
static int probe_once(const struct call *c, const struct call_ints *v,
                      anyfn fn, const struct probe_arrays *arr,
                      const char *desc, char *msg, size_t len)
{
    const char op_name[N_OPS] = { 'A', 'B', 'C' };
    char text[200];

    capture_begin();
    snprintf(probe_under_way, sizeof probe_under_way, "width probe %s",
             desc);
    invoke_ints(c, fn, WIDTH64, v);
    int wrote = capture_end(text, sizeof text);
    probe_under_way[0] = '\0';
    if (wrote) {
        snprintf(msg, len, "wrote to stderr \"%s\"", text);
        return 1;
    }
    for (int i = 0; i < N_OPS; i++)
        if (memcmp(arr->op[i], arr->poison, sizeof arr->poison)) {
            snprintf(msg, len, "wrote to %c", op_name[i]);
            return 1;
        }
    return 0;
}

enum { MAX_PROBE_REPORTS = 3 };

int probe_width(const struct routine *r, long *calls, char *msg,
                size_t len)
{
    static int guard_registered;
    anyfn lib[N_IFACES] = { r->lib_fortran, r->lib_cblas, r->lib_cblas };
    anyfn ref[N_IFACES] = { r->ref_fortran, r->ref_cblas, r->ref_cblas };
    int failures = 0;

    *calls = 0;
#if defined(__x86_64__)
    (void)msg, (void)len;   /* every probe can be made */
#else
    if (r->width == WIDTH32) {
        snprintf(msg, len, "the 32-bit probe's slots are laid out for "
                 "x86-64 only");
        return -1;
    }
#endif
    if (!guard_registered) {
        /* Registered after the library's first call: it runs before the
         * library's own exit handlers, which then write to the real
         * stderr again. */
        atexit(probe_exit_guard);
        guard_registered = 1;
    }
    for (int ifc = 0; ifc < N_IFACES; ifc++)
        for (int d = 0; d < 3; d++) {
            struct call c;
            struct call_ints v;
            struct probe_arrays arr;
            char desc[300], what[300];

            if (!(r->fam->dims & (1 << d)))
                continue;
            probe_call(r, (enum iface)ifc, d, r->width, &c, &v, &arr);
            describe_probe(r, &c, &v, desc, sizeof desc);
            if (probe_once(&c, &v, ref[ifc], &arr, desc, what, sizeof what))
                bail_out("width probe %s: the reference %s (a probe must be "
                         "a quick return there)", desc, what);
            probe_call(r, (enum iface)ifc, d, r->width, &c, &v, &arr);
            ++*calls;
            if (!probe_once(&c, &v, lib[ifc], &arr, desc, what, sizeof what))
                continue;
            /* Printed at once: a CBLAS probe to come may end the process. */
            if (++failures <= MAX_PROBE_REPORTS)
                printf("# %s\n#     %s\n", desc, what);
        }
    print_more_failures(failures, MAX_PROBE_REPORTS);
    return failures;
}
