/* The OpenCL API as blasroute uses it: OpenCL 1.2, the version every driver we target offers. */
#ifndef BLASROUTE_ENGINE_OPENCL_H
#define BLASROUTE_ENGINE_OPENCL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

/* cl_nv_device_attribute_query's compute capability queries (cl_ext.h names them; some
 * header releases do not). */
#define BR_CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define BR_CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001

/* What the ICD loader returns when it finds no platform (cl_khr_icd's CL_PLATFORM_NOT_FOUND_KHR). */
#define BR_CL_PLATFORM_NOT_FOUND (-1001)

/* blasroute's own code for a problem that does not fit the device's memory in the pieces a
 * plan can cut: declined, answered by the CPU, and not a failure of the device. */
#define BR_CL_TOO_LARGE (-20001)

/* The name of an OpenCL error code, for messages ("CL_OUT_OF_RESOURCES"). */
const char *br_cl_error_name(cl_int error);

#endif
