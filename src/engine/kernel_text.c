/* Assembles a program's text from whole .cl files: embedded, or from BLASROUTE_KERNEL_DIR. */
#include "engine/kernel_sources.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "log.h"

static char *read_file(const char *dir, const char *name, size_t *size)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return NULL;
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    char *text = NULL;
    long length = -1;
    if (fseek(file, 0, SEEK_END) == 0 && (length = ftell(file)) >= 0 &&
        fseek(file, 0, SEEK_SET) == 0 && (text = malloc((size_t)length + 1)) != NULL &&
        fread(text, 1, (size_t)length, file) == (size_t)length) {
        text[length] = 0;
        *size = (size_t)length;
    } else {
        free(text);
        text = NULL;
    }
    fclose(file);
    return text;
}

static const struct br_embedded_file *embedded(const char *name)
{
    for (int i = 0; i < br_kernel_sources_count; i++)
        if (strcmp(br_kernel_sources[i].name, name) == 0)
            return &br_kernel_sources[i];
    return NULL;
}

char *br_kernel_program_text(const char *const *files, int count)
{
    const char *dir = br_env()->kernel_dir;
    char *parts[16] = {0};
    size_t sizes[16] = {0}, total = 1;
    int ok = count <= 16;
    for (int f = 0; ok && f < count; f++) {
        if (dir) {
            parts[f] = read_file(dir, files[f], &sizes[f]);
            static atomic_int warned;
            if (!parts[f] && !atomic_exchange(&warned, 1))
                br_warn("BLASROUTE_KERNEL_DIR=%s: cannot read %s; the device is not used for "
                        "what needs it", dir, files[f]);
        } else {
            const struct br_embedded_file *source = embedded(files[f]);
            if (source && (parts[f] = malloc(source->size + 1)) != NULL) {
                memcpy(parts[f], source->text, source->size + 1);
                sizes[f] = source->size;
            }
        }
        ok = parts[f] != NULL;
        total += sizes[f] + 1;
    }
    char *text = ok ? malloc(total) : NULL;
    if (text) {
        size_t used = 0;
        for (int f = 0; f < count; f++) {
            memcpy(text + used, parts[f], sizes[f]);
            used += sizes[f];
            text[used++] = '\n';
        }
        text[used] = 0;
    }
    for (int f = 0; f < count; f++)
        free(parts[f]);
    return text;
}
