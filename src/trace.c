#include "trace.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "log.h"
#include "policy/learn_store.h"
#include "policy/model.h"
#include "process.h"

static FILE *trace_file;
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t open_once = PTHREAD_ONCE_INIT;

static void close_trace(void)
{
    pthread_mutex_lock(&trace_lock);
    if (trace_file)
        fclose(trace_file);
    trace_file = NULL;
    pthread_mutex_unlock(&trace_lock);
}

static void open_trace(void)
{
    const char *path = br_env()->trace;
    if (!path)
        return;
    trace_file = fopen(path, "w");
    if (!trace_file) {
        br_warn("BLASROUTE_TRACE=%s cannot be written; no trace", path);
        return;
    }
    fprintf(trace_file, "routine,side,uplo,transa,transb,diag,m,n,k,where,reason,"
                        "predicted_cpu_s,predicted_device_s,predicted_hybrid_s,device_share,measured_s,"
                        "bytes_moved,devices,memory_retries,taught,taught_s,disturbed,"
                        "cpu_threads_share,beside_warmup\n");
    atexit(close_trace);
}

static char option(char c)
{
    return c ? c : '-';
}

void br_trace_at_fork(enum br_fork_stage stage)
{
    br_fork_lock(&trace_lock, stage);
}

void br_trace_call(const struct br_call *call, enum br_path path,
                   const struct br_prediction *prediction, double seconds, double bytes,
                   int memory_retries)
{
    if (!br_env()->trace)
        return;
    pthread_once(&open_once, open_trace);
    char name[8];
    br_routine_name_lower(call, name);
    pthread_mutex_lock(&trace_lock);
    if (trace_file) {
        fprintf(trace_file,
                "%s,%c,%c,%c,%c,%c,%lld,%lld,%lld,%s,%s,%.9g,%.9g,%.9g,%.4g,%.9g,%.0f,%d,%d,%s,"
                "%.9g,%d,%.4g,%d\n",
                name,
                option(call->side), option(call->uplo), option(call->transa),
                option(call->transb), option(call->diag), (long long)call->m, (long long)call->n,
                (long long)call->k,
                br_path_name(path), prediction->reason ? prediction->reason : "",
                prediction->cpu_seconds, prediction->device_seconds,
                prediction->hybrid_seconds, prediction->device_share, seconds, bytes,
                path == BR_PATH_CPU || path == BR_PATH_SCALE ? 0
                : prediction->devices > 1                    ? prediction->devices
                                                             : 1,
                memory_retries, br_learn_taught_name(prediction->taught.kind),
                prediction->taught.sample.seconds, prediction->taught.sample.disturbed,
                prediction->cpu_threads_share > 0 ? prediction->cpu_threads_share : 1,
                prediction->beside_warmup);
        fflush(trace_file);
    }
    pthread_mutex_unlock(&trace_lock);
}
