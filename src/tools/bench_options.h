/* The command line of blasroute-bench. */
#ifndef BLASROUTE_BENCH_OPTIONS_H
#define BLASROUTE_BENCH_OPTIONS_H

/* Dimensions are Fortran INTEGERs; the memory check skips what cannot be allocated. */
enum { BENCH_MAX_SIZES = 256, BENCH_MAX_TRANS = 9, BENCH_MAX_DIMENSION = 1 << 30 };

struct bench_shape {
    int m, n, k;
};

struct bench_options {
    int routine; /* index in the names given to bench_parse_options */
    char precisions[4];
    int precision_count;
    char trans[BENCH_MAX_TRANS][2]; /* 'N', 'T' or 'C', upper case */
    int trans_count;
    struct bench_shape sizes[BENCH_MAX_SIZES];
    int size_count;
    int repeat, csv, no_cpu, no_device, no_clblast;
};

/* Parses the command line into o (zeroed by the caller), the routine names being those the bench
 * can time. 0: go on; -1: --help was asked for and the usage is printed on stdout; 2: the command
 * line is invalid and stderr says why (2 is then the exit status). */
int bench_parse_options(int argc, char **argv, const char *const *routines, int routine_count,
                        struct bench_options *o);

#endif
