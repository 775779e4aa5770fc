/* The CPU BLAS's kernels against the CPU they run on. OpenBLAS built for many CPUs (Debian's,
 * pip wheels') picks its kernels from the CPU's model, and on a virtual CPU that hides its
 * model ("Intel(R) Xeon(R) Processor", as cloud machines often show) it falls back to its
 * oldest: on the H200 machines' hosts, with AVX-512, OpenBLAS 0.3.21 ran Prescott's (SSE3)
 * DGEMM at 127 GFLOP/s where SkylakeX's ran at 629 (2026-11-26). blasroute does not change the
 * user's CPU BLAS, but says so: blasroute-info always, BLASROUTE_VERBOSE=1 at load. */
#ifndef BLASROUTE_CPU_KERNELS_H
#define BLASROUTE_CPU_KERNELS_H

#include <stddef.h>

/* Instruction sets, as OpenBLAS's x86-64 kernel families use them. */
enum br_isa { BR_ISA_SSE = 0, BR_ISA_AVX = 1, BR_ISA_AVX2 = 2, BR_ISA_AVX512 = 3 };

/* What this CPU can run (AVX2 counts with FMA, AVX-512 with F, BW, VL and DQ: what OpenBLAS's
 * Haswell and SkylakeX kernels use). */
enum br_isa br_cpu_isa(void);
const char *br_isa_name(enum br_isa isa);

/* The OPENBLAS_CORETYPE that selects kernels for `isa` when OpenBLAS's kernels named `core`
 * were made for an older instruction set; NULL when they suit it, or `core` is not a name
 * this table knows (then nothing is claimed). Pure: the test's table. */
const char *br_cpu_kernels_advice(const char *core, enum br_isa isa);

/* One line on the CPU BLAS's kernels, given its function naming them (OpenBLAS's
 * openblas_get_corename, or NULL): their name and, when they were made for an older
 * instruction set than this CPU's, the OPENBLAS_CORETYPE that selects the CPU's own. -1 (and
 * an empty line) when the CPU BLAS names none. */
int br_cpu_kernels_describe(char *(*corename)(void), char *line, size_t size);

#endif
