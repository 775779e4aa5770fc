/* The command line of blasroute-bench. */
#ifndef BLASROUTE_BENCH_OPTIONS_H
#define BLASROUTE_BENCH_OPTIONS_H

/* Dimensions are Fortran INTEGERs; the memory check skips what cannot be allocated. */
enum {
    BENCH_MAX_SIZES = 256,
    BENCH_MAX_TRANS = 9,
    BENCH_MAX_OPTIONS = 64,
    BENCH_MAX_ROUTINES = 16,
    BENCH_MAX_DIMENSION = 1 << 30
};

struct bench_shape {
    int m, n, k;
};

struct bench_options {
    int routines[BENCH_MAX_ROUTINES]; /* indices in the names given to bench_parse_options */
    int routine_count;
    char precisions[4];
    int precision_count;
    char trans[BENCH_MAX_TRANS][2]; /* 'N', 'T' or 'C', upper case */
    int trans_count;
    /* --options: entries of 2 or 4 upper-case letters of one of the shapes SIDE UPLO,
     * UPLO TRANS and SIDE UPLO TRANS DIAG (checked here; each routine takes those of its shape) */
    char options[BENCH_MAX_OPTIONS][5];
    int option_count;
    struct bench_shape sizes[BENCH_MAX_SIZES];
    int size_count;
    int repeat, csv, no_cpu, no_device, no_clblast, no_nvblas;
    int rounds; /* blasroute's e2e columns are timed in this many rounds, one after another */
    int builtin_params; /* --builtin-params: the br-builtin column */
    /* --modes: blasroute's e2e path timed in each of these modes (bits of 1 << bench_mode) in
     * place of the one br-e2e column; 0: one column in BLASROUTE_MODE (default device) */
    unsigned modes;
    int pause_ms; /* --pause: idle time before each timed column after the CPU BLAS's */
    /* --beta: beta's real part (default 0.5); 0: beta = 0, C filled with NaN, which a routine
     * that reads C when beta = 0 (BLAS says it must not) turns into a wrong result */
    double beta;
    const char *plot;   /* --plot: the PNG to draw (bench_plot.h), or NULL */
    const char *replot; /* --replot: the PNG to draw again from its data, or NULL */
};

/* blasroute's modes, as BLASROUTE_MODE names them (bench_mode_names), for --modes. */
enum bench_mode { BENCH_MODE_CPU, BENCH_MODE_DEVICE, BENCH_MODE_AUTO, BENCH_MODE_HYBRID,
                  BENCH_MODE_COUNT };
extern const char *const bench_mode_names[BENCH_MODE_COUNT];

/* The shapes of --options entries: side and uplo ("LU"), uplo and trans ("UN"), side, uplo,
 * transa and diag ("LUNN"). */
enum bench_option_shape {
    BENCH_SHAPE_NONE,
    BENCH_SHAPE_SIDE_UPLO,
    BENCH_SHAPE_UPLO_TRANS,
    BENCH_SHAPE_TRIANGULAR
};

/* The shape of an option string in upper case, or BENCH_SHAPE_NONE. */
enum bench_option_shape bench_option_shape(const char *entry);

/* Parses the command line into o (zeroed by the caller), the routine names being those the bench
 * can time. 0: go on; -1: --help was asked for and the usage is printed on stdout; 2: the command
 * line is invalid and stderr says why (2 is then the exit status). */
int bench_parse_options(int argc, char **argv, const char *const *routines, int routine_count,
                        struct bench_options *o);

#endif
