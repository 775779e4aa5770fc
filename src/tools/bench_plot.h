/* blasroute-bench --plot FILE.png: GFLOP/s against the order (the cube root of m n k), log
 * scales, one line per routine and column measured, the cost model's predicted CPU and device
 * rates dashed, and each routine's crossovers marked: measured (the order from which the
 * device's end-to-end column beats the CPU BLAS's up to the largest order) and predicted (the
 * same with the predictions). Drawn by gnuplot (Debian: gnuplot-nox), an optional run-time
 * dependency: without it, the data file is written and a message says what to install. */
#ifndef BLASROUTE_TOOLS_BENCH_PLOT_H
#define BLASROUTE_TOOLS_BENCH_PLOT_H

#include <stddef.h>

enum { BENCH_PLOT_MAX_COLUMNS = 16 };

/* One measured problem of a series ("dgemm NN"): its order, its rates (NaN where not
 * measured) in the bench's columns, and the predicted CPU and device rates (NaN: none). */
void bench_plot_add(const char *series, double order, const double *rates, int columns,
                    double predicted_cpu, double predicted_device);

/* Writes FILE.dat and draws FILE with gnuplot: `titles` and `shown` name the columns; the
 * measured crossover compares "cpu" with the device's end to end ("br-e2e", else "br-device",
 * else "br-auto"). 0 when drawn; otherwise -1 with why (the data file is still there when it
 * could be written). */
int bench_plot_write(const char *png, const char *const *titles, const int *shown, char *why,
                     size_t why_size);

/* --replot FILE: draws FILE again from FILE.dat, as --plot wrote it (on a machine with gnuplot,
 * from a run on one without: GPU servers often lack it). 0 when drawn, else -1 with why. */
int bench_plot_redraw(const char *png, char *why, size_t why_size);

#endif
