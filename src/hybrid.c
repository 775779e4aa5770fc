#include "hybrid.h"

#include <pthread.h>

#include "cpu_level3.h"
#include "engine/engine.h"

/* Each device's part runs on a thread of its own rather than as enqueued work the caller reads
 * back later: the engine's pipeline needs a host thread to fill its staging buffers and to
 * start each tile's transfers as the last one finishes, and OpenCL callbacks would spin on
 * the cores the CPU BLAS is using. The threads are started before the calling thread's own
 * part, so the devices' first uploads are under way while it works. */
struct worker {
    const struct br_spread_part *part;
    int engine;
    int all_on_device;
};

int br_run_on_engine(int engine, const struct br_call *call)
{
    switch (br_engine_run_on(engine, call)) {
    case BR_ENGINE_DONE:
        return 1;
    case BR_ENGINE_PARTIAL: /* the engine finished it on the CPU */
        return 0;
    case BR_ENGINE_DECLINED:
    default:
        br_cpu_level3(call);
        return 0;
    }
}

static void run_worker(struct worker *w)
{
    w->all_on_device = 1;
    for (int i = 0; i < w->part->count; i++) {
        if (w->engine == BR_WORKER_CPU)
            br_cpu_level3(&w->part->pieces[i]);
        else
            w->all_on_device &= br_run_on_engine(w->engine, &w->part->pieces[i]);
    }
}

static void *worker_thread(void *argument)
{
    run_worker(argument);
    return NULL;
}

int br_run_spread(const struct br_spread *spread, const int *engines)
{
    struct worker workers[BR_SPREAD_MAX_WORKERS];
    pthread_t threads[BR_SPREAD_MAX_WORKERS];
    int threaded[BR_SPREAD_MAX_WORKERS] = {0};
    /* The calling thread's own worker: the CPU's, else the last one with work. */
    int own = -1;
    for (int w = 0; w < spread->workers; w++) {
        workers[w] = (struct worker){&spread->parts[w], engines[w], 1};
        if (spread->parts[w].count > 0 && (own < 0 || engines[own] != BR_WORKER_CPU))
            own = w;
    }
    for (int w = 0; w < spread->workers; w++)
        if (w != own && spread->parts[w].count > 0)
            threaded[w] = pthread_create(&threads[w], NULL, worker_thread, &workers[w]) == 0;
    if (own >= 0)
        run_worker(&workers[own]);
    int all_on_device = 1;
    for (int w = 0; w < spread->workers; w++) {
        if (threaded[w])
            pthread_join(threads[w], NULL);
        else if (w != own && spread->parts[w].count > 0)
            run_worker(&workers[w]); /* no thread could be started: one after the other */
        if (spread->parts[w].count > 0)
            all_on_device &= workers[w].all_on_device;
    }
    return all_on_device;
}
