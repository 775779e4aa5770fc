/* The CPU BLAS's kernels against the CPU (cpu_kernels.h). */
#include "cpu_kernels.h"

#include <stdio.h>
#include <strings.h>


enum br_isa br_cpu_isa(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        return BR_ISA_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return BR_ISA_AVX2;
    if (__builtin_cpu_supports("avx"))
        return BR_ISA_AVX;
#endif
    return BR_ISA_SSE;
}

const char *br_isa_name(enum br_isa isa)
{
    static const char *const names[] = {"SSE", "AVX", "AVX2", "AVX-512"};
    return names[isa];
}

/* OpenBLAS's x86-64 core names (its getarch and dynamic tables), each with the instruction
 * set its kernels need. */
static const struct {
    const char *core;
    enum br_isa isa;
} cores[] = {
    {"Katmai", BR_ISA_SSE},         {"Coppermine", BR_ISA_SSE},   {"Northwood", BR_ISA_SSE},
    {"Prescott", BR_ISA_SSE},       {"Banias", BR_ISA_SSE},       {"Yonah", BR_ISA_SSE},
    {"Core2", BR_ISA_SSE},          {"Penryn", BR_ISA_SSE},       {"Dunnington", BR_ISA_SSE},
    {"Nehalem", BR_ISA_SSE},        {"Atom", BR_ISA_SSE},         {"Opteron", BR_ISA_SSE},
    {"Opteron_SSE3", BR_ISA_SSE},   {"Barcelona", BR_ISA_SSE},    {"Nano", BR_ISA_SSE},
    {"Sandybridge", BR_ISA_AVX},    {"Bulldozer", BR_ISA_AVX},    {"Piledriver", BR_ISA_AVX},
    {"Steamroller", BR_ISA_AVX},    {"Excavator", BR_ISA_AVX2},   {"Haswell", BR_ISA_AVX2},
    {"Zen", BR_ISA_AVX2},           {"SkylakeX", BR_ISA_AVX512},  {"Cooperlake", BR_ISA_AVX512},
    {"SapphireRapids", BR_ISA_AVX512},
};

const char *br_cpu_kernels_advice(const char *core, enum br_isa isa)
{
    /* The kernels OPENBLAS_CORETYPE selects for each instruction set (none for plain SSE: the
     * fallback is that already). */
    static const char *const best[] = {NULL, "Sandybridge", "Haswell", "SkylakeX"};
    if (!core)
        return NULL;
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (strcasecmp(core, cores[i].core) == 0)
            return cores[i].isa < isa ? best[isa] : NULL;
    return NULL;
}

int br_cpu_kernels_describe(char *(*corename)(void), char *line, size_t size)
{
    const char *core = corename ? corename() : NULL;
    line[0] = 0;
    if (!core || !*core)
        return -1;
    enum br_isa isa = br_cpu_isa();
    const char *advice = br_cpu_kernels_advice(core, isa);
    if (advice)
        snprintf(line, size,
                 "%s, made for an older instruction set than this CPU's %s: "
                 "OPENBLAS_CORETYPE=%s selects kernels for it",
                 core, br_isa_name(isa), advice);
    else
        snprintf(line, size, "%s", core);
    return 0;
}
