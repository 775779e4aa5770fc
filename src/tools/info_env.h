/* blasroute-info --env: every BLASROUTE_* variable, from one table (the README's Environment
 * table in short: keep the two saying the same). */
#ifndef BLASROUTE_TOOLS_INFO_ENV_H
#define BLASROUTE_TOOLS_INFO_ENV_H

/* Prints each variable's accepted values, default, effect and value in this environment. */
void br_info_print_env(void);

/* The same table as roff for the ENVIRONMENT section of blasroute(7) (the Makefile puts it
 * there): one tagged paragraph per variable, the test-only ones left out. */
void br_info_print_env_man(void);

#endif
