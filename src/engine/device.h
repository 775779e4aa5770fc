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
    int double_precision; /* cl_khr_fp64 (or OpenCL's double support) */
    int nv_compiler_options; /* cl_nv_compiler_options: -cl-nv-maxrregcount and friends */
    int nv_compute_capability; /* NVIDIA's major * 10 + minor (cl_nv_device_attribute_query); 0 */
    int host_unified; /* CL_DEVICE_HOST_UNIFIED_MEMORY: it reads the host's memory itself */
    cl_uint address_alignment; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes */
};

/* Discovers the platforms and devices and picks one: by BLASROUTE_DEVICE when set ("P:D",
 * "gpu", "cpu", "accelerator", or a case-insensitive substring of the device name), else the
 * first GPU, then the first accelerator. 0 on success; -1 (with a reason in why) if none. */
int br_device_find(struct br_device *device, char *why, size_t why_size);

/* Whether the device is the host's own CPU (CPU OpenCL such as PoCL). */
static inline int br_device_is_host_cpu(const struct br_device *device)
{
    return (device->type & CL_DEVICE_TYPE_CPU) != 0;
}

/* "GPU", "CPU", "accelerator" or "device". */
const char *br_device_type_name(cl_device_type type);

#endif
