/*
 * level3_vs_reference.c - TAP test of every Level-3 BLAS routine of the
 * library under test against Netlib reference BLAS.
 *
 * The program is linked against the library under test and calls its
 * Fortran entry points (sgemm_, ...) and its CBLAS entry points
 * (cblas_sgemm, ..., column- and row-major).  The reference is loaded with
 * dlopen from $BLASROUTE_REFERENCE_BLAS (default: Debian's Netlib
 * libblas.so.3) with RTLD_DEEPBIND, so that the reference's cblas_* bind to
 * the reference's own Fortran routines, and it is called with exactly the
 * same arguments on identical copies of the data.
 *
 * For the 30 routines ?gemm ?symm ?hemm ?syrk ?herk ?syr2k ?her2k ?trmm
 * ?trsm, every option combination, sizes 0..65 in every dimension
 * independently, tight and padded leading dimensions and alpha, beta in
 * {0, 1, other}, a passing group proves that the library under test:
 *  - writes nothing outside the region it may write: guard bands around
 *    every array, padding between the rows and the leading dimension, the
 *    other triangle of C, anything outside B's m x n block are compared
 *    byte for byte with what was there before the call;
 *  - reads nothing it must not read: all of that, plus the unreferenced
 *    triangle of A (symm, hemm, trmm, trsm) and of C (syrk, herk, syr2k,
 *    her2k), a unit diagonal, the imaginary parts of a Hermitian diagonal
 *    (A of hemm, C of herk/her2k), C when beta = 0 and A, B when alpha = 0
 *    (for trmm/trsm: A, and B, which is then overwritten with zeros), are
 *    NaN, so any such read shows up as a NaN in the result;
 *  - computes what the reference computes, within a per-element bound on
 *    the rounding error (trsm: relative to the size of the solution);
 *  - leaves A and B unchanged, and gives herk/her2k results an imaginary
 *    diagonal that is exactly 0 wherever the reference's is.
 *
 * The names called can be chosen instead (level3_names.h): the ILP64
 * ones (dgemm_64_, cblas_dgemm64_, ...), scipy_'s, or the plain names of
 * another library such as libblasroute64.so, checked the same way against
 * the reference of their integer width, and each routine's names probed
 * for that width (one more TAP test per routine).
 *
 * Environment:
 *   BLASROUTE_REFERENCE_BLAS  path of the reference library
 *   BLASROUTE_REFERENCE_BLAS64  path of the ILP64 reference library (for
 *                             names with 64-bit integers)
 *   BLASROUTE_TEST_NAMES      plain, 64, scipy64, scipy or plain64: the
 *                             names to call (default: the linked plain names)
 *   BLASROUTE_TEST_LIBRARY    the library to take them from (default: the
 *                             linked one; for plain64 $BLASROUTE_LIBRARY64)
 *   BLASROUTE_TEST_SEED       seed to replay a run (printed as "# seed N")
 *   BLASROUTE_TEST_QUICK=1    sizes {0, 1, 3, 16, 33} instead of
 *                             {0, 1, 2, 3, 7, 16, 33, 65}
 *   BLASROUTE_TEST_ROUTINES   comma list of families (gemm,syrk,...) or
 *                             routines (dgemm,...) to test; default all
 *
 * Output: one TAP test per routine x interface (fortran, cblas col-major,
 * cblas row-major), and per routine its width probe when the names were
 * chosen.  Exit status 0 whatever the results; 1 on an internal
 * error.  Element indices in messages are 0-based (row, column) of the
 * matrix as the routine sees it.
 */

#include "blas_test_common.h"
#include "level3_names.h"
#include "level3_routines.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The routines, their calls, shapes and error bounds: level3_routines.h. */

enum { MAXDIM = 65, MAXPAD = 5 }; /* largest size; largest ld - rows */

/* ------------------------------------------------------------------------ */
/* Enumerating the calls of a group                                         */
/* ------------------------------------------------------------------------ */

static const int SIZES_FULL[] = { 0, 1, 2, 3, 7, 16, 33, 65 };
static const int SIZES_QUICK[] = { 0, 1, 3, 16, 33 };

struct settings {
    uint64_t seed;
    const int *sizes;
    int nsizes;
    const char *routines;    /* NULL: all */
    int named;               /* names chosen (choose_names): label, probe */
};

/* The cross product one group iterates over. */
struct plan {
    const struct routine *r;
    const char *opt[N_AXES];
    const int *sizes;
    int nsizes;
    int ld_variants;         /* 1: sampled per call; 2: tight, padded */
    long total;
};

static void plan_init(struct plan *pl, const struct routine *r,
                      const struct settings *s)
{
    const struct family *f = r->fam;
    pl->r = r;
    pl->sizes = s->sizes;
    pl->nsizes = s->nsizes;
    pl->ld_variants = f->sampled_ld ? 1 : 2;
    pl->total = 3L * (f->has_beta ? 3 : 1) * pl->ld_variants;
    for (int a = 0; a < N_AXES; a++) {
        pl->opt[a] = f->opt[a];
        if (a == AX_TRANS && f->complex_trans && PRECISIONS[r->prec].cplx)
            pl->opt[a] = f->complex_trans;
        if (pl->opt[a])
            pl->total *= (long)strlen(pl->opt[a]);
    }
    for (int d = DIM_M; d <= DIM_K; d <<= 1)
        if (f->dims & d)
            pl->total *= s->nsizes;
}

static int take(long *idx, int radix)
{
    int digit = (int)(*idx % radix);
    *idx /= radix;
    return digit;
}


/* Decode call number idx of a plan (mixed radix over its axes). */
static void make_call(const struct plan *pl, long idx, struct rng *g,
                      struct call *c)
{
    const struct family *f = pl->r->fam;
    char *slot[N_AXES] = { &c->side, &c->uplo, &c->transa, &c->transb,
                           &c->diag };
    int *dim[3] = { &c->m, &c->n, &c->k };

    memset(c, 0, sizeof *c);
    for (int a = 0; a < N_AXES; a++)
        if (pl->opt[a])
            *slot[a] = pl->opt[a][take(&idx, (int)strlen(pl->opt[a]))];
    for (int d = 0; d < 3; d++)
        if (f->dims & (1 << d))
            *dim[d] = pl->sizes[take(&idx, pl->nsizes)];
    c->alpha_class = take(&idx, 3);
    c->beta_class = f->has_beta ? take(&idx, 3) : 0;
    int padded = pl->ld_variants == 2 ? take(&idx, 2) : -1;
    for (int o = 0; o < N_OPS; o++) {
        int pad = padded >= 0 ? padded : rng_below(g, 2);
        c->ld_extra[o] = pad ? 1 + rng_below(g, MAXPAD) : 0;
    }
    make_scalar(c->alpha_class, f->real_alpha, pl->r->prec, g, c->alpha,
                &c->alpha_arg);
    make_scalar(c->beta_class, f->real_beta, pl->r->prec, g, c->beta,
                &c->beta_arg);
}

/* ------------------------------------------------------------------------ */
/* Running and checking one call                                            */
/* ------------------------------------------------------------------------ */

static int check_call(const struct call *c, const struct operand op[N_OPS],
                      const struct routine *r, struct workspace *ws,
                      char *msg, size_t len)
{
    const struct precision *p = &PRECISIONS[r->prec];
    if (check_all_unchanged(op, p, ws->scratch, "wrote outside its region:",
                            msg, len))
        return 1;
    return check_values(c, op, ws, msg, len);
}

/* The call as a one-line list of its arguments. */
static void describe_call(char *out, size_t len, const struct plan *pl,
                          const struct call *c,
                          const struct operand op[N_OPS], enum iface ifc)
{
    const struct family *f = pl->r->fam;
    const struct precision *p = &PRECISIONS[pl->r->prec];
    const char *label[N_AXES] = { "side", "uplo", f->trans_name, "transb",
                                  "diag" };
    const char letter[N_AXES] = { c->side, c->uplo, c->transa, c->transb,
                                  c->diag };
    const char *ld_name[N_OPS] = { "lda", "ldb", "ldc" };
    const int ld[N_OPS] = { c->lda, c->ldb, c->ldc };
    char v[64], name[64];
    size_t n = 0;

    entry_name(pl->r, ifc, name, sizeof name);
    if (ifc == IF_FORTRAN)
        appendf(out, len, &n, "%s:", name);
    else
        appendf(out, len, &n, "%s %s:", name,
                ifc == IF_CBLAS_ROW ? "row-major" : "col-major");
    for (int a = 0; a < N_AXES; a++)
        if (pl->opt[a])
            appendf(out, len, &n, " %s=%c", label[a], letter[a]);
    if (f->dims & DIM_M)
        appendf(out, len, &n, " m=%d", c->m);
    if (f->dims & DIM_N)
        appendf(out, len, &n, " n=%d", c->n);
    if (f->dims & DIM_K)
        appendf(out, len, &n, " k=%d", c->k);
    for (int i = 0; i < N_OPS; i++)
        if (op[i].present)
            appendf(out, len, &n, " %s=%d", ld_name[i], ld[i]);
    format_value(v, sizeof v, c->alpha, p->cplx && !f->real_alpha);
    appendf(out, len, &n, " alpha=%s", v);
    if (f->has_beta) {
        format_value(v, sizeof v, c->beta, p->cplx && !f->real_beta);
        appendf(out, len, &n, " beta=%s", v);
    }
}

/* ------------------------------------------------------------------------ */
/* Groups                                                                   */
/* ------------------------------------------------------------------------ */

enum { MAX_REPORTS = 3 };

static uint64_t group_seed(uint64_t seed, const char *name, enum iface ifc)
{
    return seed_hash_string(seed_hash_begin(seed), name) ^
           ((uint64_t)ifc << 56);
}

/* Set up call number idx of a plan, run it through the library under test
 * and the reference on identical data, check it: 1 (and msg) if it failed. */
static int run_call(const struct plan *pl, long idx, enum iface ifc,
                    struct rng *g, struct workspace *ws, struct call *c,
                    struct operand op[N_OPS], char *msg, size_t len)
{
    const struct routine *r = pl->r;
    const struct precision *p = &PRECISIONS[r->prec];

    make_call(pl, idx, g, c);
    c->layout = ifc == IF_CBLAS_ROW ? CB_ROW_MAJOR : CB_COL_MAJOR;
    memset(op, 0, N_OPS * sizeof *op);
    r->fam->shape(c, op);
    c->r = r;
    c->ifc = ifc;
    finish_operands(c, op, ws);
    for (int i = 0; i < N_OPS; i++)
        if (op[i].present)
            fill_operand(&op[i], p, r->fam == &FAM_TRSM && i == OP_A, g);

    point_args(c, op, p, 0);
    invoke(c, 0);
    point_args(c, op, p, 1);
    invoke(c, 1);
    return check_call(c, op, r, ws, msg, len);
}

/* Run every call of one routine through one interface; print its TAP line. */
static void run_group(const struct routine *r, enum iface ifc, int number,
                      const struct settings *s, struct workspace *ws)
{
    struct plan pl;
    struct rng g = { group_seed(s->seed, r->name, ifc) };
    long failures = 0;
    char label[64];

    plan_init(&pl, r, s);
    for (long idx = 0; idx < pl.total; idx++) {
        struct call c;
        struct operand op[N_OPS];
        char msg[400], desc[400];

        if (!run_call(&pl, idx, ifc, &g, ws, &c, op, msg, sizeof msg))
            continue;
        if (++failures <= MAX_REPORTS) {
            describe_call(desc, sizeof desc, &pl, &c, op, ifc);
            printf("# %s\n#     %s\n", desc, msg);
        }
    }
    print_more_failures(failures, MAX_REPORTS);
    /* Chosen names are named in full: they are what is under test. */
    if (s->named)
        entry_name(r, ifc, label, sizeof label);
    else
        snprintf(label, sizeof label, "%s", r->name);
    if (failures)
        printf("not ok %d - %s %s: %ld of %ld calls failed\n", number,
               label, IFACE_NAME[ifc], failures, pl.total);
    else
        printf("ok %d - %s %s: %ld calls\n", number, label,
               IFACE_NAME[ifc], pl.total);
}

/* The width probe of one routine's chosen names; its TAP line. */
static void run_width_probe(const struct routine *r, int number)
{
    char fortran[64], cblas[64], msg[600];
    long calls;
    int failures = probe_width(r, &calls, msg, sizeof msg);
    const char *bits = r->width == WIDTH64 ? "64" : "32";

    entry_name(r, IF_FORTRAN, fortran, sizeof fortran);
    entry_name(r, IF_CBLAS_COL, cblas, sizeof cblas);
    if (failures < 0) {
        printf("ok %d - %s, %s: %s-bit integers # SKIP %s\n", number,
               fortran, cblas, bits, msg);
    } else if (failures) {
        printf("not ok %d - %s, %s: %s-bit integers: %d of %ld probe calls "
               "failed\n", number, fortran, cblas, bits, failures, calls);
    } else {
        printf("ok %d - %s, %s: %s-bit integers (%ld probe calls)\n",
               number, fortran, cblas, bits, calls);
    }
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */
/* ------------------------------------------------------------------------ */

/* Is routine r named (by family or by name) in BLASROUTE_TEST_ROUTINES? */
static int selected(const struct routine *r, const struct settings *s)
{
    return !s->routines || list_has(s->routines, r->fam->name) ||
           list_has(s->routines, r->name);
}

/* Is the word a routine or a family of ROUTINES? */
static int known_routine(const char *word, size_t len)
{
    for (int i = 0; i < N_ROUTINES; i++)
        if ((strlen(ROUTINES[i].name) == len &&
             !strncmp(word, ROUTINES[i].name, len)) ||
            (strlen(ROUTINES[i].fam->name) == len &&
             !strncmp(word, ROUTINES[i].fam->name, len)))
            return 1;
    return 0;
}

static void read_settings(struct settings *s)
{
    s->seed = read_test_seed();
    if (read_test_quick()) {
        s->sizes = SIZES_QUICK;
        s->nsizes = sizeof SIZES_QUICK / sizeof SIZES_QUICK[0];
    } else {
        s->sizes = SIZES_FULL;
        s->nsizes = sizeof SIZES_FULL / sizeof SIZES_FULL[0];
    }
    s->routines = read_routine_selection(known_routine);
}

int main(void)
{
    struct settings s;
    struct workspace ws;
    int groups = 0, number = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    read_settings(&s);
    s.named = choose_names();
    for (int i = 0; i < N_ROUTINES; i++)
        groups += selected(&ROUTINES[i], &s) ? N_IFACES + s.named : 0;
    /* The SKIP plan and exit if the reference is not there: open_reference_blas. */
    printf("# reference BLAS: %s\n", load_reference_routines());
    printf("1..%d\n", groups);
    printf("# seed %llu\n", (unsigned long long)s.seed);
    printf("# sizes:");
    for (int i = 0; i < s.nsizes; i++)
        printf(" %d", s.sizes[i]);
    printf("\n");

    workspace_init(&ws, MAXDIM, MAXPAD);
    for (int i = 0; i < N_ROUTINES; i++) {
        if (!selected(&ROUTINES[i], &s))
            continue;
        for (int ifc = 0; ifc < N_IFACES; ifc++)
            run_group(&ROUTINES[i], (enum iface)ifc, ++number, &s, &ws);
        if (s.named)
            run_width_probe(&ROUTINES[i], ++number);
    }
    workspace_free(&ws);
    return 0;
}
