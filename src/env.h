/* The BLASROUTE_* environment variables, read once on first use; at load only where the
 * program's memo has the device opened then (warmup.c: open_at_load, which peeks first). */
#ifndef BLASROUTE_ENV_H
#define BLASROUTE_ENV_H

#include <stddef.h>
#include <stdint.h>

enum br_mode {
    BR_MODE_AUTO,   /* the device for the calls it wins, the CPU BLAS otherwise */
    BR_MODE_CPU,    /* never touch OpenCL */
    BR_MODE_DEVICE, /* every call that has a device path goes to the device */
    BR_MODE_HYBRID, /* every such call is split between the device and the CPU */
    BR_MODE_COUNT
};

/* "auto", "cpu", "device", "hybrid": the modes as BLASROUTE_MODE and policies name them. */
extern const char *const br_mode_names[BR_MODE_COUNT];

/* Faults the test suite injects into the OpenCL engine (BLASROUTE_TEST_FAULT, a list). */
enum br_fault {
    BR_FAULT_NO_PLATFORM = 1 << 0,  /* no-platform: discovery finds no OpenCL platform */
    BR_FAULT_CONTEXT = 1 << 1,      /* context: creating the context fails */
    BR_FAULT_BUILD = 1 << 2,        /* build: every program build fails */
    BR_FAULT_ALLOC = 1 << 3,        /* alloc: every device allocation fails */
    BR_FAULT_ENQUEUE = 1 << 4,      /* enqueue: every kernel launch fails */
    BR_FAULT_ENQUEUE_LATE = 1 << 5, /* enqueue-late: launches fail once a tile is written back */
    BR_FAULT_WRAP = 1 << 6,         /* wrap: the driver refuses to wrap host memory in place */
    BR_FAULT_DOWNLOAD_HALF = 1 << 7 /* download-half: a resident matrix's final download, and
                                       every other call's first panel written back, stop with
                                       an error once half their columns have arrived (a panel
                                       written whole or not at all: before any) */
};

/* The kernel family the GEMM engine must use (BLASROUTE_TEST_GEMM_KERNEL). */
enum br_gemm_kernel_choice { BR_GEMM_KERNEL_AUTO, BR_GEMM_KERNEL_DIRECT, BR_GEMM_KERNEL_TILED };

/* BLASROUTE_WARMUP, in the order of its values. */
enum br_warmup_choice { BR_WARMUP_BACKGROUND, BR_WARMUP_WAIT, BR_WARMUP_SAVINGS };

/* BLASROUTE_PREPARE: never; at a first run's first device-sized call (1, or a helper's path);
 * or (the default) at the exit of a run the device would have paid for had its programs been
 * compiled (prepare.h). */
enum br_prepare_choice { BR_PREPARE_OFF, BR_PREPARE_FIRST, BR_PREPARE_PAID };

struct br_env {
    const char *cpu_blas;     /* BLASROUTE_CPU_BLAS: path or soname, NULL for the defaults */
    const char *cpu_blas64;   /* BLASROUTE_CPU_BLAS64: an ILP64 BLAS, NULL for the defaults */
    int verbose;              /* BLASROUTE_VERBOSE=1: say what is done, on stderr */
    int report;               /* BLASROUTE_REPORT=1: a per-routine summary on stderr at exit */
    enum br_mode mode;        /* BLASROUTE_MODE */
    int mode_set;             /* BLASROUTE_MODE was given (it then overrides the policy's) */
    double threshold;         /* BLASROUTE_THRESHOLD: the policy's min_size for all, 0: unset */
    const char *routines;     /* BLASROUTE_ROUTINES: routines allowed on the device, or NULL */
    double split;             /* BLASROUTE_SPLIT: the device's share in hybrid mode, -1: unset */
    const char *profile;      /* BLASROUTE_PROFILE: a device profile file, or NULL */
    const char *policy;       /* BLASROUTE_POLICY: a policy file, or NULL */
    const char *trace;        /* BLASROUTE_TRACE: the CSV file of every Level-3 call, or NULL */
    const char *timeline;     /* BLASROUTE_TIMELINE: the CSV file of every device command */
    const char *device;       /* BLASROUTE_DEVICE: NULL for the default choice */
    int local_rank;           /* the process's rank among an MPI job's processes on this node,
                                 from its launcher's variable; -1 when none says it */
    const char *local_rank_from; /* that variable's name, or NULL */
    size_t device_memory;     /* BLASROUTE_DEVICE_MEMORY in bytes, 0 for the default cap */
    const char *kernel_dir;   /* BLASROUTE_KERNEL_DIR: .cl files read from there, not embedded */
    int cache;                /* BLASROUTE_CACHE: the on-disk program binary cache is used */
    const char *cache_dir;    /* BLASROUTE_CACHE_DIR: NULL for $XDG_CACHE_HOME or ~/.cache */
    int learn;                /* BLASROUTE_LEARN: the router corrects its model by what it
                                 measures (policy/learn.h); default 1 */
    enum br_prepare_choice prepare; /* BLASROUTE_PREPARE (prepare.h): when a helper process
                                 gets the device ready for a program's next run */
    const char *prepare_helper; /* BLASROUTE_PREPARE as a path: that helper; NULL: the
                                   installed one */
    enum br_warmup_choice warmup; /* BLASROUTE_WARMUP (warmup.h): background (default): the
                                 device is got ready on threads of its own, also while the CPU
                                 BLAS begins a call the device is predicted to answer far
                                 faster (br_warmup_hedge); wait: auto mode's first device-sized
                                 call waits for the CPU calibration and the program build;
                                 savings: the device is opened only once the savings paid, in
                                 the call that finds they did */
    int cpu_threads_share;    /* BLASROUTE_CPU_THREADS=share (default) | keep: while a device is
                                 in use, the CPU BLAS's threads leave its host copies their cores
                                 (cpu_threads.h); keep: its thread count is never changed */
    int lapack_block;         /* BLASROUTE_LAPACK_BLOCK: the blocked LAPACK's panel width, 0:
                                 chosen from the order (lapack/pieces.c) */
    /* Test-only hooks (documented as such): fault injection for the test suite. */
    int test_no_default_cpu_blas; /* BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS=1: try no default */
    int test_prepare_delay; /* BLASROUTE_TEST_PREPARE_DELAY: seconds the helper waits first */
    int test_open_delay; /* BLASROUTE_TEST_OPEN_DELAY: milliseconds the warm-up's opening of
                            the devices waits first (a GPU driver's first opening on a host, 0.3
                            to 1.2 s of the CPU, stood in for on PoCL) */
    const char *test_prepare_helper; /* BLASROUTE_TEST_PREPARE_HELPER: the helper to start
                                        when BLASROUTE_PREPARE names none */
    int test_prepare_ungated; /* BLASROUTE_TEST_PREPARE_UNGATED=1: the helper's steps never
                                 wait for idle cores (tests on a shared machine) */
    unsigned test_faults;         /* BLASROUTE_TEST_FAULT: enum br_fault bits */
    enum br_gemm_kernel_choice test_gemm_kernel; /* BLASROUTE_TEST_GEMM_KERNEL */
    int test_gemm_tiles; /* BLASROUTE_TEST_GEMM_TILES: column tiles of a tiled GEMM; 0: the plan's */
    int test_gemm_slices; /* BLASROUTE_TEST_GEMM_SLICES: K slices of every tiled GEMM launch
                             (kernels/gemm.cl's k_slice) where K has room; 0: the engine's */
    int test_gemm_tail; /* BLASROUTE_TEST_GEMM_TAIL: the last columns of tiles of every whole
                           tiled launch cut in 2 K slices on the side queue, on any device; 0:
                           the engine's cut of the last wave (NVIDIA GPUs only) */
    int test_device_beta; /* BLASROUTE_TEST_DEVICE_BETA: a device GEMM's (SYMM's...) beta by its
                             kernel on C uploaded, instead of by the host as C comes home */
    int test_gemm_a_pieces; /* BLASROUTE_TEST_GEMM_A_PIECES: row pieces A is loaded in; 0: the plan's */
    int test_copy_threads; /* BLASROUTE_TEST_COPY_THREADS: threads of a large host copy (the
                              caller and its helpers); 0: the engine's (half the cores, at most
                              8) */
    int test_copy_streaming; /* BLASROUTE_TEST_COPY_STORES=streaming: host copies with
                                streaming stores from 64 KiB instead of memcpy's (for measuring
                                which a host copies faster with) */
    int test_spread;     /* BLASROUTE_TEST_SPREAD=1: every device call over all the devices */
    int test_hedge_wait; /* BLASROUTE_TEST_HEDGE_WAIT=1: a call begun on the CPU while the device
                            gets ready waits for the opening after its first piece */
    int test_mma_emulate; /* BLASROUTE_TEST_MMA_EMULATE=1: the tensor-core GEMM allowed on any
                             device, each mma.sync emulated in OpenCL C (gemm_mma.cl) */
    size_t test_device_free; /* BLASROUTE_TEST_DEVICE_FREE: device allocations fail past this
                                many bytes held, as when another process holds the rest; 0 off */
    const char *test_nvidia_proc; /* BLASROUTE_TEST_NVIDIA_PROC: where the NVIDIA kernel driver's
                                     GPUs are listed (gpu_guess.h); NULL: /proc/driver/nvidia */
};

/* The parsed settings. An invalid value gives one warning naming the variable and the accepted
 * values, and the default is used. */
const struct br_env *br_env(void);

/* The settings as the environment gives them now, into *into, without reading br_env's (which
 * are read once, on first use) and without a warning: for the decision made at load whether to
 * open the device before the program's first call (warmup.h: br_warmup_opens_at_load). The
 * strings point into the environment. */
void br_env_peek(struct br_env *into);

/* The BLASROUTE_* variables as the environment holds them now, as one number (a sum of each
 * entry's hash: setenv may move entries): two reads differ when the program set, changed or
 * removed one between them. */
uint64_t br_env_variables(void);

/* Whether the test suite asked for this fault. */
static inline int br_fault_injected(enum br_fault fault)
{
    return (br_env()->test_faults & (unsigned)fault) != 0;
}

#endif
