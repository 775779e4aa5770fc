#include "env.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static struct br_env settings;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

/* A 0/1 switch: also accepts the usual spellings; anything else warns and gives the default. */
static int read_switch(const char *name, int fallback)
{
    const char *value = getenv(name);
    if (!value || !value[0])
        return fallback;
    static const char *const on[] = {"1", "yes", "true", "on"};
    static const char *const off[] = {"0", "no", "false", "off"};
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
        if (strcmp(value, on[i]) == 0)
            return 1;
        if (strcmp(value, off[i]) == 0)
            return 0;
    }
    br_warn("%s=%s is not valid (accepted: 0 or 1); using %d", name, value, fallback);
    return fallback;
}

static void read_all(void)
{
    /* verbose first: the other readers may want to print through br_verbose. */
    settings.verbose = read_switch("BLASROUTE_VERBOSE", 0);
    settings.report = read_switch("BLASROUTE_REPORT", 0);
    const char *cpu_blas = getenv("BLASROUTE_CPU_BLAS");
    settings.cpu_blas = cpu_blas && cpu_blas[0] ? cpu_blas : NULL;
    settings.test_no_default_cpu_blas = read_switch("BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS", 0);
}

const struct br_env *br_env(void)
{
    pthread_once(&env_once, read_all);
    return &settings;
}
