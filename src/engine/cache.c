#include "engine/cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "env.h"
#include "log.h"

/* File layout: magic, key length (u64), payload size (u64), payload checksum (u64), key bytes,
 * payload bytes. */
static const char magic[8] = {'B', 'R', 'C', 'A', 'C', 'H', 'E', '1'};
enum { HEADER_SIZE = 8 + 3 * 8 };

uint64_t br_hash(const void *data, size_t size, uint64_t seed)
{
    const unsigned char *bytes = data;
    uint64_t hash = seed;
    for (size_t i = 0; i < size; i++) {
        hash ^= bytes[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}

/* The directory last found to be ours, so that each of a process's cache files after the
 * first costs no system call for it: a routed call's first weighing reads four (two memos,
 * the learned table, the CPU's calibration), and on the development machine's virtual CPUs a
 * first system call on a path costs tens of microseconds. Written once (state 1 while it is),
 * read after. */
static char known_directory[4096];
static _Atomic int known_state;

static int known(const char *path)
{
    return atomic_load_explicit(&known_state, memory_order_acquire) == 2 &&
           strcmp(known_directory, path) == 0;
}

static void remember(const char *path, size_t length)
{
    int none = 0;
    if (atomic_compare_exchange_strong(&known_state, &none, 1)) {
        memcpy(known_directory, path, length + 1);
        atomic_store_explicit(&known_state, 2, memory_order_release);
    }
}

/* 1 if path is a directory of our own (another user's directory could feed us binaries), 0 if
 * there is nothing at path, -1 if it is something else. */
static int own_directory(const char *path)
{
    if (known(path))
        return 1;
    struct stat info;
    if (stat(path, &info) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(info.st_mode) || info.st_uid != getuid())
        return -1;
    remember(path, strlen(path));
    return 1;
}

/* Creates path and its missing parents (the last component with mode 0700) unless it is
 * already a directory of ours; 0 when it is one now. */
static int make_directory(const char *path)
{
    int own = own_directory(path);
    if (own != 0)
        return own > 0 ? 0 : -1;
    char partial[4096];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof partial)
        return -1;
    memcpy(partial, path, length + 1);
    for (char *slash = strchr(partial + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        if (mkdir(partial, 0700) != 0 && errno != EEXIST)
            return -1;
        *slash = '/';
    }
    if (mkdir(partial, 0700) != 0 && errno != EEXIST)
        return -1;
    return own_directory(partial) > 0 ? 0 : -1;
}

/* The cache directory's name, from settings `env`; -1 if caching is off or there is none. */
static int directory_name_for(const struct br_env *env, char *dir, size_t size)
{
    if (!env->cache)
        return -1;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int used;
    if (env->cache_dir)
        used = snprintf(dir, size, "%s", env->cache_dir);
    else if (xdg && xdg[0] == '/')
        used = snprintf(dir, size, "%s/blasroute", xdg);
    else if (home && home[0] == '/')
        used = snprintf(dir, size, "%s/.cache/blasroute", home);
    else
        return -1;
    return used > 0 && (size_t)used < size ? 0 : -1;
}

static int directory_name(char *dir, size_t size)
{
    return directory_name_for(br_env(), dir, size);
}

/* The directory's name where it is ours or not there yet: a reader finds nothing in one not
 * there, and a writer makes it (br_cache_file_begin, br_cache_store). Not made for a read: a
 * cold cache's directory cost a reference dpotrf 2048's first weighing 0.15 to 0.2 ms on the
 * development machine (2026-12-06), for files that could not be there. */
static int directory_to_use_for(const struct br_env *env, char *dir, size_t size)
{
    return directory_name_for(env, dir, size) == 0 && own_directory(dir) >= 0 ? 0 : -1;
}

static int directory_to_use(char *dir, size_t size)
{
    return directory_to_use_for(br_env(), dir, size);
}

int br_cache_file_for(const struct br_env *env, char *path, size_t size, const char *prefix,
                      const char *key, const char *extension)
{
    char dir[900];
    if (directory_to_use_for(env, dir, sizeof dir) != 0)
        return -1;
    int used = snprintf(path, size, "%s/%s-%016llx.%s", dir, prefix,
                        (unsigned long long)br_hash(key, strlen(key), BR_HASH_SEED), extension);
    return used > 0 && (size_t)used < size ? 0 : -1;
}

int br_cache_file(char *path, size_t size, const char *prefix, const char *key,
                  const char *extension)
{
    return br_cache_file_for(br_env(), path, size, prefix, key, extension);
}

int br_cache_make_directory(void)
{
    char dir[4096];
    return directory_name(dir, sizeof dir) == 0 ? make_directory(dir) : -1;
}

FILE *br_cache_file_begin(const char *path, char *temporary, size_t size)
{
    if (br_cache_make_directory() != 0)
        return NULL;
    snprintf(temporary, size, "%s.%ld.tmp", path, (long)getpid());
    return fopen(temporary, "w");
}

void br_cache_file_end(FILE *file, const char *temporary, const char *path)
{
    if (fclose(file) != 0 || rename(temporary, path) != 0)
        unlink(temporary);
}

static int entry_path(const char *key, char *path, size_t size)
{
    char dir[4000];
    if (directory_to_use(dir, sizeof dir) != 0)
        return -1;
    unsigned long long hash = br_hash(key, strlen(key), BR_HASH_SEED);
    int used = snprintf(path, size, "%s/%016llx.clbin", dir, hash);
    return used > 0 && (size_t)used < size ? 0 : -1;
}

static void put_u64(unsigned char *out, uint64_t value)
{
    for (int i = 0; i < 8; i++)
        out[i] = (unsigned char)(value >> (8 * i));
}

static uint64_t get_u64(const unsigned char *in)
{
    uint64_t value = 0;
    for (int i = 0; i < 8; i++)
        value |= (uint64_t)in[i] << (8 * i);
    return value;
}

int br_cache_has(const char *key)
{
    char path[4096];
    return entry_path(key, path, sizeof path) == 0 && access(path, F_OK) == 0;
}

unsigned char *br_cache_load(const char *key, size_t *size)
{
    char path[4096];
    if (entry_path(key, path, sizeof path) != 0)
        return NULL;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat info;
    unsigned char header[HEADER_SIZE];
    unsigned char *contents = NULL, *binary = NULL;
    size_t key_length = strlen(key);
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == getuid() &&
        (size_t)info.st_size >= HEADER_SIZE && read(fd, header, HEADER_SIZE) == HEADER_SIZE &&
        memcmp(header, magic, 8) == 0 && get_u64(header + 8) == key_length) {
        uint64_t payload = get_u64(header + 16), checksum = get_u64(header + 24);
        size_t rest = (size_t)info.st_size - HEADER_SIZE;
        if (payload > 0 && rest == key_length + payload && (contents = malloc(rest)) != NULL &&
            read(fd, contents, rest) == (ssize_t)rest &&
            memcmp(contents, key, key_length) == 0 &&
            br_hash(contents + key_length, payload, BR_HASH_SEED) == checksum &&
            (binary = malloc(payload)) != NULL) {
            memcpy(binary, contents + key_length, payload);
            *size = payload;
        }
    }
    free(contents);
    close(fd);
    if (!binary)
        br_verbose("program cache: %s is not a valid entry for this program; rebuilding", path);
    return binary;
}

void br_cache_store(const char *key, const unsigned char *binary, size_t size)
{
    char path[4096], temporary[4160];
    if (entry_path(key, path, sizeof path) != 0 || br_cache_make_directory() != 0) {
        br_verbose("program cache: no usable cache directory; programs are compiled each run");
        return;
    }
    /* Unique per process and per store: the engines of two devices of one model may store the
     * same program at once. */
    static atomic_uint stores;
    snprintf(temporary, sizeof temporary, "%s.%ld.%u.tmp", path, (long)getpid(),
             atomic_fetch_add(&stores, 1));
    int fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        br_verbose("program cache: cannot write %s", temporary);
        return;
    }
    size_t key_length = strlen(key);
    unsigned char header[HEADER_SIZE];
    memcpy(header, magic, 8);
    put_u64(header + 8, key_length);
    put_u64(header + 16, size);
    put_u64(header + 24, br_hash(binary, size, BR_HASH_SEED));
    int ok = write(fd, header, HEADER_SIZE) == HEADER_SIZE &&
             write(fd, key, key_length) == (ssize_t)key_length &&
             write(fd, binary, size) == (ssize_t)size;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(temporary, path) != 0) {
        unlink(temporary);
        br_verbose("program cache: cannot write %s", path);
    }
}
