/* The LAPACK routines' Level-3 pieces, routed as calls of the LAPACK call's own names (so that
 * what stays on the CPU goes to the same library) or made on the CPU; the block size; whether
 * the device is worth it at an order; the host's inverse of a panel's triangle. */
#include <stdlib.h>
#include <string.h>

#include "cpu_level3.h"
#include "engine/engine.h"
#include "env.h"
#include "policy/policy.h"
#include "policy/profile.h"
#include "lapack/lapack.h"
#include "route.h"

const char *br_lapack_outcome_name(enum br_lapack_outcome outcome)
{
    static const char *const names[BR_LAPACK_OUTCOMES] = {"library", "blocked", "device",
                                                          "fallback"};
    return names[outcome];
}

const char *br_lapack_routine_name(enum br_lapack_routine routine)
{
    static const char *const names[BR_LAPACK_COUNT] = {"getrf", "getrs", "gesv", "potrf"};
    return names[routine];
}

br_int br_lapack_block(br_int k)
{
    int chosen = br_env()->lapack_block;
    if (chosen > 0)
        return chosen;
    /* k/32 rounded down to a power of two, within [32, 256]. The host factors the panels
     * (getrf: m x nb, about k^2 nb / 2 flops in all) while the device waits: on an H100 at
     * k = 8192 they were three quarters of the factorization, and nb = 256 beat 512 (dgetrf
     * 0.20 s against 0.25, dpotrf 0.096 against 0.136; profiles/measured/
     * 2026-11-25-issue19-linalg). Smaller blocks cost more steps, each with its transfers and
     * launches. */
    br_int nb = 32;
    while (nb < 256 && 2 * nb <= k / 32)
        nb *= 2;
    return nb;
}

int br_lapack_device_wins(enum br_lapack_routine routine, br_int order)
{
    /* Device mode sends every call that has a device path there. */
    if (br_policy()->mode == BR_MODE_DEVICE)
        return 1;
    int index = br_engine_first_index();
    const struct br_device_profile *profile = index >= 0 ? br_engine_profile_at(index) : NULL;
    double from = !profile                       ? -1
                  : routine == BR_LAPACK_POTRF ? profile->potrf_min_order
                                               : profile->getrf_min_order;
    return profile && (double)order >= from;
}

/* A settled call of the LAPACK call's names and precision, routed or on the CPU (by the
 * names' own library, as cpu_names.c finds it). */
static void run(const struct br_lapack *l, enum br_lapack_where where, struct br_call *call)
{
    call->names = l->names;
    call->precision = l->precision;
    br_settle_call(call);
    if (call->work == BR_WORK_NONE)
        return;
    if (where == BR_LAPACK_ROUTED)
        br_route(call);
    else
        br_cpu_level3(call);
}

static struct br_call gemm_call(const struct br_lapack *l, char transa, char transb, br_int m,
                                br_int n, br_int k)
{
    return (struct br_call){.names = l->names, .family = BR_GEMM, .precision = l->precision,
                            .transa = transa, .transb = transb, .m = m, .n = n, .k = k,
                            .lda = 1, .ldb = 1, .ldc = 1};
}

static struct br_call trsm_call(const struct br_lapack *l, char side, char uplo, char transa,
                                char diag, br_int m, br_int n)
{
    return (struct br_call){.names = l->names, .family = BR_TRSM, .precision = l->precision,
                            .side = side, .uplo = uplo, .transa = transa, .diag = diag, .m = m,
                            .n = n, .lda = 1, .ldb = 1};
}

/* SYRK for a real precision, HERK for a complex one (whose scalars are real: .s or .d). */
static struct br_call rank_k_call(const struct br_lapack *l, char uplo, char trans, br_int n,
                                  br_int k)
{
    return (struct br_call){.names = l->names,
                            .family = br_is_complex(l->precision) ? BR_HERK : BR_SYRK,
                            .precision = l->precision, .uplo = uplo, .transa = trans, .n = n,
                            .k = k, .lda = 1, .ldc = 1};
}

void br_lapack_gemm(const struct br_lapack *l, enum br_lapack_where where, char transa,
                    char transb, br_int m, br_int n, br_int k, double alpha, const void *a,
                    br_int lda, const void *b, br_int ldb, double beta, void *c, br_int ldc)
{
    struct br_call call = gemm_call(l, transa, transb, m, n, k);
    call.alpha = br_scalar_real(l->precision, alpha);
    call.beta = br_scalar_real(l->precision, beta);
    call.a = a, call.lda = lda, call.b = (void *)b, call.ldb = ldb, call.c = c, call.ldc = ldc;
    run(l, where, &call);
}

void br_lapack_trsm(const struct br_lapack *l, enum br_lapack_where where, char side,
                    char uplo, char transa, char diag, br_int m, br_int n, double alpha,
                    const void *a, br_int lda, void *b, br_int ldb)
{
    struct br_call call = trsm_call(l, side, uplo, transa, diag, m, n);
    call.alpha = br_scalar_real(l->precision, alpha);
    call.a = a, call.lda = lda, call.b = b, call.ldb = ldb;
    run(l, where, &call);
}

void br_lapack_rank_k(const struct br_lapack *l, enum br_lapack_where where, char uplo,
                      char trans, br_int n, br_int k, double alpha, const void *a,
                      br_int lda, double beta, void *c, br_int ldc)
{
    struct br_call call = rank_k_call(l, uplo, trans, n, k);
    /* br_scalar_real puts a real value where HERK reads its real scalars (.s/.d alias the
     * real part). */
    call.alpha = br_scalar_real(l->precision, alpha);
    call.beta = br_scalar_real(l->precision, beta);
    call.a = a, call.lda = lda, call.c = c, call.ldc = ldc;
    run(l, where, &call);
}

/* The shape alone, settled as the router sees it: non-zero scalars, full work. */
static int uses_device(struct br_call *call)
{
    if (call->m < 0 || call->n <= 0 || (call->family != BR_TRSM && call->k <= 0))
        return 0;
    call->work = BR_WORK_FULL;
    return br_route_uses_device(call);
}

int br_lapack_gemm_uses_device(const struct br_lapack *l, br_int m, br_int n, br_int k)
{
    struct br_call call = gemm_call(l, 'N', 'N', m, n, k);
    call.lda = m > 1 ? m : 1, call.ldb = k > 1 ? k : 1, call.ldc = call.lda;
    return m > 0 && uses_device(&call);
}

int br_lapack_trsm_uses_device(const struct br_lapack *l, char side, br_int m, br_int n)
{
    struct br_call call = trsm_call(l, side, 'L', 'N', 'U', m, n);
    br_int order = side == 'L' ? m : n;
    call.lda = order > 1 ? order : 1, call.ldb = m > 1 ? m : 1;
    return m > 0 && uses_device(&call);
}

int br_lapack_rank_k_uses_device(const struct br_lapack *l, br_int n, br_int k)
{
    struct br_call call = rank_k_call(l, 'L', 'N', n, k);
    call.lda = n > 1 ? n : 1, call.ldc = call.lda;
    return uses_device(&call);
}

void br_lapack_invert_triangle(const struct br_lapack *l, char uplo, char diag, br_int order,
                               const void *t, br_int ldt, void *inverse, br_int ldi)
{
    size_t element = br_element_size(l->precision);
    union br_scalar one = br_scalar_real(l->precision, 1.0);
    for (br_int j = 0; j < order; j++) {
        char *column = (char *)inverse + (size_t)j * (size_t)ldi * element;
        memset(column, 0, (size_t)order * element);
        memcpy(column + (size_t)j * element, &one, element);
    }
    br_lapack_trsm(l, BR_LAPACK_CPU, 'L', uplo, 'N', diag, order, order, 1.0, t, ldt, inverse,
                   ldi);
}
