/* TAP output for the unit tests of pure functions (decide_test, hybrid_test): a check is a
 * group of cases; fail() records a failing case (the first few printed as comments), ok()
 * closes the check with one TAP line. Header-only: each test is one program. */
#ifndef BLASROUTE_TESTS_UNIT_TAP_H
#define BLASROUTE_TESTS_UNIT_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int test_number, failed_tests;
static int check_failures; /* within the check being run */

/* One TAP comment line: the prefix, then the formatted text. */
static void comment(const char *prefix, const char *format, va_list args)
{
    fputs(prefix, stdout);
    vprintf(format, args);
    fputs("\n", stdout);
}

static void diag(const char *format, ...) __attribute__((format(printf, 1, 2), unused));
static void diag(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    comment("# ", format, args);
    va_end(args);
}

static void fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *format, ...)
{
    if (check_failures++ < 8) {
        va_list args;
        va_start(args, format);
        comment("#   ", format, args);
        va_end(args);
    }
}

static void ok(const char *description)
{
    test_number++;
    if (check_failures) {
        failed_tests++;
        printf("not ok %d - %s (%d failing cases)\n", test_number, description, check_failures);
    } else {
        printf("ok %d - %s\n", test_number, description);
    }
    fflush(stdout);
    check_failures = 0;
}

#endif
