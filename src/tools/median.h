/* The median of a tool's measurements (blasroute-bench, blasroute-tune). */
#ifndef BLASROUTE_TOOLS_MEDIAN_H
#define BLASROUTE_TOOLS_MEDIAN_H

/* The median of values[0 .. count - 1], which it sorts (the mean of the middle two for an even
 * count); NaN for none. */
double tool_median(double *values, int count);

#endif
