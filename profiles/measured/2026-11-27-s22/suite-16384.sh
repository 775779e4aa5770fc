#!/bin/bash
# Session 22, nvidia-h200, about 9 minutes; carry .dev/bundle (the build of suite.sh). The
# suite's geqrf at 16384, two runs of each mode: the side prior keeps its thin products on the
# CPU at 8192; here the device won some of them in a cold run (session 21, call 7).
source profiles/measured/gpu-common.sh
suite g16384 570 --orders 16384 --workloads geqrf --repeats 2
pack
