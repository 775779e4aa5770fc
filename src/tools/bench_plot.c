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

/* Column c's place among the columns drawn, from 1: its point type, and its colour with one
 * routine (the same in a --replot, whose data file has the drawn columns alone). */
static int place(const int *shown, int c)
{
    int k = 1;
    for (int i = 0; i < c; i++)
        k += shown[i] != 0;
    return k;
}

/* A line's colour: its series' where there are several (each routine in its own colour, its
 * columns told apart by their points), else its column's (one routine: the paths in colours,
 * each prediction in the colour of the path it predicts). */
static int color(int series, int s, const int *shown, int column)
{
    return series > 1 ? s + 1 : place(shown, column);
}

/* A finite value, or NaN as gnuplot's missing mark. */
static void value(FILE *f, double x)
{
    if (isfinite(x) && x > 0)
        fprintf(f, " %.6g", x);
    else
        fprintf(f, " NaN");
}

/* The shown column of a title, or -1. */
static int shown_column(const char *const *titles, const int *shown, const char *title)
{
    for (int c = 0; c < column_count; c++)
        if (shown[c] && strcmp(titles[c], title) == 0)
            return c;
    return -1;
}

int bench_plot_write(const char *png, const char *const *titles, const int *shown, char *why,
                     size_t why_size)
{
    /* The columns compared for the measured crossover: the CPU BLAS's, and the device's end
     * to end (the single one, else device mode's, else auto's); the first column where one is
     * not shown (the crossover is then not measured: its rates are missing). */
    int cpu = shown_column(titles, shown, "cpu"), device = shown_column(titles, shown, "br-e2e");
    if (device < 0)
        device = shown_column(titles, shown, "br-device");
    if (device < 0)
        device = shown_column(titles, shown, "br-auto");
    cpu = cpu < 0 ? 0 : cpu;
    device = device < 0 ? 0 : device;
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
                    measured, measured, color(series, s, shown, device), name, measured, measured,
                    0.05 + 0.3 * (s % 3));
        if (isfinite(predicted))
            fprintf(g, "set arrow from %g, graph 0 to %g, graph 1 nohead lc %d dt 2\n"
                       "set label '%s predicted %.0f' at %g, graph %.2f rotate by 90 offset 1,0\n",
                    predicted, predicted, color(series, s, shown, device), name, predicted, predicted,
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
                    first ? "" : ", \\\n     ", data, s, field++, color(series, s, shown, c),
                    place(shown, c), name, titles[c]);
            first = 0;
        }
        fprintf(g, ", \\\n     '%s' index %d using 1:%d with lines lc %d dt 2 title '%s "
                   "predicted CPU', \\\n     '%s' index %d using 1:%d with lines lc %d dt 3 "
                   "title '%s predicted device'",
                data, s, field, color(series, s, shown, cpu), name, data, s, field + 1,
                color(series, s, shown, device), name);
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

/* --- --replot: the points again from a data file bench_plot_write wrote ----------------- */

/* The column titles of the data file read (one header serves: every series has the bench's
 * same columns). */
static char read_titles[BENCH_PLOT_MAX_COLUMNS][32];

/* One header line, "# SERIES: order TITLE... predicted-cpu predicted-device": the series'
 * name into `series`, the titles into read_titles; the number of columns, or -1. */
static int read_header(char *line, char *series, size_t series_size)
{
    char *colon = strstr(line, ": order ");
    if (strncmp(line, "# ", 2) != 0 || !colon)
        return -1;
    snprintf(series, series_size, "%.*s", (int)(colon - line - 2), line + 2);
    char *titles[BENCH_PLOT_MAX_COLUMNS + 2];
    int count = 0;
    for (char *t = strtok(colon + strlen(": order "), " \n"); t; t = strtok(NULL, " \n")) {
        if (count == BENCH_PLOT_MAX_COLUMNS + 2)
            return -1;
        titles[count++] = t;
    }
    if (count < 3 || strcmp(titles[count - 2], "predicted-cpu") != 0 ||
        strcmp(titles[count - 1], "predicted-device") != 0)
        return -1;
    for (int c = 0; c < count - 2; c++)
        snprintf(read_titles[c], sizeof read_titles[c], "%s", titles[c]);
    return count - 2;
}

int bench_plot_redraw(const char *png, char *why, size_t why_size)
{
    char data[4096], line[4096], series[SERIES_NAME] = "";
    snprintf(data, sizeof data, "%s.dat", png);
    FILE *f = fopen(data, "r");
    if (!f) {
        snprintf(why, why_size, "cannot read %s (the data --plot keeps)", data);
        return -1;
    }
    int columns = -1, bad = 0;
    while (!bad && fgets(line, sizeof line, f)) {
        if (line[0] == '#') {
            int found = read_header(line, series, sizeof series);
            bad = found < 0 || (columns >= 0 && found != columns);
            columns = found;
            continue;
        }
        if (line[0] == '\n')
            continue;
        double order, rates[BENCH_PLOT_MAX_COLUMNS + 2];
        char *at = line, *end;
        order = strtod(at, &end);
        bad = columns < 0 || end == at;
        for (int c = 0; c < columns + 2 && !bad; c++) {
            at = end;
            rates[c] = strtod(at, &end); /* "NaN" reads as NaN */
            bad = end == at;
        }
        if (!bad)
            bench_plot_add(series, order, rates, columns, rates[columns], rates[columns + 1]);
    }
    fclose(f);
    if (bad || columns < 0) {
        snprintf(why, why_size, "%s is not a data file --plot wrote", data);
        return -1;
    }
    const char *titles[BENCH_PLOT_MAX_COLUMNS];
    int shown[BENCH_PLOT_MAX_COLUMNS];
    for (int c = 0; c < columns; c++) {
        titles[c] = read_titles[c];
        shown[c] = 1;
    }
    return bench_plot_write(png, titles, shown, why, why_size);
}
