#include "warmup_memo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/cache.h"
#include "call.h"
#include "env.h"
#include "policy/keyfile.h"

/* The host and what chooses the devices (as settings `env` say). */
static void host_key(const struct br_env *env, char *key, size_t size)
{
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    const char *vendors = getenv("OCL_ICD_VENDORS");
    snprintf(key, size, "host=%s; devices=%s; vendors=%s", host, env->device ? env->device : "",
             vendors ? vendors : "");
}

/* The file and key: the host and what chooses the devices. -1 without a cache directory. */
static int locate(const struct br_env *env, char *path, size_t path_size, char *key,
                  size_t key_size)
{
    host_key(env, key, key_size);
    return br_cache_file_for(env, path, path_size, "opened", key, "memo");
}

int br_prepare_stamp_path(char *path, size_t size)
{
    char key[1400];
    host_key(br_env(), key, sizeof key);
    return br_cache_file(path, size, "prepared", key, "stamp");
}

/* A value into a field, cut to its size. */
static void copy(char *to, size_t size, const char *from)
{
    size_t n = strnlen(from, size - 1);
    memcpy(to, from, n);
    to[n] = 0;
}

int br_device_memo_read_for(const struct br_env *env, struct br_device_memo *memo)
{
    char path[1100], key[1400];
    struct br_keyfile file;
    if (locate(env, path, sizeof path, key, sizeof key) != 0 ||
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

int br_device_memo_read(struct br_device_memo *memo)
{
    return br_device_memo_read_for(br_env(), memo);
}

/* Writes a memo file atomically at `path`: `format` with its arguments, the first of them the
 * key. Nothing without a cache directory or when the file cannot be written. */
static void write_memo(const char *path, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void write_memo(const char *path, const char *format, ...)
{
    char temporary[1200];
    FILE *f = br_cache_file_begin(path, temporary, sizeof temporary);
    if (!f)
        return;
    va_list args;
    va_start(args, format);
    vfprintf(f, format, args);
    va_end(args);
    br_cache_file_end(f, temporary, path);
}

void br_device_memo_write(const struct br_device_memo *memo)
{
    char path[1100], key[1400];
    if (locate(br_env(), path, sizeof path, key, sizeof key) == 0)
        write_memo(path,
                   "# blasroute: the device opened here last, and how long opening it took.\n"
                   "[opened]\nkey = %s\nvendor = %s\nname = %s\ntype = %s\ndriver = %s\n"
                   "seconds = %.4f\n",
                   key, memo->vendor, memo->name, memo->type, memo->driver, memo->open_seconds);
}

/* --- the program's memo ----------------------------------------------------------------- */

/* A set of precisions (bit p for enum br_precision p) as their letters ("sd"; "-" for none),
 * and back (letters other than s, d, c, z ignored). */
static void precision_set_name(unsigned set, char name[BR_PRECISION_COUNT + 1])
{
    int n = 0;
    for (int p = 0; p < BR_PRECISION_COUNT; p++)
        if (set & 1u << p)
            name[n++] = br_precision_letter((enum br_precision)p);
    if (!n)
        name[n++] = '-';
    name[n] = 0;
}

static unsigned precision_set_parse(const char *name)
{
    unsigned set = 0;
    for (; *name; name++)
        for (int p = 0; p < BR_PRECISION_COUNT; p++)
            if (*name == br_precision_letter((enum br_precision)p))
                set |= 1u << p;
    return set;
}

/* The program: its executable and a hash (br_hash) of its whole command line, so that
 * `python3 a.py 4096` and `python3 a.py 512` are two programs; and which of blasroute's two
 * libraries answers its calls, the ILP64 one apart: a process with both loaded has each keep
 * the memo of its own calls, and the one its calls do not use never opens the device at load
 * on the other's memo (warmup.c: open_at_load). */
static void program_key(const struct br_env *env, char *key, size_t size)
{
    char exe[512] = "?", line[8192];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 1] = 0;
    uint64_t hash = BR_HASH_SEED;
    FILE *f = fopen("/proc/self/cmdline", "rb");
    size_t got;
    while (f && (got = fread(line, 1, sizeof line, f)) > 0)
        hash = br_hash(line, got, hash);
    if (f)
        fclose(f);
    char host[1400];
    host_key(env, host, sizeof host);
#ifdef BLASROUTE_ILP64
    static const char *const library = "; integers=64";
#else
    static const char *const library = "";
#endif
    snprintf(key, size, "%s; program=%s; arguments=%016llx%s", host, exe,
             (unsigned long long)hash, library);
}

static int locate_program(const struct br_env *env, char *path, size_t path_size, char *key,
                          size_t key_size)
{
    program_key(env, key, key_size);
    return br_cache_file_for(env, path, path_size, "program", key, "memo");
}

int br_program_memo_read_for(const struct br_env *env, struct br_program_memo *memo)
{
    char path[1100], key[2048];
    struct br_keyfile file;
    if (locate_program(env, path, sizeof path, key, sizeof key) != 0 ||
        br_keyfile_read_cached(path, "program", key, &file) != 0)
        return -1;
    int found = 0;
    memset(memo, 0, sizeof *memo);
    for (int i = 0; i < file.count; i++) {
        const struct br_key_entry *e = &file.entries[i];
        if (!strcmp(e->key, "saving"))
            found = br_key_double(&file, e, &memo->saving_seconds, -1e6, 1e6) == 0;
        else if (!strcmp(e->key, "bound"))
            br_key_double(&file, e, &memo->bound_seconds, 0, 1e6);
        else if (!strcmp(e->key, "known"))
            memo->known = !strcmp(e->value, "yes");
        else if (!strcmp(e->key, "precisions"))
            memo->precisions = precision_set_parse(e->value);
    }
    br_keyfile_free(&file);
    return found ? 0 : -1;
}

int br_program_memo_read(struct br_program_memo *memo)
{
    return br_program_memo_read_for(br_env(), memo);
}

void br_program_memo_write(const struct br_program_memo *memo)
{
    char path[1100], key[2048], precisions[BR_PRECISION_COUNT + 1];
    precision_set_name(memo->precisions, precisions);
    if (locate_program(br_env(), path, sizeof path, key, sizeof key) == 0)
        write_memo(path,
                   "# blasroute: what the device was worth to this program's last run on this "
                   "host:\n# seconds its calls saved or would have (known: a device was known to "
                   "predict\n# it), the CPU time of those made while none was (bound), and the\n"
                   "# precisions whose device programs it built.\n"
                   "[program]\nkey = %s\nsaving = %.4f\nbound = %.4f\nknown = %s\n"
                   "precisions = %s\n",
                   key, memo->saving_seconds, memo->bound_seconds, memo->known ? "yes" : "no",
                   precisions);
}
