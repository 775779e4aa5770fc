/* The OpenCL engine: for each device BLASROUTE_DEVICE names (one by default), one context and
 * four in-order queues for the process, opened on the first call routed to a device (never at
 * load); calls on one device are serialised by its lock, different devices work at once. Every
 * failure is contained: a call the device cannot finish is finished on the CPU. */
#ifndef BLASROUTE_ENGINE_ENGINE_H
#define BLASROUTE_ENGINE_ENGINE_H

#include "call.h"
#include "engine/device.h"
#include "engine/pool.h"
#include "engine/program.h"

struct br_engine {
    struct br_device device;
    cl_context context;
    /* Uploads, kernels and downloads each have their own in-order queue, joined by events, so
     * that the transfers of one tile overlap the kernels of the next. `side` runs kernels
     * beside compute's: the K slices of a launch's last wave (launch.c), which fill the
     * compute units its main part leaves idle; compute's later work waits for them. */
    cl_command_queue upload, compute, download, side;
    struct br_program programs[BR_PRECISION_COUNT];
    int program_state[BR_PRECISION_COUNT]; /* 0 not built, 1 ready, -1 failed for good */
    struct br_pool pool;
    struct br_staging upload_staging, download_staging;
    /* The partial sums of the strips past whole tiles (launch.c), kept and grown rather than
     * made per strip: releasing a buffer that kernels still use blocks the host on NVIDIA's
     * driver. Strips run in order on the compute queue, so one buffer serves them all. */
    cl_mem strip_scratch;
    size_t strip_scratch_size;
    /* The tiles of the current call: C in blocks of rows_per_tile x cols_per_tile, numbered
     * row block by row block; tiles_written of them are final in the caller's memory. */
    size_t rows_per_tile, cols_per_tile;
    int tiles_written;
    size_t columns_written; /* leading columns of the next tile already final */
    /* blasroute-bench: when repeats > 0, the plans time their device work repeatedly on the
     * uploaded operands (best time in bench_best) and write nothing back. */
    int bench_repeats;
    double bench_best;
    /* The resident sessions' host workspace (engine/resident.c), kept for the next one. */
    struct br_pinned workspace;
    /* Set once operands have been read in place (device sharing the host's memory), for the
     * one verbose line that says so. */
    int read_in_place, said_in_place;
};

/* The best time of 1 + repeats runs of a call's device work with its operands resident
 * (seconds[0]; seconds[1] the GEMM kernel alone where that is separate). 0 or -1. */
int br_engine_bench(const struct br_call *call, int repeats, double seconds[2]);

/* The same with a program built with the built-in kernel parameters, whatever the profile
 * says: blasroute-bench's column that shows what tuning gained. */
int br_engine_bench_builtin(const struct br_call *call, int repeats, double seconds[2]);

/* What became of a call handed to the engine. */
enum br_engine_result {
    BR_ENGINE_DONE,     /* answered on the device */
    BR_ENGINE_PARTIAL,  /* the device failed mid-call; the engine finished it on the CPU */
    BR_ENGINE_DECLINED  /* nothing was written: the caller answers on the CPU */
};

/* Opens the engines if not tried yet; 1 if a device is usable now. */
int br_engine_ready(void);

/* Whether the devices have been looked for and opened (in this process or, for a forked child,
 * its parent): the calls above then cost no more than an atomic load. */
int br_engine_discovered(void);

/* The first device still in use (the engines opened on first use, as br_engine_ready), or
 * NULL: the one single-device calls, the decision's profile and the tools take. */
const struct br_device *br_engine_device(void);

/* How many devices were found (opened on first use); the index of the first still in use (-1:
 * none); device `index` (0 .. count - 1) if it is still in use, else NULL. */
int br_engine_count(void);
int br_engine_first_index(void);
const struct br_device *br_engine_device_at(int index);
/* The profile of device `index` (br_routing_device_profile, looked up once), or NULL when the
 * device is not in use. */
const struct br_device_profile *br_engine_profile_at(int index);

/* Runs a BR_WORK_FULL call on device `index` (declined if it is not in use). */
enum br_engine_result br_engine_run_on(int index, const struct br_call *call);
/* Builds (or loads from the binary cache) device `index`'s program of a precision now, on the
 * calling thread, with the device locked; 1 if it is ready. For the background warm-up
 * (warmup.h): a call finds it built. */
int br_engine_build(int index, enum br_precision precision);
/* The kernel parameters device `index`'s program of a precision is built with, and the profile
 * they come from (*profile NULL: the built-in ones); -1 for a device not in use. */
int br_engine_params(int index, enum br_precision precision, struct br_kernel_params *params,
                     const char **profile);
/* Whether that program would only be loaded from the binary cache (no compile); 0 for a device
 * not in use. Reads no state a build changes: no lock. */
int br_engine_program_cached(int index, enum br_precision precision);

/* Internal to the engine: the GEMM path (engine/gemm.c), with the engine locked and ready.
 * Returns CL_SUCCESS, or the error, in which case engine->tiles_written says how much of C
 * is final; gemm_finish_on_cpu completes the rest. */
cl_int br_gemm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *call);
void br_gemm_finish_on_cpu(const struct br_engine *engine, const struct br_call *call);

/* The other Level-3 routines but TRSM (engine/level3.c), in panels (engine/panels.h): SYMM,
 * HEMM and TRMM by the result's columns (side L) or rows (side R), the rank-k family along C's
 * diagonal; each panel written back whole: after an error engine->tiles_written panels are
 * final. */
cl_int br_level3_device(struct br_engine *engine, const struct br_program *program,
                        const struct br_call *call);

/* TRSM (engine/trsm.c), blocked on the device, B's independent columns (side L) or rows (side
 * R) in panels, each written back whole once solved. Returns CL_SUCCESS, or the error, in which
 * case engine->tiles_written panels are final (engine/panels.h). */
cl_int br_trsm_device(struct br_engine *engine, const struct br_program *program,
                      const struct br_call *call);

/* blasroute_bench_gemm_resident's work (engine/gemm.c), with the engine locked and ready. */
cl_int br_gemm_bench_resident(struct br_engine *engine, const struct br_program *program,
                              const struct br_call *call, int repeats, double seconds[2]);

/* The program of a precision, built on first use; NULL if it cannot be built. */
const struct br_program *br_engine_program(struct br_engine *engine,
                                           enum br_precision precision);

/* For blasroute-tune: GB/s of the engine's own transfers of `bytes` of ordinary (pageable,
 * faulted-in) host memory to a device buffer and back, through its pinned staging and host
 * copies as a call moves its matrices, and back with the host adding what was there (a result
 * with beta C, double precision); best of three after one untimed run each. 0 or -1. */
int br_engine_measure_staged(size_t bytes, double *up_gbs, double *down_gbs,
                             double *down_add_gbs);

/* For blasroute-tune. The parameters the programs of a precision are built with from now on
 * (NULL: the profile's or the built-in ones again); a program built with others is dropped. */
void br_engine_override_params(enum br_precision precision,
                               const struct br_kernel_params *params);

/* Builds a program with these parameters (no disk cache when BLASROUTE_CACHE=0), runs the GEMM
 * `check` through it (its result written to check->c, by the tiled path if the call is large
 * enough), then times `timed` with its operands resident (seconds as br_engine_bench).
 * 0, or -1 if the parameters are invalid or anything failed. */
int br_engine_try_params(const struct br_kernel_params *params, const struct br_call *check,
                         const struct br_call *timed, int repeats, double seconds[2]);

/* A session of several operations on one device (engine/resident.c): the first device in use
 * that runs the precision (double precision where it needs it), locked (its other calls wait)
 * and ready, with its program; NULL if none. br_engine_session_end unlocks it, counting a
 * session that failed as a failed call (short memory aside). While a session holds the engine,
 * its tiles_written is set once results have started coming back (for the enqueue-late
 * fault). */
struct br_engine *br_engine_session_begin(enum br_precision precision,
                                          const struct br_program **program);
void br_engine_session_end(struct br_engine *engine, cl_int error);

/* Whether this thread holds a device for a session: its Level-3 calls (the program's LAPACK
 * factoring a panel may make some) then go to the CPU, never waiting for that device, and it
 * opens no second session. */
int br_engine_in_session(void);

/* Launch wrapper shared by the plans: checks the injected faults first. */
cl_int br_engine_launch(struct br_engine *engine, cl_command_queue queue, cl_kernel kernel,
                        cl_uint dimensions, const size_t *global, const size_t *local,
                        cl_uint wait_count, const cl_event *wait, cl_event *done);

#endif
