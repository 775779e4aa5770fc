/*
 * gemm_calls.c - GEMM through its three interfaces, for the programs that
 * test GEMM alone (gemm_device.c, gemm_threads.c): the library under
 * test's ?gemm_ and cblas_?gemm, the reference's, one call made through
 * any interface, and its description.  Apart from blas_test_common.c
 * because it refers to the library under test's entry points: programs
 * that must not link the library (standin_driver.c) use the rest.
 */

#include "blas_test_common.h"

#include <stdio.h>

/* ------------------------------------------------------------------------ */
/* GEMM through its three interfaces                                        */
/* ------------------------------------------------------------------------ */

const struct gemm_entry GEMM_UNDER_TEST[N_PRECS] = {
    [PS] = { sgemm_, (anyfn)cblas_sgemm },
    [PD] = { dgemm_, (anyfn)cblas_dgemm },
    [PC] = { cgemm_, (anyfn)cblas_cgemm },
    [PZ] = { zgemm_, (anyfn)cblas_zgemm },
};

void load_reference_gemm(struct gemm_entry ref[N_PRECS])
{
    struct reference_blas rb = open_reference_blas();
    char name[32];
    for (int p = 0; p < N_PRECS; p++) {
        const struct gemm_entry *lib = &GEMM_UNDER_TEST[p];
        snprintf(name, sizeof name, "%cgemm_", PRECISIONS[p].letter);
        ref[p].fortran = (gemm_f *)reference_symbol(&rb, name);
        snprintf(name, sizeof name, "cblas_%cgemm", PRECISIONS[p].letter);
        ref[p].cblas = reference_symbol(&rb, name);
        /* A reference that is the library itself would prove nothing. */
        if (ref[p].fortran == lib->fortran || ref[p].cblas == lib->cblas)
            bail_out("reference %s resolves %s to the library under test",
                     rb.path, name);
    }
    printf("# reference BLAS: %s\n", rb.path);
}

void call_gemm(const struct gemm_entry *e, const struct gemm_call *c,
               const void *a, const void *b, void *cc)
{
    int layout = c->ifc == IF_CBLAS_ROW ? CB_ROW_MAJOR : CB_COL_MAJOR;
    int ta = cb_trans(c->transa), tb = cb_trans(c->transb);

    if (c->ifc == IF_FORTRAN) {
        e->fortran(&c->transa, &c->transb, &c->m, &c->n, &c->k,
                   &c->alpha_arg, a, &c->lda, b, &c->ldb, &c->beta_arg, cc,
                   &c->ldc, 1, 1);
        return;
    }
    switch (c->prec) {
    case PS:
        ((cb_gemm_f *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                c->alpha_arg.f[0], a, c->lda, b, c->ldb,
                                c->beta_arg.f[0], cc, c->ldc);
        break;
    case PD:
        ((cb_gemm_d *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                c->alpha_arg.d[0], a, c->lda, b, c->ldb,
                                c->beta_arg.d[0], cc, c->ldc);
        break;
    default:
        ((cb_gemm_p *)e->cblas)(layout, ta, tb, c->m, c->n, c->k,
                                &c->alpha_arg, a, c->lda, b, c->ldb,
                                &c->beta_arg, cc, c->ldc);
        break;
    }
}

void describe_gemm_call(const struct gemm_call *c, char *out, size_t len)
{
    const struct precision *p = &PRECISIONS[c->prec];
    char a[64], b[64];
    int n;
    format_value(a, sizeof a, c->alpha, p->cplx);
    format_value(b, sizeof b, c->beta, p->cplx);
    if (c->ifc == IF_FORTRAN)
        n = snprintf(out, len, "%cgemm_:", p->letter);
    else
        n = snprintf(out, len, "cblas_%cgemm %s:", p->letter,
                     c->ifc == IF_CBLAS_ROW ? "row-major" : "col-major");
    if (n < 0 || (size_t)n >= len)
        return;
    snprintf(out + n, len - (size_t)n,
             " transa=%c transb=%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d "
             "alpha=%s beta=%s%s", c->transa, c->transb, c->m, c->n, c->k,
             c->lda, c->ldb, c->ldc, a, b,
             c->integer_data ? " (integer data)" : "");
}
