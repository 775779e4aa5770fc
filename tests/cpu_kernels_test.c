/* The CPU BLAS's kernels against the CPU (src/cpu_kernels.h): which OPENBLAS_CORETYPE is advised
 * for each of OpenBLAS's core names on each instruction set, and the line describing them. */
#include <stdio.h>
#include <string.h>

#include "cpu_kernels.h"
#include "unit_tap.h"

static const char *named; /* what the stand-in corename() returns */
static char *stand_in_corename(void) { return (char *)named; }

static void expect(const char *core, enum br_isa isa, const char *want)
{
    const char *got = br_cpu_kernels_advice(core, isa);
    if (!got != !want || (got && strcmp(got, want) != 0))
        fail("%s on %s: advised %s, want %s", core ? core : "(null)", br_isa_name(isa),
             got ? got : "none", want ? want : "none");
}

int main(void)
{
    printf("1..3\n");
    /* Older kernels than the CPU's: the CPU's own advised, whatever the name's case. */
    expect("Prescott", BR_ISA_AVX512, "SkylakeX");
    expect("prescott", BR_ISA_AVX2, "Haswell");
    expect("Nehalem", BR_ISA_AVX, "Sandybridge");
    expect("Sandybridge", BR_ISA_AVX2, "Haswell");
    expect("Haswell", BR_ISA_AVX512, "SkylakeX");
    expect("Zen", BR_ISA_AVX512, "SkylakeX");
    expect("Bulldozer", BR_ISA_AVX2, "Haswell");
    ok("kernels older than the CPU's instruction set: the CPU's own OPENBLAS_CORETYPE advised");

    /* Kernels that suit the CPU, newer than it, or unknown: nothing claimed. */
    expect("SkylakeX", BR_ISA_AVX512, NULL);
    expect("Cooperlake", BR_ISA_AVX512, NULL);
    expect("Haswell", BR_ISA_AVX2, NULL);
    expect("Zen", BR_ISA_AVX2, NULL);
    expect("Excavator", BR_ISA_AVX2, NULL);
    expect("SkylakeX", BR_ISA_AVX2, NULL);
    expect("Prescott", BR_ISA_SSE, NULL);
    expect("NeoverseN1", BR_ISA_AVX512, NULL);
    expect("", BR_ISA_AVX512, NULL);
    expect(NULL, BR_ISA_AVX512, NULL);
    ok("kernels that suit the CPU, or that the table does not know: no advice");

    /* The line: the name alone, or with the advice for this CPU; none without a name. */
    char line[256];
    enum br_isa isa = br_cpu_isa();
    const char *advice = br_cpu_kernels_advice("Prescott", isa);
    named = "Prescott";
    int status = br_cpu_kernels_describe(stand_in_corename, line, sizeof line);
    if (status != 0 || strncmp(line, "Prescott", 8) != 0)
        fail("Prescott described as \"%s\" (status %d)", line, status);
    if (advice && (!strstr(line, "OPENBLAS_CORETYPE=") || !strstr(line, advice) ||
                   !strstr(line, br_isa_name(isa))))
        fail("on this %s CPU the line \"%s\" does not advise %s", br_isa_name(isa), line, advice);
    if (!advice && strcmp(line, "Prescott") != 0)
        fail("on this %s CPU the line \"%s\" advises something", br_isa_name(isa), line);
    named = "SkylakeX";
    if (br_cpu_kernels_describe(stand_in_corename, line, sizeof line) != 0 ||
        (isa <= BR_ISA_AVX512 && strcmp(line, "SkylakeX") != 0))
        fail("SkylakeX described as \"%s\"", line);
    named = "";
    if (br_cpu_kernels_describe(stand_in_corename, line, sizeof line) != -1 || line[0])
        fail("an empty name described as \"%s\"", line);
    if (br_cpu_kernels_describe(NULL, line, sizeof line) != -1 || line[0])
        fail("no corename function described as \"%s\"", line);
    ok("the line names the kernels, with the advice for this CPU where there is one");
    return failed_tests != 0;
}
