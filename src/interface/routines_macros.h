/* Preprocessor helpers that turn a routine-table line into a definition.
 *
 * A table line lists only the argument types, e.g. (const blas_int *, float *). BR_PARAMS names
 * them a1, a2, ... for a prototype, and BR_ARGS lists those names for the forwarding call, so each
 * routine is written once, in the table, and nowhere else. */
#ifndef BLASROUTE_ROUTINES_MACROS_H
#define BLASROUTE_ROUTINES_MACROS_H

#define BR_CAT(a, b) BR_CAT_(a, b)
#define BR_CAT_(a, b) a##b

#define BR_NARGS(...) BR_NARGS_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define BR_NARGS_(x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x16, n, ...) n

/* BR_PARAMS(t1, t2) -> t1 a1, t2 a2 */
#define BR_PARAMS(...) BR_CAT(BR_PARAMS_, BR_NARGS(__VA_ARGS__))(__VA_ARGS__)
#define BR_PARAMS_1(t1) t1 a1
#define BR_PARAMS_2(t1, t2) BR_PARAMS_1(t1), t2 a2
#define BR_PARAMS_3(t1, t2, t3) BR_PARAMS_2(t1, t2), t3 a3
#define BR_PARAMS_4(t1, t2, t3, t4) BR_PARAMS_3(t1, t2, t3), t4 a4
#define BR_PARAMS_5(t1, t2, t3, t4, t5) BR_PARAMS_4(t1, t2, t3, t4), t5 a5
#define BR_PARAMS_6(t1, t2, t3, t4, t5, t6) BR_PARAMS_5(t1, t2, t3, t4, t5), t6 a6
#define BR_PARAMS_7(t1, t2, t3, t4, t5, t6, t7) BR_PARAMS_6(t1, t2, t3, t4, t5, t6), t7 a7
#define BR_PARAMS_8(t1, t2, t3, t4, t5, t6, t7, t8) BR_PARAMS_7(t1, t2, t3, t4, t5, t6, t7), t8 a8
#define BR_PARAMS_9(t1, t2, t3, t4, t5, t6, t7, t8, t9) \
    BR_PARAMS_8(t1, t2, t3, t4, t5, t6, t7, t8), t9 a9
#define BR_PARAMS_10(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10) \
    BR_PARAMS_9(t1, t2, t3, t4, t5, t6, t7, t8, t9), t10 a10
#define BR_PARAMS_11(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11) \
    BR_PARAMS_10(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10), t11 a11
#define BR_PARAMS_12(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12) \
    BR_PARAMS_11(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11), t12 a12
#define BR_PARAMS_13(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13) \
    BR_PARAMS_12(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12), t13 a13
#define BR_PARAMS_14(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14) \
    BR_PARAMS_13(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13), t14 a14
#define BR_PARAMS_15(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15) \
    BR_PARAMS_14(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14), t15 a15
#define BR_PARAMS_16(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16) \
    BR_PARAMS_15(t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15), t16 a16

/* BR_ARGS(t1, t2) -> a1, a2 */
#define BR_ARGS(...) BR_CAT(BR_ARGS_, BR_NARGS(__VA_ARGS__))
#define BR_ARGS_1 a1
#define BR_ARGS_2 BR_ARGS_1, a2
#define BR_ARGS_3 BR_ARGS_2, a3
#define BR_ARGS_4 BR_ARGS_3, a4
#define BR_ARGS_5 BR_ARGS_4, a5
#define BR_ARGS_6 BR_ARGS_5, a6
#define BR_ARGS_7 BR_ARGS_6, a7
#define BR_ARGS_8 BR_ARGS_7, a8
#define BR_ARGS_9 BR_ARGS_8, a9
#define BR_ARGS_10 BR_ARGS_9, a10
#define BR_ARGS_11 BR_ARGS_10, a11
#define BR_ARGS_12 BR_ARGS_11, a12
#define BR_ARGS_13 BR_ARGS_12, a13
#define BR_ARGS_14 BR_ARGS_13, a14
#define BR_ARGS_15 BR_ARGS_14, a15
#define BR_ARGS_16 BR_ARGS_15, a16

/* "return f(...);" for a function, "f(...);" for a subroutine (C forbids returning a void
 * expression). Selected by pasting the return type's name. */
#define BR_RETURN(ret, call) BR_CAT(BR_RETURN_, ret)(call)
#define BR_RETURN_void(call) call
#define BR_RETURN_float(call) return call
#define BR_RETURN_double(call) return call
#define BR_RETURN_blas_int(call) return call
#define BR_RETURN_size_t(call) return call
#define BR_RETURN_blas_complex_float(call) return call
#define BR_RETURN_blas_complex_double(call) return call

#endif
