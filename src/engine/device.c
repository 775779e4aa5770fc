#include "engine/device.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "env.h"
#include "log.h"
#include "policy/keyfile.h"

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64 };

const char *br_device_type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    if (type & CL_DEVICE_TYPE_CPU)
        return "CPU";
    return "device";
}

static void describe(struct br_device *d)
{
    clGetPlatformInfo(d->platform, CL_PLATFORM_NAME, sizeof d->platform_name, d->platform_name,
                      NULL);
    clGetPlatformInfo(d->platform, CL_PLATFORM_VERSION, sizeof d->platform_version,
                      d->platform_version, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_TYPE, sizeof d->type, &d->type, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_NAME, sizeof d->name, d->name, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_VENDOR, sizeof d->vendor, d->vendor, NULL);
    clGetDeviceInfo(d->id, CL_DRIVER_VERSION, sizeof d->driver, d->driver, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof d->global_memory,
                    &d->global_memory, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof d->max_allocation,
                    &d->max_allocation, NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof d->local_memory, &d->local_memory,
                    NULL);
    clGetDeviceInfo(d->id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_work_group,
                    &d->max_work_group, NULL);
    d->compute_units = 1;
    clGetDeviceInfo(d->id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof d->compute_units,
                    &d->compute_units, NULL);
    cl_uint bits = 0;
    clGetDeviceInfo(d->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
    d->address_alignment = bits / 8 ? bits / 8 : 128;
    cl_device_fp_config fp64 = 0;
    clGetDeviceInfo(d->id, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
    d->double_precision = fp64 != 0;
    cl_bool unified = CL_FALSE;
    clGetDeviceInfo(d->id, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL);
    d->host_unified = unified == CL_TRUE;
    size_t size = 0;
    d->nv_compiler_options = 0;
    d->nv_compute_capability = 0;
    if (clGetDeviceInfo(d->id, CL_DEVICE_EXTENSIONS, 0, NULL, &size) == CL_SUCCESS && size) {
        char *extensions = malloc(size + 1);
        if (extensions &&
            clGetDeviceInfo(d->id, CL_DEVICE_EXTENSIONS, size, extensions, NULL) == CL_SUCCESS) {
            extensions[size] = 0;
            d->nv_compiler_options = strstr(extensions, "cl_nv_compiler_options") != NULL;
            cl_uint major = 0, minor = 0;
            if (strstr(extensions, "cl_nv_device_attribute_query") &&
                clGetDeviceInfo(d->id, BR_CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major,
                                &major, NULL) == CL_SUCCESS &&
                clGetDeviceInfo(d->id, BR_CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor,
                                &minor, NULL) == CL_SUCCESS)
                d->nv_compute_capability = (int)(major * 10 + minor);
        }
        free(extensions);
    }
}

static int contains_ignoring_case(const char *text, const char *part)
{
    size_t n = strlen(part);
    for (; *text; text++)
        if (strncasecmp(text, part, n) == 0)
            return 1;
    return 0;
}

/* Parses "P:D"; 1 if the value has that form. */
static int parse_indices(const char *value, unsigned *platform, unsigned *device)
{
    char *end;
    if (!isdigit((unsigned char)value[0]))
        return 0;
    unsigned long p = strtoul(value, &end, 10);
    if (*end != ':' || !isdigit((unsigned char)end[1]))
        return 0;
    unsigned long d = strtoul(end + 1, &end, 10);
    if (*end)
        return 0;
    *platform = (unsigned)p;
    *device = (unsigned)d;
    return 1;
}

/* One item of BLASROUTE_DEVICE: what it asks for. */
struct request {
    int by_index;
    unsigned platform, device;
    cl_device_type type; /* 0: by name */
    int all;             /* every device of the type, not only the first */
    int by_rank;         /* the one at the node-local rank, modulo their number */
    const char *name;
};

static void parse_request(const char *item, struct request *r)
{
    static const struct {
        const char *word;
        cl_device_type type;
    } types[] = {{"gpu", CL_DEVICE_TYPE_GPU},
                 {"cpu", CL_DEVICE_TYPE_CPU},
                 {"accelerator", CL_DEVICE_TYPE_ACCELERATOR}};
    memset(r, 0, sizeof *r);
    r->name = item;
    if (parse_indices(item, &r->platform, &r->device)) {
        r->by_index = 1;
        return;
    }
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t n = strlen(types[t].word);
        if (strncasecmp(item, types[t].word, n) == 0 &&
            (item[n] == 0 || strcasecmp(item + n, ":all") == 0 ||
             strcasecmp(item + n, ":local-rank") == 0)) {
            r->type = types[t].type;
            r->all = strcasecmp(item + n, ":all") == 0;
            r->by_rank = strcasecmp(item + n, ":local-rank") == 0;
            return;
        }
    }
}

cl_device_type br_device_choice_type(const char *value)
{
    char list[1024];
    snprintf(list, sizeof list, "%s", value ? value : "");
    cl_device_type type = 0;
    char *saved = NULL;
    for (char *item = strtok_r(list, ",", &saved); item; item = strtok_r(NULL, ",", &saved)) {
        item = br_trim(item);
        if (!*item)
            continue;
        struct request r;
        parse_request(item, &r);
        if (!r.type || (type && r.type != type))
            return 0;
        type = r.type;
    }
    return type;
}

/* Every device of every platform, in platform then device order; the count, 0 with a reason in
 * why if none. */
static int list_devices(struct br_device *out, int max, char *why, size_t why_size)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    cl_int error = br_fault_injected(BR_FAULT_NO_PLATFORM)
                       ? BR_CL_PLATFORM_NOT_FOUND
                       : clGetPlatformIDs(MAX_PLATFORMS, platforms, &platform_count);
    if (error != CL_SUCCESS || platform_count == 0) {
        snprintf(why, why_size, "no OpenCL platform (%s)",
                 error ? br_cl_error_name(error) : "the ICD loader lists none");
        return 0;
    }
    if (platform_count > MAX_PLATFORMS)
        platform_count = MAX_PLATFORMS;
    int count = 0;
    for (cl_uint p = 0; p < platform_count; p++) {
        cl_device_id ids[MAX_DEVICES];
        cl_uint found = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, ids, &found) !=
            CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < found && d < MAX_DEVICES && count < max; d++) {
            out[count] = (struct br_device){.platform = platforms[p], .id = ids[d],
                                            .platform_index = p, .device_index = d};
            describe(&out[count++]);
        }
    }
    if (count == 0)
        snprintf(why, why_size, "no OpenCL device on %u platform%s", platform_count,
                 platform_count == 1 ? "" : "s");
    return count;
}

static int matches(const struct request *r, const struct br_device *d)
{
    if (r->by_index)
        return d->platform_index == r->platform && d->device_index == r->device;
    if (r->type)
        return (d->type & r->type) != 0;
    return contains_ignoring_case(d->name, r->name);
}

/* Adds a device unless it is in the list already; 1 if added, -1 if the list is full. */
static int add_once(struct br_device *devices, int *count, int max, const struct br_device *d)
{
    for (int i = 0; i < *count; i++)
        if (devices[i].id == d->id)
            return 0;
    if (*count >= max)
        return -1;
    devices[(*count)++] = *d;
    return 1;
}

/* The devices of one item of the list; 1 if any device matched it. *dropped counts the
 * matching devices past the most the engine drives. */
static int pick(const struct request *r, const struct br_device *all, int all_count,
                struct br_device *devices, int *count, int max, int *dropped)
{
    /* By rank: the (rank mod n)-th of the n that match; the first without a rank. */
    int matching = 0, rank = br_env()->local_rank;
    for (int i = 0; r->by_rank && i < all_count; i++)
        matching += matches(r, &all[i]);
    int skip = r->by_rank && matching > 0 && rank > 0 ? rank % matching : 0;
    int matched = 0;
    for (int i = 0; i < all_count; i++)
        if (matches(r, &all[i]) && skip-- <= 0) {
            matched = 1;
            *dropped += add_once(devices, count, max, &all[i]) < 0;
            if (!r->all)
                break;
        }
    if (r->by_rank && matching > 1 && rank >= 0)
        br_verbose("device: node-local rank %d (%s) of an MPI job: device %d of the %d that "
                   "match",
                   rank, br_env()->local_rank_from, rank % matching, matching);
    return matched;
}

int br_device_find_all(struct br_device *devices, int max, char *why, size_t why_size)
{
    /* Static, not on the stack (each description is over a kilobyte): the engine calls this
     * once, under its discovery lock; blasroute-info again, single-threaded. */
    static struct br_device all[MAX_DEVICES];
    int all_count = list_devices(all, (int)(sizeof all / sizeof all[0]), why, why_size);
    if (all_count == 0)
        return 0;
    why[0] = 0;
    const char *wanted = br_env()->device;
    int count = 0, dropped = 0;
    if (!wanted) {
        /* The first GPU, else the first accelerator; in an MPI job (a node-local rank known)
         * the one at the rank: one process per device is how HPL, ScaLAPACK and SLATE run,
         * and every rank on the first GPU would share it. */
        struct request gpu = {.type = CL_DEVICE_TYPE_GPU, .by_rank = 1};
        struct request accelerator = {.type = CL_DEVICE_TYPE_ACCELERATOR, .by_rank = 1};
        if (!pick(&gpu, all, all_count, devices, &count, max, &dropped))
            pick(&accelerator, all, all_count, devices, &count, max, &dropped);
        if (count == 0)
            snprintf(why, why_size, "no OpenCL GPU or accelerator (a CPU OpenCL device is used "
                     "only when BLASROUTE_DEVICE asks for it, e.g. BLASROUTE_DEVICE=cpu)");
        return count;
    }
    /* The items of the list, each matched on its own; the first one that matches nothing is
     * told (the others still serve). */
    char list[1024];
    snprintf(list, sizeof list, "%s", wanted);
    char *saved = NULL;
    for (char *item = strtok_r(list, ",", &saved); item; item = strtok_r(NULL, ",", &saved)) {
        item = br_trim(item);
        struct request r;
        parse_request(item, &r);
        if (*item && !pick(&r, all, all_count, devices, &count, max, &dropped) && !why[0])
            snprintf(why, why_size, "no OpenCL device matches '%s' of BLASROUTE_DEVICE=%s "
                     "(accepted: a comma-separated list of platform:device indices, gpu, cpu, "
                     "accelerator, gpu:all, cpu:all, accelerator:all, gpu:local-rank, "
                     "cpu:local-rank, accelerator:local-rank, or part of a device name)",
                     item, wanted);
    }
    if (count == 0 && !why[0])
        snprintf(why, why_size, "BLASROUTE_DEVICE=%s names no device", wanted);
    if (dropped && !why[0])
        snprintf(why, why_size, "BLASROUTE_DEVICE=%s names %d devices more than the %d used",
                 wanted, dropped, max);
    return count;
}
