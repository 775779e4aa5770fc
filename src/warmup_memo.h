/* What opening the device took the last time on this host, kept in the cache directory: the
 * device's identity (so that its profile can be found before it is opened) and the seconds the
 * opening took; and per program, what the device was worth to its last run. The warm-up
 * (warmup.h) reads them to know, before opening anything, whether the device will pay for its
 * opening in this program. */
#ifndef BLASROUTE_WARMUP_MEMO_H
#define BLASROUTE_WARMUP_MEMO_H

#include <stddef.h>

struct br_device_memo {
    char vendor[256], name[256], type[32], driver[128];
    double open_seconds;
};

/* 0 with *memo filled when a memo of this host and this choice of devices (BLASROUTE_DEVICE,
 * the OpenCL vendor directory) exists; -1 otherwise. */
int br_device_memo_read(struct br_device_memo *memo);
/* The same with the devices and cache directory that settings `env` name (env.h: br_env_peek's,
 * read at load). */
struct br_env;
int br_device_memo_read_for(const struct br_env *env, struct br_device_memo *memo);

/* Keeps the first device opened and what opening took (no cache directory: nothing). */
void br_device_memo_write(const struct br_device_memo *memo);

/* What the device was worth to a program's last run here (the same executable and command
 * line, the same host and choice of devices): the seconds its device-sized calls saved on the
 * device or would have, as predicted by the device's profile with what was learned, against
 * the measured times (`saving`, where `known`: a device was known in that run), and the CPU
 * time of those made while no device was known (`bound`: at most what they could save). */
struct br_program_memo {
    double saving_seconds, bound_seconds;
    int known;
    unsigned precisions; /* the precisions whose device programs that run built: bit p for
                            enum br_precision p (0: none, or a memo older than the key) */
};

int br_program_memo_read(struct br_program_memo *memo);
int br_program_memo_read_for(const struct br_env *env, struct br_program_memo *memo);

/* The stamp of this host and choice of devices that says a helper was started to get the device
 * ready (prepare.h): its path, or -1 without a cache directory. */
int br_prepare_stamp_path(char *path, size_t size);
void br_program_memo_write(const struct br_program_memo *memo);

#endif
