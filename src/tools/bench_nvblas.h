/* NVBLAS for blasroute-bench: NVIDIA's drop-in BLAS (cuBLAS-XT behind the Fortran names), the
 * anchor for end-to-end speed from host arrays, timed in the same run as blasroute. It is
 * loaded at run time, never linked, so the bench builds and runs without it. */
#ifndef BLASROUTE_BENCH_NVBLAS_H
#define BLASROUTE_BENCH_NVBLAS_H

#include <stddef.h>

/* Loads NVBLAS (BLASROUTE_BENCH_NVBLAS, a path or soname, else libnvblas.so.13, then
 * libnvblas.so) and binds its Fortran Level-3 entry points for the bench's routines. NVBLAS
 * reads a configuration file at load: where NVBLAS_CONFIG_FILE is not set, one is written
 * naming cpu_blas as the BLAS it hands small calls to and GPU 0 as its device (blasroute's
 * columns use one device too). 0, or -1 with the reason in why[]. */
int bench_nvblas_open(const char *cpu_blas, char *why, size_t why_size);

/* The file NVBLAS was loaded from, or NULL if none was. */
const char *bench_nvblas_path(void);

/* Removes the configuration file written by bench_nvblas_open, if any. */
void bench_nvblas_close(void);

#endif
