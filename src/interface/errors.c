/* XERBLA, XERBLA_ARRAY, CBLAS_XERBLA and LSAME, written to behave as Debian's reference BLAS
 * 3.11 (whose XERBLA is the C one of Netlib CBLAS): XERBLA reports on stderr and returns, unless a
 * CBLAS call is under way, in which case it hands over to CBLAS_XERBLA, which reports and exits.
 * Nothing here ever writes to stdout. */
#include "interface/errors.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

BR_EXPORT int RowMajorStrg = 0;
BR_EXPORT int CBLAS_CallFromC = 0;

/* The routine name a Fortran caller passed: its hidden length when that is plausible (a C
 * caller may pass none, leaving garbage), stopped at a NUL, without trailing blanks. */
static int name_length(const char *name, size_t given)
{
    size_t length = strnlen(name, given >= 1 && given <= 64 ? given : 32);
    while (length > 0 && name[length - 1] == ' ')
        length--;
    return (int)length;
}

BR_EXPORT __attribute__((weak)) void xerbla_(const char *name, const blas_int *info,
                                             size_t name_given)
{
    int length = name_length(name, name_given);
    if (CBLAS_CallFromC) {
        char routine[48] = "cblas_";
        for (int i = 0; i < length && i < 32; i++) {
            char c = name[i];
            routine[6 + i] = (c >= 'A' && c <= 'Z') ? (char)(c + ('a' - 'A')) : c;
        }
        cblas_xerbla(*info + 1, routine, "");
        return;
    }
    fprintf(stderr, "Parameter %lld to routine %.*s was incorrect\n", (long long)*info, length,
            name);
}

BR_EXPORT void xerbla_array_(const char *name_array, const blas_int *name_length_given,
                             const blas_int *info, size_t element_length)
{
    (void)element_length;
    char name[32];
    memset(name, ' ', sizeof name);
    blas_int length = *name_length_given;
    if (length > (blas_int)sizeof name)
        length = (blas_int)sizeof name;
    for (blas_int i = 0; i < length; i++)
        name[i] = name_array[i];
    xerbla_(name, info, sizeof name);
}

/* The reference exchanges some parameter numbers for row-major calls, whose operands it swapped
 * before its Fortran routine numbered them. */
static blas_int row_major_position(blas_int info, const char *routine)
{
    struct swap {
        const char *routine_part;
        blas_int a, b;
    };
    static const struct swap swaps[] = {
        {"gemm", 4, 5}, {"gemm", 9, 11}, {"symm", 4, 5}, {"hemm", 4, 5}, {"trmm", 6, 7},
        {"trsm", 6, 7}, {"gemv", 3, 4}, {"gbmv", 3, 4}, {"gbmv", 5, 6}, {"ger", 2, 3},
        {"ger", 6, 8},
    };
    for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++) {
        if (!strstr(routine, swaps[i].routine_part))
            continue;
        if (info == swaps[i].a)
            return swaps[i].b;
        if (info == swaps[i].b)
            return swaps[i].a;
    }
    /* her2 and hpr2, but not her2k */
    if ((strstr(routine, "her2") || strstr(routine, "hpr2")) && !strstr(routine, "her2k")) {
        if (info == 6)
            return 8;
        if (info == 8)
            return 6;
    }
    return info;
}

BR_EXPORT __attribute__((weak)) void cblas_xerbla(blas_int info, const char *routine,
                                                  const char *form, ...)
{
    if (RowMajorStrg)
        info = row_major_position(info, routine);
    if (info)
        fprintf(stderr, "Parameter %lld to routine %s was incorrect\n", (long long)info, routine);
    va_list args;
    va_start(args, form);
    vfprintf(stderr, form, args);
    va_end(args);
    exit(-1);
}

void br_cblas_error(int row_major, blas_int position, const char *routine, const char *form,
                    int value)
{
    RowMajorStrg = row_major;
    CBLAS_CallFromC = 1;
    cblas_xerbla(position, routine, form, value);
    CBLAS_CallFromC = 0;
    RowMajorStrg = 0;
}

BR_EXPORT int lsame_(const char *a, const char *b, size_t a_length, size_t b_length)
{
    (void)a_length;
    (void)b_length;
    char x = *a, y = *b;
    if (x == y)
        return 1;
    if (x >= 'a' && x <= 'z')
        x = (char)(x - ('a' - 'A'));
    if (y >= 'a' && y <= 'z')
        y = (char)(y - ('a' - 'A'));
    return x == y;
}

BR_EXPORT float cblas_scabs1(const void *z)
{
    const float *parts = z;
    return fabsf(parts[0]) + fabsf(parts[1]);
}

BR_EXPORT double cblas_dcabs1(const void *z)
{
    const double *parts = z;
    return fabs(parts[0]) + fabs(parts[1]);
}
