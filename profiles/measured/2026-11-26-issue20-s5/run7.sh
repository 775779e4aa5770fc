#!/bin/bash
# Issue 20, session 5, call 8 (H200): call 7's script (run6.sh) again, on the build where the
# calibration waited for the program's calls and sweeps extrapolated every dimension, with the
# NVIDIA kernel cache in each run's cache directory (gpu-common.sh).
exec bash profiles/measured/2026-11-26-issue20-s5/run6.sh
