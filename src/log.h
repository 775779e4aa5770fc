/* Messages to the user: always on stderr, never on stdout (stdout belongs to the host program). */
#ifndef BLASROUTE_LOG_H
#define BLASROUTE_LOG_H

/* A problem the user should know about (bad setting, fallback taken): always printed. */
void br_warn(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* What blasroute is doing, printed only with BLASROUTE_VERBOSE=1. */
void br_verbose(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
