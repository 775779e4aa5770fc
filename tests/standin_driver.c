/*
 * standin_driver.c - the "Python" of tests/wheel_standin.sh.
 *
 *     standin_driver EXPECT MODULE...
 *
 * Loads each MODULE (tests/standin_module.c, one per wheel family) with
 * dlopen(RTLD_NOW | RTLD_LOCAL), as CPython loads an extension module, so
 * that the module's stand-in BLAS is not in the global scope.  Through
 * each module it makes the calls of CASES on fresh random data and checks
 * every result against the reference BLAS (open_reference_blas of
 * blas_test_common.h: BLASROUTE_REFERENCE_BLAS, RTLD_DEEPBIND; called by
 * its plain names), then reads the stand-in's call count:
 *  - EXPECT "standin": the stand-in answered every call (the count is the
 *    number of calls made), as without blasroute, or with blasroute in
 *    cpu mode handing the call to the stand-in's name of the same family;
 *  - EXPECT "blasroute": the stand-in answered none (the count is 0), as
 *    with blasroute answering on the device.
 *
 * TAP on stdout.  Then "# calls ROUTINE N" per routine (calls made, all
 * modules): tests/wheel_standin.sh compares them with BLASROUTE_REPORT.
 * BLASROUTE_TEST_SEED replays a run's data.
 *
 * A result is right when every element of the output's storage (padding
 * included, which the reference leaves as it was) is within the per-element
 * bound of the other tests (rounding_bound):
 * factor * (kdim + 2) * eps * magnitude + tiny,
 * where the magnitude bounds |alpha| sum |a||b| + |beta||c| by the operands'
 * largest elements (TRSM: the solution's largest element, factor 50, as in
 * tests/level3_routines.c), and the inputs are unchanged byte for byte.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT, dladdr */
#endif

#include "blas_test_common.h"
#include "standin.h"

/* The reference's entries: the driver's calls of standin_dispatch make
 * the expected results with them. */
static struct standin_entries reference;
#define STANDIN_CALLEE_FORTRAN(r) reference.r
#define STANDIN_CALLEE_CBLAS(r) reference.cblas_##r
#include "standin_calls.h"

#include <stdio.h>
#include <stdlib.h>

/* One call of the test: routine, interface, options and sizes. */
struct case_spec {
    const char *routine;
    int cblas, row_major;
    char side, uplo, transa, transb, diag;
    int m, n, k;
};

/* GEMM, SYRK/HERK and TRSM in every precision, through both interfaces
 * and both CBLAS layouts; one of each other shape.  Sizes are not
 * multiples of anything a device kernel tiles by. */
static const struct case_spec CASES[] = {
    {"dgemm", 0, 0, 0, 0, 'N', 'T', 0, 37, 29, 41},
    {"sgemm", 1, 1, 0, 0, 'T', 'N', 0, 33, 40, 27},
    {"zgemm", 0, 0, 0, 0, 'C', 'T', 0, 26, 35, 31},
    {"cgemm", 1, 0, 0, 0, 'N', 'C', 0, 30, 22, 38},
    {"ssyrk", 0, 0, 0, 'U', 'T', 0, 0, 0, 33, 21},
    {"dsyrk", 1, 1, 0, 'L', 'N', 0, 0, 0, 27, 36},
    {"zherk", 1, 1, 0, 'L', 'N', 0, 0, 0, 28, 35},
    {"cherk", 0, 0, 0, 'U', 'C', 0, 0, 0, 31, 19},
    {"dtrsm", 0, 0, 'L', 'U', 'N', 0, 'N', 31, 27, 0},
    {"strsm", 1, 1, 'R', 'L', 'T', 0, 'U', 29, 34, 0},
    {"ztrsm", 0, 0, 'R', 'L', 'C', 0, 'N', 23, 30, 0},
    {"ctrsm", 1, 0, 'L', 'U', 'T', 0, 'U', 35, 21, 0},
    {"zhemm", 0, 0, 'R', 'L', 0, 0, 0, 25, 32, 0},
    {"dsymm", 1, 1, 'L', 'U', 0, 0, 0, 34, 26, 0},
    {"csyr2k", 0, 0, 0, 'L', 'T', 0, 0, 0, 29, 24},
    {"zher2k", 1, 1, 0, 'U', 'N', 0, 0, 0, 26, 33},
    {"strmm", 0, 0, 'R', 'U', 'N', 0, 'U', 32, 27, 0},
    {"ztrmm", 1, 0, 'L', 'L', 'C', 0, 'N', 24, 31, 0},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])
#define MAX_MODULES 4

typedef int module_call_f(const struct standin_call *c);
typedef void module_name_f(const char *routine, int cblas, char *out,
                           size_t len);
typedef long call_count_f(void);

struct module {
    const char *path;
    module_call_f *call;
    module_name_f *name;
    call_count_f *count; /* the stand-in's, found through the module */
    long calls_made;
};


/* The run's random data, from its seed. */
static struct rng rng;

/* dlsym into a function pointer (POSIX allows the copy). */
static void *need_symbol(void *handle, const char *path, const char *name)
{
    void *symbol = dlsym(handle, name);
    if (!symbol)
        bail_out("%s: no %s", path, name);
    return symbol;
}
#define LOAD_FN(dst, handle, path, name)                              \
    do {                                                              \
        void *symbol_ = need_symbol(handle, path, name);              \
        memcpy(&(dst), &symbol_, sizeof symbol_);                     \
    } while (0)

/* A scalar away from 0, so that no term of the result vanishes. */
static double rng_scalar(void)
{
    return (rng_next(&rng) & 1 ? 1.0 : -1.0) * (0.5 + 0.5 * rng_unit(&rng));
}

/* The precision of a routine, by its first letter. */
static const struct precision *precision_of(const char *routine)
{
    for (int p = 0; p < N_PRECS; p++)
        if (PRECISIONS[p].letter == routine[0])
            return &PRECISIONS[p];
    bail_out("%s: no precision", routine);
}

/* ------------------------------------------------------------------------ */
/* Matrices                                                                 */
/* ------------------------------------------------------------------------ */

/* A matrix as stored: rows x cols, column- or row-major, ld padded; no
 * guard bands (unlike blas_test_common's struct operand). */
struct matrix {
    char name;
    int rows, cols, row_major;
    int64_t ld;
    size_t nelem;
    unsigned char *orig, *lib, *ref;
};

static void matrix_init(struct matrix *o, char name, int rows, int cols,
                        int row_major)
{
    int inner = row_major ? cols : rows, outer = row_major ? rows : cols;
    o->name = name;
    o->rows = rows, o->cols = cols, o->row_major = row_major;
    o->ld = (inner > 0 ? inner : 1) + rng_below(&rng, 4);
    o->nelem = (size_t)o->ld * (size_t)outer;
}

/* Offset in elements of element (i, j). */
static size_t matrix_offset(const struct matrix *o, int i, int j)
{
    return o->row_major ? (size_t)i * o->ld + j : (size_t)j * o->ld + i;
}

/* Random elements everywhere, padding included.  A TRSM triangle is made
 * well conditioned: a dominant diagonal (modulus 2 to 3), the rest of the
 * triangle it reads scaled down by its order; the triangle it must not
 * read keeps full-size values, so that reading it would show. */
static void matrix_fill(struct matrix *o, const struct precision *p,
                        const struct case_spec *s, int trsm_triangle)
{
    size_t es = elem_size(p);
    o->orig = xmalloc(o->nelem * es);
    o->lib = xmalloc(o->nelem * es);
    o->ref = xmalloc(o->nelem * es);
    for (size_t e = 0; e < o->nelem; e++)
        store_elem(p, o->orig + e * es, rng_sym(&rng), rng_sym(&rng));
    for (int j = 0; trsm_triangle && j < o->cols; j++)
        for (int i = 0; i < o->rows; i++) {
            unsigned char *elem = o->orig + matrix_offset(o, i, j) * es;
            int read = s->uplo == 'U' ? i < j : i > j;
            if (i == j)
                store_elem(p, elem,
                           (rng_next(&rng) & 1 ? 1 : -1) *
                               (2.0 + rng_unit(&rng)),
                           0.5 * rng_sym(&rng));
            else if (read)
                store_elem(p, elem, rng_sym(&rng) / o->rows,
                           rng_sym(&rng) / o->rows);
        }
    memcpy(o->lib, o->orig, o->nelem * es);
    memcpy(o->ref, o->orig, o->nelem * es);
}

static void matrix_free(struct matrix *o)
{
    free(o->orig), free(o->lib), free(o->ref);
    o->orig = o->lib = o->ref = NULL;
}

static double largest(const struct matrix *o, const struct precision *p,
                      const unsigned char *buf)
{
    size_t es = elem_size(p);
    double big = 0.0, v[2];
    for (size_t e = 0; e < o->nelem; e++) {
        load_elem(p, buf + e * es, v);
        if (modulus_hypot(v) > big)
            big = modulus_hypot(v);
    }
    return big;
}

/* ------------------------------------------------------------------------ */
/* One call                                                                 */
/* ------------------------------------------------------------------------ */

/* The family of a routine, by the name past its precision letter. */
static int is(const struct case_spec *s, const char *family)
{
    return strcmp(s->routine + 1, family) == 0;
}

/* The operands' stored shapes; returns the index of the one written and
 * sets *kdim to the terms each output element sums. */
static int shape_operands(const struct case_spec *s, struct matrix op[N_OPS],
                          int present[N_OPS], int *kdim)
{
    int rm = s->row_major, order = s->side == 'L' ? s->m : s->n;
    present[OP_A] = present[OP_B] = present[OP_C] = 1;
    if (is(s, "gemm")) {
        matrix_init(&op[OP_A], 'A', s->transa == 'N' ? s->m : s->k,
                    s->transa == 'N' ? s->k : s->m, rm);
        matrix_init(&op[OP_B], 'B', s->transb == 'N' ? s->k : s->n,
                    s->transb == 'N' ? s->n : s->k, rm);
        matrix_init(&op[OP_C], 'C', s->m, s->n, rm);
        *kdim = s->k;
        return OP_C;
    }
    if (is(s, "symm") || is(s, "hemm")) {
        matrix_init(&op[OP_A], 'A', order, order, rm);
        matrix_init(&op[OP_B], 'B', s->m, s->n, rm);
        matrix_init(&op[OP_C], 'C', s->m, s->n, rm);
        *kdim = order;
        return OP_C;
    }
    if (is(s, "trmm") || is(s, "trsm")) {
        matrix_init(&op[OP_A], 'A', order, order, rm);
        matrix_init(&op[OP_B], 'B', s->m, s->n, rm);
        present[OP_C] = 0;
        *kdim = order;
        return OP_B;
    }
    /* syrk, herk, syr2k, her2k */
    int two = is(s, "syr2k") || is(s, "her2k");
    matrix_init(&op[OP_A], 'A', s->transa == 'N' ? s->n : s->k,
                s->transa == 'N' ? s->k : s->n, rm);
    matrix_init(&op[OP_B], 'B', op[OP_A].rows, op[OP_A].cols, rm);
    matrix_init(&op[OP_C], 'C', s->n, s->n, rm);
    present[OP_B] = two;
    *kdim = two ? 2 * s->k : s->k;
    return OP_C;
}

/* A random scalar, real or (complex precisions) complex, as passed. */
static void make_scalar(const struct precision *p, int real, double v[2],
                        union scalar *arg)
{
    int ncomp = p->cplx && !real ? 2 : 1;
    v[0] = rng_scalar();
    v[1] = ncomp == 2 ? rng_scalar() : 0.0;
    set_scalar_arg(p, ncomp, v, arg);
}

/* The call as the module makes it: name, layout, the shape's options and
 * sizes. */
static void describe(const struct module *mod, const struct case_spec *s,
                     char *out, size_t len)
{
    char name[64];
    const char *layout = !s->cblas ? "" : s->row_major ? " row-major"
                                                       : " col-major";
    mod->name(s->routine, s->cblas, name, sizeof name);
    if (is(s, "gemm"))
        snprintf(out, len, "%s%s transa=%c transb=%c m=%d n=%d k=%d", name,
                 layout, s->transa, s->transb, s->m, s->n, s->k);
    else if (is(s, "symm") || is(s, "hemm"))
        snprintf(out, len, "%s%s side=%c uplo=%c m=%d n=%d", name, layout,
                 s->side, s->uplo, s->m, s->n);
    else if (is(s, "trmm") || is(s, "trsm"))
        snprintf(out, len, "%s%s side=%c uplo=%c transa=%c diag=%c m=%d n=%d",
                 name, layout, s->side, s->uplo, s->transa, s->diag, s->m,
                 s->n);
    else
        snprintf(out, len, "%s%s uplo=%c trans=%c n=%d k=%d", name, layout,
                 s->uplo, s->transa, s->n, s->k);
}

/* Makes case s through module mod and through the reference on the same
 * data; one TAP line. */
static void run_case(const struct module *mod, const struct case_spec *s)
{
    const struct precision *p = precision_of(s->routine);
    struct matrix op[N_OPS];
    int present[N_OPS], kdim, out;
    double alpha[2], beta[2];
    union scalar alpha_arg, beta_arg;
    char what[160], problem[256] = "";
    size_t es = elem_size(p);

    out = shape_operands(s, op, present, &kdim);
    for (int i = 0; i < N_OPS; i++)
        if (present[i])
            matrix_fill(&op[i], p, s, i == OP_A && is(s, "trsm"));
    /* HERK's alpha and beta and HER2K's beta are real. */
    make_scalar(p, is(s, "herk"), alpha, &alpha_arg);
    make_scalar(p, is(s, "herk") || is(s, "her2k"), beta, &beta_arg);

    struct standin_call call = {
        .routine = s->routine, .cblas = s->cblas, .row_major = s->row_major,
        .side = s->side, .uplo = s->uplo, .transa = s->transa,
        .transb = s->transb, .diag = s->diag,
        .m = s->m, .n = s->n, .k = s->k,
        .lda = op[OP_A].ld, .ldb = present[OP_B] ? op[OP_B].ld : 1,
        .ldc = present[OP_C] ? op[OP_C].ld : 1,
        .alpha = &alpha_arg, .beta = &beta_arg,
    };
    struct standin_call ref_call = call;
    void **lib_arg[N_OPS] = {&call.a, &call.b, &call.c};
    void **ref_arg[N_OPS] = {&ref_call.a, &ref_call.b, &ref_call.c};
    for (int i = 0; i < N_OPS; i++)
        if (present[i])
            *lib_arg[i] = op[i].lib, *ref_arg[i] = op[i].ref;

    describe(mod, s, what, sizeof what);

    if (mod->call(&call) != 0)
        bail_out("%s: the module does not know %s", mod->path, s->routine);
    if (standin_dispatch(&ref_call) != 0)
        bail_out("the driver does not know %s", s->routine);

    for (int i = 0; i < N_OPS && !*problem; i++)
        if (present[i] && i != out &&
            memcmp(op[i].lib, op[i].orig, op[i].nelem * es) != 0)
            snprintf(problem, sizeof problem, "input %c modified", op[i].name);

    /* The bound's magnitude (see the head of the file). */
    double factor = 8.0, mag;
    if (is(s, "trsm")) {
        factor = 50.0;
        mag = largest(&op[out], p, op[out].ref);
    } else {
        /* A times B; SYRK and HERK: A times A. */
        const struct matrix *second = present[OP_B] ? &op[OP_B] : &op[OP_A];
        mag = modulus_hypot(alpha) * kdim *
              largest(&op[OP_A], p, op[OP_A].orig) *
              largest(second, p, second->orig);
        if (present[OP_C])
            mag += modulus_hypot(beta) * largest(&op[OP_C], p, op[OP_C].orig);
    }
    double bound = rounding_bound(factor, kdim, p, mag);
    const struct matrix *o = &op[out];
    for (size_t e = 0; e < o->nelem && !*problem; e++) {
        double x[2], r[2], d[2];
        load_elem(p, o->lib + e * es, x);
        load_elem(p, o->ref + e * es, r);
        d[0] = x[0] - r[0], d[1] = x[1] - r[1];
        if (!(modulus_hypot(d) <= bound)) /* NaN fails too */
            snprintf(problem, sizeof problem,
                     "%c[%zu] (storage order, ld=%lld) = (%.9g,%.9g), "
                     "reference (%.9g,%.9g), bound %.3g",
                     o->name, e, (long long)o->ld, x[0], x[1], r[0], r[1],
                     bound);
    }
    tap_ok(!*problem, "%s%s%s", what, *problem ? ": " : "", problem);
    for (int i = 0; i < N_OPS; i++)
        if (present[i])
            matrix_free(&op[i]);
}

/* ------------------------------------------------------------------------ */

/* As comments: which object of the global scope defines name, if any. */
static void show_global(const char *name)
{
    void *symbol = dlsym(RTLD_DEFAULT, name);
    Dl_info info;
    if (!symbol)
        printf("# %s: not in the global scope\n", name);
    else if (dladdr(symbol, &info) && info.dli_fname)
        printf("# %s: in the global scope, from %s\n", name, info.dli_fname);
    else
        printf("# %s: in the global scope\n", name);
}

int main(int argc, char **argv)
{
    struct module modules[MAX_MODULES];
    int n_modules = argc - 2, expect_standin;
    struct reference_blas ref;
    const char *missing;
    uint64_t seed;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 3 || n_modules > MAX_MODULES ||
        (strcmp(argv[1], "standin") != 0 && strcmp(argv[1], "blasroute") != 0)) {
        fprintf(stderr, "usage: %s standin|blasroute MODULE...\n", argv[0]);
        return 2;
    }
    expect_standin = strcmp(argv[1], "standin") == 0;
    seed = read_test_seed();

    /* The reference's own names, by handle: never blasroute's, never a
     * stand-in's; its internal calls bind inside it.  Before the plan:
     * without a reference the plan is "1..0 # SKIP". */
    ref = open_reference_blas();
    missing = standin_load_entries(&reference, ref.handle);
    if (missing)
        bail_out("reference BLAS %s has no %s", ref.path, missing);

    printf("1..%d\n", 1 + n_modules * (int)(N_CASES + 1));
    printf("# seed %llu (BLASROUTE_TEST_SEED replays it)\n",
           (unsigned long long)seed);
    rng.state = seed;

    for (int i = 0; i < n_modules; i++) {
        struct module *mod = &modules[i];
        void *handle;
        mod->path = argv[i + 2];
        mod->calls_made = 0;
        handle = dlopen(mod->path, RTLD_NOW | RTLD_LOCAL);
        if (!handle)
            bail_out("cannot load module %s: %s", mod->path, dlerror());
        /* By the module's handle: the module and its own dependencies,
         * its stand-in among them, not the global scope. */
        LOAD_FN(mod->call, handle, mod->path, "standin_module_call");
        LOAD_FN(mod->name, handle, mod->path, "standin_module_name");
        LOAD_FN(mod->count, handle, mod->path, "standin_call_count");
    }
    /* As in Python: the wheels' libraries are not in the global scope, so
     * only an LD_PRELOAD'ed blasroute can stand before them. */
    tap_ok(dlsym(RTLD_DEFAULT, "standin_call_count") == NULL,
       "the stand-ins are not in the global scope (RTLD_LOCAL)");
    show_global("scipy_dgemm_64_");
    show_global("scipy_cblas_dgemm64_");
    show_global("scipy_dgemm_");
    show_global("scipy_cblas_dgemm");

    for (int i = 0; i < n_modules; i++) {
        long before = modules[i].count();
        for (size_t c = 0; c < N_CASES; c++) {
            run_case(&modules[i], &CASES[c]);
            modules[i].calls_made++;
        }
        long answered = modules[i].count() - before;
        char name[64];
        modules[i].name("dgemm", 0, name, sizeof name);
        if (expect_standin)
            tap_ok(answered == modules[i].calls_made,
               "%s: the stand-in answered %ld of the %ld calls (all expected)",
               name, answered, modules[i].calls_made);
        else
            tap_ok(answered == 0,
               "%s: the stand-in answered %ld of the %ld calls (none expected)",
               name, answered, modules[i].calls_made);
    }

    /* The calls made, by routine, for the script to match with
     * BLASROUTE_REPORT (one report line per routine, every family). */
    for (size_t c = 0; c < N_CASES; c++) {
        int seen = 0;
        for (size_t d = 0; d < c; d++)
            seen |= strcmp(CASES[d].routine, CASES[c].routine) == 0;
        if (seen)
            continue;
        long made = 0;
        for (size_t d = 0; d < N_CASES; d++)
            made += strcmp(CASES[d].routine, CASES[c].routine) == 0;
        printf("# calls %s %ld\n", CASES[c].routine, made * n_modules);
    }
    return tap_failures() ? 1 : 0;
}
