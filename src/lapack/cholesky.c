/* Cholesky factorization (potrf) in blocks: A = L L^H (uplo 'L') or U^H U ('U').
 *
 * Right-looking with a look-ahead of one panel, as getrf (lu.c): the program's own potrf
 * factors each diagonal block, a routed TRSM the panel below it (right of it for 'U'), and the
 * trailing matrix is updated by a routed SYRK (HERK for complex). The next panel's columns are
 * updated first; the rest of the trailing update runs on a helper thread while the next
 * diagonal block is factored. They write different parts: the helper only the trailing
 * triangle past the next panel. */
#include "lapack/lapack.h"

/* The trailing update past the next panel: A22 -= L21 L21^H (or U12^H U12). */
struct trailing {
    const struct br_lapack *l;
    char uplo;
    const void *panel; /* L21's rows past the next panel (U12's columns for 'U') */
    void *c;
    br_int lda, order, jb;
};

static void update_trailing(void *argument)
{
    const struct trailing *t = argument;
    if (t->order <= 0)
        return;
    char trans = t->uplo == 'L' ? 'N' : br_lapack_conjugate_transpose(t->l);
    br_lapack_rank_k(t->l, t->uplo, trans, t->order, t->jb, -1.0, t->panel, t->lda, 1.0, t->c,
                     t->lda);
}

br_int br_lapack_potrf(const struct br_lapack *l, char uplo, br_int n, void *a, br_int lda,
                       int *blocked)
{
    char u = uplo == 'l' ? 'L' : uplo == 'u' ? 'U' : uplo;
    br_int nb = br_lapack_block(n);
    *blocked = (u == 'L' || u == 'U') && n > nb && lda >= n &&
               br_lapack_rank_k_uses_device(l, n - nb, nb);
    if (!*blocked)
        return br_lapack_library_potrf(l, uplo, n, a, lda);
    char ct = br_lapack_conjugate_transpose(l);
    br_int info = br_lapack_library_potrf(l, u, nb, a, lda);
    for (br_int j = 0; info == 0 && j + nb < n; j += nb) {
        br_int jb = nb, rest = n - j - jb, next = rest < nb ? rest : nb;
        void *diagonal = br_lapack_at(l, a, lda, j, j);
        void *next_diagonal = br_lapack_at(l, a, lda, j + jb, j + jb);
        struct trailing trailing = {l, u, NULL,
                                    br_lapack_at(l, a, lda, j + jb + next, j + jb + next), lda,
                                    rest - next, jb};
        if (u == 'L') {
            void *below = br_lapack_at(l, a, lda, j + jb, j); /* L21, rest x jb */
            br_lapack_trsm(l, 'R', 'L', ct, 'N', rest, jb, 1.0, diagonal, lda, below, lda);
            br_lapack_rank_k(l, 'L', 'N', next, jb, -1.0, below, lda, 1.0, next_diagonal, lda);
            br_lapack_gemm(l, 'N', ct, rest - next, next, jb, -1.0,
                           br_lapack_at(l, a, lda, j + jb + next, j), lda, below, lda, 1.0,
                           br_lapack_at(l, a, lda, j + jb + next, j + jb), lda);
            trailing.panel = br_lapack_at(l, a, lda, j + jb + next, j);
        } else {
            void *right = br_lapack_at(l, a, lda, j, j + jb); /* U12, jb x rest */
            br_lapack_trsm(l, 'L', 'U', ct, 'N', jb, rest, 1.0, diagonal, lda, right, lda);
            br_lapack_rank_k(l, 'U', ct, next, jb, -1.0, right, lda, 1.0, next_diagonal, lda);
            br_lapack_gemm(l, ct, 'N', next, rest - next, jb, -1.0, right, lda,
                           br_lapack_at(l, a, lda, j, j + jb + next), lda, 1.0,
                           br_lapack_at(l, a, lda, j + jb, j + jb + next), lda);
            trailing.panel = br_lapack_at(l, a, lda, j, j + jb + next);
        }
        struct br_lapack_async async;
        br_lapack_start(&async, update_trailing, &trailing);
        br_int block_info = br_lapack_library_potrf(l, u, next, next_diagonal, lda);
        br_lapack_join(&async);
        if (block_info > 0)
            info = block_info + j + jb;
    }
    return info;
}
