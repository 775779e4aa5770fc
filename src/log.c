#include "log.h"

#include <stdarg.h>
#include <stdio.h>

#include "env.h"

/* One line per message, written with a single call so that lines from several threads do not
 * interleave. */
static void emit(const char *kind, const char *format, va_list args)
{
    char line[1024];
    int used = snprintf(line, sizeof line, "blasroute: %s", kind);
    if (used < 0 || (size_t)used >= sizeof line)
        return;
    vsnprintf(line + used, sizeof line - (size_t)used, format, args);
    fprintf(stderr, "%s\n", line);
}

void br_warn(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    emit("warning: ", format, args);
    va_end(args);
}

void br_verbose(const char *format, ...)
{
    if (!br_env()->verbose)
        return;
    va_list args;
    va_start(args, format);
    emit("", format, args);
    va_end(args);
}
