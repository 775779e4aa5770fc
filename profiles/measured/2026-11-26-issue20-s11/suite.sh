#!/bin/bash
# Issue 20, eleventh session: the suite at 8192 for getrf and geqrf (auto made no device call
# there in session 10, and two runs could not tell the host's spread from 3%), best of 4
# interleaved runs, and numpy at 4096, best of 3. One device call (about 6 minutes):
#     bash profiles/measured/2026-11-26-issue20-s11/suite.sh
# Carried: .gpu, .dev (this build).
source profiles/measured/gpu-common.sh
suite 4096 150 --orders 4096 --repeats 3 --workloads numpy
suite 8192 400 --orders 8192 --repeats 4 --workloads getrf,geqrf
pack
