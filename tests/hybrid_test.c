/*
 * hybrid_test.c - TAP unit test of the hybrid split (src/split.c) and of the
 * hybrid choice of the per-call decision (src/policy/decide.c), without a
 * device or a BLAS: both are pure functions.
 *
 * What a passing line proves:
 *  - the split is a partition: for every family, precision, side, uplo and
 *    transpose, output shapes from 1 to 130 and shares from 0 to 1, the
 *    pieces of both sides write every element of the output's region (its
 *    m x n block, or its triangle for the rank-k family) exactly once and
 *    nothing else; every piece passes the reference's argument checks; the
 *    shares 0 and 1 give the whole call to one side unchanged;
 *  - each piece reads the right part of the operands: the pieces are
 *    evaluated here by a naive real triple loop (on doubles, transposes
 *    honoured) and their union equals the whole call's result, for GEMM
 *    (all transposes), SYMM, TRMM, TRSM (solved by substitution), SYRK and
 *    SYR2K, both sides, both triangles;
 *  - the share the device really gets is within 32 rows (or 3% of the
 *    work for the rank-k family) of the one asked for on large calls;
 *  - the spread over several workers (src/spread.c) is a partition too, for
 *    1 to 9 workers at equal, uneven and zero shares, with s and z, every
 *    family and option; a worker asked for nothing gets nothing; the parts'
 *    shares sum to 1 and match those asked on large calls; spread over
 *    three, the pieces evaluate to the whole call's result;
 *  - the several-device decision: shares follow the profiled rates (a device
 *    twice as fast gets more, both parts predicted to end within 5%); large
 *    calls of every family spread over two equal devices, predicted at least
 *    10% faster than one (and no more than twice as fast); small calls, and
 *    two devices on the host's own cores, do not, unless BLASROUTE_TEST_SPREAD
 *    forces it; a hybrid run over two devices as fast as the CPU gives the
 *    devices about two thirds; one device or no profile
 *    never spreads unless forced, then at equal shares;
 *  - the decision: a device as fast as the CPU on a fast link goes hybrid in
 *    auto mode, at a share near one half, predicted at least 10% faster
 *    than the device alone and faster than the CPU by the margin (but not
 *    when the profile says each side of a split runs twice as slowly); a
 *    GPU-like device 50 times the CPU never does (the device alone wins);
 *    hybrid = off, or a device that is the host's own CPU, never split in
 *    auto mode; mode hybrid splits every call, at BLASROUTE_SPLIT's share,
 *    else the profile's, else the model's; the model's share is within 2%
 *    of the best time found by scanning shares; a faster CPU lowers the
 *    model's share; no device profile: CPU even in hybrid mode.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call.h"
#include "policy/decide.h"
#include "policy/policy.h"
#include "policy/profile.h"
#include "policy/split.h"
#include "policy/spread.h"
#include "unit_tap.h"

enum { PLAN = 11 };

static int is_rank_k(enum br_family f)
{
    return f == BR_SYRK || f == BR_HERK || f == BR_SYR2K || f == BR_HER2K;
}

static int is_triangular(enum br_family f)
{
    return f == BR_TRMM || f == BR_TRSM;
}

/* The transposes a family accepts in a precision ('C' means 'T' for real data). */
static const char *transposes(enum br_family f, enum br_precision p)
{
    if (f == BR_SYMM || f == BR_HEMM)
        return "N";
    if ((f == BR_SYRK || f == BR_SYR2K) && br_is_complex(p))
        return "NT";
    if (f == BR_HERK || f == BR_HER2K)
        return "NC";
    return "NTC";
}

static void set_one(union br_scalar *x, enum br_precision p, double value)
{
    memset(x, 0, sizeof *x);
    if (p == BR_S)
        x->s = (float)value;
    else if (p == BR_D)
        x->d = value;
    else if (p == BR_C)
        x->c[0] = (float)value;
    else
        x->z[0] = value;
}

/* A settled call on operands in one arena (never read here): A, B and C each with room for
 * 140 x 130 complex doubles, leading dimensions a little above the rows, so that a piece's
 * pointer tells where it starts. */
enum { OPERAND_BYTES = 140 * 130 * 16 };
static char arena[3 * OPERAND_BYTES];
static struct br_call make_call(enum br_family f, enum br_precision p, char side, char uplo,
                                char trans, int m, int n, int k)
{
    struct br_call c;
    memset(&c, 0, sizeof c);
    c.family = f;
    c.precision = p;
    c.work = BR_WORK_FULL;
    c.uplo = f == BR_GEMM ? 0 : uplo;
    c.side = (f == BR_SYMM || f == BR_HEMM || is_triangular(f)) ? side : 0;
    c.transa = (f == BR_SYMM || f == BR_HEMM) ? 0 : trans;
    c.transb = f == BR_GEMM ? (trans == 'N' ? 'T' : 'N') : 0;
    c.diag = is_triangular(f) ? 'N' : 0;
    c.m = is_rank_k(f) ? 0 : m;
    c.n = n;
    c.k = (f == BR_GEMM || is_rank_k(f)) ? k : 0;
    set_one(&c.alpha, p, 1);
    set_one(&c.beta, p, 1);
    c.a = arena;
    c.b = arena + OPERAND_BYTES;
    c.c = arena + 2 * OPERAND_BYTES;
    c.lda = c.ldb = c.ldc = 140;
    return c;
}

/* The output a piece writes, as (row, column) offsets from the whole call's output. */
static void output_origin(const struct br_call *whole, const struct br_call *piece, int *row,
                          int *col)
{
    int writes_b = is_triangular(whole->family);
    const char *base = writes_b ? (const char *)whole->b : (const char *)whole->c;
    const char *start = writes_b ? (const char *)piece->b : (const char *)piece->c;
    long ld = writes_b ? whole->ldb : whole->ldc;
    long offset = (long)((start - base) / (long)br_element_size(whole->precision));
    *row = (int)(offset % ld);
    *col = (int)(offset / ld);
}

/* Marks what a piece writes in a rows x cols grid of counters; 0, or -1 if it writes outside. */
static int mark(const struct br_call *whole, const struct br_call *piece, int *grid, int rows,
                int cols)
{
    int r0, c0;
    output_origin(whole, piece, &r0, &c0);
    int pm = is_rank_k(piece->family) ? piece->n : piece->m, pn = piece->n;
    for (int j = 0; j < pn; j++)
        for (int i = 0; i < pm; i++) {
            if (is_rank_k(piece->family) &&
                (piece->uplo == 'U' ? i > j : i < j))
                continue; /* a diagonal piece writes its own triangle only */
            int r = r0 + i, c = c0 + j;
            if (r < 0 || r >= rows || c < 0 || c >= cols)
                return -1;
            grid[r + c * rows]++;
        }
    return 0;
}

static int valid_piece(const struct br_call *piece)
{
    return piece->work == BR_WORK_FULL && br_check_call(piece) == 0;
}

/* Marks a run of pieces (a split's side, a spread's part) in the grid; 1 if one writes outside
 * the output or is not a valid call. The rank-2k's second GEMM adds to the first's block, and
 * is not counted again. */
static int mark_pieces(const struct br_call *whole, const struct br_call *pieces, int count,
                       int *grid, int rows, int cols)
{
    int bad = 0;
    for (int i = 0; i < count; i++) {
        const struct br_call *d = &pieces[i];
        int adds = i > 0 && d->c == pieces[i - 1].c && d->m == pieces[i - 1].m &&
                   d->n == pieces[i - 1].n;
        bad |= (!adds && mark(whole, d, grid, rows, cols)) || !valid_piece(d);
    }
    return bad;
}

/* Whether the grid counts every element of the output's region (its block, or its triangle for
 * the rank-k family) once and nothing else. */
static int covered_once(const struct br_call *c, const int *grid, int rows, int cols)
{
    for (int j = 0; j < cols; j++)
        for (int i = 0; i < rows; i++) {
            int in = !is_rank_k(c->family) || (c->uplo == 'U' ? i <= j : i >= j);
            if (grid[i + j * rows] != in)
                return 0;
        }
    return 1;
}

static void check_partition(void)
{
    static const int sizes[] = {1, 3, 70, 130};
    static const double shares[] = {0, 0.3, 0.5, 0.93, 1};
    static int grid[130 * 130];
    long cases = 0;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            if (!br_routine_exists((enum br_family)f, (enum br_precision)p))
                continue;
            for (const char *t = transposes(f, p); *t; t++)
                for (int sd = 0; sd < 2; sd++)
                    for (int ul = 0; ul < 2; ul++)
                        for (int mi = 0; mi < 4; mi++)
                            for (int ni = 0; ni < 4; ni++)
                                for (int si = 0; si < 5; si++) {
                                    struct br_call c = make_call(
                                        (enum br_family)f, (enum br_precision)p, "LR"[sd],
                                        "UL"[ul], *t, sizes[mi], sizes[ni], 5);
                                    if (is_rank_k(c.family) && mi > 0)
                                        continue; /* no m */
                                    int rows = is_rank_k(c.family) ? c.n : c.m, cols = c.n;
                                    memset(grid, 0, sizeof grid);
                                    struct br_split split;
                                    br_split_call(&c, shares[si], &split);
                                    cases++;
                                    int bad = mark_pieces(&c, split.device, split.device_count,
                                                          grid, rows, cols) |
                                              mark_pieces(&c, split.cpu, split.cpu_count, grid,
                                                          rows, cols);
                                    bad |= !covered_once(&c, grid, rows, cols);
                                    /* All to one side: the very call, unchanged. */
                                    if (shares[si] == 0 &&
                                        (split.device_count != 0 || split.cpu_count != 1 ||
                                         memcmp(&split.cpu[0], &c, sizeof c) != 0))
                                        bad = 1;
                                    if (shares[si] == 1 &&
                                        (split.cpu_count != 0 || split.device_count != 1 ||
                                         memcmp(&split.device[0], &c, sizeof c) != 0))
                                        bad = 1;
                                    if (bad)
                                        fail("%c%s side %c uplo %c trans %c m %d n %d share "
                                             "%g: %d device pieces, %d CPU pieces do not "
                                             "partition the output",
                                             "sdcz"[p], br_family_name(c.family),
                                             c.side ? c.side : '-', c.uplo ? c.uplo : '-', *t,
                                             (int)c.m, (int)c.n, shares[si], split.device_count,
                                             split.cpu_count);
                                }
        }
    diag("%ld splits checked", cases);
    ok("the pieces write the output's region exactly once, are valid calls, and a share of 0 "
       "or 1 leaves the call whole");
}

/* The share vectors the spread checks use: equal, uneven, one worker idle, all to one. */
static const double spread_shares[][4] = {
    {1, 1, 1, 1}, {0.5, 0.3, 0.15, 0.05}, {0.2, 0, 0.5, 0.3}, {0, 1, 0, 0}};

static void check_spread_partition(void)
{
    static const int sizes[] = {1, 3, 70, 130};
    static const int worker_counts[] = {1, 2, 3, 4, 9};
    static int grid[130 * 130];
    long cases = 0;
    double nine[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p += 3) /* s and z */
            for (const char *t = transposes(f, p); *t; t++)
                for (int sd = 0; sd < 2; sd++)
                    for (int ul = 0; ul < 2; ul++)
                        for (int mi = 0; mi < 4; mi++)
                            for (int ni = 0; ni < 4; ni++)
                                for (int wi = 0; wi < 5; wi++)
                                    for (int si = 0; si < 4; si++) {
                                        if (!br_routine_exists((enum br_family)f,
                                                               (enum br_precision)p))
                                            continue;
                                        struct br_call c = make_call(
                                            (enum br_family)f, (enum br_precision)p, "LR"[sd],
                                            "UL"[ul], *t, sizes[mi], sizes[ni], 5);
                                        if (is_rank_k(c.family) && mi > 0)
                                            continue;
                                        int workers = worker_counts[wi];
                                        const double *shares =
                                            workers == 9 ? nine : spread_shares[si];
                                        int rows = is_rank_k(c.family) ? c.n : c.m, cols = c.n;
                                        memset(grid, 0, sizeof grid);
                                        struct br_spread spread;
                                        br_spread_call(&c, shares, workers, &spread);
                                        cases++;
                                        int bad = spread.workers != workers;
                                        double total = 0;
                                        for (int w = 0; w < spread.workers; w++) {
                                            const struct br_spread_part *part = &spread.parts[w];
                                            bad |= mark_pieces(&c, part->pieces, part->count,
                                                               grid, rows, cols);
                                            /* A worker asked for nothing gets nothing (but
                                             * the last, which takes what is left). */
                                            bad |= w < workers - 1 && shares[w] == 0 &&
                                                   part->count != 0;
                                            total += part->share;
                                        }
                                        bad |= !covered_once(&c, grid, rows, cols) ||
                                               fabs(total - 1) > 1e-9;
                                        if (bad)
                                            fail("%c%s side %c uplo %c trans %c m %d n %d, %d "
                                                 "workers, shares %d: the parts do not "
                                                 "partition the output (shares sum to %g)",
                                                 "sdcz"[p], br_family_name(c.family),
                                                 c.side ? c.side : '-', c.uplo ? c.uplo : '-', *t,
                                                 (int)c.m, (int)c.n, workers, si, total);
                                    }
    diag("%ld spreads checked", cases);
    ok("spread over 1 to 9 workers: the parts write the output's region exactly once, are "
       "valid calls, a worker asked for nothing gets nothing, and the shares sum to 1");
}

/* --- a naive real evaluator of calls on doubles, to check what the pieces read ------------ */

static double element(const void *base, int i, int j, int ld)
{
    return ((const double *)base)[i + (long)j * ld];
}

/* op(X)(i, j) of a real matrix. */
static double op(const double *x, int ld, char trans, int i, int j)
{
    return trans == 'N' ? x[i + (long)j * ld] : x[j + (long)i * ld];
}

/* A(i, j) of a symmetric or triangular real A stored in its uplo triangle. */
static double stored(const struct br_call *c, int i, int j)
{
    int in = c->uplo == 'U' ? i <= j : i >= j;
    if (c->family == BR_SYMM)
        return in ? element(c->a, i, j, c->lda) : element(c->a, j, i, c->lda);
    if (!in)
        return 0;
    return i == j && c->diag == 'U' ? 1 : element(c->a, i, j, c->lda);
}

/* Runs a real (precision d) call of GEMM, SYMM, SYRK, SYR2K, TRMM or TRSM, alpha = 1. */
static void evaluate(const struct br_call *c)
{
    int m = c->m, n = c->n;
    double *out = is_triangular(c->family) ? (double *)c->b : (double *)c->c;
    const double *a = c->a, *b = c->b;
    switch (c->family) {
    case BR_GEMM:
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                double sum = 0;
                for (int l = 0; l < c->k; l++)
                    sum += op(a, c->lda, c->transa, i, l) * op(b, c->ldb, c->transb, l, j);
                out[i + (long)j * c->ldc] = sum + out[i + (long)j * c->ldc] * c->beta.d;
            }
        break;
    case BR_SYMM:
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                double sum = 0;
                if (c->side == 'L')
                    for (int l = 0; l < m; l++)
                        sum += stored(c, i, l) * b[l + (long)j * c->ldb];
                else
                    for (int l = 0; l < n; l++)
                        sum += b[i + (long)l * c->ldb] * stored(c, l, j);
                out[i + (long)j * c->ldc] = sum + out[i + (long)j * c->ldc] * c->beta.d;
            }
        break;
    case BR_SYRK:
    case BR_SYR2K:
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                if (c->uplo == 'U' ? i > j : i < j)
                    continue;
                double sum = 0;
                for (int l = 0; l < c->k; l++) {
                    double ail = op(a, c->lda, c->transa, i, l);
                    double ajl = op(a, c->lda, c->transa, j, l);
                    if (c->family == BR_SYRK)
                        sum += ail * ajl;
                    else
                        sum += ail * op(b, c->ldb, c->transa, j, l) +
                               op(b, c->ldb, c->transa, i, l) * ajl;
                }
                out[i + (long)j * c->ldc] = sum + out[i + (long)j * c->ldc] * c->beta.d;
            }
        break;
    default: { /* TRMM, TRSM: B := op(A) B or B op(A), or solve; with a copy of B */
        int na = c->side == 'L' ? m : n;
        double *x = malloc(sizeof(double) * (size_t)m * (size_t)n);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                x[i + (long)j * m] = out[i + (long)j * c->ldb];
        /* op(A)(i, j) */
#define OPA(i, j) (c->transa == 'N' ? stored(c, (i), (j)) : stored(c, (j), (i)))
        if (c->family == BR_TRMM) {
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++) {
                    double sum = 0;
                    for (int l = 0; l < na; l++)
                        sum += c->side == 'L' ? OPA(i, l) * x[l + (long)j * m]
                                              : x[i + (long)l * m] * OPA(l, j);
                    out[i + (long)j * c->ldb] = sum;
                }
        } else if (c->side == 'L') { /* op(A) X = B, column by column, by Gauss-Seidel-free
                                       * substitution in the triangle's order */
            int lower = (c->uplo == 'L') == (c->transa == 'N');
            for (int j = 0; j < n; j++)
                for (int s = 0; s < m; s++) {
                    int i = lower ? s : m - 1 - s;
                    double sum = x[i + (long)j * m];
                    for (int l = 0; l < m; l++)
                        if (lower ? l < i : l > i)
                            sum -= OPA(i, l) * out[l + (long)j * c->ldb];
                    out[i + (long)j * c->ldb] = sum / OPA(i, i);
                }
        } else { /* X op(A) = B, row by row */
            int upper = (c->uplo == 'U') == (c->transa == 'N');
            for (int i = 0; i < m; i++)
                for (int s = 0; s < n; s++) {
                    int j = upper ? s : n - 1 - s;
                    double sum = x[i + (long)j * m];
                    for (int l = 0; l < n; l++)
                        if (upper ? l < j : l > j)
                            sum -= out[i + (long)l * c->ldb] * OPA(l, j);
                    out[i + (long)j * c->ldb] = sum / OPA(j, j);
                }
        }
#undef OPA
        free(x);
        break;
    }
    }
}

static void check_values(void)
{
    enum { LD = 40, SIZE = LD * 40 };
    static const enum br_family families[] = {BR_GEMM, BR_SYMM, BR_SYRK, BR_SYR2K, BR_TRMM,
                                              BR_TRSM};
    static double a[SIZE], b[SIZE], c0[SIZE], whole[SIZE], parts[SIZE];
    srand(12345);
    for (int i = 0; i < SIZE; i++) {
        a[i] = (double)(rand() % 2001 - 1000) / 1000;
        b[i] = (double)(rand() % 2001 - 1000) / 1000;
        c0[i] = (double)(rand() % 2001 - 1000) / 1000;
    }
    for (int i = 0; i < 37; i++) /* a well-conditioned triangle for TRSM */
        a[i + i * LD] = 4 + a[i + i * LD];
    long cases = 0;
    for (size_t fi = 0; fi < sizeof families / sizeof families[0]; fi++)
        for (const char *t = "NT"; *t; t++)
            for (int sd = 0; sd < 2; sd++)
                for (int ul = 0; ul < 2; ul++)
                    for (int shape = 0; shape < 2; shape++)
                        for (double share = 0.25; share < 1; share += 0.25) {
                            enum br_family f = families[fi];
                            int m = shape ? 37 : 9, n = shape ? 11 : 33;
                            struct br_call c = make_call(f, BR_D, "LR"[sd], "UL"[ul], *t, m, n,
                                                         7);
                            if (f == BR_SYMM && *t == 'T')
                                continue;
                            c.lda = c.ldb = c.ldc = LD;
                            c.a = a;
                            c.beta.d = 0.5;
                            /* TRMM/TRSM write B: each run gets a fresh copy in whole or parts. */
                            memcpy(whole, is_triangular(f) ? b : c0, sizeof whole);
                            memcpy(parts, whole, sizeof parts);
                            struct br_call run = c;
                            if (is_triangular(f))
                                run.b = whole;
                            else
                                run.b = b, run.c = whole;
                            evaluate(&run);
                            if (is_triangular(f))
                                c.b = parts;
                            else
                                c.b = b, c.c = parts;
                            struct br_split split;
                            br_split_call(&c, share, &split);
                            for (int i = 0; i < split.device_count; i++)
                                evaluate(&split.device[i]);
                            for (int i = 0; i < split.cpu_count; i++)
                                evaluate(&split.cpu[i]);
                            cases++;
                            double worst = 0;
                            for (int i = 0; i < SIZE; i++)
                                worst = fmax(worst, fabs(whole[i] - parts[i]));
                            /* The same call spread over three workers, the first at `share`. */
                            memcpy(parts, is_triangular(f) ? b : c0, sizeof parts);
                            double three[3] = {share, (1 - share) / 3, 2 * (1 - share) / 3};
                            struct br_spread spread;
                            br_spread_call(&c, three, 3, &spread);
                            for (int w = 0; w < spread.workers; w++)
                                for (int i = 0; i < spread.parts[w].count; i++)
                                    evaluate(&spread.parts[w].pieces[i]);
                            for (int i = 0; i < SIZE; i++)
                                worst = fmax(worst, fabs(whole[i] - parts[i]));
                            if (!(worst <= 1e-9))
                                fail("d%s side %c uplo %c trans %c m %d n %d share %g: pieces "
                                     "of the split or of the spread differ from the whole "
                                     "call by %g",
                                     br_family_name(f), c.side ? c.side : '-',
                                     c.uplo ? c.uplo : '-', *t, (int)c.m, (int)c.n, share, worst);
                        }
    diag("%ld splits evaluated", cases);
    ok("the pieces read the right operands: their results equal the whole call's, split in "
       "two or spread over three");
}

static void check_shares(void)
{
    static const double shares[] = {0.1, 0.37, 0.5, 0.8, 0.97};
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int sd = 0; sd < 2; sd++)
            for (size_t i = 0; i < sizeof shares / sizeof shares[0]; i++) {
                struct br_call c = make_call((enum br_family)f, BR_Z, "LR"[sd], 'L', 'N', 3000,
                                             2000, 100);
                struct br_split split;
                br_split_call(&c, shares[i], &split);
                double tolerance = is_rank_k(c.family) ? 0.03 : 32.0 / 2000;
                if (fabs(split.device_share - shares[i]) > tolerance || split.device_count == 0 ||
                    split.cpu_count != 1)
                    fail("z%s side %c share %g: the device got %g", br_family_name(c.family),
                         c.side ? c.side : '-', shares[i], split.device_share);
            }
    ok("large calls: the device gets the share asked for, within 32 rows (3% for rank-k)");
}

/* --- the decision --------------------------------------------------------------------------- */

static void fill(double row[BR_GRID_POINTS], double peak, double half)
{
    for (int i = 0; i < BR_GRID_POINTS; i++) {
        double s = br_grid_sizes[i];
        row[i] = peak * s * s / (s * s + half * half);
    }
}

static void cpu_profile(struct br_cpu_profile *cpu, double factor)
{
    memset(cpu, 0, sizeof *cpu);
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        fill(cpu->rates[BR_GEMM][p], (p == BR_S || p == BR_C ? 600 : 300) * factor, 128);
}

/* A device whose every rate is `factor` times the CPU's, on a fast link. */
static void device_profile(struct br_device_profile *d, const struct br_cpu_profile *cpu,
                           double factor)
{
    memset(d, 0, sizeof *d);
    d->h2d_pageable = 10, d->d2h_pageable = 19;
    d->h2d_pinned = d->d2h_pinned = 55, d->host_copy = 40;
    d->latency_us = 8, d->launch_us = 5;
    d->hybrid_share = -1;
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        for (int i = 0; i < BR_GRID_POINTS; i++)
            d->rates[BR_GEMM][p][i] = cpu->rates[BR_GEMM][p][i] * factor;
}

static struct br_call square(enum br_family f, enum br_precision p, int n)
{
    return make_call(f, p, 'L', 'U', 'N', n, n, n);
}

static void check_auto(void)
{
    struct br_cpu_profile cpu;
    struct br_device_profile balanced, fast;
    cpu_profile(&cpu, 1);
    device_profile(&balanced, &cpu, 1);
    device_profile(&fast, &cpu, 50);
    struct br_policy policy;
    br_policy_default(&policy);
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++) {
            if (!br_routine_exists((enum br_family)f, (enum br_precision)p))
                continue;
            struct br_call c = square((enum br_family)f, (enum br_precision)p, 4096);
            struct br_prediction pr;
            enum br_where w = br_decide(&c, &balanced, &cpu, &policy, &pr);
            double margin = policy.rules[f][p].margin;
            if (w != BR_ON_HYBRID || pr.device_share < 0.3 || pr.device_share > 0.7 ||
                !(pr.hybrid_seconds * 1.1 < pr.device_seconds) ||
                !(pr.hybrid_seconds * margin < pr.cpu_seconds))
                fail("balanced, %c%s 4096: %d share %g cpu %g device %g hybrid %g (%s)",
                     "sdcz"[p], br_family_name(c.family), (int)w, pr.device_share,
                     pr.cpu_seconds, pr.device_seconds, pr.hybrid_seconds, pr.reason);
            w = br_decide(&c, &fast, &cpu, &policy, &pr);
            if (w != BR_ON_DEVICE)
                fail("50x device, %c%s 4096: %d (hybrid %g, device %g)", "sdcz"[p],
                     br_family_name(c.family), (int)w, pr.hybrid_seconds, pr.device_seconds);
        }
    /* The same balanced device whose hybrid runs each side twice as slowly as alone (the
     * default): the split no longer beats the device alone by 10%, and its predicted time is
     * twice the unhindered one, plus the fixed overhead. */
    struct br_device_profile hindered = balanced;
    hindered.hybrid_slowdown = 2;
    struct br_call big = square(BR_GEMM, BR_D, 4096);
    struct br_prediction hp;
    double up, down;
    double free_run = br_predict_hybrid_seconds(&big, &balanced, &cpu, 0.5, &up, &down);
    double hindered_run = br_predict_hybrid_seconds(&big, &hindered, &cpu, 0.5, &up, &down);
    if (br_decide(&big, &hindered, &cpu, &policy, &hp) == BR_ON_HYBRID ||
        fabs((hindered_run - 50e-6) - 2 * (free_run - 50e-6)) > 1e-9 * hindered_run)
        fail("slowdown 2: %s, hybrid %g s against %g s unhindered", hp.reason, hindered_run,
             free_run);
    ok("auto: a device as fast as the CPU splits near one half, predicted faster than either; "
       "not when each side runs twice as slowly in a split; a device 50 times faster runs "
       "alone");

    int wrong = 0;
    struct br_policy off = policy;
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            off.rules[f][p].hybrid_allowed = 0;
    struct br_device_profile host = balanced;
    host.shares_host_cpu = 1;
    for (int n = 64; n <= 8192; n += 64)
        for (int f = 0; f < BR_FAMILY_COUNT; f++) {
            struct br_call c = square((enum br_family)f, BR_Z, n);
            struct br_prediction pr;
            if (br_decide(&c, &balanced, &cpu, &off, &pr) == BR_ON_HYBRID ||
                br_decide(&c, &host, &cpu, &policy, &pr) == BR_ON_HYBRID)
                wrong++;
            /* Several devices in use: the same balanced device, which alone splits every
             * large call, never does; it still runs what it runs faster than the CPU. */
            struct br_prediction one, several;
            int settled = br_decide_by_rules(&c, &policy, &several);
            enum br_where alone = br_decide(&c, &balanced, &cpu, &policy, &one);
            enum br_where w = br_decide_after_rules(&c, &balanced, &cpu, &policy, settled, 2, NULL,
                                                    &several);
            if (w == BR_ON_HYBRID || (alone == BR_ON_HYBRID && w == BR_ON_CPU &&
                                      one.device_seconds * policy.rules[f][BR_Z].margin <
                                          one.cpu_seconds))
                wrong++;
        }
    if (wrong)
        fail("%d calls split although hybrid = off, the device is the host CPU or several "
             "devices are in use", wrong);
    ok("auto: hybrid = off, a device that is the host's CPU, or several devices in use: never "
       "splits");
}

static void check_forced(void)
{
    struct br_cpu_profile cpu, faster_cpu;
    struct br_device_profile balanced;
    cpu_profile(&cpu, 1);
    cpu_profile(&faster_cpu, 3);
    device_profile(&balanced, &cpu, 1);
    struct br_policy policy;
    br_policy_default(&policy);
    policy.mode = BR_MODE_HYBRID;
    struct br_prediction pr;
    struct br_call tiny = square(BR_GEMM, BR_D, 1), big = square(BR_GEMM, BR_D, 4096);
    if (br_decide(&tiny, &balanced, &cpu, &policy, &pr) != BR_ON_HYBRID)
        fail("mode hybrid, dgemm 1x1x1: not split");
    policy.split = 0.3;
    if (br_decide(&big, &balanced, &cpu, &policy, &pr) != BR_ON_HYBRID || pr.device_share != 0.3)
        fail("BLASROUTE_SPLIT 0.3: share %g", pr.device_share);
    policy.split = -1;
    balanced.hybrid_share = 0.6;
    if (br_decide(&big, &balanced, &cpu, &policy, &pr) != BR_ON_HYBRID || pr.device_share != 0.6)
        fail("profile share 0.6: share %g", pr.device_share);
    /* Several devices: the router picks the share over them; the one-device share the tuner
     * measured does not apply to two. */
    const struct br_device_profile *one[1] = {&balanced}, *pair[2] = {&balanced, &balanced};
    int settled = br_decide_by_rules(&big, &policy, &pr);
    if (br_decide_after_rules(&big, &balanced, &cpu, &policy, settled, 2, NULL, &pr) != BR_ON_HYBRID ||
        pr.device_share != -1)
        fail("mode hybrid, two devices: the decision set the share %g", pr.device_share);
    double over_one = br_hybrid_share_over(&big, one, 1, &cpu, &policy);
    double over_two = br_hybrid_share_over(&big, pair, 2, &cpu, &policy);
    if (over_one != 0.6 || !(fabs(over_two - 2.0 / 3) < 0.05))
        fail("profile share 0.6: over one device %g, over two %g (not about 2/3)", over_one,
             over_two);
    balanced.hybrid_share = -1;
    if (br_decide(&big, NULL, &cpu, &policy, &pr) != BR_ON_CPU)
        fail("mode hybrid without a device profile: not the CPU");
    ok("mode hybrid: every call split, at BLASROUTE_SPLIT's share, else the profile's (one "
       "device; over two, the model's, picked by the router); no device: the CPU");

    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        struct br_call c = square((enum br_family)f, BR_Z, 3000);
        double model = br_hybrid_share(&c, &balanced, &cpu, &policy), up, down;
        double at_model = br_predict_hybrid_seconds(&c, &balanced, &cpu, model, &up, &down);
        double best = at_model;
        for (double share = 0.05; share < 1; share += 0.05)
            best = fmin(best, br_predict_hybrid_seconds(&c, &balanced, &cpu, share, &up, &down));
        if (!(at_model > 0 && at_model <= best * 1.02))
            fail("z%s 3000: the model's share %g predicts %g s, a scan finds %g s",
                 br_family_name(c.family), model, at_model, best);
        double lower = br_hybrid_share(&c, &balanced, &faster_cpu, &policy);
        if (!(lower < model))
            fail("z%s 3000: a CPU 3 times faster moves the share from %g to %g",
                 br_family_name(c.family), model, lower);
    }
    ok("the model's share is the best one within 2%, and a faster CPU lowers it");

    /* What was learned scales each side: factors of 1 change nothing; a CPU measured 3 times
     * slower than its profile moves the share towards the device, as a CPU 3 times faster
     * moved it away, and raises the predicted run. */
    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        struct br_call c = square((enum br_family)f, BR_Z, 3000);
        struct br_learned_factors same = {.cpu = 1, .device = 1}, slow_cpu = {.cpu = 3, .device = 1};
        double up, down, model = br_hybrid_share(&c, &balanced, &cpu, &policy);
        double plain = br_predict_hybrid_seconds(&c, &balanced, &cpu, model, &up, &down);
        double as_is = br_hybrid_share_learned(&c, &balanced, &cpu, &policy, &same);
        double higher = br_hybrid_share_learned(&c, &balanced, &cpu, &policy, &slow_cpu);
        double learned_plain =
            br_predict_hybrid_seconds_learned(&c, &balanced, &cpu, model, &same, &up, &down);
        double slower =
            br_predict_hybrid_seconds_learned(&c, &balanced, &cpu, model, &slow_cpu, &up, &down);
        if (as_is != model || learned_plain != plain || !(higher > model) || !(slower > plain))
            fail("z%s 3000: share %g, with factors 1 %g, with the CPU 3x slower %g; predicted "
                 "%g s, %g, %g",
                 br_family_name(c.family), model, as_is, higher, plain, learned_plain, slower);
    }
    ok("learned factors: 1 changes nothing; a CPU measured slower raises the device's share and "
       "the predicted run");
}

static void check_spread_shares(void)
{
    static const double asked[3] = {0.5, 0.3, 0.2};
    for (int f = 0; f < BR_FAMILY_COUNT; f++)
        for (int sd = 0; sd < 2; sd++) {
            struct br_call c = make_call((enum br_family)f, BR_Z, "LR"[sd], 'L', 'N', 3000, 2000,
                                         100);
            struct br_spread spread;
            br_spread_call(&c, asked, 3, &spread);
            double tolerance = is_rank_k(c.family) ? 0.03 : 2 * 32.0 / 2000;
            for (int w = 0; w < 3; w++)
                if (fabs(spread.parts[w].share - asked[w]) > tolerance ||
                    spread.parts[w].count == 0)
                    fail("z%s side %c: worker %d asked %g got %g", br_family_name(c.family),
                         c.side ? c.side : '-', w, asked[w], spread.parts[w].share);
        }
    ok("large calls spread over three: each worker gets the share asked for, within two blocks "
       "of 32 (3% for rank-k)");
}

static void check_spread_decision(void)
{
    struct br_cpu_profile cpu;
    struct br_device_profile gpu, twice;
    cpu_profile(&cpu, 1);
    device_profile(&gpu, &cpu, 50);
    device_profile(&twice, &cpu, 100);
    const struct br_device_profile *same[2] = {&gpu, &gpu}, *mixed[2] = {&gpu, &twice};
    const struct br_device_profile *unprofiled[2] = {NULL, NULL};
    double shares[2];
    struct br_spread cut;
    struct br_call big = square(BR_GEMM, BR_D, 16384), tiny = square(BR_GEMM, BR_D, 64);
    br_device_shares(&big, mixed, 2, 1, shares);
    double part[2][2];
    for (int d = 0; d < 2; d++) { /* each device's time for its part */
        double one[2] = {d == 0 ? shares[0] : 0, d == 1 ? shares[1] : 0};
        one[1 - d] = 1 - one[d];
        struct br_spread spread;
        br_spread_call(&big, one, 2, &spread);
        struct br_prediction unused = {0};
        part[d][0] = br_predict_device_seconds(&spread.parts[d].pieces[0], mixed[d], &unused);
    }
    if (!(shares[1] > 0.55 && shares[1] < 2.0 / 3 + 0.01) ||
        !(fabs(part[0][0] - part[1][0]) < 0.05 * part[1][0]))
        fail("a device twice as fast: shares %g and %g, parts predicted at %g and %g s",
             shares[0], shares[1], part[0][0], part[1][0]);
    br_device_shares(&big, same, 2, 0.8, shares);
    if (fabs(shares[0] - 0.4) > 0.01 || fabs(shares[1] - 0.4) > 0.01 ||
        shares[0] + shares[1] > 0.8 + 1e-12)
        fail("two equal devices sharing 0.8: %g and %g", shares[0], shares[1]);
    for (int f = 0; f < BR_FAMILY_COUNT; f++) {
        struct br_call c = square((enum br_family)f, BR_D, 16384);
        struct br_prediction pr = {0}, alone = {0};
        double single = br_predict_device_seconds(&c, &gpu, &alone);
        if (!br_decide_spread(&c, same, 2, 0, &cut, &pr) || pr.devices != 2 ||
            cut.parts[0].count == 0 || cut.parts[1].count == 0 ||
            !(pr.device_seconds * 1.1 < single) || !(pr.device_seconds > 0.45 * single))
            fail("d%s 16384 on two equal devices: spread %d, predicted %g s against %g alone",
                 br_family_name(c.family), pr.devices, pr.device_seconds, single);
    }
    struct br_prediction pr = {0};
    if (br_decide_spread(&tiny, same, 2, 0, &cut, &pr) || pr.devices != 0)
        fail("dgemm 64 spread over two devices");
    if (!br_decide_spread(&tiny, same, 2, 1, &cut, &pr) || pr.devices != 2)
        fail("dgemm 64 not spread although forced");
    struct br_device_profile host = gpu;
    host.shares_host_cpu = 1;
    const struct br_device_profile *hosts[2] = {&host, &host};
    if (br_decide_spread(&big, hosts, 2, 0, &cut, &pr))
        fail("dgemm 16384 spread over two devices on the host's own cores");
    if (br_decide_spread(&big, same, 1, 1, &cut, &pr) ||
        br_decide_spread(&big, unprofiled, 2, 0, &cut, &pr))
        fail("spread with one device, or without profiles");
    if (!br_decide_spread(&big, unprofiled, 2, 1, &cut, &pr) ||
        cut.parts[0].share != 0.5)
        fail("forced spread without profiles: not at equal shares (%g)", cut.parts[0].share);
    /* Hybrid over two devices each as fast as the CPU: the devices take about two thirds. */
    struct br_device_profile balanced;
    device_profile(&balanced, &cpu, 1);
    const struct br_device_profile *pair[2] = {&balanced, &balanced};
    struct br_call hybrid_call = square(BR_GEMM, BR_D, 4096);
    struct br_policy policy;
    br_policy_default(&policy);
    double devices_share = br_hybrid_share_over(&hybrid_call, pair, 2, &cpu, &policy);
    if (fabs(devices_share - 2.0 / 3) > 0.05)
        fail("hybrid over two devices as fast as the CPU: the devices' share %g, not about 2/3",
             devices_share);
    ok("several devices: shares follow the profiled rates (a device twice as fast gets more, "
       "and both parts end within 5%); every family at 16384 spreads over "
       "two equal devices, predicted at least 10% faster than one and not more than twice; "
       "dgemm 64 does not, nor two devices on the host's cores, unless forced; a hybrid run "
       "over two devices as fast as the CPU gives them two thirds; one device or no profile: no spread unless forced, "
       "then at equal shares");
}

int main(void)
{
    printf("1..%d\n", PLAN);
    check_partition(); /* 1 */
    check_values();    /* 1 */
    check_shares();    /* 1 */
    check_spread_partition(); /* 1 */
    check_spread_shares();    /* 1 */
    check_spread_decision();  /* 1 */
    check_auto();      /* 2 */
    check_forced();    /* 3 */
    if (test_number != PLAN) {
        printf("# planned %d checks, ran %d\n", PLAN, test_number);
        return 1;
    }
    return failed_tests ? 1 : 0;
}
