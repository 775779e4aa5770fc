/* CLBlast for blasroute-bench: the OpenCL BLAS that blasroute's device columns are compared with,
 * on the same device. It is loaded at run time (libclblast.so.1), never linked, so the bench
 * builds and runs without it. */
#ifndef BLASROUTE_BENCH_CLBLAST_H
#define BLASROUTE_BENCH_CLBLAST_H

#include <stddef.h>

#include "bench_common.h"

/* Loads libclblast.so.1 and makes a context and an in-order queue of its own on device
 * (a cl_device_id of platform, as blasroute_device_info gives them; NULL for none).
 * 0, or -1 with the reason in why[]. */
int bench_clblast_open(void *platform, void *device, char *why, size_t why_size);

/* The file CLBlast was loaded from, or NULL if it could not be loaded. */
const char *bench_clblast_path(void);

/* Times CLBlast's routine on p (CLBlastXgemm, CLBlastXsymm, ...), best of repeats after one
 * warm-up each (CLBlast compiles its kernels on its first call):
 *   seconds[0]: resident, A, B and C already in device buffers: the call and clFinish (for
 *               TRMM and TRSM, which overwrite their B, B is written back before each run,
 *               outside the timed region);
 *   seconds[1]: end to end from p's host arrays: write A, B, C; the call; read C; clFinish.
 * (C is TRMM's and TRSM's B, as in struct bench_problem.) The device buffers are created once,
 * outside both timed regions. p->c is restored from p->c0 before every end-to-end run, so on
 * return it holds one end-to-end result, ready to check. 0, or -1 with the reason in why[] (a
 * column not measured is NAN). */
int bench_clblast_run(const struct bench_problem *p, int repeats, double seconds[2], char *why,
                      size_t why_size);

void bench_clblast_close(void);

#endif
