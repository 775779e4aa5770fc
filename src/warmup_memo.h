/* What opening the device took the last time on this host, kept in the cache directory: the
 * device's identity (so that its profile can be found before it is opened) and the seconds the
 * opening took. The warm-up (warmup.h) reads it to know, before opening anything, whether a
 * call would pay for opening the device in the call itself. */
#ifndef BLASROUTE_WARMUP_MEMO_H
#define BLASROUTE_WARMUP_MEMO_H

struct br_device_memo {
    char vendor[256], name[256], type[32], driver[128];
    double open_seconds;
};

/* 0 with *memo filled when a memo of this host and this choice of devices (BLASROUTE_DEVICE,
 * the OpenCL vendor directory) exists; -1 otherwise. */
int br_device_memo_read(struct br_device_memo *memo);

/* Keeps the first device opened and what opening took (no cache directory: nothing). */
void br_device_memo_write(const struct br_device_memo *memo);

#endif
