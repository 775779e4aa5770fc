/*
 * blas_test_common.c - helpers shared by the TAP tests that compare the
 * library under test with the reference BLAS; see blas_test_common.h.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEEPBIND */
#endif

#include "blas_test_common.h"

#include <dlfcn.h>
#include <float.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_REFERENCE "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"
#define DEFAULT_REFERENCE64 "/usr/lib/x86_64-linux-gnu/blas64/libblas64.so.3"

const char *const IFACE_NAME[N_IFACES] = {
    "fortran", "cblas col-major", "cblas row-major"
};

const struct precision PRECISIONS[N_PRECS] = {
    [PS] = { 's', 0, sizeof(float), FLT_EPSILON, FLT_MIN },
    [PD] = { 'd', 0, sizeof(double), DBL_EPSILON, DBL_MIN },
    [PC] = { 'c', 1, sizeof(float), FLT_EPSILON, FLT_MIN },
    [PZ] = { 'z', 1, sizeof(double), DBL_EPSILON, DBL_MIN },
};

/* ------------------------------------------------------------------------ */
/* Failing, memory, environment                                             */
/* ------------------------------------------------------------------------ */

void bail_out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("Bail out! ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    exit(1);
}

static int tap_numbered, tap_failed;

void tap_ok(int pass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%sok %d - ", pass ? "" : "not ", ++tap_numbered);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    tap_failed += !pass;
}

int tap_failures(void)
{
    return tap_failed;
}

int tap_count(void)
{
    return tap_numbered;
}

void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        bail_out("out of memory (%zu bytes)", bytes);
    return p;
}

void *xrealloc(void *p, size_t bytes)
{
    p = realloc(p, bytes ? bytes : 1);
    if (!p)
        bail_out("out of memory (%zu bytes)", bytes);
    return p;
}

void grow(void **p, size_t *cap, size_t bytes)
{
    if (bytes <= *cap)
        return;
    free(*p);
    *p = xmalloc(bytes);
    *cap = bytes;
}

void appendf(char *out, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;
    if (*n >= len)
        return;
    va_start(ap, fmt);
    *n += (size_t)vsnprintf(out + *n, len - *n, fmt, ap);
    va_end(ap);
}

uint64_t env_number(const char *name, uint64_t fallback)
{
    const char *v = getenv(name);
    char *end;
    if (!v || !*v)
        return fallback;
    uint64_t x = strtoull(v, &end, 0);
    if (*end)
        bail_out("%s: not a number: '%s'", name, v);
    return x;
}

uint64_t read_test_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return env_number("BLASROUTE_TEST_SEED",
                      ((uint64_t)ts.tv_sec * 1000003u ^
                       (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 20) %
                          1000000000u);
}

int read_test_quick(void)
{
    const char *quick = getenv("BLASROUTE_TEST_QUICK");
    return quick && *quick && strcmp(quick, "0") != 0;
}

const char *read_routine_selection(int (*is_known)(const char *word,
                                                   size_t len))
{
    const char *routines = getenv("BLASROUTE_TEST_ROUTINES");
    if (!routines || !routines[strspn(routines, ", ")])
        return NULL;
    for (const char *w = routines + strspn(routines, ", "); *w;) {
        size_t len = strcspn(w, ", ");
        if (!is_known(w, len))
            bail_out("BLASROUTE_TEST_ROUTINES: unknown routine '%.*s'",
                     (int)len, w);
        w += len;
        w += strspn(w, ", ");
    }
    return routines;
}

int list_has(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list + strspn(list, ", "); *s;) {
        size_t len = strcspn(s, ", ");
        if (len == n && strncmp(s, word, n) == 0)
            return 1;
        s += len;
        s += strspn(s, ", ");
    }
    return 0;
}

void print_more_failures(long failures, long reported)
{
    if (failures > reported)
        printf("# ... and %ld more failing calls\n", failures - reported);
}

/* Written by the handler, which may only make async-signal-safe calls:
 * the text is made before the alarm is set. */
static char timeout_text[160];
static size_t timeout_len;

static void on_timeout(int sig)
{
    (void)sig;
    if (write(STDOUT_FILENO, timeout_text, timeout_len) < 0) {
        /* nothing more to do */
    }
    _exit(1);
}

void arm_timeout(unsigned seconds, const char *what_hung)
{
    if (!seconds)
        return;
    int n = snprintf(timeout_text, sizeof timeout_text,
                     "Bail out! timed out (BLASROUTE_TEST_TIMEOUT): %s\n",
                     what_hung);
    timeout_len = n < 0 ? 0
                  : (size_t)n < sizeof timeout_text ? (size_t)n
                                                    : sizeof timeout_text - 1;
    signal(SIGALRM, on_timeout);
    alarm(seconds);
}

/* ------------------------------------------------------------------------ */
/* The reference BLAS                                                       */
/* ------------------------------------------------------------------------ */

/* The reference named by $variable, else fallback (see the header). */
static struct reference_blas open_reference_at(const char *variable,
                                               const char *fallback)
{
    struct reference_blas ref = { NULL, getenv(variable) };
    if (!ref.path || !*ref.path)
        ref.path = fallback;
    if (access(ref.path, F_OK) != 0) {
        printf("1..0 # SKIP reference BLAS not found at %s\n", ref.path);
        exit(0);
    }
    ref.handle = dlopen(ref.path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!ref.handle)
        bail_out("cannot load reference BLAS %s: %s", ref.path, dlerror());
    return ref;
}

struct reference_blas open_reference_blas(void)
{
    return open_reference_at("BLASROUTE_REFERENCE_BLAS", DEFAULT_REFERENCE);
}

struct reference_blas open_reference_blas64(void)
{
    return open_reference_at("BLASROUTE_REFERENCE_BLAS64",
                             DEFAULT_REFERENCE64);
}

anyfn reference_symbol(const struct reference_blas *ref, const char *name)
{
    void *sym;
    anyfn fn;
    dlerror();
    sym = dlsym(ref->handle, name);
    if (!sym)
        bail_out("reference BLAS %s has no symbol %s", ref->path, name);
    memcpy(&fn, &sym, sizeof fn); /* POSIX: object to function pointer */
    return fn;
}

/* ------------------------------------------------------------------------ */
/* Precisions and elements                                                  */
/* ------------------------------------------------------------------------ */

void poison_range(const struct precision *p, unsigned char *buf, size_t n)
{
    size_t es = elem_size(p), done, total = n * es;
    if (n == 0)
        return;
    poison_real(p, buf);
    if (p->cplx)
        poison_real(p, buf + p->rsize);
    for (done = es; done < total; done *= 2) /* doubling copies */
        memcpy(buf + done, buf, done * 2 <= total ? done : total - done);
}

void set_scalar_arg(const struct precision *p, int ncomp, double v[2],
                    union scalar *arg)
{
    memset(arg, 0, sizeof *arg);
    for (int i = 0; i < ncomp; i++) {
        if (p->rsize == sizeof(float)) {
            arg->f[i] = (float)v[i];
            v[i] = arg->f[i];
        } else {
            arg->d[i] = v[i];
        }
    }
}

void format_value(char *out, size_t len, const double v[2], int cplx)
{
    if (cplx)
        snprintf(out, len, "(%.9g,%.9g)", v[0], v[1]);
    else
        snprintf(out, len, "%.9g", v[0]);
}

/* ------------------------------------------------------------------------ */
/* Guard bands and byte comparisons                                         */
/* ------------------------------------------------------------------------ */

long first_difference(const unsigned char *img, const unsigned char *orig,
                      size_t nelem, size_t es)
{
    if (memcmp(img, orig, nelem * es) == 0)
        return -1;
    for (size_t e = 0; e < nelem; e++)
        if (memcmp(img + e * es, orig + e * es, es) != 0)
            return (long)e;
    return -1;
}

int describe_guard_band(size_t e, size_t extent, char name, char *out,
                        size_t len)
{
    if (e < GUARD)
        snprintf(out, len, "guard band %zu element(s) before %c", GUARD - e,
                 name);
    else if (e - GUARD >= extent)
        snprintf(out, len, "guard band %zu element(s) past the end of %c",
                 e - GUARD - extent + 1, name);
    else
        return 0;
    return 1;
}

void format_change(char *msg, size_t len, const char *who, const char *what,
                   const char *where, const struct precision *p,
                   const unsigned char *was, const unsigned char *now)
{
    char was_s[64], now_s[64];
    double v[2];
    load_elem(p, was, v);
    format_value(was_s, sizeof was_s, v, p->cplx);
    load_elem(p, now, v);
    format_value(now_s, sizeof now_s, v, p->cplx);
    snprintf(msg, len, "%s%s %s (was %s, now %s)", who, what, where, was_s,
             now_s);
}

/* ------------------------------------------------------------------------ */
/* Operands                                                                 */
/* ------------------------------------------------------------------------ */

void operand_layout(struct operand *o, int pad)
{
    o->ld = imax(1, inner_dim(o)) + pad;
    o->nelem = 2 * (size_t)GUARD + (size_t)outer_dim(o) * o->ld;
}

void region_span(const struct operand *o, enum region r, int t, int *lo,
                 int *hi)
{
    int n = inner_dim(o);
    int leading_part = (r == REG_UPPER) != o->rowmajor; /* inner <= t */
    *lo = 0;
    *hi = r == REG_NONE ? 0 : n;
    if (r == REG_UPPER || r == REG_LOWER) {
        if (leading_part)
            *hi = t + 1 < n ? t + 1 : n;
        else
            *lo = t < n ? t : n;
    }
}

void operand_copies(const struct operand *o, const struct precision *p)
{
    memcpy(o->lib, o->orig, o->nelem * elem_size(p));
    memcpy(o->ref, o->orig, o->nelem * elem_size(p));
}

void abs_op(const struct operand *o, const struct precision *p, char trans,
            int mirror, double *out)
{
    size_t es = elem_size(p);
    int t = trans != 'N';
    size_t ri = t ? (size_t)o->cols : 1, rj = t ? 1 : (size_t)o->rows;
    double v[2];
    memset(out, 0, (size_t)o->rows * o->cols * sizeof *out);
    for (int line = 0; line < outer_dim(o); line++) {
        int lo, hi, i, j;
        region_span(o, o->read, line, &lo, &hi);
        for (int u = lo; u < hi; u++) {
            logical(o, line, u, &i, &j);
            if (i == j && o->unit_diag) {
                v[0] = 1.0, v[1] = 0.0;
            } else {
                load_elem(p, o->orig + offset_of(o, i, j) * es, v);
                if (i == j && o->real_diag)
                    v[1] = 0.0;
            }
            out[i * ri + j * rj] = modulus(v);
            if (mirror)
                out[j * ri + i * rj] = modulus(v);
        }
    }
}

void describe_offset(const struct operand *o, size_t e, char *out,
                     size_t len)
{
    size_t extent = (size_t)outer_dim(o) * o->ld;
    if (describe_guard_band(e, extent, o->name, out, len))
        return;
    int outer = (int)((e - GUARD) / o->ld), inner = (int)((e - GUARD) % o->ld);
    if (inner >= inner_dim(o)) {
        snprintf(out, len, "padding of %c: %s %d of %s %d (ld=%d, %s=%d)",
                 o->name, o->rowmajor ? "column" : "row", inner,
                 o->rowmajor ? "row" : "column", outer, o->ld,
                 o->rowmajor ? "columns" : "rows", inner_dim(o));
    } else {
        int i, j;
        logical(o, outer, inner, &i, &j);
        snprintf(out, len, "%c(%d,%d)%s", o->name, i, j,
                 o->write == REG_UPPER   ? ", below the upper triangle"
                 : o->write == REG_LOWER ? ", above the lower triangle"
                                         : "");
    }
}

long forbidden_change(const struct operand *o, size_t es,
                      const unsigned char *buf, unsigned char *scratch)
{
    const unsigned char *img = buf;
    if (o->write != REG_NONE) {
        memcpy(scratch, buf, o->nelem * es);
        for (int line = 0; line < outer_dim(o); line++) {
            int lo, hi;
            size_t at = GUARD + (size_t)line * o->ld;
            region_span(o, o->write, line, &lo, &hi);
            memcpy(scratch + (at + lo) * es, o->orig + (at + lo) * es,
                   (size_t)(hi - lo) * es);
        }
        img = scratch;
    }
    return first_difference(img, o->orig, o->nelem, es);
}

int check_unchanged(const struct operand *o, const struct precision *p,
                    const unsigned char *buf, unsigned char *scratch,
                    const char *who, const char *outside, char *msg,
                    size_t len)
{
    size_t es = elem_size(p);
    long e = forbidden_change(o, es, buf, scratch);
    if (e < 0)
        return 0;
    char where[160];
    describe_offset(o, (size_t)e, where, sizeof where);
    format_change(msg, len, who,
                  o->write == REG_NONE ? "modified input" : outside, where,
                  p, o->orig + (size_t)e * es, buf + (size_t)e * es);
    return 1;
}

int check_all_unchanged(const struct operand op[N_OPS],
                        const struct precision *p, unsigned char *scratch,
                        const char *outside, char *msg, size_t len)
{
    for (int i = 0; i < N_OPS; i++)
        if (op[i].present &&
            (check_unchanged(&op[i], p, op[i].lib, scratch, "", outside,
                             msg, len) ||
             check_unchanged(&op[i], p, op[i].ref, scratch,
                             "reference BLAS ", outside, msg, len)))
            return 1;
    return 0;
}

void note_bad_element(struct bad_elements *b, int i, int j,
                      const double x[2], const double ref[2], double err,
                      const char *why)
{
    if (b->count++ > 0)
        return;
    b->i = i, b->j = j, b->err = err;
    memcpy(b->x, x, sizeof b->x);
    memcpy(b->ref, ref, sizeof b->ref);
    snprintf(b->why, sizeof b->why, "%s", why);
}

void format_bad_elements(const struct bad_elements *b, char name,
                         long total, const struct precision *p, char *msg,
                         size_t len)
{
    char xs[64], rs[64];
    format_value(xs, sizeof xs, b->x, p->cplx);
    format_value(rs, sizeof rs, b->ref, p->cplx);
    snprintf(msg, len, "%c(%d,%d) = %s, reference %s: error %.3g (%s); "
             "%ld of %ld elements bad", name, b->i, b->j, xs, rs, b->err,
             b->why, b->count, total);
}

/* ------------------------------------------------------------------------ */
/* Rounding-error bounds                                                    */
/* ------------------------------------------------------------------------ */

void abs_product(double *restrict E, int m, int n, int l,
                 const double *restrict P, const double *restrict Q,
                 double s)
{
    for (int j = 0; j < n; j++) {
        double *e = E + (size_t)j * m;
        for (int h = 0; h < l; h++) {
            double q = s * Q[h + (size_t)j * l];
            const double *pc = P + (size_t)h * m;
            if (q != 0.0)
                for (int i = 0; i < m; i++)
                    e[i] += q * pc[i];
        }
    }
}

double rounding_bound(double factor, int kdim, const struct precision *p,
                      double mag)
{
    return factor * (kdim + 2) * p->eps * mag + p->tiny;
}
