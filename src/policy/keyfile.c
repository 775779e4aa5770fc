#include "policy/keyfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

char *br_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

static int add(struct br_keyfile *file, const char *section, const char *key, const char *value,
               int line)
{
    if (file->count % 64 == 0) {
        struct br_key_entry *more =
            realloc(file->entries, (size_t)(file->count + 64) * sizeof *more);
        if (!more)
            return -1;
        file->entries = more;
    }
    struct br_key_entry *e = &file->entries[file->count++];
    snprintf(e->section, sizeof e->section, "%s", section);
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->value, sizeof e->value, "%s", value);
    e->line = line;
    return 0;
}

int br_keyfile_parse(const char *name, const char *text, struct br_keyfile *file)
{
    return br_keyfile_parse_section(name, text, NULL, file);
}

int br_keyfile_parse_section(const char *name, const char *text, const char *only,
                             struct br_keyfile *file)
{
    memset(file, 0, sizeof *file);
    snprintf(file->path, sizeof file->path, "%s", name);
    char section[64] = "";
    int line_number = 0;
    while (*text) {
        size_t length = strcspn(text, "\n");
        char buffer[512];
        line_number++;
        int too_long = length >= sizeof buffer;
        if (!too_long) {
            memcpy(buffer, text, length);
            buffer[length] = 0;
        }
        text += length + (text[length] == '\n');
        if (too_long) {
            br_warn("%s:%d: line too long; file ignored", name, line_number);
            br_keyfile_free(file);
            return -2;
        }
        char *hash = strchr(buffer, '#');
        if (hash)
            *hash = 0;
        char *line = br_trim(buffer);
        if (!*line)
            continue;
        if (*line == '[') {
            char *end = strchr(line, ']');
            if (!end || end[1] || end - line - 1 >= (long)sizeof section || end == line + 1) {
                br_warn("%s:%d: malformed section header '%s'; file ignored", name, line_number,
                        line);
                br_keyfile_free(file);
                return -2;
            }
            *end = 0;
            snprintf(section, sizeof section, "%s", br_trim(line + 1));
            continue;
        }
        char *equals = strchr(line, '=');
        if (!equals) {
            br_warn("%s:%d: expected 'key = value', found '%s'; file ignored", name, line_number,
                    line);
            br_keyfile_free(file);
            return -2;
        }
        *equals = 0;
        char *key = br_trim(line), *value = br_trim(equals + 1);
        if (!*key || !*value || strlen(key) >= 64 || strlen(value) >= 256) {
            br_warn("%s:%d: expected 'key = value'; file ignored", name, line_number);
            br_keyfile_free(file);
            return -2;
        }
        if ((!only || strcmp(section, only) == 0) &&
            add(file, section, key, value, line_number) != 0) {
            br_keyfile_free(file);
            return -1;
        }
    }
    return 0;
}

int br_keyfile_read(const char *path, struct br_keyfile *file)
{
    memset(file, 0, sizeof *file);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *text = NULL;
    size_t size = 0, used = 0;
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0 && used < (1u << 22)) {
        if (used + got + 1 > size) {
            size = (used + got + 1) * 2;
            char *bigger = realloc(text, size);
            if (!bigger) {
                free(text);
                fclose(f);
                return -1;
            }
            text = bigger;
        }
        memcpy(text + used, chunk, got);
        used += got;
    }
    fclose(f);
    if (!text)
        return br_keyfile_parse(path, "", file);
    text[used] = 0;
    int result = br_keyfile_parse(path, text, file);
    free(text);
    return result;
}

void br_keyfile_free(struct br_keyfile *file)
{
    free(file->entries);
    file->entries = NULL;
    file->count = 0;
}

int br_key_double(const struct br_keyfile *file, const struct br_key_entry *entry, double *value,
                  double min, double max)
{
    char *end;
    errno = 0;
    double x = strtod(entry->value, &end);
    while (isspace((unsigned char)*end))
        end++;
    if (errno || end == entry->value || *end || !(x >= min && x <= max)) {
        br_warn("%s:%d: %s = %s is not a number in [%g, %g]; using the default", file->path,
                entry->line, entry->key, entry->value, min, max);
        return -1;
    }
    *value = x;
    return 0;
}

int br_keyfile_read_cached(const char *path, const char *section, const char *key,
                           struct br_keyfile *file)
{
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != getuid())
        return -1;
    if (br_keyfile_read(path, file) != 0)
        return -1;
    const struct br_key_entry *first = file->entries;
    if (file->count > 0 && strcmp(first->section, section) == 0 &&
        strcmp(first->key, "key") == 0 &&
        strncmp(first->value, key, sizeof first->value - 1) == 0)
        return 0;
    br_keyfile_free(file);
    return -1;
}
