#include "engine/device.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "env.h"

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

int br_device_find(struct br_device *device, char *why, size_t why_size)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    cl_int error = br_fault_injected(BR_FAULT_NO_PLATFORM)
                       ? BR_CL_PLATFORM_NOT_FOUND
                       : clGetPlatformIDs(MAX_PLATFORMS, platforms, &platform_count);
    if (error != CL_SUCCESS || platform_count == 0) {
        snprintf(why, why_size, "no OpenCL platform (%s)",
                 error ? br_cl_error_name(error) : "the ICD loader lists none");
        return -1;
    }
    if (platform_count > MAX_PLATFORMS)
        platform_count = MAX_PLATFORMS;

    const char *wanted = br_env()->device;
    unsigned want_platform = 0, want_device = 0;
    int by_index = wanted && parse_indices(wanted, &want_platform, &want_device);
    cl_device_type want_type = 0;
    if (wanted && !by_index) {
        if (strcasecmp(wanted, "gpu") == 0)
            want_type = CL_DEVICE_TYPE_GPU;
        else if (strcasecmp(wanted, "cpu") == 0)
            want_type = CL_DEVICE_TYPE_CPU;
        else if (strcasecmp(wanted, "accelerator") == 0)
            want_type = CL_DEVICE_TYPE_ACCELERATOR;
    }

    /* Without a request: the first GPU wins, else the first accelerator. */
    static const cl_device_type preference[] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR};
    int rounds = wanted ? 1 : 2;
    for (int round = 0; round < rounds; round++) {
        for (cl_uint p = 0; p < platform_count; p++) {
            cl_device_id ids[MAX_DEVICES];
            cl_uint count = 0;
            if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, ids, &count) !=
                CL_SUCCESS)
                continue;
            if (count > MAX_DEVICES)
                count = MAX_DEVICES;
            for (cl_uint d = 0; d < count; d++) {
                struct br_device candidate = {.platform = platforms[p], .id = ids[d],
                                              .platform_index = p, .device_index = d};
                describe(&candidate);
                int match;
                if (by_index)
                    match = p == want_platform && d == want_device;
                else if (want_type)
                    match = (candidate.type & want_type) != 0;
                else if (wanted)
                    match = contains_ignoring_case(candidate.name, wanted);
                else
                    match = (candidate.type & preference[round]) != 0;
                if (match) {
                    *device = candidate;
                    return 0;
                }
            }
        }
    }
    if (wanted)
        snprintf(why, why_size, "no OpenCL device matches BLASROUTE_DEVICE=%s (accepted: "
                 "platform:device indices, gpu, cpu, accelerator, or part of a device name)",
                 wanted);
    else
        snprintf(why, why_size, "no OpenCL GPU or accelerator (a CPU OpenCL device is used "
                 "only when BLASROUTE_DEVICE asks for it, e.g. BLASROUTE_DEVICE=cpu)");
    return -1;
}
