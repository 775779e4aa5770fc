/* halves_test.c - TAP unit test of calls in halves (src/policy/halves.c): every TRSM, TRMM,
 * SYMM and HEMM call in halves of A, and every GEMM, SYRK, HERK, SYR2K and HER2K call in halves
 * of k, its pieces run one after the other on the reference BLAS (through br_cpu_level3, as
 * the engine hands a piece it declines), gives what the whole call gives on the reference:
 * every precision, side, triangle, transpose and diagonal, random orders and k (below and
 * above the 32-element rounding of the cut), leading
 * dimensions with padding (compared too: nothing outside the output's region written), alpha
 * and beta random, beta = 0 with C full of NaN (not read); and the second half of a side-R
 * TRSM, SYMM or HEMM cut at a random column, after its first half is final (what the CPU
 * finishes of a device's panel). Fresh random data each run. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "call.h"
#include "cpu_level3.h"
#include "policy/halves.h"
#include "unit_tap.h"

static uint64_t state;

static double uniform(void) /* in [-1, 1) */
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(state >> 11) / (double)(1ull << 52) - 1.0;
}

static int below(int n)
{
    return (int)((uniform() + 1) / 2 * n) % n;
}

/* Part `part` (0 real, 1 imaginary) of element i. */
static double get(const void *x, size_t i, enum br_precision p, int part)
{
    switch (p) {
    case BR_S:
        return part ? 0 : ((const float *)x)[i];
    case BR_D:
        return part ? 0 : ((const double *)x)[i];
    case BR_C:
        return ((const float *)x)[2 * i + part];
    default:
        return ((const double *)x)[2 * i + part];
    }
}

static void put(void *x, size_t i, enum br_precision p, int part, double v)
{
    switch (p) {
    case BR_S:
        if (!part)
            ((float *)x)[i] = (float)v;
        break;
    case BR_D:
        if (!part)
            ((double *)x)[i] = v;
        break;
    case BR_C:
        ((float *)x)[2 * i + part] = (float)v;
        break;
    default:
        ((double *)x)[2 * i + part] = v;
    }
}

static void *random_matrix(size_t count, enum br_precision p, double scale)
{
    void *x = malloc(count * br_element_size(p));
    for (size_t i = 0; i < count; i++)
        for (int part = 0; part < 2; part++)
            put(x, i, p, part, scale * uniform());
    return x;
}

static union br_scalar scalar(enum br_precision p, double re, double im)
{
    union br_scalar s;
    memset(&s, 0, sizeof s);
    switch (p) {
    case BR_S:
        s.s = (float)re;
        break;
    case BR_D:
        s.d = re;
        break;
    case BR_C:
        s.c[0] = (float)re, s.c[1] = (float)im;
        break;
    default:
        s.z[0] = re, s.z[1] = im;
    }
    return s;
}

static const char *const family_names[] = {
    [BR_GEMM] = "gemm", [BR_SYMM] = "symm",   [BR_HEMM] = "hemm",   [BR_SYRK] = "syrk",
    [BR_HERK] = "herk", [BR_SYR2K] = "syr2k", [BR_HER2K] = "her2k", [BR_TRMM] = "trmm",
    [BR_TRSM] = "trsm"};

/* Runs `c` whole and in its pieces (halves of k when `of_k`, else of A) on the reference, on
 * copies of the output `out0` (count elements); 0 if they agree. With `second_at` (side R):
 * the pieces of br_halves_second_of_a cut there, the whole call's first second_at columns
 * given to them as final, as a device leaves them. Frees nothing. */
static int whole_against_pieces(const struct br_call *c, int of_k, br_int second_at,
                                void *out0, size_t count, int order, const char *what)
{
    enum br_precision p = c->precision;
    size_t e = br_element_size(p);
    int writes_b = c->family == BR_TRSM || c->family == BR_TRMM;
    void *whole = malloc(count * e), *cut = malloc(count * e);
    memcpy(whole, out0, count * e);
    memcpy(cut, out0, count * e);
    struct br_call w = *c, h = *c;
    if (writes_b)
        w.b = whole, h.b = cut;
    else
        w.c = whole, h.c = cut;
    br_cpu_level3(&w);
    struct br_call pieces[BR_HALVES_MAX_PIECES];
    int pieces_count = of_k ? br_halves_of_k(&h, pieces) : br_halves_of_a(&h, pieces);
    if (second_at > 0) {
        br_int ld = writes_b ? c->ldb : c->ldc;
        memcpy(cut, whole, (size_t)ld * (size_t)second_at * e);
        pieces_count = br_halves_second_of_a(&h, second_at, pieces);
    }
    for (int i = 0; i < pieces_count; i++)
        br_cpu_level3(&pieces[i]);
    double scale = 0, worst = 0;
    int nonfinite = 0;
    for (size_t i = 0; i < count; i++)
        for (int part = 0; part < 2; part++) {
            double x = get(whole, i, p, part), y = get(cut, i, p, part);
            if (!isfinite(y) && isfinite(x))
                nonfinite = 1;
            if (isfinite(x))
                scale = fmax(scale, fabs(x));
            if (isfinite(x) && isfinite(y))
                worst = fmax(worst, fabs(x - y));
        }
    double tolerance = (p == BR_S || p == BR_C ? 2e-5 : 1e-13) * order * (1 + scale);
    int wrong = pieces_count < (second_at > 0 ? 1 : 2) || nonfinite || worst > tolerance;
    if (wrong)
        fail("%c%s %s: %d pieces, off by %g (tolerance %g)%s", "sdcz"[p],
             family_names[c->family], what, pieces_count, worst, tolerance,
             nonfinite ? ", a non-finite value where C was not read" : "");
    free(whole), free(cut);
    return wrong;
}

static struct br_call fresh_call(enum br_family family, enum br_precision p)
{
    struct br_call c;
    memset(&c, 0, sizeof c);
    c.family = family;
    c.precision = p;
    c.work = BR_WORK_FULL;
    return c;
}

/* C full of NaN, for beta = 0 (not read). */
static void poison(void *c, size_t count, enum br_precision p)
{
    for (size_t i = 0; i < count; i++)
        for (int part = 0; part < 2; part++)
            put(c, i, p, part, NAN);
}

/* One random call of `family`: whole on the reference against its pieces; 0 if they agree.
 * `second`: a side-R call's second half from a random column on, after its first is final. */
static int check_call(enum br_family family, enum br_precision p, int large, int second)
{
    struct br_call c = fresh_call(family, p);
    c.side = second || below(2) ? 'R' : 'L';
    c.uplo = below(2) ? 'U' : 'L';
    int triangular = family == BR_TRSM || family == BR_TRMM;
    if (triangular) {
        static const char trans[] = {'N', 'T', 'C'};
        c.transa = trans[below(br_is_complex(p) ? 3 : 2)];
        c.diag = below(2) ? 'U' : 'N';
    }
    int order = large ? 128 + below(100) : 2 + below(60);
    int other = 1 + below(large ? 90 : 40);
    c.m = c.side == 'L' ? order : other;
    c.n = c.side == 'L' ? other : order;
    c.lda = order + below(3);
    c.ldb = c.m + below(3);
    c.alpha = scalar(p, 0.5 + uniform(), br_is_complex(p) ? uniform() : 0);
    int beta_zero = !triangular && below(3) == 0;
    c.beta = scalar(p, beta_zero ? 0 : uniform(),
                    br_is_complex(p) && !beta_zero ? uniform() : 0);
    /* A: off the diagonal small, on it away from zero, so that TRSM stays well conditioned. */
    void *a = random_matrix((size_t)c.lda * order, p, 1.0 / order);
    for (int i = 0; i < order; i++)
        put(a, (size_t)i + (size_t)i * c.lda, p, 0, 1.5 + 0.5 * uniform());
    size_t b_count = (size_t)c.ldb * c.n, c_count = 0;
    void *b = random_matrix(b_count, p, 1), *c0 = NULL;
    if (!triangular) {
        c.ldc = c.m + below(3);
        c_count = (size_t)c.ldc * c.n;
        c0 = random_matrix(c_count, p, 1);
        if (beta_zero)
            poison(c0, c_count, p);
    }
    c.a = a;
    c.b = b;
    br_int second_at = second ? 1 + below(order - 1) : 0;
    if (second && family == BR_TRMM) /* only op(A) lower has a second half: uplo to match */
        c.uplo = c.transa == 'N' ? 'L' : 'U';
    char what[160];
    snprintf(what, sizeof what, "side %c uplo %c trans %c diag %c m %lld n %lld beta %s%s%lld",
             c.side, c.uplo, c.transa ? c.transa : '-', c.diag ? c.diag : '-', (long long)c.m,
             (long long)c.n, beta_zero ? "0" : "random", second ? ", second half from " : "",
             (long long)second_at);
    int wrong = whole_against_pieces(&c, 0, second_at, triangular ? b : c0,
                                     triangular ? b_count : c_count, order, what);
    free(a), free(b), free(c0);
    return wrong;
}

static int check_one(enum br_family family, enum br_precision p, int large)
{
    return check_call(family, p, large, 0);
}

static int check_second(enum br_family family, enum br_precision p, int large)
{
    return check_call(family, p, large, 1);
}

/* One random GEMM or rank-k call in halves of k against the whole call. */
static int check_k(enum br_family family, enum br_precision p, int large)
{
    struct br_call c = fresh_call(family, p);
    int cx = br_is_complex(p), hermitian = family == BR_HERK || family == BR_HER2K;
    static const char all[] = {'N', 'T', 'C'};
    c.uplo = below(2) ? 'U' : 'L';
    c.k = large ? 128 + below(100) : 2 + below(60);
    c.n = 1 + below(large ? 90 : 40);
    if (family == BR_GEMM) {
        c.m = 1 + below(large ? 90 : 40);
        c.transa = all[below(cx ? 3 : 2)], c.transb = all[below(cx ? 3 : 2)];
    } else {
        c.transa = below(2) ? 'N' : hermitian ? 'C' : 'T';
    }
    br_int outer = family == BR_GEMM ? c.m : c.n; /* op(A) is outer x k */
    br_int rows_a = c.transa == 'N' ? outer : c.k, cols_a = c.transa == 'N' ? c.k : outer;
    br_int rows_b = family == BR_GEMM ? (c.transb == 'N' ? c.k : c.n) : rows_a;
    br_int cols_b = family == BR_GEMM ? (c.transb == 'N' ? c.n : c.k) : cols_a;
    br_int rows_c = family == BR_GEMM ? c.m : c.n;
    c.lda = rows_a + below(3);
    c.ldb = rows_b + below(3);
    c.ldc = rows_c + below(3);
    int beta_zero = below(3) == 0;
    int real_alpha = family == BR_HERK, real_beta = hermitian;
    c.alpha = scalar(p, 0.5 + uniform(), cx && !real_alpha ? uniform() : 0);
    c.beta = scalar(p, beta_zero ? 0 : uniform(), cx && !real_beta && !beta_zero ? uniform() : 0);
    void *a = random_matrix((size_t)c.lda * cols_a, p, 1);
    void *b = family == BR_GEMM || family == BR_SYR2K || family == BR_HER2K
                  ? random_matrix((size_t)c.ldb * cols_b, p, 1)
                  : NULL;
    size_t c_count = (size_t)c.ldc * c.n;
    void *c0 = random_matrix(c_count, p, 1);
    if (beta_zero)
        poison(c0, c_count, p);
    c.a = a;
    c.b = b;
    if (!b)
        c.ldb = 0;
    char what[160];
    snprintf(what, sizeof what, "uplo %c trans %c%c m %lld n %lld k %lld beta %s", c.uplo,
             c.transa, c.transb ? c.transb : ' ', (long long)c.m, (long long)c.n,
             (long long)c.k, beta_zero ? "0" : "random");
    int wrong = whole_against_pieces(&c, 1, 0, c0, c_count, (int)c.k, what);
    free(a), free(b), free(c0);
    return wrong;
}

/* `calls` random calls of `check` for each precision the routine exists in, one in eight of
 * the larger orders; how many were made. */
static int play(enum br_family family, int calls,
                int (*check)(enum br_family, enum br_precision, int))
{
    int made = 0;
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        for (int i = 0; br_routine_exists(family, (enum br_precision)p) && i < calls; i++, made++)
            check(family, (enum br_precision)p, i % 8 == 7);
    return made;
}

int main(void)
{
    const char *reference = getenv("BLASROUTE_REFERENCE_BLAS");
    if (!reference || access(reference, R_OK) != 0) {
        printf("1..0 # SKIP no reference BLAS (BLASROUTE_REFERENCE_BLAS)\n");
        return 0;
    }
    setenv("BLASROUTE_CPU_BLAS", reference, 1);
    state = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    printf("1..7\n");
    diag("seed %llu", (unsigned long long)state);
    static const enum br_family by_a[] = {BR_TRSM, BR_TRMM, BR_SYMM, BR_HEMM};
    for (int f = 0; f < 4; f++) {
        char what[160];
        snprintf(what, sizeof what,
                 "%s in halves of A, its pieces run in turn on the reference: as the whole call "
                 "(%d random calls, every option)",
                 family_names[by_a[f]], play(by_a[f], 40, check_one));
        ok(what);
    }
    static const enum br_family by_k[] = {BR_GEMM, BR_SYRK, BR_HERK, BR_SYR2K, BR_HER2K};
    int k_calls = 0;
    for (int f = 0; f < 5; f++)
        k_calls += play(by_k[f], 20, check_k);
    char what_k[160];
    snprintf(what_k, sizeof what_k,
             "gemm, syrk, herk, syr2k, her2k in halves of k on the reference: as the whole call "
             "(%d random calls, every option)",
             k_calls);
    ok(what_k);
    /* Other routines, and A of order 1, have no halves. */
    struct br_call g;
    memset(&g, 0, sizeof g);
    g.family = BR_GEMM, g.work = BR_WORK_FULL, g.m = g.n = g.k = 100;
    struct br_call t = g;
    t.family = BR_TRSM, t.side = 'L', t.m = 1, t.n = 50;
    struct br_call pieces[BR_HALVES_MAX_PIECES];
    if (br_halves_of_a(&g, pieces) != 0 || br_halves_of_a(&t, pieces) != 0 ||
        br_halves_of_a_first(&g) || br_halves_of_a_first(&t))
        fail("a GEMM, or a TRSM whose A is 1 x 1, cut in halves of A");
    t.m = 300, t.n = 50;
    struct br_call wide = t;
    wide.m = 50, wide.n = 300;
    if (!br_halves_of_a_first(&t) || br_halves_of_a_first(&wide))
        fail("halves of A first: not for A of 300 beside B of 50 columns, or for A of 50 beside "
             "300");
    ok("no halves for other routines or A of order 1; A halved first only when its order is "
       "at least B's other dimension");
    /* What the CPU finishes after a device wrote a side-R panel's leading columns. */
    static const enum br_family second[] = {BR_TRSM, BR_TRMM, BR_SYMM, BR_HEMM};
    int second_calls = 0;
    for (int f = 0; f < 4; f++)
        second_calls += play(second[f], 40, check_second);
    struct br_call r = t;
    r.side = 'R', r.family = BR_TRMM, r.uplo = 'U', r.transa = 'N', r.m = 50, r.n = 60;
    if (br_halves_second_of_a(&r, 30, pieces) != 0 || br_halves_second_exists(&r))
        fail("the second half of a TRMM with op(A) upper after its first: its first half's old "
             "B is gone");
    char what_second[200];
    snprintf(what_second, sizeof what_second,
             "trsm, trmm (op(A) lower), symm, hemm side R from a random column on, the columns "
             "before it final: as the whole call (%d random calls, every option); none for "
             "TRMM with op(A) upper",
             second_calls);
    ok(what_second);
    return failed_tests ? 1 : 0;
}
