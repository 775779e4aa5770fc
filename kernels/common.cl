// blasroute kernels: the definitions every kernel file shares.
//
// The engine builds one program per precision from common.cl followed by the kernel files, and
// passes every tunable constant as a -D option; each file gives each constant a default here so
// that it also compiles on its own (the tuner and a developer's offline compiler see the same
// text). The precision is a build option, never a string spliced into the source.

// PRECISION: 32 float, 64 double, 3232 complex float, 6464 complex double.
#ifndef PRECISION
#define PRECISION 32
#endif

#if PRECISION == 64 || PRECISION == 6464
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

// `real` is one matrix element: a scalar, or a complex number as (re, im) in a 2-vector.
#if PRECISION == 32
typedef float real;
typedef float2 real2;
typedef float4 real4;
typedef float8 real8;
#define ZERO 0.0f
#define ONE 1.0f
#define IS_COMPLEX 0
#elif PRECISION == 64
typedef double real;
typedef double2 real2;
typedef double4 real4;
typedef double8 real8;
#define ZERO 0.0
#define ONE 1.0
#define IS_COMPLEX 0
#elif PRECISION == 3232
typedef float2 real;
#define ZERO ((float2)(0.0f, 0.0f))
#define ONE ((float2)(1.0f, 0.0f))
#define IS_COMPLEX 1
#elif PRECISION == 6464
typedef double2 real;
#define ZERO ((double2)(0.0, 0.0))
#define ONE ((double2)(1.0, 0.0))
#define IS_COMPLEX 1
#else
#error "PRECISION must be 32, 64, 3232 or 6464"
#endif

// Arithmetic on elements. MULADD(c, a, b) is c + a*b with complex rules for complex types;
// CONJ negates the imaginary part (a no-op on real types).
#if IS_COMPLEX
#define MUL(a, b) ((real)((a).x * (b).x - (a).y * (b).y, (a).x * (b).y + (a).y * (b).x))
#define MULADD(c, a, b) ((real)((c).x + (a).x * (b).x - (a).y * (b).y, \
                                (c).y + (a).x * (b).y + (a).y * (b).x))
#define CONJ(a) ((real)((a).x, -(a).y))
#else
#define MUL(a, b) ((a) * (b))
#define MULADD(c, a, b) ((c) + (a) * (b)) // contracted to an FMA where the device has one
#define CONJ(a) (a)
#endif

// C := alpha * acc + beta * C, or alpha * acc alone when beta is zero: then the old C is not
// read at all, so a NaN left in C by the caller cannot reach the result (BLAS semantics).
#define UPDATE_C(alpha, acc, beta, beta_zero, cptr) \
    (*(cptr) = (beta_zero) ? MUL((alpha), (acc)) : MULADD(MUL((alpha), (acc)), (beta), *(cptr)))

// a / b, with complex division for complex types (TRSM's diagonal).
inline real divide(const real a, const real b)
{
#if IS_COMPLEX
    const real conj_b = CONJ(b);
    const real numerator = MUL(a, conj_b);
    const real norm = b.x * b.x + b.y * b.y;
    return numerator / norm;
#else
    return a / b;
#endif
}
