/* blasroute-info --env (see info_env.h). */
#include "info_env.h"

#include <stdio.h>
#include <stdlib.h>

#include "env.h"

#ifndef BLASROUTE_DATA_DIR /* set by the Makefile; a standalone build says where it would be */
#define BLASROUTE_DATA_DIR "$(datadir)/blasroute"
#endif

static const struct {
    const char *name, *values, *fallback, *meaning;
    int test_only;
} variables[] = {
    {"BLASROUTE_MODE", "auto, cpu, device, hybrid", "the policy's (auto)",
     "cpu never touches OpenCL; device sends every Level-3 call to the device; hybrid splits "
     "every call between the device and the CPU BLAS; auto decides per call (the device, or a "
     "hybrid run, when the profiles predict it faster by the policy's margin)", 0},
    {"BLASROUTE_SPLIT", "a number from 0 to 1",
     "the profile's [hybrid] share, else the cost model's best split",
     "the device's share of a hybrid run's work", 0},
    {"BLASROUTE_DEVICE", "a comma list of P:D (platform and device indices), gpu, cpu, "
     "accelerator, gpu:all, cpu:all, accelerator:all, gpu:local-rank, cpu:local-rank, "
     "accelerator:local-rank, or part of a device name (any case)",
     "the first GPU, else the first accelerator; in an MPI job, the one at the node-local rank",
     "the OpenCL devices; a CPU OpenCL device (PoCL) is used only when named; the node-local "
     "rank comes from the MPI launcher's variable (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, "
     "SLURM_LOCALID, PMI_LOCAL_RANK, ...)", 0},
    {"BLASROUTE_THRESHOLD", "a positive number", "the policy's min_size (256)",
     "the effective order (cube root of m*n*k) below which the device is never considered", 0},
    {"BLASROUTE_ROUTINES", "a comma list of families or routines (gemm,syrk or dgemm,ztrsm)",
     "all", "the routines the device may answer in auto mode", 0},
    {"BLASROUTE_CPU_BLAS", "a path or a soname",
     "OpenBLAS (libopenblas.so.0), else the reference libblas.so.3 in the system's blas/",
     "the CPU BLAS that answers everything not sent elsewhere", 0},
    {"BLASROUTE_CPU_BLAS64", "a path or a soname",
     "libopenblas64.so.0, else the reference libblas64.so.3 in the system's blas64/",
     "a BLAS with 64-bit integers under the plain names: libblasroute64.so's CPU BLAS, and "
     "the CPU side of libblasroute.so's 64-bit names when no loaded library defines them", 0},
    {"BLASROUTE_PROFILE", "a profile file",
     "the best match in the user's, the installed and the built-in profiles",
     "the device profile (format: profiles/README)", 0},
    {"BLASROUTE_POLICY", "a policy file", BLASROUTE_DATA_DIR "/policy/default.policy",
     "the user's rules (format: policy/default.policy)", 0},
    {"BLASROUTE_TRACE", "a file name", "none",
     "one CSV line per Level-3 call: routine, options, shape, where it ran and why, predicted "
     "CPU, device and hybrid times, the hybrid share, measured time, bytes moved, what "
     "learning took, the CPU BLAS's thread share, beside a warm-up thread", 0},
    {"BLASROUTE_TIMELINE", "a file name", "none",
     "one CSV line per OpenCL command of each device call (uploads, kernels, downloads) with "
     "its bytes and when it was queued, started and ended on the device; a staged upload's "
     "pieces also with the host's wait for a staging slot and its copy into it", 0},
    {"BLASROUTE_REPORT", "0, 1", "0",
     "at exit, on stderr, one line per Level-3 routine used (calls, where, GFLOP/s, bytes "
     "moved, seconds saved)", 0},
    {"BLASROUTE_VERBOSE", "0, 1", "0", "say on stderr what blasroute does", 0},
    {"BLASROUTE_DEVICE_MEMORY", "bytes, with an optional K, M, G, T suffix",
     "75% of the device's memory",
     "the most device memory blasroute holds at once; larger problems are tiled", 0},
    {"BLASROUTE_CACHE", "0, 1", "1",
     "keep compiled OpenCL programs (and the CPU BLAS calibration) on disk, so that only "
     "the first run on a device compiles", 0},
    {"BLASROUTE_CACHE_DIR", "a directory", "$XDG_CACHE_HOME/blasroute, else ~/.cache/blasroute",
     "where the compiled programs (and the calibration) go (created with mode 0700)", 0},
    {"BLASROUTE_KERNEL_DIR", "a directory", "the kernels built into the library",
     "read the .cl files from there (kernel development); a missing file is an error, "
     "answered on the CPU", 0},
    {"BLASROUTE_LEARN", "0, 1", "1",
     "auto mode times the calls its model decides, corrects the model per routine, shape, size "
     "and path, tries the other path now and then when the two are close, and keeps what it "
     "learned in the cache directory for the next process (blasroute-info shows it)", 0},
    {"BLASROUTE_PREPARE", "0, 1, paid, or the absolute path of a helper", "paid",
     "in auto mode, on a host where the device was never opened, a helper process "
     "(blasroute-prepare, once per host and cache directory) opens the device, keeps what "
     "opening took and compiles its programs into the cache at idle priority for the next run, "
     "while the program goes on with the CPU BLAS: paid, at the exit of a run the device would "
     "have paid for had its programs been compiled; 1 (or a helper's path), at a first run's "
     "first call the device could answer (on the H200's host it slowed a program beside it); "
     "0, never (README: Getting the device ready for the next run)", 0},
    {"BLASROUTE_TEST_PREPARE_HELPER", "an absolute path", "the installed blasroute-prepare",
     "the helper that BLASROUTE_PREPARE=paid starts (its test, with the helper not installed)",
     1},
    {"BLASROUTE_WARMUP", "background, wait, savings", "background",
     "in auto mode the device is opened when what it saves pays for the opening, or on a thread "
     "of its own while the CPU BLAS begins a call it would answer far faster, the rest of that "
     "call going to it once ready; the program build runs on a thread of its own while the CPU "
     "BLAS answers; wait: the first call large enough opens and builds at once; savings: only "
     "when the savings paid, no call begun on the CPU", 0},
    {"BLASROUTE_CPU_THREADS", "share, keep", "share",
     "while a device is in use, a CPU BLAS whose thread count can be set (OpenBLAS) runs on the "
     "cores the device path's host copies leave; keep: its thread count is never changed", 0},
    {"BLASROUTE_LAPACK_BLOCK", "1 to 8192", "from the order: k/32 to a power of two, 32 to 256",
     "the panel width of the LAPACK factorizations blasroute runs in blocks (getrf, getrs, "
     "gesv, potrf under the wheels' and the 64_ names)", 0},
    {"BLASROUTE_TEST_FAULT",
     "a comma list of no-platform, context, build, alloc, enqueue, enqueue-late, wrap, "
     "download-half", "none",
     "inject OpenCL failures, to check that every failure still gives the right result", 1},
    {"BLASROUTE_TEST_DEVICE_FREE", "bytes, with an optional K, M, G, T suffix", "none",
     "device allocations fail once the pool would hold more than this, as when another "
     "process holds the rest of the device's memory (checks the memory-pressure path)", 1},
    {"BLASROUTE_TEST_GEMM_KERNEL", "auto, direct, tiled", "auto",
     "force the GEMM kernel family", 1},
    {"BLASROUTE_TEST_GEMM_TILES", "1 to 64", "the plan's",
     "the column tiles a tiled GEMM is cut into (for measuring the transfer pipeline)", 1},
    {"BLASROUTE_TEST_GEMM_A_PIECES", "1 to 64", "the plan's",
     "the row pieces a tiled GEMM loads A in, each multiplied as soon as it arrives (1: whole; "
     "for measuring the pipeline, and testing it on small shapes)", 1},
    {"BLASROUTE_TEST_GEMM_SLICES", "1 to 64", "the engine's",
     "the K slices every tiled GEMM launch is cut into where K has room, their partial sums "
     "added into C afterwards (the engine slices only on a GPU whose compute units C's tiles "
     "leave mostly idle)", 1},
    {"BLASROUTE_TEST_DEVICE_BETA", "0, 1", "0",
     "1: GEMM, SYMM, HEMM and the rank-k family upload C and apply beta in the kernel, instead of adding beta C on "
     "the host as C comes home (for measuring one against the other)", 1},
    {"BLASROUTE_TEST_GEMM_TAIL", "1 to 64", "the engine's",
     "cut that many of the last columns of tiles of every whole tiled GEMM launch in 2 K "
     "slices on the side queue, on any device (the engine cuts the last wave of work-groups "
     "only on NVIDIA GPUs, where it would leave compute units idle)", 1},
    {"BLASROUTE_TEST_SPREAD", "0, 1", "0",
     "spread every device call over all the devices BLASROUTE_DEVICE lists, whatever its size "
     "(checks the several-device path on small and odd shapes)", 1},
    {"BLASROUTE_TEST_COPY_THREADS", "1 to 16", "the engine's",
     "the threads (the caller and its helpers) of a large host copy between the caller's "
     "arrays and pinned staging; the engine's: half the cores, 8 at most (for measuring the "
     "staged path)", 1},
    {"BLASROUTE_TEST_COPY_STORES", "plain, streaming", "plain",
     "streaming: the host copies of 64 KiB and more with streaming stores instead of memcpy's "
     "(for measuring which a host copies faster with)", 1},
    {"BLASROUTE_TEST_HEDGE_WAIT", "0, 1", "0",
     "a call the CPU BLAS begins while the device gets ready waits for the opening after its "
     "first piece, so that the rest goes to the device (checks the hand-over without timing)", 1},
    {"BLASROUTE_TEST_MMA_EMULATE", "0, 1", "0",
     "the tensor-core GEMM (mma in a profile's parameters) allowed on any device, each mma.sync "
     "done by the warp's work-items through local memory (checks the kernel on PoCL; very "
     "slow)", 1},
    {"BLASROUTE_TEST_NVIDIA_PROC", "a directory", "/proc/driver/nvidia/gpus",
     "where the NVIDIA kernel driver's list of GPUs is read (the warm-up's "
     "first-process prediction)", 1},
    {"BLASROUTE_TEST_PREPARE_DELAY", "1 to 60", "none",
     "seconds the prepare helper waits before its work (checks that the program does not wait "
     "for it)", 1},
    {"BLASROUTE_TEST_PREPARE_UNGATED", "0, 1", "0",
     "the prepare helper's steps run at once, never stopped for want of idle cores (its tests "
     "beside others on a shared machine)", 1},
    {"BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS", "0, 1", "0",
     "try no default CPU BLAS (checks the \"no CPU BLAS\" path)", 1},
};

void br_info_print_env(void)
{
    /* Parse once through the library, so that an invalid value gets its usual warning
     * (stderr) beside the raw value shown here. */
    br_env();
    printf("blasroute's environment (an invalid value warns on stderr and the default is "
           "used; an empty value counts as unset)\n");
    for (size_t i = 0; i < sizeof variables / sizeof variables[0]; i++) {
        const char *value = getenv(variables[i].name);
        printf("\n%s%s\n", variables[i].name, variables[i].test_only ? "  [test-only]" : "");
        printf("  now:     %s\n", value && value[0] ? value : "(unset)");
        printf("  values:  %s\n  default: %s\n  effect:  %s\n", variables[i].values,
               variables[i].fallback, variables[i].meaning);
    }
}

/* Text as roff: a backslash as \e, and a line never starts with a control character (the
 * text has no newlines; the paragraph starts the line). */
static void roff(const char *text)
{
    if (*text == '.' || *text == '\'')
        fputs("\\&", stdout);
    for (const char *c = text; *c; c++) {
        if (*c == '\\')
            fputs("\\e", stdout);
        else if (*c == '-')
            fputs("\\-", stdout);
        else
            putchar(*c);
    }
}

void br_info_print_env_man(void)
{
    for (size_t i = 0; i < sizeof variables / sizeof variables[0]; i++) {
        if (variables[i].test_only)
            continue;
        printf(".TP\n.B %s\n", variables[i].name);
        roff(variables[i].meaning);
        printf(".\n.br\nValues: ");
        roff(variables[i].values);
        printf(".\n.br\nDefault: ");
        roff(variables[i].fallback);
        printf(".\n");
    }
}
