/* The BLASROUTE_* environment variables, read once on first use (never at load time). */
#ifndef BLASROUTE_ENV_H
#define BLASROUTE_ENV_H

struct br_env {
    const char *cpu_blas; /* BLASROUTE_CPU_BLAS: path or soname, NULL for the defaults */
    int verbose;          /* BLASROUTE_VERBOSE=1: say what is done, on stderr */
    int report;           /* BLASROUTE_REPORT=1: a per-routine summary on stderr at exit */
    /* Test-only hooks (documented as such): fault injection for the test suite. */
    int test_no_default_cpu_blas; /* BLASROUTE_TEST_NO_DEFAULT_CPU_BLAS=1: try no default */
};

/* The parsed settings. An invalid value gives one warning naming the variable and the accepted
 * values, and the default is used. */
const struct br_env *br_env(void);

#endif
