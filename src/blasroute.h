/* blasroute's own public interface. The BLAS and CBLAS routines themselves are declared by the
 * usual headers (cblas.h, or the Fortran interface): link with -lblasroute instead of -lblas. */
#ifndef BLASROUTE_H
#define BLASROUTE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "blasroute <version>"; its presence also tells a loader that a library is blasroute. */
extern const char blasroute_identity[];

/* For tools (blasroute-bench, blasroute-info): the OpenCL device blasroute uses, opened on
 * demand by the rules of BLASROUTE_DEVICE. 0 and the cl_platform_id and cl_device_id (as
 * void *) and the device's name, or -1 if there is no usable device. Any pointer may be NULL. */
int blasroute_device_info(void **platform, void **device, char *name, size_t name_size);

/* For blasroute-bench: the file of the CPU BLAS blasroute answers with (loaded now if it was
 * not yet, by the rules of BLASROUTE_CPU_BLAS), so that the bench times that very library. */
const char *blasroute_cpu_blas_path(void);

/* For blasroute-bench: times the device's GEMM with A, B and C already on the device (alpha 1,
 * beta 1/2). precision is 's', 'd', 'c' or 'z', transa and transb 'N', 'T' or 'C'. On success
 * returns 0 with seconds[0] the best time of the copy kernels and the GEMM kernel together and
 * seconds[1] that of the GEMM kernel alone (the same for the direct kernel, which has no
 * copies), over repeats runs after one warm-up; -1 without a device or on an OpenCL failure. */
int blasroute_bench_gemm_resident(char precision, char transa, char transb, int m, int n, int k,
                                  int repeats, double seconds[2]);

/* The same for any Level-3 routine: routine is its name ("dsymm", "ztrsm", ...), options its
 * option characters in the order the routine takes them ("NN" for gemm; side and uplo for
 * symm/hemm; uplo and trans for the rank-k and rank-2k families; side, uplo, transa and diag
 * for trmm/trsm), and m, n, k as the routine names its sizes (unused ones ignored). seconds[0]
 * is the whole device work (copy kernels and the GEMM kernel, or TRSM's inversion and blocked
 * solve), seconds[1] the GEMM kernel alone for gemm and the same as seconds[0] otherwise. */
int blasroute_bench_resident(const char *routine, const char *options, int m, int n, int k,
                             int repeats, double seconds[2]);

/* The same with the device's built-in kernel parameters, whatever a tuned profile says: what
 * tuning gained, measured in the same run. */
int blasroute_bench_resident_builtin(const char *routine, const char *options, int m, int n,
                                     int k, int repeats, double seconds[2]);

/* For blasroute-bench, which times the modes side by side in one run: the mode of blasroute's
 * calls from now on, as BLASROUTE_MODE names it ("auto", "cpu", "device", "hybrid"). 0, or -1
 * for another name. Not for use while BLAS calls are in flight. */
int blasroute_bench_set_mode(const char *mode);

/* The cost model's CPU and device seconds for one such call (alpha = beta = 1), with the
 * profiles blasroute uses here (before what it learned): 0, or -1 with no device. */
int blasroute_bench_predict(const char *routine, const char *options, int m, int n, int k,
                            double seconds[2]);

/* For soak and leak checks: the bytes of device memory blasroute's buffer pools hold now, over
 * all devices (the pinned staging rings, fixed in size, not counted); 0 before a device is
 * opened. Read without waiting for calls in flight, so it may be a moment old. */
size_t blasroute_device_memory_held(void);

#ifdef __cplusplus
}
#endif

#endif
