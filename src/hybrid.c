#include "hybrid.h"

#include <pthread.h>

#include "cpu_level3.h"
#include "engine/engine.h"

/* The device side runs on a thread of its own rather than as enqueued work the caller reads
 * back later: the engine's pipeline needs a host thread to fill its staging buffers and to
 * start each tile's transfers as the last one finishes, and OpenCL callbacks would spin on
 * the cores the CPU BLAS is using. The thread is started before the CPU side, so the device's
 * first uploads are under way while the CPU BLAS works. */
struct device_side {
    const struct br_split *split;
    int all_on_device;
};

int br_run_on_device(const struct br_call *call)
{
    switch (br_engine_run(call)) {
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

static void run_device_pieces(struct device_side *side)
{
    side->all_on_device = 1;
    for (int i = 0; i < side->split->device_count; i++)
        side->all_on_device &= br_run_on_device(&side->split->device[i]);
}

static void *device_thread(void *argument)
{
    run_device_pieces(argument);
    return NULL;
}

static void run_cpu_pieces(const struct br_split *split)
{
    for (int i = 0; i < split->cpu_count; i++)
        br_cpu_level3(&split->cpu[i]);
}

int br_run_hybrid(const struct br_split *split)
{
    struct device_side side = {split, 1};
    pthread_t thread;
    int threaded = split->device_count > 0 && split->cpu_count > 0 &&
                   pthread_create(&thread, NULL, device_thread, &side) == 0;
    if (threaded) {
        run_cpu_pieces(split);
        pthread_join(thread, NULL);
    } else { /* one side is empty, or no thread could be started: one after the other */
        run_device_pieces(&side);
        run_cpu_pieces(split);
    }
    return side.all_on_device;
}
