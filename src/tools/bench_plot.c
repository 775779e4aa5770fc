/* blasroute-bench --plot (bench_plot.h). */
#include "bench_plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

enum { MAX_POINTS = 4096, SERIES_NAME = 32 };

/* A point's rates: the bench's columns, then the two predictions. */
enum { PREDICTED_CPU = BENCH_PLOT_MAX_COLUMNS, PREDICTED_DEVICE, RATES };
static struct point {
    char series[SERIES_NAME];
    double order, rates[RATES];
} points[MAX_POINTS];
static int point_count, column_count;

void bench_plot_add(const char *series, double order, const double *rates, int columns,
                    double predicted_cpu, double predicted_device)
{
    if (point_count >= MAX_POINTS || columns > BENCH_PLOT_MAX_COLUMNS)
        return;
    struct point *p = &points[point_count++];
    snprintf(p->series, sizeof p->series, "%s", series);
    p->order = order;
    for (int c = 0; c < columns; c++)
        p->rates[c] = rates[c];
    p->rates[PREDICTED_CPU] = predicted_cpu;
    p->rates[PREDICTED_DEVICE] = predicted_device;
    column_count = columns;
}

/* The series in the order they first came, as indices of their first point. */
static int series_firsts(int firsts[MAX_POINTS])
{
    int count = 0;
    for (int i = 0; i < point_count; i++) {
        int seen = 0;
        for (int s = 0; s < count && !seen; s++)
            seen = strcmp(points[firsts[s]].series, points[i].series) == 0;
        if (!seen)
            firsts[count++] = i;
    }
    return count;
}

/* The smallest order of a series from which rate `faster` beats rate `slower` at every larger
 * order it has; NaN when it does not at the largest. */
static double crossover(const char *series, int faster, int slower)
{
    double from = INFINITY;
    /* Down from the top: the first order where it loses ends the run. */
    for (;;) {
        const struct point *next = NULL;
        for (int i = 0; i < point_count; i++)
            if (!strcmp(points[i].series, series) && points[i].order < from &&
                (!next || points[i].order > next->order))
                next = &points[i];
        if (!next || !(next->rates[faster] > next->rates[slower]))
            return isinf(from) ? NAN : from;
        from = next->order;
    }
}

/* A finite value, or NaN as gnuplot's missing mark. */
static void value(FILE *f, double x)
{
    if (isfinite(x) && x > 0)
        fprintf(f, " %.6g", x);
    else
        fprintf(f, " NaN");
}

int bench_plot_write(const char *png, const char *const *titles, const int *shown, int cpu,
                     int device, char *why, size_t why_size)
{
    /* The columns shown that measured something: a column left out (--no-clblast, or no
     * CLBlast) has nothing to draw. */
    int drawn[BENCH_PLOT_MAX_COLUMNS] = {0};
    for (int c = 0; c < column_count; c++)
        for (int i = 0; i < point_count && shown[c] && !drawn[c]; i++)
            drawn[c] = isfinite(points[i].rates[c]) && points[i].rates[c] > 0;
    shown = drawn;
    char data[4096], script[4096];
    snprintf(data, sizeof data, "%s.dat", png);
    snprintf(script, sizeof script, "%s.gnuplot", png);
    static int firsts[MAX_POINTS];
    int series = series_firsts(firsts);
    FILE *f = fopen(data, "w");
    if (!f || point_count == 0) {
        snprintf(why, why_size, "%s", f ? "nothing was measured" : "cannot write the data file");
        if (f)
            fclose(f);
        return -1;
    }
    /* One gnuplot data block per series: order, each column, the two predictions. */
    for (int s = 0; s < series; s++) {
        const char *name = points[firsts[s]].series;
        fprintf(f, "# %s: order", name);
        for (int c = 0; c < column_count; c++)
            if (shown[c])
                fprintf(f, " %s", titles[c]);
        fprintf(f, " predicted-cpu predicted-device\n");
        for (int i = 0; i < point_count; i++) {
            if (strcmp(points[i].series, name) != 0)
                continue;
            fprintf(f, "%.6g", points[i].order);
            for (int c = 0; c < column_count; c++)
                if (shown[c])
                    value(f, points[i].rates[c]);
            value(f, points[i].rates[PREDICTED_CPU]);
            value(f, points[i].rates[PREDICTED_DEVICE]);
            fprintf(f, "\n");
        }
        fprintf(f, "\n\n");
    }
    fclose(f);

    FILE *g = fopen(script, "w");
    if (!g) {
        snprintf(why, why_size, "cannot write %s", script);
        return -1;
    }
    fprintf(g, "set terminal pngcairo size 1200,800 noenhanced font ',10'\n"
               "set output '%s'\nset logscale xy\nset grid\nset key outside right top\n"
               "set datafile missing 'NaN'\nset xlabel 'order (cube root of m n k)'\n"
               "set ylabel 'GFLOP/s'\nset title 'blasroute-bench: measured (solid) and "
               "predicted (dashed); crossovers: measured (solid lines), predicted (dashed)'\n",
            png);
    for (int s = 0; s < series; s++) {
        const char *name = points[firsts[s]].series;
        double measured = crossover(name, device, cpu);
        double predicted = crossover(name, PREDICTED_DEVICE, PREDICTED_CPU);
        if (isfinite(measured))
            fprintf(g, "set arrow from %g, graph 0 to %g, graph 1 nohead lc %d lw 1.5\n"
                       "set label '%s measured %.0f' at %g, graph %.2f rotate by 90 offset 1,0\n",
                    measured, measured, s + 1, name, measured, measured, 0.05 + 0.3 * (s % 3));
        if (isfinite(predicted))
            fprintf(g, "set arrow from %g, graph 0 to %g, graph 1 nohead lc %d dt 2\n"
                       "set label '%s predicted %.0f' at %g, graph %.2f rotate by 90 offset 1,0\n",
                    predicted, predicted, s + 1, name, predicted, predicted,
                    0.55 + 0.3 * (s % 2) / 2);
    }
    fprintf(g, "plot ");
    int first = 1;
    for (int s = 0; s < series; s++) {
        const char *name = points[firsts[s]].series;
        int field = 2;
        for (int c = 0; c < column_count; c++) {
            if (!shown[c])
                continue;
            fprintf(g, "%s'%s' index %d using 1:%d with linespoints lc %d pt %d title '%s %s'",
                    first ? "" : ", \\\n     ", data, s, field++, s + 1, c + 1, name, titles[c]);
            first = 0;
        }
        fprintf(g, ", \\\n     '%s' index %d using 1:%d with lines lc %d dt 2 title '%s "
                   "predicted CPU', \\\n     '%s' index %d using 1:%d with lines lc %d dt 3 "
                   "title '%s predicted device'",
                data, s, field, s + 1, name, data, s, field + 1, s + 1, name);
    }
    fprintf(g, "\n");
    fclose(g);

    char command[8400];
    snprintf(command, sizeof command, "gnuplot '%s' 1>&2", script);
    if (system("command -v gnuplot > /dev/null 2>&1") != 0) {
        snprintf(why, why_size,
                 "--plot needs gnuplot, not found (Debian: apt-get install gnuplot-nox); the "
                 "data are in %s and the script in %s",
                 data, script);
        return -1;
    }
    int status = system(command);
    if (status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, why_size, "gnuplot failed on %s (exit %d)", script,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return 0;
}
