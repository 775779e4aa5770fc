#!/bin/sh
# Runs a test program in BLASROUTE_MODE=device on the CPU OpenCL device (PoCL), so that every
# call with a device path is answered by the OpenCL engine. Used through the wrappers
# tests/gemm_device.sh and tests/gemm_threads.sh (make check runs scripts, not programs with
# arguments). BLASROUTE_TEST_DEVICE picks another device (e.g. gpu on the GPU machine).
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
exec "$top_builddir/tests/$1"
