#!/bin/bash
# Issue 20, eleventh session: the helper that gets the device ready for a program's next run
# (BLASROUTE_PREPARE, prepare.h), with its stops while the host is busy, not yet measured on
# the H200: numpy 4096 (auto never opens the device there, cold or warm: its compile is not
# paid back in one run) and getrf 8192 (the helper beside its first run cost 2.26 -> 4.07 s
# before the stops, session 6), each in the suite's cpu, device and auto modes, every run with
# the helper on (only auto mode starts it). One device call (about 8 minutes):
#     bash profiles/measured/2026-11-26-issue20-s11/prepare.sh
# Carried: .gpu, .dev (this build).
source profiles/measured/gpu-common.sh
export BLASROUTE_PREPARE=$PWD/.dev/bin/blasroute-prepare
suite 4096-prepare 290 --orders 4096 --repeats 3 --workloads numpy
suite 8192-prepare 230 --orders 8192 --repeats 2 --workloads getrf
pack
