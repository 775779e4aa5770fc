/* blasroute-info --env: every BLASROUTE_* variable, from one table (the README's Environment
 * table in short: keep the two saying the same). */
#ifndef BLASROUTE_TOOLS_INFO_ENV_H
#define BLASROUTE_TOOLS_INFO_ENV_H

/* Prints each variable's accepted values, default, effect and value in this environment. */
void br_info_print_env(void);

#endif
