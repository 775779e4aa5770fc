/*
 * soak.c - blasroute inside a busy program: many threads, and optionally
 * several processes, make mixed Level-3 calls for a while, and every
 * result is checked against the Netlib reference BLAS.
 *
 * Each call is one of the 30 Level-3 routines (?gemm ?symm ?hemm ?syrk
 * ?herk ?syr2k ?her2k ?trmm ?trsm, every precision that has it), drawn at
 * random with random options (side, uplo, trans, diag), interface
 * (Fortran, CBLAS column- or row-major), sizes, padded or tight leading
 * dimensions and scalars: alpha = 0 in 1 call in 16, beta = 0 in 1 in 4
 * (C is then all NaN, so a library that reads it gives NaN), 1 in 8 each
 * for alpha = 1 and beta = 1, complex scalars complex.  A call's
 * dimensions share one scale drawn log-uniformly from the size range, so
 * that most calls are small (the CPU BLAS answers them in auto mode) and
 * some are large all over (large enough for the device), not thin; one
 * dimension in 8 is instead at the bottom of the range (edge cases).
 *
 * The library under test is called through its own entry points
 * (linked), the reference with the same arguments on identical copies of
 * the data, from the same thread right after.  The checks are those of
 * level3_vs_reference.c, through the helpers of blas_test_common.h: NaN
 * poison in every element the routine must not read (guard bands,
 * padding, the unreferenced triangle, a unit diagonal, a Hermitian
 * diagonal's imaginary parts, C when beta = 0, A and B when alpha = 0);
 * nothing written outside the routine's output region, byte for byte; every
 * written element within 8 (k + 2) eps (|alpha| |op(A)| |op(B)| +
 * |beta| |C|) + tiny of the reference's (trsm: 50 (order + 2) eps times
 * the largest element of the solution, on well-conditioned triangles with a
 * dominant diagonal, as there); a real diagonal from herk and her2k.
 *
 * The reference is called by all threads at once: the Netlib Level-3
 * routines keep their locals on the stack, and the only state that its
 * CBLAS wrappers share (RowMajorStrg, CBLAS_CallFromC) steers the messages
 * of argument errors, which valid calls never reach.
 *
 * Processes: --processes P runs P processes of --threads N threads each.
 * This one is process 0; it starts the others with posix_spawn of
 * /proc/self/exe (not fork: each process must load blasroute and open the
 * device itself, as separate programs would) with --worker, and reads
 * their figures from a pipe on their stdout.  A worker dies with its
 * parent (PR_SET_PDEATHSIG, and SIGPIPE on its next status line).
 *
 * Memory: each thread's buffers are allocated for --max-size and touched
 * before the calls start, so that the resident set does not grow with the
 * test's own data: about 200 max-size^2 bytes a thread (1024: 200 MiB).
 * The reference and the error bound cost about what an unoptimised BLAS
 * call does, which bounds the sizes worth soaking at (1024: about a second
 * a call).  A process's "start" figures (VmRSS from
 * /proc/self/status, and blasroute_device_memory_held(), the bytes of
 * blasroute's device buffer pools) are taken once it is warm: when each of
 * the 30 routines has completed 2 calls, so that every precision's kernels
 * are built and every routine's first-call costs (an OpenCL compiler's
 * memory above all) are paid; "end" figures when its threads are done.
 * The memory check passes when no warm process's VmRSS grew by more than
 * --growth-limit MiB (skipped when none got warm).  Two things outside
 * blasroute grow it too, by tens of MiB over long runs of random shapes:
 * PoCL's kernels compiled anew for each work-group size
 * (POCL_WORK_GROUP_SPECIALIZATION=0 stops that) and glibc's malloc arenas,
 * up to 8 per core, each fragmenting on its own (MALLOC_ARENA_MAX=2);
 * tests/threads.sh sets both.  The pool's growth is
 * shown, not judged: the pool is a cache, bounded by its cap, that fills
 * as larger calls come, and what it holds cannot grow past that cap.
 *
 * Options:
 *   --threads N        threads per process (default 8)
 *   --processes P      processes (default 1)
 *   --calls C          calls per thread (default 100 without --seconds)
 *   --seconds S        stop starting calls after S seconds (with --calls:
 *                      whichever comes first)
 *   --min-size N       the size range (default 1..256)
 *   --max-size N
 *   --seed N           replays the calls of each thread (not their
 *                      interleaving); default BLASROUTE_TEST_SEED, else
 *                      from the clock
 *   --progress S       a progress line on stderr every S seconds (default
 *                      30; 0: none)
 *   --growth-limit M   MiB a process's VmRSS may grow by between its start
 *                      and end figures (default 64)
 *   --tap              TAP output: one test per process, one for memory
 *   --worker I:PID     internal: this is process I, started by PID
 * SIGINT stops every process after its calls in flight, with the summary.
 *
 * Output: the run's settings, a line per wrong result (the call, replayable
 * with --seed, and what was wrong), one line per process (calls, wrong
 * results, VmRSS and device pool at start and end), a summary; with --tap
 * the same as TAP ("1..P+1", "ok N - process ...", "ok P+1 - memory ...",
 * the rest as "# " lines).  Progress lines go to stderr.  Exit status 0
 * when every result was right, every process ended well (its result line,
 * exit status 0 and, with --calls alone, all its calls made) and memory
 * stayed within the limit; 1 otherwise; 2 for invalid options.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* environ, pipe2, prctl, clock_gettime under -std=c11 */
#endif

#include "blas_test_common.h"
#include "level3_routines.h"
#include "blasroute.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The routines, their calls, shapes and error bounds: level3_routines.h.
 * ROUTINES[].ref_* are written once by load_reference_routines, before
 * any thread starts. */


/* ------------------------------------------------------------------------ */
/* Settings                                                                 */
/* ------------------------------------------------------------------------ */

enum { MAXPAD = 5 };   /* largest leading dimension beyond the tight one */

struct settings {
    int threads, processes;
    long calls;             /* per thread; 0: no limit */
    double seconds;         /* 0: no limit */
    int min_size, max_size;
    uint64_t seed;
    double progress;        /* seconds between progress lines; 0: none */
    double growth_limit;    /* MiB */
    int tap;
    int worker;             /* this process's index; 0: the parent */
    long parent_pid;        /* of a worker */
};

/* ------------------------------------------------------------------------ */
/* Random calls                                                             */
/* ------------------------------------------------------------------------ */

/* Scalar class: 0, 1 or other, with the given chances of 0 and 1 in 16. */
static int scalar_class(struct rng *g, int zero_in_16, int one_in_16)
{
    int x = rng_below(g, 16);
    return x < zero_in_16 ? 0 : x < zero_in_16 + one_in_16 ? 1 : 2;
}


/* The scale of a call's dimensions: log-uniform over the size range, so
 * that small calls are common and large ones are there too. */
static int random_scale(struct rng *g, const struct settings *s)
{
    double lo = log((double)s->min_size), hi = log(s->max_size + 1.0);
    int x = (int)exp(lo + (hi - lo) * rng_unit(g));
    return imin(imax(x, s->min_size), s->max_size);
}

/* One dimension near the scale (in [scale/2, scale]), or, one time in 8,
 * one of the four smallest sizes of the range, where edge handling
 * differs. */
static int random_dim(struct rng *g, int scale, const struct settings *s)
{
    if (rng_below(g, 8) == 0)
        return rng_between(g, s->min_size,
                           imin(s->max_size, s->min_size + 3));
    return rng_between(g, imax(s->min_size, scale / 2), scale);
}

static void random_call(struct call *c, struct rng *g,
                        const struct settings *s)
{
    memset(c, 0, sizeof *c);
    c->r = &ROUTINES[rng_below(g, N_ROUTINES)];
    const struct family *f = c->r->fam;
    const struct precision *p = &PRECISIONS[c->r->prec];
    c->ifc = (enum iface)rng_below(g, N_IFACES);
    c->layout = c->ifc == IF_CBLAS_ROW ? CB_ROW_MAJOR : CB_COL_MAJOR;

    char *letter[N_AXES] = { &c->side, &c->uplo, &c->transa, &c->transb,
                             &c->diag };
    for (int a = 0; a < N_AXES; a++) {
        const char *opt = f->opt[a];
        if (a == AX_TRANS && f->complex_trans && p->cplx)
            opt = f->complex_trans;
        *letter[a] = opt ? opt[rng_below(g, (int)strlen(opt))] : 'N';
    }

    int scale = random_scale(g, s);
    c->m = f->dims & DIM_M ? random_dim(g, scale, s) : 0;
    c->n = f->dims & DIM_N ? random_dim(g, scale, s) : 0;
    c->k = f->dims & DIM_K ? random_dim(g, scale, s) : 0;
    for (int i = 0; i < N_OPS; i++)
        c->ld_extra[i] = rng_below(g, 2) ? 0 : 1 + rng_below(g, MAXPAD);

    c->alpha_class = scalar_class(g, 1, 2);
    c->beta_class = f->has_beta ? scalar_class(g, 4, 2) : 1;
    make_scalar(c->alpha_class, f->real_alpha, c->r->prec, g, c->alpha,
                &c->alpha_arg);
    make_scalar(c->beta_class, f->real_beta, c->r->prec, g, c->beta,
                &c->beta_arg);
}

/* ------------------------------------------------------------------------ */
/* Running and checking one call                                            */
/* ------------------------------------------------------------------------ */

/* A thread's buffers (struct workspace) are allocated for the largest call
 * and touched at once (workspace_init), so that the resident set does not
 * grow with the test's own data. */





/* Set up the call's operands, run it through the library under test and
 * the reference on identical data, check it: 1 (and msg) if it was wrong. */
static int run_call(struct call *c, struct rng *g, struct workspace *ws,
                    char *msg, size_t len)
{
    const struct precision *p = &PRECISIONS[c->r->prec];
    struct operand op[N_OPS];

    memset(op, 0, sizeof op);
    c->r->fam->shape(c, op);
    finish_operands(c, op, ws);
    for (int i = 0; i < N_OPS; i++)
        if (op[i].present)
            fill_operand(&op[i], p, c->r->fam == &FAM_TRSM && i == OP_A, g);

    point_args(c, op, p, 0);
    invoke(c, 0);
    point_args(c, op, p, 1);
    invoke(c, 1);
    return check_all_unchanged(op, p, ws->scratch,
                               "wrote outside its region:", msg, len) ||
           check_values(c, op, ws, msg, len);
}

/* The call as a one-line list of its arguments. */
static void describe_call(const struct call *c, char *out, size_t len)
{
    const struct family *f = c->r->fam;
    const struct precision *p = &PRECISIONS[c->r->prec];
    const char *label[N_AXES] = { "side", "uplo", f->trans_name, "transb",
                                  "diag" };
    const char letter[N_AXES] = { c->side, c->uplo, c->transa, c->transb,
                                  c->diag };
    const char *ld_name[N_OPS] = { "lda", "ldb", "ldc" };
    const int ld[N_OPS] = { c->lda, c->ldb, c->ldc };
    const int has_op[N_OPS] = { 1, family_has_b(f),
                                f->output == OP_C };
    char v[64];
    size_t n = 0;

    if (c->ifc == IF_FORTRAN)
        appendf(out, len, &n, "%s_:", c->r->name);
    else
        appendf(out, len, &n, "cblas_%s %s:", c->r->name,
                c->ifc == IF_CBLAS_ROW ? "row-major" : "col-major");
    for (int a = 0; a < N_AXES; a++)
        if (f->opt[a])
            appendf(out, len, &n, " %s=%c", label[a], letter[a]);
    if (f->dims & DIM_M)
        appendf(out, len, &n, " m=%d", c->m);
    if (f->dims & DIM_N)
        appendf(out, len, &n, " n=%d", c->n);
    if (f->dims & DIM_K)
        appendf(out, len, &n, " k=%d", c->k);
    for (int i = 0; i < N_OPS; i++)
        if (has_op[i])
            appendf(out, len, &n, " %s=%d", ld_name[i], ld[i]);
    format_value(v, sizeof v, c->alpha, p->cplx && !f->real_alpha);
    appendf(out, len, &n, " alpha=%s", v);
    if (f->has_beta) {
        format_value(v, sizeof v, c->beta, p->cplx && !f->real_beta);
        appendf(out, len, &n, " beta=%s", v);
    }
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

static struct settings settings;

/* Diagnostic lines, from any thread: "# " before each line in TAP output,
 * "soak-diag " from a worker (its parent prints them), nothing otherwise.
 * The lines of one message stay together. */
static void say(const char *fmt, ...) BT_PRINTF(1, 2);
static void say(const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    const char *prefix = settings.worker ? "soak-diag "
                         : settings.tap  ? "# "
                                         : "";
    flockfile(stdout);
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        printf("%s%.*s\n", prefix, (int)n, line);
        line += n + (line[n] == '\n');
    }
    funlockfile(stdout);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double mib(double bytes) { return bytes / (1024.0 * 1024.0); }

/* ------------------------------------------------------------------------ */
/* One process: its threads and its figures                                 */
/* ------------------------------------------------------------------------ */

/* What a process reports, and its parent sums. */
struct figures {
    long calls, wrong;
    int warm;                       /* the start figures are taken */
    long rss_start_kb, rss_kb;      /* VmRSS once warm; now or at the end */
    unsigned long long pool_start, pool; /* device pool bytes, the same */
    double seconds;                 /* since the process's threads started */
};

static long vm_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "re");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

/* Set by SIGINT: every thread stops after its call in flight. */
static atomic_int stop_requested;

static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&stop_requested, 1);
}

/* One calling thread: its buffers and its counts, which the monitoring
 * thread reads while it runs. */
struct soak_thread {
    int index;
    pthread_t tid;
    struct workspace ws;
    atomic_long calls, wrong;
};

/* Calls of each routine that make it warm (see the top of the file). */
enum { WARM_CALLS_PER_ROUTINE = 2 };

/* The process's threads, and the start figures taken by the thread whose
 * call makes the process warm. */
static struct {
    struct soak_thread *threads;
    double started, deadline;      /* deadline 0: none */
    atomic_long routine_calls[N_ROUTINES];
    atomic_int routines_warm;      /* routines with enough calls */
    atomic_int running;            /* threads not yet done */
    atomic_int warm;
    atomic_long rss_start_kb;
    atomic_ullong pool_start;
} proc;

/* Count a finished call of routine r; the call that makes the last routine
 * warm takes the start figures. */
static void count_for_warmth(const struct routine *r)
{
    if (atomic_fetch_add(&proc.routine_calls[r - ROUTINES], 1) + 1 !=
        WARM_CALLS_PER_ROUTINE)
        return;
    if (atomic_fetch_add(&proc.routines_warm, 1) + 1 != N_ROUTINES)
        return;
    atomic_store(&proc.rss_start_kb, vm_rss_kb());
    atomic_store(&proc.pool_start, blasroute_device_memory_held());
    atomic_store(&proc.warm, 1);
}

/* Wrong results described per thread; those after are only counted. */
enum { MAX_REPORTS_PER_THREAD = 3 };

static void *soak_thread_main(void *arg)
{
    struct soak_thread *t = arg;
    struct rng g = { seed_hash_int(seed_hash_int(seed_hash_begin(settings.seed),
                                                 settings.worker),
                                   t->index) };
    for (long i = 0; !settings.calls || i < settings.calls; i++) {
        if (atomic_load(&stop_requested) ||
            (proc.deadline && now() >= proc.deadline))
            break;
        struct call c;
        char msg[512], desc[512];
        random_call(&c, &g, &settings);
        if (run_call(&c, &g, &t->ws, msg, sizeof msg)) {
            long wrong = atomic_fetch_add(&t->wrong, 1) + 1;
            if (wrong <= MAX_REPORTS_PER_THREAD) {
                describe_call(&c, desc, sizeof desc);
                say("process %d thread %d call %ld (--seed %llu --min-size "
                    "%d --max-size %d): %s\n    %s", settings.worker,
                    t->index, i, (unsigned long long)settings.seed,
                    settings.min_size, settings.max_size, desc, msg);
            } else if (wrong == MAX_REPORTS_PER_THREAD + 1) {
                say("process %d thread %d: more wrong results, not shown",
                    settings.worker, t->index);
            }
        }
        atomic_fetch_add(&t->calls, 1);
        count_for_warmth(c.r);
    }
    atomic_fetch_sub(&proc.running, 1);
    return NULL;
}

/* Allocate and touch every thread's buffers, then start the threads. */
static void start_threads(void)
{
    int n = settings.threads;
    proc.threads = xmalloc((size_t)n * sizeof *proc.threads);
    for (int t = 0; t < n; t++) {
        struct soak_thread *st = &proc.threads[t];
        st->index = t;
        atomic_init(&st->calls, 0);
        atomic_init(&st->wrong, 0);
        workspace_init(&st->ws, settings.max_size, MAXPAD);
    }
    atomic_store(&proc.running, n);
    proc.started = now();
    proc.deadline = settings.seconds > 0 ? proc.started + settings.seconds : 0;
    for (int t = 0; t < n; t++)
        if (pthread_create(&proc.threads[t].tid, NULL, soak_thread_main,
                           &proc.threads[t]) != 0)
            bail_out("pthread_create failed for thread %d", t);
}

static int threads_running(void) { return atomic_load(&proc.running) > 0; }

/* The process's figures now (rss_kb and pool: now). */
static struct figures own_figures(void)
{
    struct figures f = { 0 };
    for (int t = 0; t < settings.threads; t++) {
        f.calls += atomic_load(&proc.threads[t].calls);
        f.wrong += atomic_load(&proc.threads[t].wrong);
    }
    f.warm = atomic_load(&proc.warm);
    if (f.warm) {
        f.rss_start_kb = atomic_load(&proc.rss_start_kb);
        f.pool_start = atomic_load(&proc.pool_start);
    }
    f.rss_kb = vm_rss_kb();
    f.pool = blasroute_device_memory_held();
    f.seconds = now() - proc.started;
    return f;
}

/* Join the threads (all done) and free their buffers: after the end
 * figures are taken, so that both figures include the buffers. */
static void finish_threads(void)
{
    for (int t = 0; t < settings.threads; t++) {
        pthread_join(proc.threads[t].tid, NULL);
        workspace_free(&proc.threads[t].ws);
    }
    free(proc.threads);
}

/* How long the monitoring loops sleep between looks. */
static const double TICK = 0.25;

static void sleep_seconds(double s)
{
    struct timespec t = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        if (atomic_load(&stop_requested))
            break;
}

/* ------------------------------------------------------------------------ */
/* Workers and their parent                                                 */
/* ------------------------------------------------------------------------ */

/* A worker's report lines on its stdout, read by its parent:
 *   soak-status CALLS WRONG WARM RSS_START_KB RSS_KB POOL_START POOL SECONDS
 *   soak-result (the same fields, at the end)
 *   soak-diag TEXT
 * Anything else (a "Bail out!") is passed on as text. */
static void print_figures(const char *tag, const struct figures *f)
{
    printf("%s %ld %ld %d %ld %ld %llu %llu %.3f\n", tag, f->calls, f->wrong,
           f->warm, f->rss_start_kb, f->rss_kb, f->pool_start, f->pool,
           f->seconds);
}

static int parse_figures(const char *text, struct figures *f)
{
    return sscanf(text, "%ld %ld %d %ld %ld %llu %llu %lf", &f->calls,
                  &f->wrong, &f->warm, &f->rss_start_kb, &f->rss_kb,
                  &f->pool_start, &f->pool, &f->seconds) == 8;
}

/* The whole life of a worker process: its threads, a status line every
 * second, the result line.  Exit status 1 if a result was wrong. */
static int run_worker(void)
{
    /* Die with the parent (the signal comes when the thread that started
     * us ends: the parent's main thread, which outlives its workers). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if ((long)getppid() != settings.parent_pid)
        return 1;
    start_threads();
    double next_status = now() + 1.0;
    while (threads_running()) {
        sleep_seconds(TICK);
        if (now() >= next_status) {
            struct figures f = own_figures();
            print_figures("soak-status", &f);
            next_status += 1.0;
        }
    }
    struct figures f = own_figures();
    finish_threads();
    print_figures("soak-result", &f);
    return f.wrong ? 1 : 0;
}

/* A worker as its parent sees it. */
struct child {
    pid_t pid;
    int fd;                 /* read end of its stdout; -1 once at EOF */
    char pending[4096];     /* a line not yet complete */
    size_t used;
    struct figures latest;  /* from its last status or result line */
    int have_status, have_result;
    int wait_status;
};

/* A worker's argument vector, built from the parent's settings. */
struct arg_vector {
    char text[16][64];
    char *argv[17];
    int argc;
};

static void add_arg(struct arg_vector *a, const char *fmt, ...) BT_PRINTF(2, 3);
static void add_arg(struct arg_vector *a, const char *fmt, ...)
{
    va_list ap;
    if (a->argc >= 16)
        bail_out("too many worker arguments");
    va_start(ap, fmt);
    vsnprintf(a->text[a->argc], sizeof a->text[0], fmt, ap);
    va_end(ap);
    a->argv[a->argc] = a->text[a->argc];
    a->argv[++a->argc] = NULL;
}

/* Start worker `index` with its stdout on a pipe to us. */
static void spawn_worker(struct child *ch, int index, const char *exe)
{
    struct arg_vector a = { .argc = 0 };
    int fds[2];
    add_arg(&a, "soak");
    add_arg(&a, "--worker");
    add_arg(&a, "%d:%ld", index, (long)getpid());
    add_arg(&a, "--threads");
    add_arg(&a, "%d", settings.threads);
    add_arg(&a, "--calls");
    add_arg(&a, "%ld", settings.calls);
    add_arg(&a, "--seconds");
    add_arg(&a, "%.17g", settings.seconds);
    add_arg(&a, "--min-size");
    add_arg(&a, "%d", settings.min_size);
    add_arg(&a, "--max-size");
    add_arg(&a, "%d", settings.max_size);
    add_arg(&a, "--seed");
    add_arg(&a, "%llu", (unsigned long long)settings.seed);

    /* Close-on-exec, so that no worker holds another's pipe open (its
     * parent would then never see the end of it); the dup2 onto its
     * stdout is kept. */
    if (pipe2(fds, O_CLOEXEC) != 0)
        bail_out("pipe2: %s", strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    fflush(stdout);
    int err = posix_spawn(&ch->pid, exe, &actions, NULL, a.argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (err != 0)
        bail_out("posix_spawn %s: %s", exe, strerror(err));
    ch->fd = fds[0];
}

/* One complete line from worker `index`. */
static void child_line(struct child *ch, int index, const char *line)
{
    static const char status[] = "soak-status ", result[] = "soak-result ",
                      diag[] = "soak-diag ";
    if (!strncmp(line, status, sizeof status - 1)) {
        ch->have_status |= parse_figures(line + sizeof status - 1,
                                         &ch->latest);
    } else if (!strncmp(line, result, sizeof result - 1)) {
        ch->have_result = parse_figures(line + sizeof result - 1,
                                        &ch->latest);
        ch->have_status |= ch->have_result;
    } else if (!strncmp(line, diag, sizeof diag - 1)) {
        say("%s", line + sizeof diag - 1);
    } else {
        say("process %d: %s", index, line);
    }
}

/* Read what worker `index` has written; at EOF, close its pipe. */
static void read_child(struct child *ch, int index)
{
    char buf[4096];
    ssize_t got = read(ch->fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR)
        return;
    if (got <= 0) {
        if (ch->used) {   /* a last line without its newline */
            ch->pending[ch->used] = '\0';
            child_line(ch, index, ch->pending);
            ch->used = 0;
        }
        close(ch->fd);
        ch->fd = -1;
        return;
    }
    for (ssize_t i = 0; i < got; i++) {
        if (buf[i] == '\n' || ch->used == sizeof ch->pending - 1) {
            ch->pending[ch->used] = '\0';
            child_line(ch, index, ch->pending);
            ch->used = 0;
            if (buf[i] == '\n')
                continue;
        }
        ch->pending[ch->used++] = buf[i];
    }
}

/* ------------------------------------------------------------------------ */
/* The parent: summary, progress, TAP                                       */
/* ------------------------------------------------------------------------ */

static void add_figures(struct figures *sum, const struct figures *f)
{
    sum->calls += f->calls;
    sum->wrong += f->wrong;
    sum->rss_start_kb += f->warm ? f->rss_start_kb : 0;
    sum->rss_kb += f->rss_kb;
    sum->pool_start += f->warm ? f->pool_start : 0;
    sum->pool += f->pool;
    sum->warm += f->warm;   /* processes warm: the caller decides */
}

/* "N calls, W wrong, VmRSS ... at start, ... at end, device pool ..." */
static void format_figures(const struct figures *f, const char *end_word,
                           char *out, size_t len)
{
    size_t n = 0;
    appendf(out, len, &n, "%ld calls, %ld wrong", f->calls, f->wrong);
    if (f->warm)
        appendf(out, len, &n, ", VmRSS %.1f MiB at start, %.1f MiB %s, "
                "device pool %.1f MiB at start, %.1f MiB %s",
                f->rss_start_kb / 1024.0, f->rss_kb / 1024.0, end_word,
                mib((double)f->pool_start), mib((double)f->pool), end_word);
    else
        appendf(out, len, &n, ", VmRSS %.1f MiB %s, device pool %.1f MiB "
                "%s (not warm yet: no start figures)", f->rss_kb / 1024.0,
                end_word, mib((double)f->pool), end_word);
}

static void print_progress(const struct figures *own, const struct child *kids,
                           double elapsed)
{
    struct figures sum = { 0 };
    int running = threads_running();
    add_figures(&sum, own);
    for (int i = 1; i < settings.processes; i++) {
        add_figures(&sum, &kids[i].latest);
        running += kids[i].fd >= 0;
    }
    sum.warm = sum.warm == settings.processes; /* else partial start sums */
    char text[512];
    format_figures(&sum, "now", text, sizeof text);
    fprintf(stderr, "soak: %.0f s: %s; %d of %d processes running\n",
            elapsed, text, running, settings.processes);
}

/* A process's TAP test (or plain line): 1 if it passed. */
static int report_process(int number, int index, long pid,
                          const struct figures *f, const char *failure)
{
    char text[512];
    format_figures(f, "at end", text, sizeof text);
    int pass = !failure && f->wrong == 0;
    if (settings.tap)
        printf("%s %d - process %d (pid %ld): %s, %.1f s%s%s\n",
               pass ? "ok" : "not ok", number, index, pid, text, f->seconds,
               failure ? ": " : "", failure ? failure : "");
    else
        printf("process %d (pid %ld): %s, %.1f s%s%s\n", index, pid, text,
               f->seconds, failure ? ": " : "", failure ? failure : "");
    return pass;
}

/* Why a worker failed, other than by wrong results; NULL if it did not. */
static const char *worker_failure(const struct child *ch, char *buf,
                                  size_t len, long expected_calls)
{
    if (WIFSIGNALED(ch->wait_status))
        snprintf(buf, len, "killed by signal %d (%s)",
                 WTERMSIG(ch->wait_status), strsignal(WTERMSIG(ch->wait_status)));
    else if (!ch->have_result)
        snprintf(buf, len, "exited with status %d without its result line",
                 WEXITSTATUS(ch->wait_status));
    else if (WEXITSTATUS(ch->wait_status) != 0 && ch->latest.wrong == 0)
        snprintf(buf, len, "exited with status %d",
                 WEXITSTATUS(ch->wait_status));
    else if (expected_calls && ch->latest.calls != expected_calls)
        snprintf(buf, len, "made %ld calls of %ld", ch->latest.calls,
                 expected_calls);
    else
        return NULL;
    return buf;
}

/* The memory check: no warm process's VmRSS grew by more than the limit
 * (the pool's growth shown beside it: see the top of the file). */
static int report_memory(int number, const struct figures *f, int nproc)
{
    double worst_rss = 0, worst_pool = 0;
    int warm = 0;
    for (int i = 0; i < nproc; i++) {
        if (!f[i].warm)
            continue;
        warm++;
        worst_rss = fmax(worst_rss, (f[i].rss_kb - f[i].rss_start_kb) / 1024.0);
        worst_pool = fmax(worst_pool, mib((double)f[i].pool) -
                                          mib((double)f[i].pool_start));
    }
    int pass = worst_rss <= settings.growth_limit;
    char text[400];
    size_t n = 0;
    if (warm)
        appendf(text, sizeof text, &n, "memory: largest growth of a process "
                "from start to end: VmRSS %.1f MiB (limit %.0f MiB), device "
                "pool %.1f MiB", worst_rss, settings.growth_limit, worst_pool);
    else
        appendf(text, sizeof text, &n, "memory: not measured");
    if (warm && warm < nproc)
        appendf(text, sizeof text, &n, "; %d process(es) never warm, not "
                "measured", nproc - warm);
    if (settings.tap)
        printf("%s %d - %s%s\n", pass ? "ok" : "not ok", number, text,
               warm ? "" : " # SKIP no process made 2 calls of every routine");
    else
        printf("%s%s\n", text, !warm ? " (no process made 2 calls of every "
               "routine)" : pass ? "" : ": TOO MUCH");
    return pass;
}

static int run_parent(const char *reference_path)
{
    int nproc = settings.processes;
    struct child *kids = xmalloc((size_t)nproc * sizeof *kids);
    memset(kids, 0, (size_t)nproc * sizeof *kids);
    const char *mode = getenv("BLASROUTE_MODE");
    char limit[96];
    if (settings.calls && settings.seconds > 0)
        snprintf(limit, sizeof limit, "%ld calls per thread or %g s",
                 settings.calls, settings.seconds);
    else if (settings.calls)
        snprintf(limit, sizeof limit, "%ld calls per thread", settings.calls);
    else
        snprintf(limit, sizeof limit, "%g s", settings.seconds);

    if (settings.tap)
        printf("1..%d\n", nproc + 1);
    say("soak: %d process(es) x %d threads, %s, sizes %d..%d, seed %llu, "
        "BLASROUTE_MODE=%s", nproc, settings.threads, limit,
        settings.min_size, settings.max_size,
        (unsigned long long)settings.seed, mode ? mode : "(unset)");
    say("reference BLAS: %s", reference_path);

    /* Workers first, before this process makes a BLAS call or starts a
     * thread: they then inherit nothing of blasroute's. */
    for (int i = 1; i < nproc; i++)
        spawn_worker(&kids[i], i, "/proc/self/exe");
    start_threads();

    struct pollfd *pfd = xmalloc((size_t)nproc * sizeof *pfd);
    int *pfd_child = xmalloc((size_t)nproc * sizeof *pfd_child);
    struct figures own = { 0 };
    int own_done = 0, interrupt_passed_on = 0;
    double next_progress = settings.progress > 0
                               ? proc.started + settings.progress : 0;
    for (;;) {
        int open_pipes = 0;
        for (int i = 1; i < nproc; i++)
            if (kids[i].fd >= 0) {
                pfd[open_pipes] = (struct pollfd){ kids[i].fd, POLLIN, 0 };
                pfd_child[open_pipes++] = i;
            }
        if (!own_done && !threads_running()) {
            own = own_figures();    /* the end figures, threads done */
            own_done = 1;
        }
        if (own_done && !open_pipes)
            break;
        /* A SIGINT sent to this process alone (not the terminal's, which
         * reaches every process of the group) stops the workers too. */
        if (atomic_load(&stop_requested) && !interrupt_passed_on) {
            for (int i = 1; i < nproc; i++)
                if (kids[i].fd >= 0)
                    kill(kids[i].pid, SIGINT);
            interrupt_passed_on = 1;
        }
        int ready = poll(pfd, (nfds_t)open_pipes, (int)(TICK * 1000));
        for (int j = 0; ready > 0 && j < open_pipes; j++)
            if (pfd[j].revents)
                read_child(&kids[pfd_child[j]], pfd_child[j]);
        if (next_progress && now() >= next_progress) {
            struct figures live = own_done ? own : own_figures();
            print_progress(&live, kids, now() - proc.started);
            next_progress += settings.progress;
        }
    }
    finish_threads();
    for (int i = 1; i < nproc; i++)
        while (waitpid(kids[i].pid, &kids[i].wait_status, 0) < 0 &&
               errno == EINTR)
            ;

    /* One line per process, the summary, the memory check. */
    int interrupted = atomic_load(&stop_requested);
    long expected = settings.calls && settings.seconds <= 0 && !interrupted
                        ? settings.calls * settings.threads : 0;
    struct figures *all = xmalloc((size_t)nproc * sizeof *all);
    struct figures sum = { 0 };
    int failed = 0;
    char why[160];
    all[0] = own;
    const char *own_failure = NULL;
    if (expected && own.calls != expected) {
        snprintf(why, sizeof why, "made %ld calls of %ld", own.calls, expected);
        own_failure = why;
    }
    failed += !report_process(1, 0, (long)getpid(), &own, own_failure);
    for (int i = 1; i < nproc; i++) {
        all[i] = kids[i].latest;
        failed += !report_process(i + 1, i, (long)kids[i].pid, &all[i],
                                  worker_failure(&kids[i], why, sizeof why,
                                                 expected));
    }
    for (int i = 0; i < nproc; i++)
        add_figures(&sum, &all[i]);
    sum.warm = sum.warm == nproc; /* else the start sums are partial */
    char text[512];
    format_figures(&sum, "at end", text, sizeof text);
    say("total: %s; %d of %d processes failed%s", text, failed, nproc,
        interrupted ? " (interrupted)" : "");
    failed += !report_memory(nproc + 1, all, nproc);
    if (!settings.tap)
        printf("soak: %s\n", failed ? "FAILED" : "passed");
    free(all);
    free(pfd);
    free(pfd_child);
    free(kids);
    return failed ? 1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: soak [--threads N] [--processes P] [--calls C] "
            "[--seconds S]\n"
            "            [--min-size N] [--max-size N] [--seed N] "
            "[--progress S]\n"
            "            [--growth-limit MIB] [--tap]\n");
    exit(2);
}

static double number_arg(const char *opt, const char *v, double lo, double hi)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || !(x >= lo && x <= hi)) {
        fprintf(stderr, "soak: %s: '%s' is not a number from %g to %g\n",
                opt, v, lo, hi);
        usage();
    }
    return x;
}

/* A seed is any 64-bit number: strtod would round the large ones. */
static uint64_t seed_arg(const char *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 0);
    if (errno || end == v || *end || *v == '-') {
        fprintf(stderr, "soak: --seed: '%s' is not a number\n", v);
        usage();
    }
    return (uint64_t)x;
}

static void parse_options(int argc, char **argv)
{
    settings = (struct settings){ .threads = 8, .processes = 1,
                                  .min_size = 1, .max_size = 256,
                                  .progress = 30, .growth_limit = 64 };
    int have_seed = 0;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--tap")) {
            settings.tap = 1;
            continue;
        }
        if (i + 1 >= argc)
            usage();
        const char *v = argv[++i];
        if (!strcmp(opt, "--threads"))
            settings.threads = (int)number_arg(opt, v, 1, 1024);
        else if (!strcmp(opt, "--processes"))
            settings.processes = (int)number_arg(opt, v, 1, 256);
        else if (!strcmp(opt, "--calls"))
            settings.calls = (long)number_arg(opt, v, 0, 1e12);
        else if (!strcmp(opt, "--seconds"))
            settings.seconds = number_arg(opt, v, 0, 1e9);
        else if (!strcmp(opt, "--min-size"))
            settings.min_size = (int)number_arg(opt, v, 1, 1 << 16);
        else if (!strcmp(opt, "--max-size"))
            settings.max_size = (int)number_arg(opt, v, 1, 1 << 16);
        else if (!strcmp(opt, "--seed"))
            settings.seed = seed_arg(v), have_seed = 1;
        else if (!strcmp(opt, "--progress"))
            settings.progress = number_arg(opt, v, 0, 1e9);
        else if (!strcmp(opt, "--growth-limit"))
            settings.growth_limit = number_arg(opt, v, 0, 1e12);
        else if (!strcmp(opt, "--worker")) {
            if (sscanf(v, "%d:%ld", &settings.worker, &settings.parent_pid) != 2 ||
                settings.worker < 1)
                usage();
        } else {
            fprintf(stderr, "soak: unknown option %s\n", opt);
            usage();
        }
    }
    if (settings.min_size > settings.max_size) {
        fprintf(stderr, "soak: --min-size is above --max-size\n");
        usage();
    }
    if (!settings.calls && !(settings.seconds > 0))
        settings.calls = 100;
    if (!have_seed)
        settings.seed = read_test_seed();
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);   /* a pipe in a worker */
    parse_options(argc, argv);
    signal(SIGINT, on_interrupt);
    const char *reference_path = load_reference_routines();
    return settings.worker ? run_worker() : run_parent(reference_path);
}
