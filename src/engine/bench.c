/* What blasroute-bench asks of the library: the device's time for a routine with its operands
 * already on the device. The operands are made here (values that keep every routine finite:
 * a triangle with a dominant diagonal for TRSM), uploaded once, and the device work is timed
 * on them repeatedly. */
#include <stdlib.h>
#include <string.h>

#include "blasroute.h"
#include "cpu.h"
#include "cpu_threads.h"
#include "engine/engine.h"
#include "policy/model.h"
#include "policy/policy.h"
#include "policy/routing.h"

/* Fills count elements with value (real part), plus one on every (i, i) of an ld x ld
 * matrix when diagonal. */
static void fill(void *x, size_t count, enum br_precision p, double value, size_t ld,
                 int diagonal)
{
    for (size_t i = 0; i < count; i++) {
        double v = value + (diagonal && i % (ld + 1) == 0 ? 1.0 : 0.0);
        switch (p) {
        case BR_S: ((float *)x)[i] = (float)v; break;
        case BR_D: ((double *)x)[i] = v; break;
        case BR_C: ((float *)x)[2 * i] = (float)v; ((float *)x)[2 * i + 1] = 0; break;
        case BR_Z: ((double *)x)[2 * i] = v; ((double *)x)[2 * i + 1] = 0; break;
        default: break;
        }
    }
}

/* blasroute_bench_resident with the profile's or the built-in kernel parameters. */
/* The call a bench problem makes, its shape only (operands unset): the routine's options in
 * argument order, the sizes as the routine names them. 0, or -1 for a name that is no routine. */
static int shape_call(const char *routine, const char *options, int m, int n, int k,
                      struct br_call *call)
{
    enum br_family family;
    enum br_precision precision;
    if (!routine || !options || br_parse_routine(routine, &family, &precision) != 0)
        return -1;
    memset(call, 0, sizeof *call);
    call->family = family;
    call->precision = precision;
    call->work = BR_WORK_FULL;
    size_t o = strlen(options);
    char opt[4] = {0};
    for (size_t i = 0; i < o && i < 4; i++)
        opt[i] = (char)(options[i] & ~0x20);
    switch (family) {
    case BR_GEMM:
        call->transa = opt[0] ? opt[0] : 'N';
        call->transb = opt[1] ? opt[1] : 'N';
        call->m = m, call->n = n, call->k = k;
        break;
    case BR_SYMM:
    case BR_HEMM:
        call->side = opt[0] ? opt[0] : 'L';
        call->uplo = opt[1] ? opt[1] : 'U';
        call->m = m, call->n = n;
        break;
    case BR_TRMM:
    case BR_TRSM:
        call->side = opt[0] ? opt[0] : 'L';
        call->uplo = opt[1] ? opt[1] : 'U';
        call->transa = opt[2] ? opt[2] : 'N';
        call->diag = opt[3] ? opt[3] : 'N';
        call->m = m, call->n = n;
        break;
    default: /* the rank-k and rank-2k families: n, k */
        call->uplo = opt[0] ? opt[0] : 'U';
        call->transa = opt[1] ? opt[1] : 'N';
        call->n = n, call->k = k;
        break;
    }
    return 0;
}

static int bench_resident(const char *routine, const char *options, int m, int n, int k,
                          int repeats, int builtin, double seconds[2])
{
    struct br_call call;
    if (!seconds || repeats < 1 || shape_call(routine, options, m, n, k, &call) != 0)
        return -1;
    /* The operands' sizes as the routine reads them. */
    size_t a_rows, a_cols, b_rows = 0, b_cols = 0, c_rows, c_cols;
    switch (call.family) {
    case BR_GEMM:
        a_rows = call.transa == 'N' ? (size_t)m : (size_t)k;
        a_cols = call.transa == 'N' ? (size_t)k : (size_t)m;
        b_rows = call.transb == 'N' ? (size_t)k : (size_t)n;
        b_cols = call.transb == 'N' ? (size_t)n : (size_t)k;
        c_rows = (size_t)m, c_cols = (size_t)n;
        break;
    case BR_SYMM:
    case BR_HEMM:
        a_rows = a_cols = call.side == 'L' ? (size_t)m : (size_t)n;
        b_rows = c_rows = (size_t)m, b_cols = c_cols = (size_t)n;
        break;
    case BR_TRMM:
    case BR_TRSM:
        a_rows = a_cols = call.side == 'L' ? (size_t)m : (size_t)n;
        b_rows = (size_t)m, b_cols = (size_t)n;
        c_rows = c_cols = 0;
        break;
    default: /* the rank-k and rank-2k families: n, k */
        a_rows = call.transa == 'N' ? (size_t)n : (size_t)k;
        a_cols = call.transa == 'N' ? (size_t)k : (size_t)n;
        if (call.family == BR_SYR2K || call.family == BR_HER2K)
            b_rows = a_rows, b_cols = a_cols;
        c_rows = c_cols = (size_t)n;
        break;
    }
    if (m < 0 || n <= 0 || k < 0 || a_rows == 0 || a_cols == 0)
        return -1;
    size_t e = br_element_size(call.precision);
    void *a = malloc(a_rows * a_cols * e), *b = b_rows ? malloc(b_rows * b_cols * e) : NULL;
    void *c = c_rows ? malloc(c_rows * c_cols * e) : NULL;
    int ok = a && (!b_rows || b) && (!c_rows || c);
    if (ok) {
        fill(a, a_rows * a_cols, call.precision, 1.0 / (double)a_rows, a_rows,
             call.family == BR_TRSM);
        if (b)
            fill(b, b_rows * b_cols, call.precision, 0.5, 0, 0);
        if (c)
            fill(c, c_rows * c_cols, call.precision, 0.25, 0, 0);
    }
    call.a = a, call.lda = (br_int)a_rows;
    call.b = b, call.ldb = b_rows ? (br_int)b_rows : 1;
    call.c = c, call.ldc = c_rows ? (br_int)c_rows : 1;
    /* alpha = 1, beta = 1/2 (real, as HERK's and HER2K's beta must be): C is read as usual. */
    call.alpha = br_scalar_real(call.precision, 1.0);
    call.beta = br_scalar_real(call.precision, 0.5);
    int result = !ok ? -1 : builtin ? br_engine_bench_builtin(&call, repeats, seconds)
                                    : br_engine_bench(&call, repeats, seconds);
    free(a);
    free(b);
    free(c);
    return result;
}

BR_EXPORT int blasroute_bench_resident(const char *routine, const char *options, int m, int n,
                                       int k, int repeats, double seconds[2])
{
    return bench_resident(routine, options, m, n, k, repeats, 0, seconds);
}

BR_EXPORT int blasroute_bench_resident_builtin(const char *routine, const char *options, int m,
                                               int n, int k, int repeats, double seconds[2])
{
    return bench_resident(routine, options, m, n, k, repeats, 1, seconds);
}

BR_EXPORT int blasroute_bench_gemm_resident(char precision, char transa, char transb, int m,
                                            int n, int k, int repeats, double seconds[2])
{
    char routine[6] = {precision, 'g', 'e', 'm', 'm', 0}, options[3] = {transa, transb, 0};
    return m > 0 && k > 0 ? blasroute_bench_resident(routine, options, m, n, k, repeats, seconds)
                          : -1;
}

BR_EXPORT int blasroute_bench_set_mode(const char *mode)
{
    for (int m = 0; mode && m < BR_MODE_COUNT; m++)
        if (strcmp(mode, br_mode_names[m]) == 0) {
            br_policy_set_mode((enum br_mode)m);
            /* Each mode starts from the CPU BLAS's own thread count (cpu_threads.h): the
             * last mode's device calls are not the next one's. */
            br_cpu_threads_restore();
            return 0;
        }
    return -1;
}

BR_EXPORT int blasroute_bench_predict(const char *routine, const char *options, int m, int n,
                                      int k, double seconds[2])
{
    struct br_call call;
    if (!seconds || shape_call(routine, options, m, n, k, &call) != 0)
        return -1;
    /* As a program makes it: alpha = beta = 1 (C read, and moved to the device). */
    call.alpha = call.beta = br_scalar_real(call.precision, 1.0);
    const struct br_device_profile *device = br_engine_profile_at(br_engine_first_index());
    if (!device)
        return -1;
    struct br_prediction prediction = {0};
    seconds[0] = br_predict_cpu_seconds(&call, br_routing_cpu_profile());
    seconds[1] = br_predict_device_seconds(&call, device, &prediction);
    return seconds[0] > 0 && seconds[1] > 0 ? 0 : -1;
}

BR_EXPORT const char *blasroute_cpu_blas_path(void)
{
    return br_cpu_library_path();
}
