/* The median of a tool's measurements (median.h). */
#include "median.h"

#include <math.h>
#include <stdlib.h>

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double tool_median(double *values, int count)
{
    if (count <= 0)
        return NAN;
    qsort(values, (size_t)count, sizeof values[0], compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}
