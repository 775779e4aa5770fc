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
#define REAL_BYTES 4
#elif PRECISION == 64
typedef double real;
typedef double2 real2;
typedef double4 real4;
typedef double8 real8;
#define ZERO 0.0
#define ONE 1.0
#define IS_COMPLEX 0
#define REAL_BYTES 8
#elif PRECISION == 3232
typedef float2 real;
#define ZERO ((float2)(0.0f, 0.0f))
#define ONE ((float2)(1.0f, 0.0f))
#define IS_COMPLEX 1
#define REAL_BYTES 8
#elif PRECISION == 6464
typedef double2 real;
#define ZERO ((double2)(0.0, 0.0))
#define ONE ((double2)(1.0, 0.0))
#define IS_COMPLEX 1
#define REAL_BYTES 16
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

// cp.async (PTX ISA 7.0; NVIDIA, compute capability 8.0 on), for the GEMM kernels' STAGES:
// a K step's tiles go from global to local memory in 16-byte copies that hold no registers and
// need no instruction after their issue, several steps ahead of the one being multiplied.
// ASYNC_EMULATE (tests on other devices, BLASROUTE_TEST_MMA_EMULATE): plain copies, and a copy
// whose addresses cp.async would refuse (not 16-byte aligned) fills its 16 bytes with NaN
// instead, so that a misaligned tile or operand shows as a wrong result on PoCL rather than as
// a fault on a GPU.
#ifndef STAGES
#define STAGES 0
#endif
#ifndef ASYNC_EMULATE
#define ASYNC_EMULATE 0
#endif
#if STAGES
#define CHUNK (16 / REAL_BYTES) // elements per 16-byte copy

// 16 bytes from global to local memory, not waited for (cp.async.cg: through L2 only, a
// work-group reading each tile once).
inline void copy_async_16(__local void *dst, const __global void *src)
{
#if ASYNC_EMULATE
    const bool aligned = (size_t)src % 16 == 0 && (size_t)dst % 16 == 0;
    #pragma unroll
    for (int w = 0; w < 4; w++)
        ((__local uint *)dst)[w] = aligned ? ((const __global uint *)src)[w] : 0x7fc00000u;
#else
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                 :
                 : "r"((uint)(size_t)dst), "l"(src)
                 : "memory");
#endif
}

// Closes this work-item's group of copies: one group per K step, empty past the work-group's
// range, so that every work-item counts the same groups.
inline void copy_async_commit(void)
{
#if !ASYNC_EMULATE
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

// Waits until at most STAGES - 2 of this work-item's groups are in flight: the oldest, the
// step about to be multiplied, has landed (the work-group's barrier after it makes every
// work-item's copies visible).
inline void copy_async_wait(void)
{
#if ASYNC_EMULATE
#elif STAGES == 2
    asm volatile("cp.async.wait_group 0;" ::: "memory");
#elif STAGES == 3
    asm volatile("cp.async.wait_group 1;" ::: "memory");
#else
    asm volatile("cp.async.wait_group 2;" ::: "memory");
#endif
}
#endif
