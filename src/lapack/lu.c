/* LU with partial pivoting (getrf), its solve (getrs) and both at once (gesv).
 *
 * getrf on the device is LAPACK's right-looking blocked algorithm on a resident matrix, with a
 * look-ahead of one panel. Step j (a panel of jb columns, rows j .. m-1, in host memory):
 *  1. the program's own getrf factors the panel; its pivots are made global;
 *  2. the factored panel goes back up, and the device applies the step's row interchanges to
 *     the columns left and right of it;
 *  3. U12 := L11^-1 A12 as a product with L11's inverse (unit lower, computed on the host; the
 *     multipliers of partial pivoting are at most 1 in modulus, sqrt(2) in complex, which keeps
 *     that inverse tame), then A22 -= L21 U12: first on the next panel's columns, whose read is
 *     then enqueued, then on the rest, which the device works on while the host factors the
 *     next panel.
 * The caller's matrix is written only by the final download (resident.h). */
#include <stdio.h>
#include <stdlib.h>

#include "engine/resident.h"
#include "lapack/lapack.h"

static br_int max1(br_int x)
{
    return x > 1 ? x : 1;
}

static br_int min2(br_int a, br_int b)
{
    return a < b ? a : b;
}

static char upper_case(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* Whether getrf of this shape goes to the device: the router would send there one GEMM of the
 * factorization's whole work (m x n x depth, depth = its multiply-adds over m n: k / 3 for a
 * square matrix), which moves about what the factorization moves (its C up and down as the
 * matrix goes up once and comes down once), and the device's profile says the order is past
 * the crossover. Asked before of the largest update alone (m - nb, n - nb, nb), whose C goes up
 * and down for nb of depth where the factorization keeps its matrix on the device for all of
 * them: numpy.linalg.solve of 4096 in a warm auto run went to the library (0.20 s for two)
 * where device mode took 0.16 (H200, 2026-11-27). */
static int getrf_on_device(const struct br_lapack *l, br_int m, br_int n, br_int lda)
{
    br_int k = min2(m, n), nb = br_lapack_block(k);
    if (m < 0 || n < 0 || lda < max1(m) || k <= nb)
        return 0;
    double mn = (double)m * (double)n, kk = (double)k;
    double depth = (mn * kk - (double)(m + n) * kk * kk / 2 + kk * kk * kk / 3) / mn;
    return br_lapack_gemm_uses_device(l, m, n, depth > nb ? (br_int)depth : nb) &&
           br_lapack_device_wins(BR_LAPACK_GETRF, k);
}

/* Whether getrs of this shape runs in blocks: its triangular solves would go to a device, and
 * the order is one whose factorization does (below it, routed solves lost to the library's
 * getrs: gesv of order 2048 on an H100, 12% slower). */
static int getrs_runs_blocked(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                              br_int lda, br_int ldb)
{
    return (trans == 'N' || trans == 'T' || trans == 'C') && n > 0 && nrhs > 0 &&
           lda >= max1(n) && ldb >= max1(n) && br_lapack_trsm_uses_device(l, 'L', n, nrhs) &&
           br_lapack_device_wins(BR_LAPACK_GETRF, n);
}

/* Finishes on the CPU an LU whose first c columns arrived from the device (c may be 0: none):
 * those hold their final L and U with every pivot of ipiv (1 .. k) applied, the others are as
 * the caller gave them. The later pivots are taken back from the final columns, the original
 * columns get pivots 1 .. c, U12 and the Schur complement are formed, and the program's getrf
 * factors the rest; its interchanges then reach the final columns. Returns INFO (info_before:
 * the device's, for the first c columns). */
static br_int finish_on_cpu(const struct br_lapack *l, br_int m, br_int n, void *a, br_int lda,
                            void *ipiv, br_int c, br_int info_before)
{
    br_int k = min2(m, n);
    if (c <= 0)
        return br_lapack_library_getrf(l, m, n, a, lda, ipiv);
    br_int done = min2(c, k);
    if (done < k)
        br_lapack_library_laswp(l, c, a, lda, done + 1, k, ipiv, -1);
    if (c < n) {
        void *right = br_lapack_at(l, a, lda, 0, c);
        br_lapack_library_laswp(l, n - c, right, lda, 1, done, ipiv, 1);
        br_lapack_trsm(l, BR_LAPACK_CPU, 'L', 'L', 'N', 'U', done, n - c, 1.0, a, lda, right,
                       lda);
        br_lapack_gemm(l, BR_LAPACK_CPU, 'N', 'N', m - done, n - c, done, -1.0,
                       br_lapack_at(l, a, lda, done, 0), lda, right, lda, 1.0,
                       br_lapack_at(l, a, lda, done, c), lda);
    }
    br_int info = info_before > 0 && info_before <= done ? info_before : 0;
    if (done < k) {
        br_int rest_info = br_lapack_library_getrf(l, m - done, n - done,
                                                   br_lapack_at(l, a, lda, done, done), lda,
                                                   br_lapack_ipiv_at(l, ipiv, done));
        if (rest_info > 0 && info == 0)
            info = rest_info + done;
        for (br_int i = done; i < k; i++)
            br_lapack_ipiv_set(l, ipiv, i, br_lapack_ipiv_get(l, ipiv, i) + done);
        br_lapack_library_laswp(l, done, a, lda, done + 1, k, ipiv, 1);
    }
    return info;
}

/* Step j's panel, in the workspace, factored by the program's getrf; its pivots made global in
 * ipiv and 0-based in device_pivots; *info keeps the first zero pivot of the matrix. */
static void factor_panel(const struct br_lapack *l, br_int m, br_int j, br_int jb, void *panel,
                         void *ipiv, br_int *device_pivots, br_int *info)
{
    br_int panel_info = br_lapack_library_getrf(l, m - j, jb, panel, m,
                                                br_lapack_ipiv_at(l, ipiv, j));
    if (panel_info > 0 && *info == 0)
        *info = panel_info + j;
    for (br_int i = 0; i < jb; i++) {
        br_int row = br_lapack_ipiv_get(l, ipiv, j + i) + j; /* 1-based, global */
        br_lapack_ipiv_set(l, ipiv, j + i, row);
        device_pivots[i] = row - 1;
    }
}

/* The resident factorization. 0 on success; -1 when the device failed, with *columns_final
 * the caller's leading columns that hold their final values (0: none was written). *info: the
 * first zero pivot seen. */
static int factor_on_device(const struct br_lapack *l, br_int m, br_int n, void *a, br_int lda,
                            void *ipiv, br_int nb, br_int *info, br_int *columns_final)
{
    br_int k = min2(m, n), steps = (k + nb - 1) / nb;
    size_t element = br_element_size(l->precision);
    char name[8];
    snprintf(name, sizeof name, "%c%s", br_precision_letter(l->precision), "getrf");
    void *inverse = malloc((size_t)nb * (size_t)nb * element);
    br_int *pivots = malloc((size_t)nb * sizeof *pivots);
    struct br_resident *r =
        inverse && pivots ? br_resident_open(name, l->precision, m, n, a, lda, nb, (int)steps) : NULL;
    void *panel = r ? br_resident_workspace(r) : NULL; /* m x nb */
    *columns_final = 0;
    int failed = !r;
    if (r) {
        br_resident_read_start(r, 0, 0, m, min2(nb, k), panel, m);
        failed = br_resident_read_wait(r) != 0;
    }
    for (br_int j = 0, step = 0; !failed && j < k; j += nb, step++) {
        br_int jb = min2(nb, k - j), below = m - j - jb, right = n - j - jb;
        /* The panel's rows j .. m-1 are the workspace's rows 0 .. m-j-1. */
        factor_panel(l, m, j, jb, panel, ipiv, pivots, info);
        br_resident_write(r, j, j, m - j, jb, panel, m);
        br_resident_set_pivots(r, j, jb, pivots);
        br_resident_swap_rows(r, j, jb, 0, j);
        br_resident_swap_rows(r, j, jb, j + jb, right);
        if (right > 0) {
            br_int next = min2(nb, k - j - jb), rest = right - next;
            br_lapack_invert_triangle(l, 'L', 'U', jb, panel, m, inverse, nb);
            br_resident_put_small(r, (int)step, jb, inverse, nb);
            struct br_resident_operand l_inverse = br_resident_small((int)step);
            struct br_resident_operand l21 = br_resident_at(j + jb, j);
            for (int part = 0; part < 2; part++) {
                br_int first = j + jb + (part ? next : 0), cols = part ? rest : next;
                br_resident_gemm(r, 'N', 'N', jb, cols, jb, 1.0, l_inverse,
                                 br_resident_at(j, first), 0.0, j, first, 0);
                br_resident_gemm(r, 'N', 'N', below, cols, jb, -1.0, l21,
                                 br_resident_at(j, first), 1.0, j + jb, first, 0);
                if (part == 0 && next > 0) /* the next panel, read while the rest is updated */
                    br_resident_read_start(r, j + jb, j + jb, below, next, panel, m);
            }
            if (next > 0)
                failed = br_resident_read_wait(r) != 0;
        }
        failed = failed || br_resident_failed(r);
    }
    int result = -1;
    if (r)
        result = br_resident_close(r, failed ? NULL : a, lda, 0, columns_final);
    free(inverse), free(pivots);
    return r ? result : -2;
}

br_int br_lapack_getrf(const struct br_lapack *l, br_int m, br_int n, void *a, br_int lda,
                       void *ipiv, enum br_lapack_outcome *outcome)
{
    *outcome = BR_LAPACK_LIBRARY;
    if (!getrf_on_device(l, m, n, lda))
        return br_lapack_library_getrf(l, m, n, a, lda, ipiv);
    br_int info = 0, columns_final = 0;
    int result = factor_on_device(l, m, n, a, lda, ipiv, br_lapack_block(min2(m, n)), &info,
                                  &columns_final);
    if (result == 0) {
        *outcome = BR_LAPACK_DEVICE;
        return info;
    }
    /* -2: no session could be opened (nothing done, as the library's alone); -1: it failed. */
    *outcome = result == -2 ? BR_LAPACK_LIBRARY : BR_LAPACK_FALLBACK;
    return finish_on_cpu(l, m, n, a, lda, ipiv, columns_final, info);
}

br_int br_lapack_getrs(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                       const void *a, br_int lda, const void *ipiv, void *b, br_int ldb,
                       enum br_lapack_outcome *outcome)
{
    char t = upper_case(trans);
    if (!getrs_runs_blocked(l, t, n, nrhs, lda, ldb)) {
        *outcome = BR_LAPACK_LIBRARY;
        return br_lapack_library_getrs(l, trans, n, nrhs, a, lda, ipiv, b, ldb);
    }
    *outcome = BR_LAPACK_BLOCKED;
    if (t == 'N') {
        /* A = P L U: X = U^-1 L^-1 P^T B */
        br_lapack_library_laswp(l, nrhs, b, ldb, 1, n, ipiv, 1);
        br_lapack_trsm(l, BR_LAPACK_ROUTED, 'L', 'L', 'N', 'U', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_trsm(l, BR_LAPACK_ROUTED, 'L', 'U', 'N', 'N', n, nrhs, 1.0, a, lda, b, ldb);
    } else {
        /* A^T = U^T L^T P^T: X = P L^-T U^-T B (conjugated for 'C') */
        br_lapack_trsm(l, BR_LAPACK_ROUTED, 'L', 'U', t, 'N', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_trsm(l, BR_LAPACK_ROUTED, 'L', 'L', t, 'U', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_library_laswp(l, nrhs, b, ldb, 1, n, ipiv, -1);
    }
    return 0;
}

br_int br_lapack_gesv(const struct br_lapack *l, br_int n, br_int nrhs, void *a, br_int lda,
                      void *ipiv, void *b, br_int ldb, enum br_lapack_outcome *outcome)
{
    /* Whole to the program's gesv unless the factorization goes to the device, and for its
     * argument checks (which gesv reports under its own name). */
    if (nrhs < 0 || ldb < max1(n) || !getrf_on_device(l, n, n, lda)) {
        *outcome = BR_LAPACK_LIBRARY;
        return br_lapack_library_gesv(l, n, nrhs, a, lda, ipiv, b, ldb);
    }
    /* The report names the factorization's outcome, the larger part of the work. */
    enum br_lapack_outcome solved;
    br_int info = br_lapack_getrf(l, n, n, a, lda, ipiv, outcome);
    if (info == 0)
        br_lapack_getrs(l, 'N', n, nrhs, a, lda, ipiv, b, ldb, &solved);
    return info;
}
