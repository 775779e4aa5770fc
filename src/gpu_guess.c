/* Which GPU a machine has, known without opening any driver (why: gpu_guess.h). */
#include "gpu_guess.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "policy/keyfile.h"

static const char NVIDIA_GPUS[] = "/proc/driver/nvidia/gpus";

int br_gpu_guess_parse(const char *information, char *name, size_t name_size)
{
    for (const char *line = information; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        if (length > 6 && strncmp(line, "Model:", 6) == 0) {
            char value[256];
            snprintf(value, sizeof value, "%.*s", (int)(length - 6), line + 6);
            const char *model = br_trim(value);
            if (!*model)
                return -1;
            snprintf(name, name_size, "%s", model);
            return 0;
        }
        line = end ? end + 1 : NULL;
    }
    return -1;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static const char *listing(void)
{
    const char *dir = br_env()->test_nvidia_proc;
    return dir ? dir : NVIDIA_GPUS;
}

int br_gpu_guess_listed(void)
{
    return access(listing(), F_OK) == 0;
}

int br_gpu_guess(char *vendor, size_t vendor_size, char *name, size_t name_size)
{
    const char *dir = listing();
    struct dirent **buses = NULL;
    int count = scandir(dir, &buses, NULL, by_name); /* bus order: the driver's device order */
    int found = -1;
    for (int i = 0; i < count; i++) {
        if (found != 0 && buses[i]->d_name[0] != '.') {
            char path[4096], text[4096];
            snprintf(path, sizeof path, "%s/%s/information", dir, buses[i]->d_name);
            FILE *f = fopen(path, "r");
            if (f) {
                size_t got = fread(text, 1, sizeof text - 1, f);
                text[got] = 0;
                fclose(f);
                found = br_gpu_guess_parse(text, name, name_size);
            }
        }
        free(buses[i]);
    }
    free(buses);
    if (found == 0)
        snprintf(vendor, vendor_size, "%s", "NVIDIA Corporation");
    return found;
}
