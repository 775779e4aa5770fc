/* The routines blasroute implements itself rather than forwarding: Netlib CBLAS's subroutine
 * forms of the Level-1 functions (sdotsub_ ... dcabs1sub_), cblas_scabs1 and cblas_dcabs1,
 * lsame_, and xerbla_array_ (which must reach the program's own XERBLA with the name
 * blank-padded to 32 characters).
 *
 * A *sub_ form is a wrapper: it calls the plain function (sdot_, scasum_, ...) of the CPU BLAS
 * blasroute uses and stores the value. So what blasroute must do is asserted in two ways, and
 * neither depends on the CPU BLAS's own kernels being right (OpenBLAS 0.3.21's scasum is wrong on
 * AVX-512 CPUs, for one):
 *  - each *sub_ gives, bit for bit, the value of the plain function of that CPU BLAS (found by
 *    blasroute_cpu_blas_path() and called directly), on fresh random data, over lengths with
 *    every kind of vector tail and over increments (negative ones for the dots), and writes
 *    its result and not one byte more;
 *  - each *sub_ gives the reference BLAS's answer on data where every correct implementation
 *    gives the same exact answer (small integers, powers of two: no rounding anywhere), with
 *    the elements between the strided ones set so that reading them changes the answer. This
 *    catches a wrapper that calls the wrong function, passes arguments in the wrong order or
 *    with the wrong increment, or stores the wrong precision, whatever the CPU BLAS. Where the
 *    CPU BLAS's own plain function is wrong on such data and the wrapper gave that same value,
 *    blasroute forwarded faithfully: the check is skipped, saying so.
 * BLASROUTE_TEST_SEED replays a run (its seed is printed). */
#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "blasroute.h"

typedef void dot_sub_fn(const int *, const void *, const int *, const void *, const int *, void *);
typedef void sdsdot_sub_fn(const int *, const float *, const void *, const int *, const void *,
                           const int *, void *);
typedef void norm_sub_fn(const int *, const void *, const int *, void *);
typedef void cabs1_sub_fn(const void *, void *);

void sdotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void ddotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void dsdotsub_(const int *, const void *, const int *, const void *, const int *, void *);
void cdotcsub_(const int *, const void *, const int *, const void *, const int *, void *);
void cdotusub_(const int *, const void *, const int *, const void *, const int *, void *);
void zdotcsub_(const int *, const void *, const int *, const void *, const int *, void *);
void zdotusub_(const int *, const void *, const int *, const void *, const int *, void *);
void sdsdotsub_(const int *, const float *, const void *, const int *, const void *, const int *,
                void *);
void snrm2sub_(const int *, const void *, const int *, void *);
void dnrm2sub_(const int *, const void *, const int *, void *);
void scnrm2sub_(const int *, const void *, const int *, void *);
void dznrm2sub_(const int *, const void *, const int *, void *);
void sasumsub_(const int *, const void *, const int *, void *);
void dasumsub_(const int *, const void *, const int *, void *);
void scasumsub_(const int *, const void *, const int *, void *);
void dzasumsub_(const int *, const void *, const int *, void *);
void isamaxsub_(const int *, const void *, const int *, void *);
void idamaxsub_(const int *, const void *, const int *, void *);
void icamaxsub_(const int *, const void *, const int *, void *);
void izamaxsub_(const int *, const void *, const int *, void *);
void scabs1sub_(const void *, void *);
void dcabs1sub_(const void *, void *);
float cblas_scabs1(const void *);
double cblas_dcabs1(const void *);
int lsame_(const char *, const char *, size_t, size_t);
void xerbla_array_(const char *, const int *, const int *, size_t);

/* The plain functions, as the CPU BLAS and the reference define them (gfortran's ABI: COMPLEX
 * functions return their value like C's _Complex). */
typedef float sdot_fn(const int *, const void *, const int *, const void *, const int *);
typedef double ddot_fn(const int *, const void *, const int *, const void *, const int *);
typedef float _Complex cdot_fn(const int *, const void *, const int *, const void *, const int *);
typedef double _Complex zdot_fn(const int *, const void *, const int *, const void *, const int *);
typedef float sdsdot_fn(const int *, const float *, const void *, const int *, const void *,
                        const int *);
typedef float snorm_fn(const int *, const void *, const int *);
typedef double dnorm_fn(const int *, const void *, const int *);
typedef int iamax_fn(const int *, const void *, const int *);
typedef float scabs1_fn(const void *);
typedef double dcabs1_fn(const void *);

enum kind { DOT, SDSDOT, NORM2, ASUM, IAMAX, CABS1 };
/* Element types of the vectors and of the result (I: a Fortran INTEGER). */
enum type { S, D, C, Z, I };
static const size_t type_size[] = {4, 8, 8, 16, 4};

struct routine {
    const char *name, *plain; /* "sdotsub_", and the function it wraps, "sdot_" */
    enum kind kind;
    enum type in, out;
    void (*ours)(void); /* cast back to its kind's type before the call */
    void (*cpu)(void), (*reference)(void);
};

#define ROUTINE(name, plain, kind, in, out)                                                 \
    {#name, #plain, kind, in, out, (void (*)(void))name, 0, 0}
static struct routine routines[] = {
    ROUTINE(sdotsub_, sdot_, DOT, S, S),       ROUTINE(ddotsub_, ddot_, DOT, D, D),
    ROUTINE(dsdotsub_, dsdot_, DOT, S, D),     ROUTINE(cdotcsub_, cdotc_, DOT, C, C),
    ROUTINE(cdotusub_, cdotu_, DOT, C, C),     ROUTINE(zdotcsub_, zdotc_, DOT, Z, Z),
    ROUTINE(zdotusub_, zdotu_, DOT, Z, Z),     ROUTINE(sdsdotsub_, sdsdot_, SDSDOT, S, S),
    ROUTINE(snrm2sub_, snrm2_, NORM2, S, S),   ROUTINE(dnrm2sub_, dnrm2_, NORM2, D, D),
    ROUTINE(scnrm2sub_, scnrm2_, NORM2, C, S), ROUTINE(dznrm2sub_, dznrm2_, NORM2, Z, D),
    ROUTINE(sasumsub_, sasum_, ASUM, S, S),    ROUTINE(dasumsub_, dasum_, ASUM, D, D),
    ROUTINE(scasumsub_, scasum_, ASUM, C, S),  ROUTINE(dzasumsub_, dzasum_, ASUM, Z, D),
    ROUTINE(isamaxsub_, isamax_, IAMAX, S, I), ROUTINE(idamaxsub_, idamax_, IAMAX, D, I),
    ROUTINE(icamaxsub_, icamax_, IAMAX, C, I), ROUTINE(izamaxsub_, izamax_, IAMAX, Z, I),
    ROUTINE(scabs1sub_, scabs1_, CABS1, C, S), ROUTINE(dcabs1sub_, dcabs1_, CABS1, Z, D),
};
enum { ROUTINES = sizeof routines / sizeof routines[0] };

/* Lengths up to MAX_N cover every vector tail of any kernel (unrolled by up to 32 or 64) and
 * stay far below the lengths (10000 and more) where OpenBLAS may split a Level-1 function over
 * threads, whose partial sums would make "bit for bit" depend on the threads it had; increments
 * up to 3 in size. */
enum { MAX_N = 160, MAX_INC = 3, TRIALS = 300 };
/* Elements the strided ones skip hold this in the exact trials: read, it changes the answer. */
#define SKIPPED 1000.0

static int test_number;

static void ok(int good, const char *what)
{
    printf("%sok %d - %s\n", good ? "" : "not ", ++test_number, what);
}

static void (*symbol(void *library, const char *library_name, const char *name))(void)
{
    void *address = dlsym(library, name);
    if (!address) {
        printf("Bail out! %s lacks %s\n", library_name, name);
        exit(1);
    }
    void (*function)(void);
    memcpy(&function, &address, sizeof function); /* POSIX: a dlsym result is a function's */
    return function;
}

/* splitmix64: the run's random data, replayed by the printed seed. */
static uint64_t rng_state;
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static int rng_below(int n) { return (int)(rng_next() % (uint64_t)n); }
static double rng_sym(void) { return (double)(rng_next() >> 11) * 0x1p-52 - 1.0; }

/* Vectors as bytes, so that one code path serves every type; 64-byte aligned like the vectors
 * the kernels' fast paths expect. */
static _Alignas(64) unsigned char x_buffer[MAX_N * MAX_INC * 16], y_buffer[MAX_N * MAX_INC * 16];

/* Component c (0: real part, 1: imaginary part) of element i of v. */
static void put(unsigned char *v, enum type t, int i, int c, double value)
{
    if (t == S || t == C) {
        float f = (float)value;
        memcpy(v + (size_t)i * type_size[t] + (size_t)c * 4, &f, 4);
    } else {
        memcpy(v + (size_t)i * type_size[t] + (size_t)c * 8, &value, 8);
    }
}

static int is_complex(enum type t) { return t == C || t == Z; }

/* Fills all of v (every element a call may skip included) with fill(). */
static void fill_all(unsigned char *v, enum type t, double (*fill)(void))
{
    for (int i = 0; i < MAX_N * MAX_INC; i++)
        for (int c = 0; c <= is_complex(t); c++)
            put(v, t, i, c, fill());
}

static double random_value(void) { return rng_sym(); }
static double skipped_value(void) { return SKIPPED; }
static double small_integer(void) { return rng_below(9) - 4; } /* -4 .. 4 */

/* The buffer index of the j-th element a call with n and inc visits (BLAS order: backwards from
 * the end for a negative increment). */
static int visited(int n, int inc, int j) { return inc > 0 ? j * inc : (n - 1 - j) * -inc; }

/* One call's arguments. */
struct args {
    int n, incx, incy;
    float sb; /* sdsdot's scalar */
};

/* Room for any result (a double complex), then bytes the call must leave alone. */
enum { RESULT_ROOM = 32 };
#define UNTOUCHED 0xa5

/* Calls a *sub_ form (ours or the reference's) into out, first filled with UNTOUCHED. */
static void call_sub(const struct routine *r, void (*sub)(void), const struct args *a,
                     unsigned char out[RESULT_ROOM])
{
    memset(out, UNTOUCHED, RESULT_ROOM);
    switch (r->kind) {
    case DOT:
        ((dot_sub_fn *)sub)(&a->n, x_buffer, &a->incx, y_buffer, &a->incy, out);
        break;
    case SDSDOT:
        ((sdsdot_sub_fn *)sub)(&a->n, &a->sb, x_buffer, &a->incx, y_buffer, &a->incy, out);
        break;
    case NORM2:
    case ASUM:
    case IAMAX:
        ((norm_sub_fn *)sub)(&a->n, x_buffer, &a->incx, out);
        break;
    case CABS1:
        ((cabs1_sub_fn *)sub)(x_buffer, out);
        break;
    }
}

/* Calls a plain function and stores its value into out as a *sub_ form would. */
static void call_plain(const struct routine *r, void (*f)(void), const struct args *a,
                       unsigned char out[RESULT_ROOM])
{
    memset(out, UNTOUCHED, RESULT_ROOM);
    union {
        float s;
        double d;
        float _Complex c;
        double _Complex z;
        int i;
    } v;
    const int *n = &a->n, *incx = &a->incx, *incy = &a->incy;
    switch (r->kind) {
    case DOT:
        if (r->out == S)
            v.s = ((sdot_fn *)f)(n, x_buffer, incx, y_buffer, incy);
        else if (r->out == D)
            v.d = ((ddot_fn *)f)(n, x_buffer, incx, y_buffer, incy);
        else if (r->out == C)
            v.c = ((cdot_fn *)f)(n, x_buffer, incx, y_buffer, incy);
        else
            v.z = ((zdot_fn *)f)(n, x_buffer, incx, y_buffer, incy);
        break;
    case SDSDOT:
        v.s = ((sdsdot_fn *)f)(n, &a->sb, x_buffer, incx, y_buffer, incy);
        break;
    case NORM2:
    case ASUM:
    case IAMAX:
        if (r->out == S)
            v.s = ((snorm_fn *)f)(n, x_buffer, incx);
        else if (r->out == D)
            v.d = ((dnorm_fn *)f)(n, x_buffer, incx);
        else
            v.i = ((iamax_fn *)f)(n, x_buffer, incx);
        break;
    case CABS1:
        if (r->out == S)
            v.s = ((scabs1_fn *)f)(x_buffer);
        else
            v.d = ((dcabs1_fn *)f)(x_buffer);
        break;
    }
    memcpy(out, &v, type_size[r->out]);
}

/* A result as text: its value, or "wrote N bytes" when bytes past the result were changed. */
static const char *show(const struct routine *r, const unsigned char out[RESULT_ROOM])
{
    static char text[4][96];
    static int next;
    char *s = text[next++ % 4];
    size_t size = type_size[r->out];
    for (size_t b = RESULT_ROOM; b > size; b--)
        if (out[b - 1] != UNTOUCHED) {
            snprintf(s, sizeof text[0], "(wrote %zu bytes, not %zu)", b, size);
            return s;
        }
    float f[2];
    double d[2];
    int i;
    switch (r->out) {
    case S:
    case C:
        memcpy(f, out, size);
        if (r->out == S)
            snprintf(s, sizeof text[0], "%.9g", f[0]);
        else
            snprintf(s, sizeof text[0], "(%.9g,%.9g)", f[0], f[1]);
        break;
    case D:
    case Z:
        memcpy(d, out, size);
        if (r->out == D)
            snprintf(s, sizeof text[0], "%.17g", d[0]);
        else
            snprintf(s, sizeof text[0], "(%.17g,%.17g)", d[0], d[1]);
        break;
    case I:
        memcpy(&i, out, sizeof i);
        snprintf(s, sizeof text[0], "%d", i);
        break;
    }
    return s;
}

static void describe_args(const struct routine *r, const struct args *a, char *s, size_t size)
{
    if (r->kind == CABS1)
        snprintf(s, size, "one element");
    else if (r->kind == DOT)
        snprintf(s, size, "n=%d incx=%d incy=%d", a->n, a->incx, a->incy);
    else if (r->kind == SDSDOT)
        snprintf(s, size, "n=%d sb=%.9g incx=%d incy=%d", a->n, a->sb, a->incx, a->incy);
    else
        snprintf(s, size, "n=%d incx=%d", a->n, a->incx);
}

/* Random arguments for one trial: every length 0..MAX_N is likely over TRIALS (tails of every
 * size), increments independent for x and y so that swapping them shows. */
static struct args random_args(const struct routine *r)
{
    static const int dot_incs[] = {1, 2, 3, -1, -2, -3}, norm_incs[] = {1, 2, 3};
    struct args a = {rng_below(MAX_N + 1), 1, 1, 0};
    if (r->kind == DOT || r->kind == SDSDOT) {
        a.incx = dot_incs[rng_below(6)];
        a.incy = dot_incs[rng_below(6)];
    } else {
        a.incx = norm_incs[rng_below(3)];
    }
    return a;
}

/* Check 1: ours against the CPU BLAS's plain function on random data, bit for bit. */
static void check_against_cpu_blas(const struct routine *r, const char *cpu_path)
{
    int failures = 0;
    char first[320] = "";
    for (int trial = 0; trial < TRIALS; trial++) {
        struct args a = random_args(r);
        if (trial < 2)
            a.n = trial; /* always 0 and 1 */
        a.sb = (float)rng_sym();
        fill_all(x_buffer, r->in, random_value);
        fill_all(y_buffer, r->in, random_value);
        unsigned char ours[RESULT_ROOM], cpu[RESULT_ROOM];
        call_sub(r, r->ours, &a, ours);
        call_plain(r, r->cpu, &a, cpu);
        if (memcmp(ours, cpu, RESULT_ROOM) != 0 && failures++ == 0) {
            char where[64];
            describe_args(r, &a, where, sizeof where);
            snprintf(first, sizeof first, "%s: %s gave %s, the CPU BLAS's %s %s", where, r->name,
                     show(r, ours), r->plain, show(r, cpu));
        }
    }
    char what[160];
    snprintf(what, sizeof what, "%s gives the value of the CPU BLAS's %s bit for bit (%d calls)",
             r->name, r->plain, TRIALS);
    ok(failures == 0, what);
    if (failures)
        printf("#   %d of %d calls differ; the first: %s\n#   CPU BLAS: %s\n", failures, TRIALS,
               first, cpu_path);
}

/* Exact data for one trial of r: the visited elements as described at check 2, the skipped ones
 * SKIPPED. */
static void exact_data(const struct routine *r, const struct args *a)
{
    fill_all(x_buffer, r->in, skipped_value);
    fill_all(y_buffer, r->in, skipped_value);
    int complex_in = is_complex(r->in), n = a->n;
    switch (r->kind) {
    case CABS1:
        /* |re| + |im| of small integers and halves. */
        put(x_buffer, r->in, 0, 0, small_integer() / 2.0);
        put(x_buffer, r->in, 0, 1, small_integer());
        break;
    case DOT:
    case SDSDOT:
    case ASUM:
        /* Integers -4..4: every product and partial sum exact (at most 160 * 32 in size). */
        for (int j = 0; j < n; j++)
            for (int c = 0; c <= complex_in; c++) {
                put(x_buffer, r->in, visited(n, a->incx, j), c, small_integer());
                put(y_buffer, r->in, visited(n, a->incy, j), c, small_integer());
            }
        break;
    case NORM2: {
        /* k components +-2^e (k a square, e shared), the others 0: the norm is sqrt(k) 2^e,
         * and every scaling a norm algorithm does is by powers of two, so no rounding. */
        int components = n << complex_in, root = 1 + rng_below(8);
        while (root * root > components)
            root--;
        double magnitude = ldexp(1.0, rng_below(17) - 8);
        int chosen = 0;
        for (int m = 0; m < components; m++) {
            /* Each component chosen with the probability that leaves k = root^2 in all. */
            int value = rng_below(components - m) < root * root - chosen;
            chosen += value;
            put(x_buffer, r->in, visited(n, a->incx, m >> complex_in), m & complex_in,
                value ? (rng_next() & 1 ? magnitude : -magnitude) : 0.0);
        }
        break;
    }
    case IAMAX: {
        /* Integers -3..3 and one unique largest at a random place: 9, or 5 + 4i (|re| + |im| is
         * what icamax compares). For complex, a decoy of larger modulus but smaller |re| + |im|
         * (7) elsewhere. */
        for (int j = 0; j < n; j++)
            for (int c = 0; c <= complex_in; c++)
                put(x_buffer, r->in, visited(n, a->incx, j), c, rng_below(7) - 3);
        if (n == 0)
            break;
        int largest = rng_below(n), decoy = rng_below(n);
        if (complex_in && decoy != largest) {
            put(x_buffer, r->in, visited(n, a->incx, decoy), 0, 0);
            put(x_buffer, r->in, visited(n, a->incx, decoy), 1, -7);
        }
        put(x_buffer, r->in, visited(n, a->incx, largest), 0, complex_in ? -5 : 9);
        if (complex_in)
            put(x_buffer, r->in, visited(n, a->incx, largest), 1, 4);
        break;
    }
    }
}

/* Check 2: ours against the reference on exact data. When they differ, the CPU BLAS's own
 * plain function is asked too: if it gives what ours gave and not the reference's answer, the
 * CPU BLAS is wrong on these data and blasroute forwarded it faithfully (check 1 covers that),
 * so the comparison is skipped, not failed. */
static void check_exact(const struct routine *r, const char *cpu_path)
{
    int failures = 0, cpu_wrong = 0;
    char first[320] = "", first_cpu[320] = "";
    for (int trial = 0; trial < TRIALS; trial++) {
        struct args a = random_args(r);
        a.n = trial < 2 ? trial : 1 + rng_below(MAX_N);
        a.sb = (float)(small_integer() / 4.0);
        exact_data(r, &a);
        unsigned char ours[RESULT_ROOM], reference[RESULT_ROOM], cpu[RESULT_ROOM];
        call_sub(r, r->ours, &a, ours);
        call_sub(r, r->reference, &a, reference);
        if (memcmp(ours, reference, RESULT_ROOM) == 0)
            continue;
        call_plain(r, r->cpu, &a, cpu);
        char where[64];
        describe_args(r, &a, where, sizeof where);
        if (memcmp(ours, cpu, RESULT_ROOM) == 0) {
            if (cpu_wrong++ == 0)
                snprintf(first_cpu, sizeof first_cpu, "%s: %s %s, the reference %s", where,
                         r->plain, show(r, cpu), show(r, reference));
        } else if (failures++ == 0) {
            snprintf(first, sizeof first, "%s: %s gave %s, the reference %s (the CPU BLAS's %s %s)",
                     where, r->name, show(r, ours), show(r, reference), r->plain, show(r, cpu));
        }
    }
    char what[400];
    int length = snprintf(what, sizeof what,
                          "%s gives the reference's answer on exact data (%d calls)", r->name,
                          TRIALS);
    if (failures == 0 && cpu_wrong > 0)
        snprintf(what + length, sizeof what - (size_t)length,
                 " # SKIP the CPU BLAS's own %s is wrong on %d of them, and %s forwarded it "
                 "faithfully (%s; %s)",
                 r->plain, cpu_wrong, r->name, first_cpu, cpu_path);
    ok(failures == 0, what);
    if (failures)
        printf("#   %d of %d calls differ; the first: %s\n", failures, TRIALS, first);
}

/* xerbla_array_ must reach the program's XERBLA: this one, found by the dynamic linker. */
static char xerbla_name[64];
static int xerbla_info, xerbla_length;
void xerbla_(const char *name, const int *info, size_t length);
void xerbla_(const char *name, const int *info, size_t length)
{
    xerbla_length = (int)length;
    memcpy(xerbla_name, name, length < sizeof xerbla_name ? length : sizeof xerbla_name - 1);
    xerbla_info = *info;
}

int main(void)
{
    const char *path = getenv("BLASROUTE_REFERENCE_BLAS");
    if (!path)
        path = "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3";
    void *reference = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!reference) {
        printf("1..0 # SKIP reference BLAS not found at %s\n", path);
        return 0;
    }
    printf("1..%d\n", 2 * ROUTINES + 4);
    const char *seed_text = getenv("BLASROUTE_TEST_SEED");
    uint64_t seed = seed_text && *seed_text
                        ? strtoull(seed_text, NULL, 0)
                        : ((uint64_t)time(NULL) ^ (uint64_t)getpid() << 16) % 1000000000u;
    rng_state = seed;
    printf("# seed %" PRIu64 " (BLASROUTE_TEST_SEED replays this run)\n", seed);

    /* The CPU BLAS blasroute answers with: already open in blasroute, so dlopen gives the same
     * library. It must not be blasroute itself, or check 1 would compare blasroute with itself. */
    const char *cpu_path = blasroute_cpu_blas_path();
    void *cpu = dlopen(cpu_path, RTLD_NOW | RTLD_LOCAL);
    ok(cpu && !dlsym(cpu, "blasroute_identity"),
       "blasroute's CPU BLAS can be opened and is not blasroute");
    printf("# CPU BLAS: %s\n", cpu_path);
    if (!cpu) {
        printf("Bail out! cannot open the CPU BLAS %s\n", cpu_path);
        return 1;
    }
    for (int i = 0; i < ROUTINES; i++) {
        routines[i].cpu = symbol(cpu, cpu_path, routines[i].plain);
        routines[i].reference = symbol(reference, path, routines[i].name);
    }
    for (int i = 0; i < ROUTINES; i++)
        check_against_cpu_blas(&routines[i], cpu_path);
    for (int i = 0; i < ROUTINES; i++)
        check_exact(&routines[i], cpu_path);

    float zf[2] = {-1.5f, 2.25f};
    double zd[2] = {3.5, -0.0};
    ok(cblas_scabs1(zf) == 3.75f && cblas_dcabs1(zd) == 3.5, "cblas_scabs1 and cblas_dcabs1");

    int lsame_right = 1;
    for (int a = 1; a < 128; a++)
        for (int b = 1; b < 128; b++) {
            char ca = (char)a, cb = (char)b;
            int want = ca == cb || ((ca | 32) == (cb | 32) && (ca | 32) >= 'a' && (ca | 32) <= 'z');
            lsame_right &= !!lsame_(&ca, &cb, 1, 1) == want;
        }
    ok(lsame_right, "lsame_ compares letters without case and other characters exactly");

    int length = 7, info = 4;
    xerbla_array_("DGEQRF2", &length, &info, 1);
    ok(xerbla_info == 4 && xerbla_length == 32 && memcmp(xerbla_name, "DGEQRF2", 7) == 0 &&
           strspn(xerbla_name + 7, " ") == 25,
       "xerbla_array_ reaches the program's XERBLA with the name padded to 32 characters");
    return 0;
}
