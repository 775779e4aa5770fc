/* The on-disk cache of compiled OpenCL programs: $BLASROUTE_CACHE_DIR, else
 * $XDG_CACHE_HOME/blasroute, else ~/.cache/blasroute; off with BLASROUTE_CACHE=0. An entry is
 * named by a hash of its key (platform, device, driver, kernel source, build options) and holds
 * the full key and a checksum, so that a corrupt, truncated or foreign entry is detected and
 * simply rebuilt. */
#ifndef BLASROUTE_ENGINE_CACHE_H
#define BLASROUTE_ENGINE_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* 64-bit FNV-1a, continuing from seed (start with BR_HASH_SEED). */
#define BR_HASH_SEED 0xcbf29ce484222325ull
uint64_t br_hash(const void *data, size_t size, uint64_t seed);

/* The cache directory's file for what was made under key: "<dir>/<prefix>-<hash of key>.<ext>"
 * (the CPU calibration, the learned table, the memos). -1 if caching is off (BLASROUTE_CACHE=0)
 * or impossible (no directory named, or one that is not the user's own). The directory is not
 * made here (a file in one not there yet cannot be read) but by the first write into it, with
 * mode 0700. */
int br_cache_file(char *path, size_t size, const char *prefix, const char *key,
                  const char *extension);
/* The same for the cache directory that settings `env` name (env.h: br_env_peek's). */
struct br_env;
int br_cache_file_for(const struct br_env *env, char *path, size_t size, const char *prefix,
                      const char *key, const char *extension);

/* Makes the cache directory if it is not there, mode 0700: for a writer that creates its file
 * itself. 0 when it is a directory of the user's own. */
int br_cache_make_directory(void);

/* Writes such a file atomically: begin makes the cache directory if need be and opens a
 * temporary file beside `path` (its name in `temporary`, NULL if it cannot), end closes it and
 * renames it into place (or removes it). A process reading the file meanwhile sees the old one
 * whole or the new one whole. */
FILE *br_cache_file_begin(const char *path, char *temporary, size_t size);
void br_cache_file_end(FILE *file, const char *temporary, const char *path);

/* The binary stored under key: a malloc'ed buffer and its size, or NULL when there is none or
 * the entry is not trustworthy (not a regular file owned by this user, bad magic, other key,
 * wrong size or checksum). */
unsigned char *br_cache_load(const char *key, size_t *size);

/* Stores a binary under key, atomically (a temporary file renamed into place). Failures (no
 * home, unwritable directory, full disk) are silent apart from BLASROUTE_VERBOSE: they only
 * cost the compile time next time. */
void br_cache_store(const char *key, const unsigned char *binary, size_t size);

/* Whether an entry is stored under key (not checked: br_cache_load does that). */
int br_cache_has(const char *key);

#endif
