/* NVBLAS for blasroute-bench (why and how: bench_nvblas.h). */
#include "bench_nvblas.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_routines.h"

static char loaded_path[4096];
static char config_path[4096]; /* written here, removed at close */

/* A configuration for NVBLAS where the environment gives none. */
static int write_config(const char *cpu_blas, char *why, size_t why_size)
{
    const char *dir = getenv("TMPDIR");
    snprintf(config_path, sizeof config_path, "%s/blasroute-bench-nvblas-XXXXXX",
             dir && *dir ? dir : "/tmp");
    int fd = mkstemp(config_path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(why, why_size, "cannot write its configuration file %s", config_path);
        if (fd >= 0)
            close(fd);
        config_path[0] = 0;
        return -1;
    }
    /* NVIDIA's own example settings, so that the rival runs at its best: its tile of 2048 and
     * the host arrays pinned as it goes (without, its DGEMM of 8192 from host arrays ran at 0.7
     * to 1.0 TFLOP/s on the H200's host, 2026-11-26, a third of what it is credited with). */
    fprintf(f, "# written by blasroute-bench for this run\nNVBLAS_CPU_BLAS_LIB %s\n"
               "NVBLAS_GPU_LIST 0\nNVBLAS_TILE_DIM 2048\nNVBLAS_AUTOPIN_MEM_ENABLED\n",
            cpu_blas);
    fclose(f);
    setenv("NVBLAS_CONFIG_FILE", config_path, 1);
    return 0;
}

int bench_nvblas_open(const char *cpu_blas, char *why, size_t why_size)
{
    const char *asked = getenv("BLASROUTE_BENCH_NVBLAS");
    const char *candidates[] = {asked, "libnvblas.so.13", "libnvblas.so"};
    if (!getenv("NVBLAS_CONFIG_FILE") && write_config(cpu_blas, why, why_size) != 0)
        return -1;
    void *handle = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && !handle; i++)
        if (candidates[i] && *candidates[i] && (i == 0 || !asked))
            handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(why, why_size, "%s cannot be loaded (BLASROUTE_BENCH_NVBLAS names it)",
                 asked ? asked : "libnvblas.so.13");
        return -1;
    }
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map)
        snprintf(loaded_path, sizeof loaded_path, "%s", map->l_name);
    char missing[8];
    if (bench_bind_entries(handle, BENCH_NVBLAS, missing) != 0) {
        snprintf(why, why_size, "it has no %s", missing);
        return -1;
    }
    return 0;
}

const char *bench_nvblas_path(void)
{
    return loaded_path[0] ? loaded_path : NULL;
}

void bench_nvblas_close(void)
{
    if (config_path[0])
        unlink(config_path);
    config_path[0] = 0;
}
