/* blasroute-prepare: the helper that gets the device ready for a program's next run (prepare.h),
 * started by blasroute itself, not by users: opens the devices as the program would (its
 * environment is the program's, LD_PRELOAD aside), keeps what the opening took, and compiles
 * each device's programs into blasroute's cache at idle priority. Exit status 0 if a device
 * opened, 1 otherwise. */
#include <signal.h>
#include <unistd.h>

#include "env.h"
#include "prepare.h"

int main(void)
{
    /* Started with every signal blocked (prepare.c): its own from here on. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (br_env()->test_prepare_delay > 0)
        sleep((unsigned)br_env()->test_prepare_delay);
    return br_prepare_run_helper() == 0 ? 0 : 1;
}
