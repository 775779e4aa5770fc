#include "scale.h"

#include <string.h>

/* The rows [first, last) of column j that the routine owns: all m rows, or one triangle of an
 * n x n matrix. */
struct rows {
    br_int first, last;
};

static struct rows owned_rows(const struct br_call *call, br_int j)
{
    switch (call->family) {
    case BR_SYRK:
    case BR_HERK:
    case BR_SYR2K:
    case BR_HER2K:
        return call->uplo == 'U' ? (struct rows){0, j + 1} : (struct rows){j, call->n};
    default:
        return (struct rows){0, call->m};
    }
}

/* One column segment times a scalar, per precision. Complex products written out as Fortran
 * computes them (no C99 Annex G infinity recovery). */
static void scale_s(float *x, br_int count, const union br_scalar *beta)
{
    for (br_int i = 0; i < count; i++)
        x[i] = beta->s * x[i];
}
static void scale_d(double *x, br_int count, const union br_scalar *beta)
{
    for (br_int i = 0; i < count; i++)
        x[i] = beta->d * x[i];
}
static void scale_c(float *x, br_int count, const union br_scalar *beta, int real_beta)
{
    float br = beta->c[0], bi = real_beta ? 0.0f : beta->c[1];
    for (br_int i = 0; i < count; i++) {
        float re = x[2 * i], im = x[2 * i + 1];
        x[2 * i] = real_beta ? br * re : br * re - bi * im;
        x[2 * i + 1] = real_beta ? br * im : br * im + bi * re;
    }
}
static void scale_z(double *x, br_int count, const union br_scalar *beta, int real_beta)
{
    double br = beta->z[0], bi = real_beta ? 0.0 : beta->z[1];
    for (br_int i = 0; i < count; i++) {
        double re = x[2 * i], im = x[2 * i + 1];
        x[2 * i] = real_beta ? br * re : br * re - bi * im;
        x[2 * i + 1] = real_beta ? br * im : br * im + bi * re;
    }
}

void br_scale_only(const struct br_call *call)
{
    size_t size = br_element_size(call->precision);
    int triangular_op = call->family == BR_TRMM || call->family == BR_TRSM;
    int hermitian = call->family == BR_HERK || call->family == BR_HER2K;
    char *matrix = triangular_op ? call->b : call->c;
    br_int ld = triangular_op ? call->ldb : call->ldc;
    int zero = triangular_op || br_call_beta_is_zero(call);

    for (br_int j = 0; j < call->n; j++) {
        struct rows rows = owned_rows(call, j);
        char *column = matrix + ((size_t)j * (size_t)ld + (size_t)rows.first) * size;
        br_int count = rows.last - rows.first;
        if (zero) {
            memset(column, 0, (size_t)count * size); /* all-zero bytes are +0.0 */
            continue;
        }
        switch (call->precision) {
        case BR_S:
            scale_s((float *)column, count, &call->beta);
            break;
        case BR_D:
            scale_d((double *)column, count, &call->beta);
            break;
        case BR_C:
            scale_c((float *)column, count, &call->beta, hermitian);
            break;
        default:
            scale_z((double *)column, count, &call->beta, hermitian);
            break;
        }
        /* HERK and HER2K keep the diagonal real, as the reference does: C(j,j) = beta*re. */
        if (hermitian) {
            char *diagonal = matrix + ((size_t)j * (size_t)ld + (size_t)j) * size;
            memset(diagonal + size / 2, 0, size / 2);
        }
    }
}
