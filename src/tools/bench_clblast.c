/* CLBlast's GEMM, timed the way a well-written OpenCL client uses it: one context and in-order
 * queue for the whole run, buffers created once per problem, clFinish before the clock stops. */
#include "bench_clblast.h"

#include <CL/cl.h>
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The CLBlast C API (clblast_c.h, CLBlast 1.x), declared here so that building the bench needs
 * neither CLBlast nor its header. Its enumerations are ints in the ABI (CLBlastLayoutColMajor =
 * 102, CLBlastTransposeNo/Yes/Conjugate = 111/112/113); its status is 0 (CLBlastSuccess) or a
 * negative code: OpenCL's own, or CLBlast's listed in clblast_c.h (-2044: no double precision). */
enum { CLBLAST_COL_MAJOR = 102, CLBLAST_NO = 111, CLBLAST_YES = 112, CLBLAST_CONJUGATE = 113 };
#define CLBLAST_GEMM_TYPE(name, scalar)                                                            \
    typedef int (*name)(int layout, int a_transpose, int b_transpose, size_t m, size_t n,         \
                        size_t k, scalar alpha, cl_mem a, size_t a_offset, size_t a_ld, cl_mem b,  \
                        size_t b_offset, size_t b_ld, scalar beta, cl_mem c, size_t c_offset,      \
                        size_t c_ld, cl_command_queue *queue, cl_event *event)
CLBLAST_GEMM_TYPE(clblast_sgemm, cl_float);
CLBLAST_GEMM_TYPE(clblast_dgemm, cl_double);
CLBLAST_GEMM_TYPE(clblast_cgemm, cl_float2);
CLBLAST_GEMM_TYPE(clblast_zgemm, cl_double2);

static struct {
    void *library;
    char path[4096];
    clblast_sgemm sgemm;
    clblast_dgemm dgemm;
    clblast_cgemm cgemm;
    clblast_zgemm zgemm;
    cl_context context;
    cl_command_queue queue;
    cl_ulong max_alloc, global_memory;
} clb;

static int bind(const char *name, void *out)
{
    void *address = dlsym(clb.library, name);
    /* POSIX guarantees a dlsym result converts to a function pointer. */
    memcpy(out, &address, sizeof address);
    return address != NULL;
}

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
    if (!bind("CLBlastSgemm", &clb.sgemm) || !bind("CLBlastDgemm", &clb.dgemm) ||
        !bind("CLBlastCgemm", &clb.cgemm) || !bind("CLBlastZgemm", &clb.zgemm)) {
        snprintf(why, why_size, "it does not define CLBlast?gemm");
        return -1;
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

/* Enqueues one GEMM; the status of CLBlast (0 or negative). */
static int enqueue_gemm(const struct bench_gemm *g, cl_mem a, cl_mem b, cl_mem c)
{
    int ta = transpose(g->transa), tb = transpose(g->transb);
    size_t m = (size_t)g->m, n = (size_t)g->n, k = (size_t)g->k;
    size_t lda = (size_t)g->lda, ldb = (size_t)g->ldb, ldc = (size_t)g->ldc;
    cl_event event = NULL;
    int status;
    switch (g->precision) {
    case 's':
        status = clb.sgemm(CLBLAST_COL_MAJOR, ta, tb, m, n, k, (cl_float)g->alpha[0], a, 0, lda,
                           b, 0, ldb, (cl_float)g->beta[0], c, 0, ldc, &clb.queue, &event);
        break;
    case 'd':
        status = clb.dgemm(CLBLAST_COL_MAJOR, ta, tb, m, n, k, g->alpha[0], a, 0, lda, b, 0, ldb,
                           g->beta[0], c, 0, ldc, &clb.queue, &event);
        break;
    case 'c': {
        cl_float2 alpha = {.s = {(cl_float)g->alpha[0], (cl_float)g->alpha[1]}};
        cl_float2 beta = {.s = {(cl_float)g->beta[0], (cl_float)g->beta[1]}};
        status = clb.cgemm(CLBLAST_COL_MAJOR, ta, tb, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta,
                           c, 0, ldc, &clb.queue, &event);
        break;
    }
    default: {
        cl_double2 alpha = {.s = {g->alpha[0], g->alpha[1]}};
        cl_double2 beta = {.s = {g->beta[0], g->beta[1]}};
        status = clb.zgemm(CLBLAST_COL_MAJOR, ta, tb, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta,
                           c, 0, ldc, &clb.queue, &event);
        break;
    }
    }
    /* The command runs to completion whether or not its event is still referenced. */
    if (event)
        clReleaseEvent(event);
    return status;
}

/* One end-to-end run from the host arrays; CL_SUCCESS, an OpenCL error or CLBlast's status. */
static int end_to_end(const struct bench_gemm *g, cl_mem a, cl_mem b, cl_mem c)
{
    cl_int error = clEnqueueWriteBuffer(clb.queue, a, CL_FALSE, 0, bench_a_bytes(g), g->a, 0,
                                        NULL, NULL);
    if (error == CL_SUCCESS)
        error = clEnqueueWriteBuffer(clb.queue, b, CL_FALSE, 0, bench_b_bytes(g), g->b, 0, NULL,
                                     NULL);
    if (error == CL_SUCCESS)
        error = clEnqueueWriteBuffer(clb.queue, c, CL_FALSE, 0, bench_c_bytes(g), g->c, 0, NULL,
                                     NULL);
    if (error == CL_SUCCESS)
        error = enqueue_gemm(g, a, b, c);
    if (error == CL_SUCCESS)
        error = clEnqueueReadBuffer(clb.queue, c, CL_FALSE, 0, bench_c_bytes(g), g->c, 0, NULL,
                                    NULL);
    cl_int finished = clFinish(clb.queue);
    return error != CL_SUCCESS ? error : finished;
}

int bench_clblast_gemm(const struct bench_gemm *g, int repeats, double seconds[2], char *why,
                       size_t why_size)
{
    seconds[0] = seconds[1] = NAN;
    size_t bytes[3] = {bench_a_bytes(g), bench_b_bytes(g), bench_c_bytes(g)};
    if (bytes[0] > clb.max_alloc || bytes[1] > clb.max_alloc || bytes[2] > clb.max_alloc ||
        bytes[0] + bytes[1] + bytes[2] > clb.global_memory) {
        snprintf(why, why_size, "the matrices do not fit in the device's memory");
        return -1;
    }
    cl_mem buffer[3] = {NULL, NULL, NULL};
    cl_int error = CL_SUCCESS;
    for (int i = 0; i < 3 && error == CL_SUCCESS; i++)
        buffer[i] = clCreateBuffer(clb.context, CL_MEM_READ_WRITE, bytes[i], NULL, &error);
    const char *step = "clCreateBuffer";

    /* Resident: A, B and C uploaded once; C is updated in place run after run, which costs the
     * kernel the same whatever its values. */
    if (error == CL_SUCCESS) {
        const void *host[3] = {g->a, g->b, g->c0};
        for (int i = 0; i < 3 && error == CL_SUCCESS; i++)
            error = clEnqueueWriteBuffer(clb.queue, buffer[i], CL_TRUE, 0, bytes[i], host[i], 0,
                                         NULL, NULL);
        step = "clEnqueueWriteBuffer";
    }
    double best = INFINITY;
    for (int r = 0; r <= repeats && error == CL_SUCCESS; r++) {
        double start = bench_now();
        error = enqueue_gemm(g, buffer[0], buffer[1], buffer[2]);
        cl_int finished = clFinish(clb.queue);
        double elapsed = bench_now() - start;
        error = error != CL_SUCCESS ? error : finished;
        step = "CLBlast?gemm (resident)";
        if (r > 0 && elapsed < best) /* run 0 is the warm-up */
            best = elapsed;
    }
    if (error == CL_SUCCESS)
        seconds[0] = best;

    /* End to end: what a program with its matrices in host memory waits for. */
    best = INFINITY;
    for (int r = 0; r <= repeats && error == CL_SUCCESS; r++) {
        memcpy(g->c, g->c0, bytes[2]);
        double start = bench_now();
        error = end_to_end(g, buffer[0], buffer[1], buffer[2]);
        double elapsed = bench_now() - start;
        step = "CLBlast?gemm (end to end)";
        if (r > 0 && elapsed < best)
            best = elapsed;
    }
    if (error == CL_SUCCESS)
        seconds[1] = best;

    for (int i = 0; i < 3; i++)
        if (buffer[i])
            clReleaseMemObject(buffer[i]);
    if (error != CL_SUCCESS) {
        snprintf(why, why_size, "%s failed (status %d)", step, (int)error);
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
