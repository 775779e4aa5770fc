#include "warmup_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/cache.h"
#include "env.h"
#include "policy/keyfile.h"

/* The file and key: the host and what chooses the devices. -1 without a cache directory. */
static int locate(char *path, size_t path_size, char *key, size_t key_size)
{
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    const char *vendors = getenv("OCL_ICD_VENDORS");
    snprintf(key, key_size, "host=%s; devices=%s; vendors=%s", host,
             br_env()->device ? br_env()->device : "", vendors ? vendors : "");
    return br_cache_file(path, path_size, "opened", key, "memo");
}

/* A value into a field, cut to its size. */
static void copy(char *to, size_t size, const char *from)
{
    size_t n = strnlen(from, size - 1);
    memcpy(to, from, n);
    to[n] = 0;
}

int br_device_memo_read(struct br_device_memo *memo)
{
    char path[1100], key[1400];
    struct br_keyfile file;
    if (locate(path, sizeof path, key, sizeof key) != 0 ||
        br_keyfile_read_cached(path, "opened", key, &file) != 0)
        return -1;
    memset(memo, 0, sizeof *memo);
    memo->open_seconds = -1;
    for (int i = 0; i < file.count; i++) {
        const struct br_key_entry *e = &file.entries[i];
        if (!strcmp(e->key, "vendor"))
            copy(memo->vendor, sizeof memo->vendor, e->value);
        else if (!strcmp(e->key, "name"))
            copy(memo->name, sizeof memo->name, e->value);
        else if (!strcmp(e->key, "type"))
            copy(memo->type, sizeof memo->type, e->value);
        else if (!strcmp(e->key, "driver"))
            copy(memo->driver, sizeof memo->driver, e->value);
        else if (!strcmp(e->key, "seconds"))
            br_key_double(&file, e, &memo->open_seconds, 0, 1000);
    }
    br_keyfile_free(&file);
    return memo->name[0] && memo->open_seconds >= 0 ? 0 : -1;
}

void br_device_memo_write(const struct br_device_memo *memo)
{
    char path[1100], key[1400], temporary[1200];
    if (locate(path, sizeof path, key, sizeof key) != 0)
        return;
    FILE *f = br_cache_file_begin(path, temporary, sizeof temporary);
    if (!f)
        return;
    fprintf(f, "# blasroute: the device opened here last, and how long opening it took.\n"
               "[opened]\nkey = %s\nvendor = %s\nname = %s\ntype = %s\ndriver = %s\n"
               "seconds = %.4f\n",
            key, memo->vendor, memo->name, memo->type, memo->driver, memo->open_seconds);
    br_cache_file_end(f, temporary, path);
}
