/*
 * level3_invokers.h - the invokers of level3_routines.c, written once for
 * both integer widths.  level3_routines.c includes this file twice: with
 * INVOKER_INT the C type of the routines' INTEGER (int, then int64_t) and
 * INVOKER(name) giving each definition the width's suffix (name_32,
 * name_64).  No include guard: it is meant to be included once per width.
 *
 * An invoker makes one call through the Fortran or the CBLAS interface
 * with the options, scalars and arrays of a struct call and the integer
 * arguments of a struct call_ints, converted to INVOKER_INT: passed by
 * address (Fortran) or by value (CBLAS, whose enum arguments are int at
 * either width).  The function types are declared here rather than taken
 * from blas_test_common.h, whose types are the 32-bit ones only.
 */

/* The integer arguments at this width, stored where the Fortran
 * interface can point at them. */
struct INVOKER(ints) {
    INVOKER_INT m, n, k, lda, ldb, ldc;
};

static struct INVOKER(ints) INVOKER(narrow)(const struct call_ints *v)
{
    return (struct INVOKER(ints)){
        (INVOKER_INT)v->m,   (INVOKER_INT)v->n,   (INVOKER_INT)v->k,
        (INVOKER_INT)v->lda, (INVOKER_INT)v->ldb, (INVOKER_INT)v->ldc,
    };
}

/* --- Fortran: one invoker per family shape, every precision --- */

typedef void INVOKER(gemm_f)(const char *transa, const char *transb,
                             const INVOKER_INT *m, const INVOKER_INT *n,
                             const INVOKER_INT *k, const void *alpha,
                             const void *a, const INVOKER_INT *lda,
                             const void *b, const INVOKER_INT *ldb,
                             const void *beta, void *c,
                             const INVOKER_INT *ldc, size_t transa_len,
                             size_t transb_len);
typedef void INVOKER(symm_f)(const char *side, const char *uplo,
                             const INVOKER_INT *m, const INVOKER_INT *n,
                             const void *alpha, const void *a,
                             const INVOKER_INT *lda, const void *b,
                             const INVOKER_INT *ldb, const void *beta,
                             void *c, const INVOKER_INT *ldc,
                             size_t side_len, size_t uplo_len);
typedef void INVOKER(syrk_f)(const char *uplo, const char *trans,
                             const INVOKER_INT *n, const INVOKER_INT *k,
                             const void *alpha, const void *a,
                             const INVOKER_INT *lda, const void *beta,
                             void *c, const INVOKER_INT *ldc,
                             size_t uplo_len, size_t trans_len);
typedef void INVOKER(syr2k_f)(const char *uplo, const char *trans,
                              const INVOKER_INT *n, const INVOKER_INT *k,
                              const void *alpha, const void *a,
                              const INVOKER_INT *lda, const void *b,
                              const INVOKER_INT *ldb, const void *beta,
                              void *c, const INVOKER_INT *ldc,
                              size_t uplo_len, size_t trans_len);
typedef void INVOKER(trxm_f)(const char *side, const char *uplo,
                             const char *transa, const char *diag,
                             const INVOKER_INT *m, const INVOKER_INT *n,
                             const void *alpha, const void *a,
                             const INVOKER_INT *lda, void *b,
                             const INVOKER_INT *ldb, size_t side_len,
                             size_t uplo_len, size_t transa_len,
                             size_t diag_len);

static void INVOKER(f_gemm)(anyfn fn, const struct call *c,
                            const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(gemm_f) *)fn)(&c->transa, &c->transb, &i.m, &i.n, &i.k,
                            &c->alpha_arg, c->a, &i.lda, c->b, &i.ldb,
                            &c->beta_arg, c->c, &i.ldc, 1, 1);
}

static void INVOKER(f_symm)(anyfn fn, const struct call *c,
                            const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(symm_f) *)fn)(&c->side, &c->uplo, &i.m, &i.n, &c->alpha_arg,
                            c->a, &i.lda, c->b, &i.ldb, &c->beta_arg, c->c,
                            &i.ldc, 1, 1);
}

static void INVOKER(f_syrk)(anyfn fn, const struct call *c,
                            const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(syrk_f) *)fn)(&c->uplo, &c->transa, &i.n, &i.k,
                            &c->alpha_arg, c->a, &i.lda, &c->beta_arg, c->c,
                            &i.ldc, 1, 1);
}

static void INVOKER(f_syr2k)(anyfn fn, const struct call *c,
                             const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(syr2k_f) *)fn)(&c->uplo, &c->transa, &i.n, &i.k,
                             &c->alpha_arg, c->a, &i.lda, c->b, &i.ldb,
                             &c->beta_arg, c->c, &i.ldc, 1, 1);
}

static void INVOKER(f_trxm)(anyfn fn, const struct call *c,
                            const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(trxm_f) *)fn)(&c->side, &c->uplo, &c->transa, &c->diag, &i.m,
                            &i.n, &c->alpha_arg, c->a, &i.lda, c->b, &i.ldb,
                            1, 1, 1, 1);
}

/* --- CBLAS with complex scalars, passed by address --- */

typedef void INVOKER(cb_gemm_p)(int layout, int transa, int transb,
                                INVOKER_INT m, INVOKER_INT n, INVOKER_INT k,
                                const void *alpha, const void *a,
                                INVOKER_INT lda, const void *b,
                                INVOKER_INT ldb, const void *beta, void *c,
                                INVOKER_INT ldc);
typedef void INVOKER(cb_symm_p)(int layout, int side, int uplo,
                                INVOKER_INT m, INVOKER_INT n,
                                const void *alpha, const void *a,
                                INVOKER_INT lda, const void *b,
                                INVOKER_INT ldb, const void *beta, void *c,
                                INVOKER_INT ldc);
typedef void INVOKER(cb_syrk_p)(int layout, int uplo, int trans,
                                INVOKER_INT n, INVOKER_INT k,
                                const void *alpha, const void *a,
                                INVOKER_INT lda, const void *beta, void *c,
                                INVOKER_INT ldc);
typedef void INVOKER(cb_syr2k_p)(int layout, int uplo, int trans,
                                 INVOKER_INT n, INVOKER_INT k,
                                 const void *alpha, const void *a,
                                 INVOKER_INT lda, const void *b,
                                 INVOKER_INT ldb, const void *beta, void *c,
                                 INVOKER_INT ldc);
typedef void INVOKER(cb_trxm_p)(int layout, int side, int uplo, int transa,
                                int diag, INVOKER_INT m, INVOKER_INT n,
                                const void *alpha, const void *a,
                                INVOKER_INT lda, void *b, INVOKER_INT ldb);

static void INVOKER(cbi_gemm_p)(anyfn fn, const struct call *c,
                                const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(cb_gemm_p) *)fn)(c->layout, cb_trans(c->transa),
                               cb_trans(c->transb), i.m, i.n, i.k,
                               &c->alpha_arg, c->a, i.lda, c->b, i.ldb,
                               &c->beta_arg, c->c, i.ldc);
}

static void INVOKER(cbi_symm_p)(anyfn fn, const struct call *c,
                                const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(cb_symm_p) *)fn)(c->layout, cb_side(c->side),
                               cb_uplo(c->uplo), i.m, i.n, &c->alpha_arg,
                               c->a, i.lda, c->b, i.ldb, &c->beta_arg, c->c,
                               i.ldc);
}

static void INVOKER(cbi_syrk_p)(anyfn fn, const struct call *c,
                                const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(cb_syrk_p) *)fn)(c->layout, cb_uplo(c->uplo),
                               cb_trans(c->transa), i.n, i.k, &c->alpha_arg,
                               c->a, i.lda, &c->beta_arg, c->c, i.ldc);
}

static void INVOKER(cbi_syr2k_p)(anyfn fn, const struct call *c,
                                 const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(cb_syr2k_p) *)fn)(c->layout, cb_uplo(c->uplo),
                                cb_trans(c->transa), i.n, i.k,
                                &c->alpha_arg, c->a, i.lda, c->b, i.ldb,
                                &c->beta_arg, c->c, i.ldc);
}

static void INVOKER(cbi_trxm_p)(anyfn fn, const struct call *c,
                                const struct call_ints *v)
{
    const struct INVOKER(ints) i = INVOKER(narrow)(v);
    ((INVOKER(cb_trxm_p) *)fn)(c->layout, cb_side(c->side),
                               cb_uplo(c->uplo), cb_trans(c->transa),
                               cb_diag(c->diag), i.m, i.n, &c->alpha_arg,
                               c->a, i.lda, c->b, i.ldb);
}

/* --- CBLAS with real scalars, passed by value: S is the scalar's type, F
 * both the type's suffix and the union scalar member that holds it (cherk
 * and zherk take real alpha and beta, cher2k and zher2k a real beta) --- */

#define INVOKER_BYVALUE(F, S)                                                \
    typedef void INVOKER(cb_gemm_##F)(int, int, int, INVOKER_INT,            \
                                      INVOKER_INT, INVOKER_INT, S,           \
                                      const void *, INVOKER_INT,             \
                                      const void *, INVOKER_INT, S, void *,  \
                                      INVOKER_INT);                          \
    typedef void INVOKER(cb_symm_##F)(int, int, int, INVOKER_INT,            \
                                      INVOKER_INT, S, const void *,          \
                                      INVOKER_INT, const void *,             \
                                      INVOKER_INT, S, void *, INVOKER_INT);  \
    typedef void INVOKER(cb_syrk_##F)(int, int, int, INVOKER_INT,            \
                                      INVOKER_INT, S, const void *,          \
                                      INVOKER_INT, S, void *, INVOKER_INT);  \
    typedef void INVOKER(cb_syr2k_##F)(int, int, int, INVOKER_INT,           \
                                       INVOKER_INT, S, const void *,         \
                                       INVOKER_INT, const void *,            \
                                       INVOKER_INT, S, void *, INVOKER_INT); \
    typedef void INVOKER(cb_her2k_##F)(int, int, int, INVOKER_INT,           \
                                       INVOKER_INT, const void *,            \
                                       const void *, INVOKER_INT,            \
                                       const void *, INVOKER_INT, S, void *, \
                                       INVOKER_INT);                         \
    typedef void INVOKER(cb_trxm_##F)(int, int, int, int, int, INVOKER_INT,  \
                                      INVOKER_INT, S, const void *,          \
                                      INVOKER_INT, void *, INVOKER_INT);     \
    static void INVOKER(cbi_gemm_##F)(anyfn fn, const struct call *c,        \
                                      const struct call_ints *v)             \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_gemm_##F) *)fn)(c->layout, cb_trans(c->transa),         \
                                     cb_trans(c->transb), i.m, i.n, i.k,     \
                                     c->alpha_arg.F[0], c->a, i.lda, c->b,   \
                                     i.ldb, c->beta_arg.F[0], c->c, i.ldc);  \
    }                                                                        \
    static void INVOKER(cbi_symm_##F)(anyfn fn, const struct call *c,        \
                                      const struct call_ints *v)             \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_symm_##F) *)fn)(c->layout, cb_side(c->side),            \
                                     cb_uplo(c->uplo), i.m, i.n,             \
                                     c->alpha_arg.F[0], c->a, i.lda, c->b,   \
                                     i.ldb, c->beta_arg.F[0], c->c, i.ldc);  \
    }                                                                        \
    static void INVOKER(cbi_syrk_##F)(anyfn fn, const struct call *c,        \
                                      const struct call_ints *v)             \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_syrk_##F) *)fn)(c->layout, cb_uplo(c->uplo),            \
                                     cb_trans(c->transa), i.n, i.k,          \
                                     c->alpha_arg.F[0], c->a, i.lda,         \
                                     c->beta_arg.F[0], c->c, i.ldc);         \
    }                                                                        \
    static void INVOKER(cbi_syr2k_##F)(anyfn fn, const struct call *c,       \
                                       const struct call_ints *v)            \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_syr2k_##F) *)fn)(c->layout, cb_uplo(c->uplo),           \
                                      cb_trans(c->transa), i.n, i.k,         \
                                      c->alpha_arg.F[0], c->a, i.lda, c->b,  \
                                      i.ldb, c->beta_arg.F[0], c->c, i.ldc); \
    }                                                                        \
    static void INVOKER(cbi_her2k_##F)(anyfn fn, const struct call *c,       \
                                       const struct call_ints *v)            \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_her2k_##F) *)fn)(c->layout, cb_uplo(c->uplo),           \
                                      cb_trans(c->transa), i.n, i.k,         \
                                      &c->alpha_arg, c->a, i.lda, c->b,      \
                                      i.ldb, c->beta_arg.F[0], c->c, i.ldc); \
    }                                                                        \
    static void INVOKER(cbi_trxm_##F)(anyfn fn, const struct call *c,        \
                                      const struct call_ints *v)             \
    {                                                                        \
        const struct INVOKER(ints) i = INVOKER(narrow)(v);                   \
        ((INVOKER(cb_trxm_##F) *)fn)(c->layout, cb_side(c->side),            \
                                     cb_uplo(c->uplo), cb_trans(c->transa),  \
                                     cb_diag(c->diag), i.m, i.n,             \
                                     c->alpha_arg.F[0], c->a, i.lda, c->b,   \
                                     i.ldb);                                 \
    }
INVOKER_BYVALUE(f, float)
INVOKER_BYVALUE(d, double)
#undef INVOKER_BYVALUE
