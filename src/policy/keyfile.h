/* The text format of profiles/ and policy/: `[section]` lines, `key = value` lines, `#`
 * comments and blank lines. One reader for both, with line numbers for the warnings. */
#ifndef BLASROUTE_POLICY_KEYFILE_H
#define BLASROUTE_POLICY_KEYFILE_H

/* Strips the white space around s in place; returns where the rest begins (also used for the
 * items of BLASROUTE_DEVICE's list). */
char *br_trim(char *s);

struct br_key_entry {
    char section[64];
    char key[64];
    char value[256];
    int line;
};

struct br_keyfile {
    char path[1024];
    struct br_key_entry *entries;
    int count;
};

/* Reads a file. 0 on success; -1 if it cannot be read (no warning: the caller knows whether
 * that matters); -2 if a line is malformed, with one warning naming file and line (the
 * entries are then freed: a half-understood file is not used). */
int br_keyfile_read(const char *path, struct br_keyfile *file);

/* Parses a text already in memory (the built-in defaults); name stands for the path. */
int br_keyfile_parse(const char *name, const char *text, struct br_keyfile *file);

/* The same, keeping the entries of section `only` (every line still checked; NULL: all). */
int br_keyfile_parse_section(const char *name, const char *text, const char *only,
                             struct br_keyfile *file);

void br_keyfile_free(struct br_keyfile *file);

/* Reads a file blasroute keeps in its cache directory (the CPU calibration, the learned table):
 * a regular file of this user's whose first entry is `key = KEY` in [section], KEY being what
 * it was made under (another machine, CPU BLAS or device is another key). 0 with the file
 * read, its first entry that key; -1 otherwise (nothing to free). A key longer than an entry's
 * value holds is compared as far as the value goes: the file's name is a hash of all of it. */
int br_keyfile_read_cached(const char *path, const char *section, const char *key,
                           struct br_keyfile *file);

/* A number, a size or a word, with one warning naming file and line when it is not valid.
 * 0 on success. */
int br_key_double(const struct br_keyfile *file, const struct br_key_entry *entry, double *value,
                  double min, double max);

#endif
