/* CLBlast's Level-3 routines, timed the way a well-written OpenCL client uses them: one context
 * and in-order queue for the whole run, buffers created once per problem, clFinish before the
 * clock stops. */
#include "bench_clblast.h"

#include <CL/cl.h>
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The CLBlast C API (clblast_c.h, CLBlast 1.x), declared here so that building the bench needs
 * neither CLBlast nor its header. Its enumerations are ints in the ABI; its status is 0
 * (CLBlastSuccess) or a negative code: OpenCL's own, or CLBlast's listed in clblast_c.h (-2044:
 * no double precision). Each routine's type is named for the scalar types of its alpha and
 * beta: CLBlastCherk takes real ones, CLBlastCher2k a complex alpha and a real beta. */
enum {
    CLBLAST_COL_MAJOR = 102,
    CLBLAST_NO = 111, CLBLAST_YES = 112, CLBLAST_CONJUGATE = 113,
    CLBLAST_UPPER = 121, CLBLAST_LOWER = 122,
    CLBLAST_NON_UNIT = 131, CLBLAST_UNIT = 132,
    CLBLAST_LEFT = 141, CLBLAST_RIGHT = 142
};
#define CLBLAST_TYPES(alpha, beta, suffix)                                                         \
    typedef int (*gemm_##suffix)(int layout, int a_transpose, int b_transpose, size_t m,          \
                                 size_t n, size_t k, alpha, cl_mem a, size_t a_offset,            \
                                 size_t a_ld, cl_mem b, size_t b_offset, size_t b_ld, beta,       \
                                 cl_mem c, size_t c_offset, size_t c_ld,                          \
                                 cl_command_queue *queue, cl_event *event);                       \
    typedef int (*symm_##suffix)(int layout, int side, int triangle, size_t m, size_t n, alpha,   \
                                 cl_mem a, size_t a_offset, size_t a_ld, cl_mem b,                \
                                 size_t b_offset, size_t b_ld, beta, cl_mem c, size_t c_offset,   \
                                 size_t c_ld, cl_command_queue *queue, cl_event *event);          \
    typedef int (*syrk_##suffix)(int layout, int triangle, int a_transpose, size_t n, size_t k,   \
                                 alpha, cl_mem a, size_t a_offset, size_t a_ld, beta, cl_mem c,   \
                                 size_t c_offset, size_t c_ld, cl_command_queue *queue,           \
                                 cl_event *event);                                                \
    typedef int (*syr2k_##suffix)(int layout, int triangle, int ab_transpose, size_t n,           \
                                  size_t k, alpha, cl_mem a, size_t a_offset, size_t a_ld,        \
                                  cl_mem b, size_t b_offset, size_t b_ld, beta, cl_mem c,         \
                                  size_t c_offset, size_t c_ld, cl_command_queue *queue,          \
                                  cl_event *event);                                               \
    typedef int (*trmm_##suffix)(int layout, int side, int triangle, int a_transpose,             \
                                 int diagonal, size_t m, size_t n, alpha, cl_mem a,               \
                                 size_t a_offset, size_t a_ld, cl_mem b, size_t b_offset,         \
                                 size_t b_ld, cl_command_queue *queue, cl_event *event)
CLBLAST_TYPES(cl_float, cl_float, ss);
CLBLAST_TYPES(cl_double, cl_double, dd);
CLBLAST_TYPES(cl_float2, cl_float2, cc);
CLBLAST_TYPES(cl_double2, cl_double2, zz);
CLBLAST_TYPES(cl_float2, cl_float, cs);
CLBLAST_TYPES(cl_double2, cl_double, zd);

static const char *const family_names[BENCH_FAMILY_COUNT] = {
    "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};

static struct {
    void *library;
    char path[4096];
    void *routine[BENCH_FAMILY_COUNT][4]; /* CLBlast's routines by family and precision */
    cl_context context;
    cl_command_queue queue;
    cl_ulong max_alloc, global_memory;
} clb;

int bench_clblast_open(void *platform, void *device, char *why, size_t why_size)
{
    clb.library = dlopen("libclblast.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!clb.library) {
        const char *error = dlerror();
        snprintf(why, why_size, "%s", error ? error : "libclblast.so.1 cannot be loaded");
        return -1;
    }
    struct link_map *map = NULL;
    if (dlinfo(clb.library, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && map->l_name[0])
        snprintf(clb.path, sizeof clb.path, "%s", map->l_name);
    else
        snprintf(clb.path, sizeof clb.path, "libclblast.so.1");
    /* ?gemm is required; a routine missing otherwise is a column not measured. */
    for (int f = 0; f < BENCH_FAMILY_COUNT; f++) {
        for (int i = 0; i < 4; i++) {
            char name[32];
            snprintf(name, sizeof name, "CLBlast%c%s", "SDCZ"[i], family_names[f]);
            clb.routine[f][i] = dlsym(clb.library, name);
            if (f == BENCH_GEMM && !clb.routine[f][i]) {
                snprintf(why, why_size, "it does not define %s", name);
                return -1;
            }
        }
    }
    if (!device) {
        snprintf(why, why_size, "there is no device to run it on");
        return -1;
    }
    /* The very device blasroute chose, but a context of CLBlast's own: the two share nothing
     * but the hardware, as two libraries in one program would. */
    cl_device_id id = device;
    cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    cl_int error;
    clb.context = clCreateContext(properties, 1, &id, NULL, NULL, &error);
    if (!clb.context) {
        snprintf(why, why_size, "clCreateContext failed (%d)", (int)error);
        return -1;
    }
    clb.queue = clCreateCommandQueue(clb.context, id, 0, &error);
    if (!clb.queue) {
        snprintf(why, why_size, "clCreateCommandQueue failed (%d)", (int)error);
        return -1;
    }
    if (clGetDeviceInfo(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof clb.max_alloc, &clb.max_alloc,
                        NULL) != CL_SUCCESS ||
        clGetDeviceInfo(id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof clb.global_memory,
                        &clb.global_memory, NULL) != CL_SUCCESS) {
        snprintf(why, why_size, "clGetDeviceInfo failed");
        return -1;
    }
    return 0;
}

const char *bench_clblast_path(void)
{
    return clb.library ? clb.path : NULL;
}

static int transpose(char trans)
{
    return trans == 'N' ? CLBLAST_NO : trans == 'T' ? CLBLAST_YES : CLBLAST_CONJUGATE;
}

static int precision_index(char precision)
{
    return precision == 's' ? 0 : precision == 'd' ? 1 : precision == 'c' ? 2 : 3;
}

/* Calls CLBlast's routine through its type (POSIX guarantees a dlsym result converts to a
 * function pointer). */
#define CALL(type, ...)                                                                            \
    do {                                                                                           \
        type function_;                                                                            \
        memcpy(&function_, &routine, sizeof function_);                                           \
        status = function_(__VA_ARGS__);                                                           \
    } while (0)

/* Enqueues the routine once on the buffers a, b (NULL without B) and c (TRMM's and TRSM's B);
 * the status of CLBlast (0 or negative). */
static int enqueue(const struct bench_problem *p, cl_mem a, cl_mem b, cl_mem c)
{
    void *routine = clb.routine[p->family][precision_index(p->precision)];
    if (!routine)
        return CL_INVALID_OPERATION;
    const int L = CLBLAST_COL_MAJOR;
    int side = p->side == 'L' ? CLBLAST_LEFT : CLBLAST_RIGHT;
    int tri = p->uplo == 'U' ? CLBLAST_UPPER : CLBLAST_LOWER;
    int ta = transpose(p->transa), tb = transpose(p->transb);
    int diag = p->diag == 'U' ? CLBLAST_UNIT : CLBLAST_NON_UNIT;
    size_t m = (size_t)p->m, n = (size_t)p->n, k = (size_t)p->k;
    size_t lda = (size_t)p->lda, ldb = (size_t)p->ldb, ldc = (size_t)p->ldc;
    /* alpha and beta in every type; herk's, her2k's beta (real) take the first part */
    cl_float sa = (cl_float)p->alpha[0], sb = (cl_float)p->beta[0];
    cl_double da = p->alpha[0], db = p->beta[0];
    cl_float2 ca = {.s = {(cl_float)p->alpha[0], (cl_float)p->alpha[1]}};
    cl_float2 cb = {.s = {(cl_float)p->beta[0], (cl_float)p->beta[1]}};
    cl_double2 za = {.s = {p->alpha[0], p->alpha[1]}}, zb = {.s = {p->beta[0], p->beta[1]}};
    cl_command_queue *q = &clb.queue;
    cl_event event = NULL, *e = &event;
    int status = CL_SUCCESS;
#define GEMM(alpha, beta) L, ta, tb, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc, q, e
#define SYMM(alpha, beta) L, side, tri, m, n, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc, q, e
#define SYRK(alpha, beta) L, tri, ta, n, k, alpha, a, 0, lda, beta, c, 0, ldc, q, e
#define SYR2K(alpha, beta) L, tri, ta, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc, q, e
#define TRMM(alpha) L, side, tri, ta, diag, m, n, alpha, a, 0, lda, c, 0, ldc, q, e
    switch (p->family * 4 + precision_index(p->precision)) {
    case BENCH_GEMM * 4 + 0: CALL(gemm_ss, GEMM(sa, sb)); break;
    case BENCH_GEMM * 4 + 1: CALL(gemm_dd, GEMM(da, db)); break;
    case BENCH_GEMM * 4 + 2: CALL(gemm_cc, GEMM(ca, cb)); break;
    case BENCH_GEMM * 4 + 3: CALL(gemm_zz, GEMM(za, zb)); break;
    case BENCH_SYMM * 4 + 0: CALL(symm_ss, SYMM(sa, sb)); break;
    case BENCH_SYMM * 4 + 1: CALL(symm_dd, SYMM(da, db)); break;
    case BENCH_SYMM * 4 + 2: case BENCH_HEMM * 4 + 2: CALL(symm_cc, SYMM(ca, cb)); break;
    case BENCH_SYMM * 4 + 3: case BENCH_HEMM * 4 + 3: CALL(symm_zz, SYMM(za, zb)); break;
    case BENCH_SYRK * 4 + 0: case BENCH_HERK * 4 + 2: CALL(syrk_ss, SYRK(sa, sb)); break;
    case BENCH_SYRK * 4 + 1: case BENCH_HERK * 4 + 3: CALL(syrk_dd, SYRK(da, db)); break;
    case BENCH_SYRK * 4 + 2: CALL(syrk_cc, SYRK(ca, cb)); break;
    case BENCH_SYRK * 4 + 3: CALL(syrk_zz, SYRK(za, zb)); break;
    case BENCH_SYR2K * 4 + 0: CALL(syr2k_ss, SYR2K(sa, sb)); break;
    case BENCH_SYR2K * 4 + 1: CALL(syr2k_dd, SYR2K(da, db)); break;
    case BENCH_SYR2K * 4 + 2: CALL(syr2k_cc, SYR2K(ca, cb)); break;
    case BENCH_SYR2K * 4 + 3: CALL(syr2k_zz, SYR2K(za, zb)); break;
    case BENCH_HER2K * 4 + 2: CALL(syr2k_cs, SYR2K(ca, sb)); break;
    case BENCH_HER2K * 4 + 3: CALL(syr2k_zd, SYR2K(za, db)); break;
    case BENCH_TRMM * 4 + 0: case BENCH_TRSM * 4 + 0: CALL(trmm_ss, TRMM(sa)); break;
    case BENCH_TRMM * 4 + 1: case BENCH_TRSM * 4 + 1: CALL(trmm_dd, TRMM(da)); break;
    case BENCH_TRMM * 4 + 2: case BENCH_TRSM * 4 + 2: CALL(trmm_cc, TRMM(ca)); break;
    case BENCH_TRMM * 4 + 3: case BENCH_TRSM * 4 + 3: CALL(trmm_zz, TRMM(za)); break;
    default: status = CL_INVALID_OPERATION; break;
    }
#undef GEMM
#undef SYMM
#undef SYRK
#undef SYR2K
#undef TRMM
    /* The command runs to completion whether or not its event is still referenced. */
    if (event)
        clReleaseEvent(event);
    return status;
}

/* One end-to-end run from the host arrays; CL_SUCCESS, an OpenCL error or CLBlast's status. */
static int end_to_end(const struct bench_problem *p, cl_mem a, cl_mem b, cl_mem c)
{
    cl_int error = clEnqueueWriteBuffer(clb.queue, a, CL_FALSE, 0, bench_a_bytes(p), p->a, 0,
                                        NULL, NULL);
    if (error == CL_SUCCESS && b)
        error = clEnqueueWriteBuffer(clb.queue, b, CL_FALSE, 0, bench_b_bytes(p), p->b, 0, NULL,
                                     NULL);
    if (error == CL_SUCCESS)
        error = clEnqueueWriteBuffer(clb.queue, c, CL_FALSE, 0, bench_c_bytes(p), p->c, 0, NULL,
                                     NULL);
    if (error == CL_SUCCESS)
        error = enqueue(p, a, b, c);
    if (error == CL_SUCCESS)
        error = clEnqueueReadBuffer(clb.queue, c, CL_FALSE, 0, bench_c_bytes(p), p->c, 0, NULL,
                                    NULL);
    cl_int finished = clFinish(clb.queue);
    return error != CL_SUCCESS ? error : finished;
}

int bench_clblast_run(const struct bench_problem *p, int repeats, double seconds[2], char *why,
                      size_t why_size)
{
    seconds[0] = seconds[1] = NAN;
    char name[32];
    snprintf(name, sizeof name, "CLBlast%c%s", p->precision - 'a' + 'A', family_names[p->family]);
    if (!clb.routine[p->family][precision_index(p->precision)]) {
        snprintf(why, why_size, "this CLBlast has no %s", name);
        return -1;
    }
    size_t bytes[3] = {bench_a_bytes(p), bench_b_bytes(p), bench_c_bytes(p)};
    if (bytes[0] > clb.max_alloc || bytes[1] > clb.max_alloc || bytes[2] > clb.max_alloc ||
        bytes[0] + bytes[1] + bytes[2] > clb.global_memory) {
        snprintf(why, why_size, "the matrices do not fit in the device's memory");
        return -1;
    }
    /* TRMM and TRSM overwrite their B (C here) and read it: each resident run starts from it. */
    int restore = p->family == BENCH_TRMM || p->family == BENCH_TRSM;
    cl_mem buffer[3] = {NULL, NULL, NULL};
    cl_int error = CL_SUCCESS;
    for (int i = 0; i < 3 && error == CL_SUCCESS; i++)
        if (bytes[i])
            buffer[i] = clCreateBuffer(clb.context, CL_MEM_READ_WRITE, bytes[i], NULL, &error);
    const char *step = "clCreateBuffer";

    /* Resident: A, B and C uploaded once; C is updated in place run after run, which costs the
     * kernel the same whatever its values (but for TRMM and TRSM, restored before each run). */
    if (error == CL_SUCCESS) {
        const void *host[3] = {p->a, p->b, p->c0};
        for (int i = 0; i < 3 && error == CL_SUCCESS; i++)
            if (bytes[i])
                error = clEnqueueWriteBuffer(clb.queue, buffer[i], CL_TRUE, 0, bytes[i], host[i],
                                             0, NULL, NULL);
        step = "clEnqueueWriteBuffer";
    }
    double best = INFINITY;
    for (int r = 0; r <= repeats && error == CL_SUCCESS; r++) {
        if (restore && r > 0 &&
            (error = clEnqueueWriteBuffer(clb.queue, buffer[2], CL_TRUE, 0, bytes[2], p->c0, 0,
                                          NULL, NULL)) != CL_SUCCESS)
            break;
        double start = bench_now();
        error = enqueue(p, buffer[0], buffer[1], buffer[2]);
        cl_int finished = clFinish(clb.queue);
        double elapsed = bench_now() - start;
        error = error != CL_SUCCESS ? error : finished;
        step = "the call (resident)";
        if (r > 0 && elapsed < best) /* run 0 is the warm-up */
            best = elapsed;
    }
    if (error == CL_SUCCESS)
        seconds[0] = best;

    /* End to end: what a program with its matrices in host memory waits for. */
    best = INFINITY;
    for (int r = 0; r <= repeats && error == CL_SUCCESS; r++) {
        memcpy(p->c, p->c0, bytes[2]);
        double start = bench_now();
        error = end_to_end(p, buffer[0], buffer[1], buffer[2]);
        double elapsed = bench_now() - start;
        step = "the call (end to end)";
        if (r > 0 && elapsed < best)
            best = elapsed;
    }
    if (error == CL_SUCCESS)
        seconds[1] = best;

    for (int i = 0; i < 3; i++)
        if (buffer[i])
            clReleaseMemObject(buffer[i]);
    if (error != CL_SUCCESS) {
        snprintf(why, why_size, "%s: %s failed (status %d)", name, step, (int)error);
        return -1;
    }
    return 0;
}

void bench_clblast_close(void)
{
    if (clb.queue)
        clReleaseCommandQueue(clb.queue);
    if (clb.context)
        clReleaseContext(clb.context);
    /* The library stays loaded: CLBlast's caches may still be destroyed at exit. */
    clb.queue = NULL;
    clb.context = NULL;
}
