/* The command line of blasroute-bench: parsed and checked here, so that bench.c only runs it. */
#include "bench_options.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    printf(
        "Usage: blasroute-bench [OPTION]...\n"
        "Times Level-3 BLAS routines side by side in one run: the CPU BLAS blasroute uses,\n"
        "blasroute's device work with the data resident, blasroute's own Fortran entry point\n"
        "(?gemm_, ?symm_, ...) from host arrays, and CLBlast on the same device (if\n"
        "libclblast.so.1 can be loaded). Rates in GFLOP/s, for comparing.\n\n"
        "  --routine LIST      comma list of gemm, symm, hemm, syrk, herk, syr2k, her2k, trmm,\n"
        "                        trsm, or all (default gemm); hemm, herk and her2k exist for\n"
        "                        c and z only, and are skipped for s and d\n"
        "  --precision LIST    comma list of s, d, c, z (default s,d)\n"
        "  --sizes LIST        comma list of N (square) or MxNxK (default 256,512,1024); each\n"
        "                        routine takes the sizes it has: gemm m, n, k; symm, hemm,\n"
        "                        trmm, trsm m, n; syrk, herk, syr2k, her2k n, k (sizes that\n"
        "                        give a routine the same problem are timed once)\n"
        "  --from N --to N     instead of --sizes: square sizes from N up to N,\n"
        "  --step-factor F       multiplied by F each step (default 2)\n"
        "  --trans LIST        gemm: comma list of NN, NT, TN, TT, and with C for complex (NC,\n"
        "                        CN, CC, ...; C is T for real data) (default NN)\n"
        "  --options LIST      the other routines: comma list of option strings, each timed by\n"
        "                        every routine of its shape, letters in argument order:\n"
        "                        SIDE UPLO for symm, hemm (LU, LL, RU, RL; default LU);\n"
        "                        UPLO TRANS for syrk, herk, syr2k, her2k (UN, UT, LN, LT, ...;\n"
        "                        default UN; T and C both mean transposed: syrk and syr2k\n"
        "                        take T, herk and her2k C);\n"
        "                        SIDE UPLO TRANSA DIAG for trmm, trsm (LUNN, RLTU, LUCN, ...;\n"
        "                        default LUNN; C is T for real data).\n"
        "                        A routine given no string of its shape takes its default\n"
        "  --repeat N          best of N runs (default 3) after a warm-up; calls shorter than\n"
        "                        20 ms are warmed up and repeated for 20 ms at least\n"
        "  --rounds N          time blasroute's e2e columns (br-e2e, or the --modes columns)\n"
        "                        in N rounds, each column in turn in every round (cpu,\n"
        "                        device, auto, cpu, device, auto, ...), each round best of\n"
        "                        --repeat runs, the first after a warm-up; a column's rate is\n"
        "                        its best round. With --repeat 1, best of N with no column\n"
        "                        always timed first or last (default 1). After the first,\n"
        "                        cpu or device mode 4 times slower than another column is\n"
        "                        not timed again (it cannot be the better one). With auto\n"
        "                        and cpu or device mode, a column auto/best: auto's rate\n"
        "                        against the better other in the same round, the median\n"
        "  --pause MS          sleep MS milliseconds before each timed column, so that the\n"
        "                        CPU BLAS's threads, which spin for a while after a call, are\n"
        "                        idle: each column then times its path alone (OpenBLAS's\n"
        "                        spin 2^28 cycles, 0.1 to 0.15 s: 250 is enough; 50 is not,\n"
        "                        and device calls made in a spin run 2 to 3 times slower)\n"
        "  --beta B            beta's real part (default 0.5; complex: (B,-0.3), real for\n"
        "                        herk and her2k); 0: beta = 0 and C filled with NaN, which\n"
        "                        a routine that reads C when beta = 0 turns into a wrong\n"
        "                        result (trmm and trsm have no beta)\n"
        "  --csv               CSV rows after the same '#' header lines\n"
        "  --no-cpu            do not time the CPU BLAS (it still makes the reference result,\n"
        "                        only the columns checked where each can be computed alone)\n"
        "  --no-device         do not time blasroute (br-res, br-kern, br-e2e)\n"
        "  --no-clblast        do not time CLBlast\n"
        "  --no-nvblas         do not time NVBLAS (timed where it can be loaded:\n"
        "                        BLASROUTE_BENCH_NVBLAS, else libnvblas.so.13; column nvb-e2e)\n"
        "  --modes LIST        time blasroute's e2e path in each of these modes, side by side\n"
        "                        (comma list of cpu, device, auto, hybrid): columns br-cpu,\n"
        "                        br-device, br-auto, br-hybrid in place of br-e2e\n"
        "  --plot FILE.png     also draw GFLOP/s against the order (cube root of m n k), log\n"
        "                        scales, each routine's columns, the predicted CPU and device\n"
        "                        rates dashed, the measured and predicted crossovers marked;\n"
        "                        with gnuplot (Debian: gnuplot-nox); FILE.png.dat keeps the data\n"
        "  --replot FILE.png   measure nothing: draw FILE.png again from the FILE.png.dat that\n"
        "                        --plot kept (a run on a machine without gnuplot)\n"
        "  --builtin-params    add br-builtin: br-kern with the device's built-in kernel\n"
        "                        parameters, whatever a tuned profile says (what tuning gained)\n"
        "  --help              print this and exit\n\n"
        "blasroute's variables apply (BLASROUTE_CPU_BLAS, BLASROUTE_DEVICE, ...); BLASROUTE_MODE\n"
        "is set to device unless it is set already.\n"
        "Exit status: 0 done ('-' where a column cannot be measured), 1 internal error,\n"
        "2 invalid option, 3 a result was wrong (marked '!').\n");
}

/* A whole decimal number in [min, max], or -1. */
static long parse_number(const char *text, long min, long max)
{
    char *end;
    long value = strtol(text, &end, 10);
    return end != text && !*end && value >= min && value <= max ? value : -1;
}

/* Calls item() on each comma-separated item of list; 0 if any item is rejected. */
static int each_item(const char *list, struct bench_options *o,
                     int (*item)(struct bench_options *, char *))
{
    char *copy = strdup(list), *save = NULL;
    int ok = copy != NULL && *list;
    for (char *token = copy ? strtok_r(copy, ",", &save) : NULL; token && ok;
         token = strtok_r(NULL, ",", &save))
        ok = item(o, token);
    free(copy);
    return ok;
}

static int precision_item(struct bench_options *o, char *token)
{
    if (strlen(token) != 1 || !strchr("sdcz", token[0]) || o->precision_count == 4 ||
        memchr(o->precisions, token[0], (size_t)o->precision_count))
        return 0;
    o->precisions[o->precision_count++] = token[0];
    return 1;
}

static int trans_item(struct bench_options *o, char *token)
{
    if (strlen(token) != 2 || o->trans_count == BENCH_MAX_TRANS)
        return 0;
    for (int i = 0; i < 2; i++) {
        char t = token[i] >= 'a' ? (char)(token[i] - 'a' + 'A') : token[i];
        if (t != 'N' && t != 'T' && t != 'C')
            return 0;
        o->trans[o->trans_count][i] = t;
    }
    o->trans_count++;
    return 1;
}

enum bench_option_shape bench_option_shape(const char *entry)
{
    size_t length = strlen(entry);
    int side = length > 0 && strchr("LR", entry[0]), uplo = length > 1 && strchr("UL", entry[1]);
    if (length == 2 && side && uplo)
        return BENCH_SHAPE_SIDE_UPLO;
    if (length == 2 && strchr("UL", entry[0]) && strchr("NTC", entry[1]))
        return BENCH_SHAPE_UPLO_TRANS;
    if (length == 4 && side && uplo && strchr("NTC", entry[2]) && strchr("NU", entry[3]))
        return BENCH_SHAPE_TRIANGULAR;
    return BENCH_SHAPE_NONE;
}

static int options_item(struct bench_options *o, char *token)
{
    size_t length = strlen(token);
    if (length > 4 || o->option_count == BENCH_MAX_OPTIONS)
        return 0;
    for (size_t i = 0; i <= length; i++)
        o->options[o->option_count][i] = token[i] >= 'a' ? (char)(token[i] - 'a' + 'A') : token[i];
    if (bench_option_shape(o->options[o->option_count]) == BENCH_SHAPE_NONE)
        return 0;
    o->option_count++;
    return 1;
}

const char *const bench_mode_names[BENCH_MODE_COUNT] = {"cpu", "device", "auto", "hybrid"};

static int mode_item(struct bench_options *o, char *token)
{
    for (int i = 0; i < BENCH_MODE_COUNT; i++)
        if (strcmp(token, bench_mode_names[i]) == 0 && !(o->modes & 1u << i)) {
            o->modes |= 1u << i;
            return 1;
        }
    return 0;
}

/* The names --routine accepts, for routine_item. */
static const char *const *routine_names;
static int routine_name_count;

static int routine_item(struct bench_options *o, char *token)
{
    for (int i = 0; i < routine_name_count; i++) {
        if (strcmp(token, routine_names[i]) != 0)
            continue;
        for (int r = 0; r < o->routine_count; r++)
            if (o->routines[r] == i)
                return 0;
        if (o->routine_count == BENCH_MAX_ROUTINES)
            return 0;
        o->routines[o->routine_count++] = i;
        return 1;
    }
    return 0;
}

/* N, or MxNxK: whole numbers of at least 1, nothing else. */
static int size_item(struct bench_options *o, char *token)
{
    long d[3];
    int count = 0;
    const char *next = token;
    for (;;) {
        char *end;
        if (*next < '0' || *next > '9') /* no sign, no blank, no empty part */
            return 0;
        d[count++] = strtol(next, &end, 10);
        if (d[count - 1] < 1 || d[count - 1] > BENCH_MAX_DIMENSION)
            return 0;
        next = end;
        if (count == 3 || (*next != 'x' && *next != 'X'))
            break;
        next++;
    }
    if (*next || count == 2 || o->size_count == BENCH_MAX_SIZES)
        return 0;
    if (count == 1)
        d[1] = d[2] = d[0];
    o->sizes[o->size_count++] = (struct bench_shape){(int)d[0], (int)d[1], (int)d[2]};
    return 1;
}

/* "gemm, symm, ..." for a message. */
static const char *known_routines(const char *const *routines, int routine_count)
{
    static char list[256];
    list[0] = '\0';
    for (int i = 0; i < routine_count; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                 routines[i]);
    return list;
}

static int bad_option(const char *format, ...) __attribute__((format(printf, 1, 2)));
static int bad_option(const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    fputs("blasroute-bench: ", stderr);
    vfprintf(stderr, format, arguments);
    fputs("\nTry 'blasroute-bench --help'.\n", stderr);
    va_end(arguments);
    return 2;
}

int bench_parse_options(int argc, char **argv, const char *const *routines, int routine_count,
                        struct bench_options *o)
{
    enum { ROUTINE = 256, PRECISION, SIZES, FROM, TO, STEP, TRANS, OPTIONS, REPEAT, ROUNDS, PAUSE,
           BETA, CSV, NO_CPU, NO_DEVICE, NO_CLBLAST, NO_NVBLAS, BUILTIN_PARAMS, MODES, PLOT, REPLOT,
           HELP };
    static const struct option long_options[] = {
        {"routine", required_argument, NULL, ROUTINE},
        {"precision", required_argument, NULL, PRECISION},
        {"sizes", required_argument, NULL, SIZES},
        {"from", required_argument, NULL, FROM},
        {"to", required_argument, NULL, TO},
        {"step-factor", required_argument, NULL, STEP},
        {"trans", required_argument, NULL, TRANS},
        {"options", required_argument, NULL, OPTIONS},
        {"repeat", required_argument, NULL, REPEAT},
        {"rounds", required_argument, NULL, ROUNDS},
        {"pause", required_argument, NULL, PAUSE},
        {"beta", required_argument, NULL, BETA},
        {"csv", no_argument, NULL, CSV},
        {"no-cpu", no_argument, NULL, NO_CPU},
        {"no-device", no_argument, NULL, NO_DEVICE},
        {"no-clblast", no_argument, NULL, NO_CLBLAST},
        {"no-nvblas", no_argument, NULL, NO_NVBLAS},
        {"builtin-params", no_argument, NULL, BUILTIN_PARAMS},
        {"modes", required_argument, NULL, MODES},
        {"plot", required_argument, NULL, PLOT},
        {"replot", required_argument, NULL, REPLOT},
        {"help", no_argument, NULL, HELP},
        {NULL, 0, NULL, 0}};
    const char *precision = "s,d", *sizes = NULL, *trans = "NN", *routine = NULL;
    const char *options = NULL, *modes = NULL;
    long from = 0, to = 0;
    double step = 2;
    int option;
    o->repeat = 3;
    o->rounds = 1;
    o->beta = 0.5;
    routine_names = routines, routine_name_count = routine_count;
    opterr = 0; /* our own messages, one style */
    while ((option = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
        char *end;
        switch (option) {
        case ROUTINE: routine = optarg; break;
        case OPTIONS: options = optarg; break;
        case PRECISION: precision = optarg; break;
        case SIZES: sizes = optarg; break;
        case TRANS: trans = optarg; break;
        case FROM:
            if ((from = parse_number(optarg, 1, BENCH_MAX_DIMENSION)) < 0)
                return bad_option("--from: expected a size of at least 1");
            break;
        case TO:
            if ((to = parse_number(optarg, 1, BENCH_MAX_DIMENSION)) < 0)
                return bad_option("--to: expected a size of at least 1");
            break;
        case STEP:
            step = strtod(optarg, &end);
            if (end == optarg || *end || !(step > 1 && step <= 1024))
                return bad_option("--step-factor: expected a number greater than 1");
            break;
        case PAUSE:
            if ((o->pause_ms = (int)parse_number(optarg, 0, 100000)) < 0)
                return bad_option("--pause: expected a whole number of milliseconds");
            break;
        case BETA:
            o->beta = strtod(optarg, &end);
            if (end == optarg || *end || !(fabs(o->beta) <= 1e6))
                return bad_option("--beta: expected a real number");
            break;
        case REPEAT:
            if ((o->repeat = (int)parse_number(optarg, 1, 1000000)) < 0)
                return bad_option("--repeat: expected a whole number of at least 1");
            break;
        case ROUNDS:
            if ((o->rounds = (int)parse_number(optarg, 1, 1000)) < 0)
                return bad_option("--rounds: expected a whole number from 1 to 1000");
            break;
        case CSV: o->csv = 1; break;
        case NO_CPU: o->no_cpu = 1; break;
        case NO_DEVICE: o->no_device = 1; break;
        case NO_CLBLAST: o->no_clblast = 1; break;
        case NO_NVBLAS: o->no_nvblas = 1; break;
        case BUILTIN_PARAMS: o->builtin_params = 1; break;
        case MODES: modes = optarg; break;
        case PLOT: o->plot = optarg; break;
        case REPLOT: o->replot = optarg; break;
        case HELP: usage(); return -1;
        case ':': return bad_option("%s needs a value", argv[optind - 1]);
        default: return bad_option("unknown option %s", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return bad_option("unexpected argument %s", argv[optind]);
    if (!routine || strcmp(routine, "all") == 0) {
        for (int i = 0; i < (routine ? routine_count : 1); i++)
            o->routines[o->routine_count++] = i;
    } else if (!each_item(routine, o, routine_item)) {
        return bad_option("--routine: expected all or a comma list of %s, each once",
                          known_routines(routines, routine_count));
    }
    if (options && !each_item(options, o, options_item))
        return bad_option("--options: expected a comma list of SIDE UPLO (LU, LL, RU, RL), "
                          "UPLO TRANS (UN, UT, UC, LN, LT, LC) or SIDE UPLO TRANSA DIAG (LUNN, "
                          "RLTU, ...); gemm takes --trans");
    if (modes && !each_item(modes, o, mode_item))
        return bad_option("--modes: expected a comma list of cpu, device, auto, hybrid, each once");
    if (modes && o->no_device)
        return bad_option("--modes and --no-device cannot be used together");
    if (!each_item(precision, o, precision_item))
        return bad_option("--precision: expected a comma list of s, d, c, z");
    if (!each_item(trans, o, trans_item))
        return bad_option("--trans: expected a comma list of NN, NT, TN, TT (C for complex)");
    if (sizes && (from || to))
        return bad_option("--sizes and --from/--to cannot be used together");
    if (!from != !to || from > to)
        return bad_option("--from and --to go together, with --from <= --to");
    if (from) {
        for (double n = (double)from; n <= (double)to; n = fmax(n + 1, round(n * step))) {
            if (o->size_count == BENCH_MAX_SIZES)
                return bad_option("--from/--to/--step-factor: too many sizes");
            o->sizes[o->size_count++] = (struct bench_shape){(int)n, (int)n, (int)n};
        }
    } else if (!each_item(sizes ? sizes : "256,512,1024", o, size_item)) {
        return bad_option("--sizes: expected a comma list of N or MxNxK (at least 1 each)");
    }
    return 0;
}
