/* level3-rates: every Level-3 routine's device rate with its operands resident, beside GEMM's
 * at the same size, as a percentage: the check of the copy+GEMM method's promise that each
 * routine runs near GEMM speed. TRMM and TRSM count their true m*m*n (or m*n*n) flops.
 * Usage: level3-rates [N [PRECISIONS]]   (default 8192 sd; e.g. level3-rates 8192 sdcz)
 * Not installed: a development measurement, run on the GPU machine. */
#include <stdio.h>
#include <stdlib.h>

#include "blasroute.h"

enum kind { GEMM_LIKE, RANK_K, RANK_2K, TRIANGULAR };

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8192;
    const char *precisions = argc > 2 ? argv[2] : "sd";
    static const struct {
        const char *name, *options;
        enum kind kind;
    } routines[] = {
        {"gemm", "NN", GEMM_LIKE},  {"symm", "LU", GEMM_LIKE},    {"symm", "RL", GEMM_LIKE},
        {"hemm", "LU", GEMM_LIKE},  {"syrk", "UN", RANK_K},       {"syrk", "LT", RANK_K},
        {"herk", "UN", RANK_K},     {"syr2k", "UN", RANK_2K},     {"her2k", "LC", RANK_2K},
        {"trmm", "LUNN", TRIANGULAR}, {"trmm", "RLTN", TRIANGULAR},
        {"trsm", "LUNN", TRIANGULAR}, {"trsm", "LLNN", TRIANGULAR},
        {"trsm", "RUTN", TRIANGULAR}};
    char device[256] = "none";
    blasroute_device_info(NULL, NULL, device, sizeof device);
    printf("# level3-rates: device %s, n = %d, resident operands, best of 3 after a warm-up\n",
           device, n);
    for (const char *p = precisions; *p; p++) {
        double gemm = 0;
        for (size_t i = 0; i < sizeof routines / sizeof routines[0]; i++) {
            if (routines[i].name[0] == 'h' && (*p == 's' || *p == 'd'))
                continue;
            char name[16];
            snprintf(name, sizeof name, "%c%s", *p, routines[i].name);
            double seconds[2], x = n;
            if (blasroute_bench_resident(name, routines[i].options, n, n, n, 3, seconds) != 0) {
                printf("%-7s %-5s failed\n", name, routines[i].options);
                continue;
            }
            double flops = routines[i].kind == GEMM_LIKE ? 2 * x * x * x
                           : routines[i].kind == RANK_K  ? x * (x + 1) * x
                           : routines[i].kind == RANK_2K ? 2 * x * (x + 1) * x
                                                         : x * x * x;
            if (*p == 'c' || *p == 'z')
                flops *= 4;
            double rate = flops / seconds[0] * 1e-9;
            if (i == 0)
                gemm = rate;
            printf("%-7s %-5s n=%d %9.1f GFLOP/s %6.1f%% of %cgemm (%.2f ms)\n", name,
                   routines[i].options, n, rate, gemm > 0 ? 100 * rate / gemm : 0.0, *p,
                   seconds[0] * 1e3);
            fflush(stdout);
        }
    }
    return 0;
}
