/* LU with partial pivoting (getrf), its solve (getrs) and both at once (gesv), in blocks.
 *
 * getrf is LAPACK's right-looking blocked algorithm with a look-ahead of one panel. For each
 * panel of nb columns: the program's own getrf factors the tall panel (its pivots made global),
 * its row interchanges are applied left and right of it, and the columns to its right get
 * U12 := L11^-1 A12 (TRSM) and A22 -= L21 U12 (GEMM), both routed. The next panel's columns are
 * updated first, on the calling thread; the rest of the update then runs on a helper thread
 * while the next panel is factored, so that the CPU's panel hides behind the device's update.
 * The two touch different columns: the helper writes only columns right of the next panel,
 * and reads the current panel, whose rows the next panel's interchanges move only after the
 * join. */
#include "lapack/lapack.h"

static br_int max1(br_int x)
{
    return x > 1 ? x : 1;
}

/* Whether getrf of this shape runs in blocks: its first (largest) update goes to a device. */
static int getrf_runs_blocked(const struct br_lapack *l, br_int m, br_int n, br_int lda)
{
    br_int k = m < n ? m : n, nb = br_lapack_block(k);
    return m >= 0 && n >= 0 && lda >= max1(m) && k > nb &&
           br_lapack_gemm_uses_device(l, m - nb, n - nb, nb);
}

/* Whether getrs of this shape runs in blocks: its triangular solves go to a device. */
static int getrs_runs_blocked(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                              br_int lda, br_int ldb)
{
    return (trans == 'N' || trans == 'T' || trans == 'C') && n > 0 && nrhs > 0 &&
           lda >= max1(n) && ldb >= max1(n) && br_lapack_trsm_uses_device(l, 'L', n, nrhs);
}

static char upper_case(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* The panel of columns j .. j+jb-1, rows j .. m-1, factored by the program's getrf; its
 * pivots made global (LAPACK's ipiv counts rows from 1 of the whole matrix) and its first zero
 * pivot, if the first of the matrix, kept in *info. */
static void factor_panel(const struct br_lapack *l, br_int m, void *a, br_int lda, void *ipiv,
                         br_int j, br_int jb, br_int *info)
{
    void *panel_ipiv = br_lapack_ipiv_at(l, ipiv, j);
    br_int panel_info =
        br_lapack_library_getrf(l, m - j, jb, br_lapack_at(l, a, lda, j, j), lda, panel_ipiv);
    if (panel_info > 0 && *info == 0)
        *info = panel_info + j;
    for (br_int i = j; i < j + jb; i++)
        br_lapack_ipiv_set(l, ipiv, i, br_lapack_ipiv_get(l, ipiv, i) + j);
}

/* The update by panel j (width jb) of `columns` columns from `first`: U12 := L11^-1 A12 on
 * rows j .. j+jb-1, then A22 -= L21 U12 on the rows below. */
struct update {
    const struct br_lapack *l;
    void *a;
    br_int m, lda, j, jb, first, columns;
};

static void update_columns(void *argument)
{
    const struct update *u = argument;
    const struct br_lapack *l = u->l;
    if (u->columns <= 0)
        return;
    br_lapack_trsm(l, 'L', 'L', 'N', 'U', u->jb, u->columns, 1.0,
                   br_lapack_at(l, u->a, u->lda, u->j, u->j), u->lda,
                   br_lapack_at(l, u->a, u->lda, u->j, u->first), u->lda);
    br_int below = u->m - u->j - u->jb;
    if (below > 0)
        br_lapack_gemm(l, 'N', 'N', below, u->columns, u->jb, -1.0,
                       br_lapack_at(l, u->a, u->lda, u->j + u->jb, u->j), u->lda,
                       br_lapack_at(l, u->a, u->lda, u->j, u->first), u->lda, 1.0,
                       br_lapack_at(l, u->a, u->lda, u->j + u->jb, u->first), u->lda);
}

br_int br_lapack_getrf(const struct br_lapack *l, br_int m, br_int n, void *a, br_int lda,
                       void *ipiv, int *blocked)
{
    *blocked = getrf_runs_blocked(l, m, n, lda);
    if (!*blocked)
        return br_lapack_library_getrf(l, m, n, a, lda, ipiv);
    br_int k = m < n ? m : n, nb = br_lapack_block(k), info = 0;
    factor_panel(l, m, a, lda, ipiv, 0, nb, &info);
    for (br_int j = 0; j < k; j += nb) {
        br_int jb = k - j < nb ? k - j : nb;
        /* Panel j is factored: its interchanges on the columns left of it... */
        if (j > 0)
            br_lapack_library_laswp(l, j, a, lda, j + 1, j + jb, ipiv, 1);
        br_int right = n - j - jb;
        if (right <= 0)
            continue;
        /* ...and right of it, then the update, the next panel's columns first. */
        br_lapack_library_laswp(l, right, br_lapack_at(l, a, lda, 0, j + jb), lda, j + 1,
                                j + jb, ipiv, 1);
        br_int next = k - j - jb < nb ? k - j - jb : nb;
        struct update now = {l, a, m, lda, j, jb, j + jb, next};
        update_columns(&now);
        struct update rest = {l, a, m, lda, j, jb, j + jb + next, right - next};
        struct br_lapack_async async;
        br_lapack_start(&async, update_columns, &rest);
        if (next > 0)
            factor_panel(l, m, a, lda, ipiv, j + jb, next, &info);
        br_lapack_join(&async);
    }
    return info;
}

br_int br_lapack_getrs(const struct br_lapack *l, char trans, br_int n, br_int nrhs,
                       const void *a, br_int lda, const void *ipiv, void *b, br_int ldb,
                       int *blocked)
{
    char t = upper_case(trans);
    *blocked = getrs_runs_blocked(l, t, n, nrhs, lda, ldb);
    if (!*blocked)
        return br_lapack_library_getrs(l, trans, n, nrhs, a, lda, ipiv, b, ldb);
    if (t == 'N') {
        /* A = P L U: X = U^-1 L^-1 P^T B */
        br_lapack_library_laswp(l, nrhs, b, ldb, 1, n, ipiv, 1);
        br_lapack_trsm(l, 'L', 'L', 'N', 'U', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_trsm(l, 'L', 'U', 'N', 'N', n, nrhs, 1.0, a, lda, b, ldb);
    } else {
        /* A^T = U^T L^T P^T: X = P L^-T U^-T B (conjugated for 'C') */
        br_lapack_trsm(l, 'L', 'U', t, 'N', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_trsm(l, 'L', 'L', t, 'U', n, nrhs, 1.0, a, lda, b, ldb);
        br_lapack_library_laswp(l, nrhs, b, ldb, 1, n, ipiv, -1);
    }
    return 0;
}

br_int br_lapack_gesv(const struct br_lapack *l, br_int n, br_int nrhs, void *a, br_int lda,
                      void *ipiv, void *b, br_int ldb, int *blocked)
{
    /* Whole to the program's gesv when neither half would use a device, and for its argument
     * checks (which gesv reports under its own name). */
    if (nrhs < 0 || ldb < max1(n) ||
        !(getrf_runs_blocked(l, n, n, lda) || getrs_runs_blocked(l, 'N', n, nrhs, lda, ldb))) {
        *blocked = 0;
        return br_lapack_library_gesv(l, n, nrhs, a, lda, ipiv, b, ldb);
    }
    int factor_blocked = 0, solve_blocked = 0;
    br_int info = br_lapack_getrf(l, n, n, a, lda, ipiv, &factor_blocked);
    if (info == 0)
        br_lapack_getrs(l, 'N', n, nrhs, a, lda, ipiv, b, ldb, &solve_blocked);
    *blocked = factor_blocked || solve_blocked;
    return info;
}
