/* Text files embedded in the library at build time by scripts/embed-files: the OpenCL kernels
 * (kernels/) and the shipped device profiles (profiles/). */
#ifndef BLASROUTE_EMBEDDED_H
#define BLASROUTE_EMBEDDED_H

#include <stddef.h>

struct br_embedded_file {
    const char *name; /* the file's name, e.g. "gemm.cl" */
    const char *text; /* its bytes, NUL-terminated */
    size_t size;      /* without the terminating NUL */
};

extern const struct br_embedded_file br_kernel_sources[];
extern const int br_kernel_sources_count;
extern const struct br_embedded_file br_profile_files[];
extern const int br_profile_files_count;

#endif
