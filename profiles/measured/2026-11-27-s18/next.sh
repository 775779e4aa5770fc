#!/bin/bash
# Prepared 2026-11-27 (session 18, not yet run), nvidia-h200, about 2 minutes; carry
# .dev/bundle (profiles/measured/bundle.sh of a current build).
#  1. Issue 20: where auto's extra millisecond in a 1024 LAPACK stream goes (call 8: getrf 1024
#     1.069, gesv 1024 1.05 with every call on the CPU). The first call the model weighs reads
#     the device memo, the program memo and, with no memo, /proc/driver/nvidia/gpus/*/information
#     (gpu_guess.c): time that read here, and the first weighed dgemm in cpu and auto mode.
#  2. Issue 20: cpu mode against auto with BLASROUTE_THRESHOLD=100000 (no call weighed) on the
#     getrf 1024 stream: what the weighed calls cost in all.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  python3 - <<'PY'
import glob, time
for path in sorted(glob.glob("/proc/driver/nvidia/gpus/*/information")):
    t = time.perf_counter(); open(path).read(); print("read %s: %.1f us" % (path, (time.perf_counter() - t) * 1e6))
PY
done | tee $OUT/proc-read.txt
for i in 1 2 3 4 5; do
  stream 1024 getrf cpu
  stream 1024 getrf auto
  stream 1024 getrf auto BLASROUTE_THRESHOLD=100000
done | tee $OUT/getrf1024.txt
pack
