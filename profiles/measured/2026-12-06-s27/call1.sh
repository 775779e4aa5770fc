#!/bin/bash
# Session 27, about 9 minutes; carry .dev/bundle. The one-off costs of a routed call's first
# weighings after this session's changes (the CPU's model name from CPUID instead of
# /proc/cpuinfo, no cache directory made for a read, the learned table's size class without
# libm, the GPU-list thread only where the kernel driver lists GPUs): reference dpotrf and
# dgeqrf 2048 in auto mode, cold and warm, 4 each, with what the reads took inside the call;
# then the suite at 1024 and 2048 and the Netlib stream, --aa, as sessions 25 and 26's call 1.
source profiles/measured/gpu-common.sh
reads 2048 potrf geqrf
suite small 330 --orders 1024,2048 --workloads gesv,getrf,potrf,geqrf,syevd --repeats 3 --aa
suite net 60 --workloads netlib --repeats 3 --aa
pack
