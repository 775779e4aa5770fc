/*
 * slow_membarrier.c - a test module put in front of a program with LD_PRELOAD (tests/
 * first_call.sh): libc's syscall() as it is, except that membarrier's registration
 * (MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) first sleeps SLOW_MEMBARRIER_SECONDS (default 2)
 * seconds. In a process that already has threads the kernel's registration waits for every
 * core to pass a scheduling point, 10 ms on the development machine; the sleep makes that wait
 * long enough to see on any machine whether a caller's BLAS call waits for it.
 */

#include <dlfcn.h>
#include <linux/membarrier.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

long syscall(long number, ...)
{
    va_list list;
    va_start(list, number);
    long a[6];
    for (int i = 0; i < 6; i++)
        a[i] = va_arg(list, long);
    va_end(list);
    static long (*real)(long, ...);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "syscall");
    if (number == SYS_membarrier && a[0] == MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) {
        const char *text = getenv("SLOW_MEMBARRIER_SECONDS");
        double seconds = text ? atof(text) : 2;
        struct timespec pause = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
        while (nanosleep(&pause, &pause) != 0)
            ;
    }
    return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
