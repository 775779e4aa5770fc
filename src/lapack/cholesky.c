/* Cholesky factorization (potrf): A = L L^H (uplo 'L') or U^H U ('U').
 *
 * On the device, right-looking in blocks on a resident matrix with a look-ahead of one block,
 * as getrf (lu.c). Step j ('L'; 'U' is its conjugate transpose): the program's own potrf
 * factors the diagonal block in host memory, which goes back up; L21 := A21 L11^-H as a
 * product with the inverse of L11 (computed on the host); the next diagonal block and the
 * panel below it are updated (A22 -= L21 L21^H on their columns), the block is read back, and
 * the rest of the trailing triangle is updated while the host factors it. The products on the
 * trailing matrix write only the triangle that potrf references.
 *
 * A diagonal block that is not positive definite ends the device's work: the program's potrf
 * then factors the caller's untouched matrix and reports it, as LAPACK would, leading minor and
 * all. */
#include <stdio.h>
#include <stdlib.h>

#include "engine/resident.h"
#include "lapack/lapack.h"

static br_int min2(br_int a, br_int b)
{
    return a < b ? a : b;
}

/* Whether potrf of this order goes to the device: the router would send there one rank-k
 * update of the factorization's whole work (n x n / 3: n^3 / 3 flops), which moves about what
 * the factorization moves (its triangle up and down), and the device's profile says the order
 * is past the crossover. Asked before of the largest update alone (n - nb, nb), which moves its
 * triangle for nb of depth: numpy.linalg.cholesky of 4096 in a warm auto run went to the
 * library (0.07 s) where device mode took 0.02 (H200, 2026-11-27). */
static int potrf_on_device(const struct br_lapack *l, char uplo, br_int n, br_int lda)
{
    br_int nb = br_lapack_block(n);
    return (uplo == 'L' || uplo == 'U') && n > nb && lda >= n &&
           br_lapack_rank_k_uses_device(l, n, n / 3 > nb ? n / 3 : nb) &&
           br_lapack_device_wins(BR_LAPACK_POTRF, n);
}

/* Finishes on the CPU a factorization whose first c columns arrived from the device (c may be
 * 0): the trailing matrix less the final columns' contribution, factored by the program's
 * potrf ('U': U12 first, from the final U11). Returns INFO. */
static br_int finish_on_cpu(const struct br_lapack *l, char uplo, br_int n, void *a,
                            br_int lda, br_int c)
{
    if (c <= 0)
        return br_lapack_library_potrf(l, uplo, n, a, lda);
    if (c >= n)
        return 0;
    char ct = br_lapack_conjugate_transpose(l);
    void *trailing = br_lapack_at(l, a, lda, c, c);
    if (uplo == 'L') {
        br_lapack_rank_k(l, BR_LAPACK_CPU, 'L', 'N', n - c, c, -1.0,
                         br_lapack_at(l, a, lda, c, 0), lda, 1.0, trailing, lda);
    } else {
        void *u12 = br_lapack_at(l, a, lda, 0, c);
        br_lapack_trsm(l, BR_LAPACK_CPU, 'L', 'U', ct, 'N', c, n - c, 1.0, a, lda, u12, lda);
        br_lapack_rank_k(l, BR_LAPACK_CPU, 'U', ct, n - c, c, -1.0, u12, lda, 1.0, trailing,
                         lda);
    }
    br_int info = br_lapack_library_potrf(l, uplo, n - c, trailing, lda);
    return info > 0 ? info + c : info;
}

/* The step's updates after its diagonal block at (j, j) of order nb was factored and its
 * inverse is small block `step`: the panel solved, then the next block's columns and the rest
 * of the trailing triangle (rest_first: where the rest starts). 'U' is 'L' transposed:
 * operands and blocks swap rows for columns. */
static void update(struct br_resident *r, const struct br_lapack *l, char uplo, br_int j,
                   br_int nb, br_int n, int step, br_int next, void *block, br_int block_ld)
{
    char ct = br_lapack_conjugate_transpose(l);
    br_int rest = n - j - nb, after = j + nb + next;
    struct br_resident_operand inverse = br_resident_small(step);
    if (uplo == 'L') {
        struct br_resident_operand panel = br_resident_at(j + nb, j), tail = br_resident_at(after, j);
        br_resident_gemm(r, 'N', ct, rest, nb, nb, 1.0, panel, inverse, 0.0, j + nb, j, 0);
        br_resident_gemm(r, 'N', ct, next, next, nb, -1.0, panel, panel, 1.0, j + nb, j + nb,
                         'L');
        br_resident_gemm(r, 'N', ct, rest - next, next, nb, -1.0, tail, panel, 1.0, after,
                         j + nb, 0);
        br_resident_read_start(r, j + nb, j + nb, next, next, block, block_ld);
        br_resident_gemm(r, 'N', ct, rest - next, rest - next, nb, -1.0, tail, tail, 1.0, after,
                         after, 'L');
    } else {
        struct br_resident_operand panel = br_resident_at(j, j + nb), tail = br_resident_at(j, after);
        br_resident_gemm(r, ct, 'N', nb, rest, nb, 1.0, inverse, panel, 0.0, j, j + nb, 0);
        br_resident_gemm(r, ct, 'N', next, next, nb, -1.0, panel, panel, 1.0, j + nb, j + nb,
                         'U');
        br_resident_gemm(r, ct, 'N', next, rest - next, nb, -1.0, panel, tail, 1.0, j + nb,
                         after, 0);
        br_resident_read_start(r, j + nb, j + nb, next, next, block, block_ld);
        br_resident_gemm(r, ct, 'N', rest - next, rest - next, nb, -1.0, tail, tail, 1.0, after,
                         after, 'U');
    }
}

/* The resident factorization: 0 on success, 1 when a diagonal block is not positive definite
 * (nothing written), -1 when the device failed (*columns_final: the caller's leading columns
 * that hold their final values), -2 when no session could be opened. */
static int factor_on_device(const struct br_lapack *l, char uplo, br_int n, void *a,
                            br_int lda, br_int nb, br_int *columns_final)
{
    br_int steps = (n + nb - 1) / nb;
    size_t element = br_element_size(l->precision);
    char name[8];
    snprintf(name, sizeof name, "%c%s", br_precision_letter(l->precision), "potrf");
    void *inverse = malloc((size_t)nb * (size_t)nb * element);
    struct br_resident *r =
        inverse ? br_resident_open(name, l->precision, n, n, a, lda, nb, (int)steps) : NULL;
    void *block = r ? br_resident_workspace(r) : NULL; /* nb x nb of its n x nb */
    *columns_final = 0;
    int failed = !r, indefinite = 0;
    if (r) {
        br_resident_read_start(r, 0, 0, nb, nb, block, nb);
        failed = br_resident_read_wait(r) != 0;
    }
    for (br_int j = 0, step = 0; !failed && !indefinite && j < n; j += nb, step++) {
        br_int jb = min2(nb, n - j);
        if (br_lapack_library_potrf(l, uplo, jb, block, nb) != 0) {
            indefinite = 1;
            break;
        }
        br_resident_write(r, j, j, jb, jb, block, nb);
        if (j + jb < n) {
            /* L11^-1 ('U': U11^-1), for the panel's solve as a product. */
            br_lapack_invert_triangle(l, uplo, 'N', jb, block, nb, inverse, nb);
            br_resident_put_small(r, (int)step, jb, inverse, nb);
            update(r, l, uplo, j, jb, n, (int)step, min2(nb, n - j - jb), block, nb);
            failed = br_resident_read_wait(r) != 0;
        }
        failed = failed || br_resident_failed(r);
    }
    int result = -2;
    if (r) {
        int download = !failed && !indefinite;
        result = br_resident_close(r, download ? a : NULL, lda, uplo, columns_final);
        result = indefinite ? 1 : result;
    }
    free(inverse);
    return result;
}

br_int br_lapack_potrf(const struct br_lapack *l, char uplo, br_int n, void *a, br_int lda,
                       enum br_lapack_outcome *outcome)
{
    char u = uplo == 'l' ? 'L' : uplo == 'u' ? 'U' : uplo;
    *outcome = BR_LAPACK_LIBRARY;
    if (!potrf_on_device(l, u, n, lda))
        return br_lapack_library_potrf(l, uplo, n, a, lda);
    br_int columns_final = 0;
    int result = factor_on_device(l, u, n, a, lda, br_lapack_block(n), &columns_final);
    if (result == 0) {
        *outcome = BR_LAPACK_DEVICE;
        return 0;
    }
    /* Not positive definite (1): the program's potrf says where, from the untouched matrix. */
    *outcome = result == -1 ? BR_LAPACK_FALLBACK : BR_LAPACK_LIBRARY;
    return finish_on_cpu(l, u, n, a, lda, columns_final);
}
