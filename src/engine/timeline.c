#include "engine/timeline.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "log.h"
#include "process.h"

struct command {
    cl_event event;
    char what[48];
    size_t bytes;
    double host_wait_us, host_copy_us; /* a staged transfer's host side (br_timeline_note_host) */
};

/* The current call's commands, per thread: with several devices, each runs its part of a call
 * on a thread of its own, started for that call. A thread's list is freed when it ends. The
 * file and the call count are shared, under file_lock. */
struct list {
    struct command *commands;
    size_t count, capacity;
};
static pthread_key_t list_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t file_lock = PTHREAD_MUTEX_INITIALIZER;

void br_timeline_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&file_lock, stage);
}
static FILE *file;
static _Atomic int failed; /* the file could not be opened: said once, nothing more */
static unsigned long calls;

int br_timeline_on(void)
{
    return br_env()->timeline != NULL && !failed;
}

static void forget(struct list *l)
{
    for (size_t i = 0; i < l->count; i++)
        clReleaseEvent(l->commands[i].event);
    l->count = 0;
}

static void free_list(void *list)
{
    struct list *l = list;
    forget(l);
    free(l->commands);
    free(l);
}

static void make_key(void)
{
    pthread_key_create(&list_key, free_list);
}

/* The calling thread's list (made if `make`), or NULL. */
static struct list *thread_list(int make)
{
    pthread_once(&key_once, make_key);
    struct list *l = pthread_getspecific(list_key);
    if (!l && make && (l = calloc(1, sizeof *l)) != NULL && pthread_setspecific(list_key, l)) {
        free(l);
        l = NULL;
    }
    return l;
}

void br_timeline_note(cl_event event, const char *what, size_t bytes)
{
    br_timeline_note_host(event, what, bytes, 0, 0);
}

void br_timeline_note_host(cl_event event, const char *what, size_t bytes, double wait_seconds,
                           double copy_seconds)
{
    if (!event || !br_timeline_on())
        return;
    struct list *l = thread_list(1);
    if (!l)
        return; /* a line missing from a diagnostic file, nothing worse */
    if (l->count == l->capacity) {
        size_t grown = l->capacity ? 2 * l->capacity : 256;
        struct command *more = realloc(l->commands, grown * sizeof *more);
        if (!more)
            return;
        l->commands = more, l->capacity = grown;
    }
    clRetainEvent(event);
    struct command *c = &l->commands[l->count++];
    c->event = event;
    snprintf(c->what, sizeof c->what, "%s", what);
    c->bytes = bytes;
    c->host_wait_us = wait_seconds * 1e6;
    c->host_copy_us = copy_seconds * 1e6;
}

void br_timeline_forget(void)
{
    struct list *l = br_timeline_on() ? thread_list(0) : NULL;
    if (l)
        forget(l);
}

static void close_file(void)
{
    if (file)
        fclose(file);
    file = NULL;
}

void br_timeline_write(const struct br_call *call)
{
    char name[8];
    br_routine_name_lower(call, name);
    br_timeline_write_named(name, call->m, call->n, call->k);
}

void br_timeline_write_named(const char *name, br_int m, br_int n, br_int k)
{
    struct list *l = br_timeline_on() ? thread_list(0) : NULL;
    if (!l || l->count == 0)
        return;
    struct command *commands = l->commands;
    size_t count = l->count;
    pthread_mutex_lock(&file_lock);
    if (!file && !failed) {
        file = fopen(br_env()->timeline, "w");
        if (!file) {
            br_warn("BLASROUTE_TIMELINE=%s cannot be written; no timeline", br_env()->timeline);
            failed = 1;
        } else {
            fprintf(file, "call,routine,m,n,k,command,bytes,queued_us,start_us,end_us,host_wait_us,"
                          "host_copy_us\n");
            atexit(close_file);
        }
    }
    calls++;
    /* Device timestamps (nanoseconds, any origin): queued, start, end; the earliest queueing
     * of the call is its zero. */
    static const cl_profiling_info info[3] = {
        CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    cl_ulong origin = 0;
    int any = 0;
    for (size_t i = 0; i < count; i++) {
        cl_ulong queued = 0;
        if (clGetEventProfilingInfo(commands[i].event, info[0], sizeof queued, &queued, NULL) ==
                CL_SUCCESS &&
            (!any || queued < origin))
            origin = queued, any = 1;
    }
    for (size_t i = 0; i < count; i++) {
        cl_ulong t[3];
        int known = 1;
        for (int j = 0; j < 3; j++)
            known &= clGetEventProfilingInfo(commands[i].event, info[j], sizeof t[j], &t[j],
                                             NULL) == CL_SUCCESS;
        if (file && known)
            fprintf(file, "%lu,%s,%lld,%lld,%lld,%s,%zu,%.3f,%.3f,%.3f,%.3f,%.3f\n", calls,
                    name, (long long)m, (long long)n, (long long)k, commands[i].what,
                    commands[i].bytes, ((double)t[0] - (double)origin) * 1e-3,
                    ((double)t[1] - (double)origin) * 1e-3,
                    ((double)t[2] - (double)origin) * 1e-3, commands[i].host_wait_us,
                    commands[i].host_copy_us);
        clReleaseEvent(commands[i].event);
    }
    l->count = 0;
    pthread_mutex_unlock(&file_lock);
}
