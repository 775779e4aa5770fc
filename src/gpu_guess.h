/* Which GPU a machine has, known without opening any driver: the warm-up (warmup.h) predicts
 * with its profile what the device could save before deciding to open it, in a first process
 * on a host, where it would otherwise count every device-sized call's whole CPU time. */
#ifndef BLASROUTE_GPU_GUESS_H
#define BLASROUTE_GPU_GUESS_H

#include <stddef.h>

/* The first NVIDIA GPU the kernel driver lists (/proc/driver/nvidia/gpus/<bus>/information,
 * its "Model:" line: the name OpenCL gives the device too), as the vendor and name OpenCL
 * would report: 0 with them written, -1 when there is none. The directory can be replaced for
 * the tests (BLASROUTE_TEST_NVIDIA_PROC). */
int br_gpu_guess(char *vendor, size_t vendor_size, char *name, size_t name_size);

/* Whether the kernel driver's list exists at all (one access(2), a few microseconds): where it
 * does not, br_gpu_guess has nothing to read and finds no GPU, and nothing need start a
 * thread for it. */
int br_gpu_guess_listed(void);

/* Pure: the model named by the text of one "information" file, written to name; 0, or -1
 * when it names none. */
int br_gpu_guess_parse(const char *information, char *name, size_t name_size);

#endif
