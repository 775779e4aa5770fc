/* Finding the OpenCL device BLASROUTE_DEVICE names, and what the engine needs to know of it. */
#ifndef BLASROUTE_ENGINE_DEVICE_H
#define BLASROUTE_ENGINE_DEVICE_H

#include "engine/opencl.h"

struct br_device {
    cl_platform_id platform;
    cl_device_id id;
    unsigned platform_index, device_index;
    cl_device_type type;
    char name[256], vendor[256], driver[128], platform_name[256], platform_version[256];
    cl_ulong global_memory, max_allocation, local_memory;
    size_t max_work_group;
    cl_uint compute_units; /* CL_DEVICE_MAX_COMPUTE_UNITS (an H200: its 132 SMs) */
    int double_precision; /* cl_khr_fp64 (or OpenCL's double support) */
    int nv_compiler_options; /* cl_nv_compiler_options: -cl-nv-maxrregcount and friends */
    int nv_compute_capability; /* NVIDIA's major * 10 + minor (cl_nv_device_attribute_query); 0 */
    int host_unified; /* CL_DEVICE_HOST_UNIFIED_MEMORY: it reads the host's memory itself */
    cl_uint address_alignment; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes */
};

/* The most devices the engine drives at once. */
enum { BR_MAX_DEVICES = 8 };

/* Discovers the platforms and devices and picks those BLASROUTE_DEVICE names, each once, in the
 * order named: a comma-separated list of "P:D" (platform and device indices), "gpu", "cpu",
 * "accelerator" (the first of that type), "gpu:all", "cpu:all", "accelerator:all" (every one),
 * or a case-insensitive part of a device name (the first that matches). Unset: the first GPU,
 * else the first accelerator. Returns how many were found (at most max); why says why none
 * were, or which item of the list matched nothing (empty otherwise). */
int br_device_find_all(struct br_device *devices, int max, char *why, size_t why_size);

/* The one device type every item of a BLASROUTE_DEVICE value asks for by type ("gpu", "cpu",
 * "accelerator", with ":all" or ":local-rank"); 0 when an item names a device otherwise (by
 * indices or name), when they ask for several types, or for none. */
cl_device_type br_device_choice_type(const char *value);

/* Whether the device is the host's own CPU (CPU OpenCL such as PoCL). */
static inline int br_device_is_host_cpu(const struct br_device *device)
{
    return (device->type & CL_DEVICE_TYPE_CPU) != 0;
}

/* "GPU", "CPU", "accelerator" or "device". */
const char *br_device_type_name(cl_device_type type);

#endif
