#!/bin/bash
# Session 19, call 1 (nvidia-h200; carry .dev/bundle of f01a94f's build; about 3 minutes):
# session 18's next.sh (prepared, not run there; removed), extended.
# Issue 20: where auto's extra millisecond in a 1024 LAPACK stream goes (session 18's call 8:
# getrf 1024 1.069, gesv 1024 1.05 with every call on the CPU), and how far apart cpu mode and
# auto mode's getrf 8192 runs are when both keep every call on the CPU (call 8: 2.32 to 2.51
# against 2.54 to 2.63).
#  1. The NVIDIA driver's /proc read (gpu_guess.c, on the first weighed call with no memo), the
#     clock source (every timed call reads the clock twice), tools present.
#  2. tiny-calls, three runs.
#  3. getrf 1024: cpu, auto, auto with no call weighed (BLASROUTE_THRESHOLD=100000), auto with
#     learning off, in turns, seven times.
#  4. getrf 8192: cpu and auto in turns, four times each.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  python3 - <<'PY'
import glob, time
for path in sorted(glob.glob("/proc/driver/nvidia/gpus/*/information")):
    t = time.perf_counter(); open(path).read(); print("read %s: %.1f us" % (path, (time.perf_counter() - t) * 1e6))
PY
done | tee $OUT/proc-read.txt
{ cat /sys/devices/system/clocksource/clocksource0/current_clocksource
  cat /sys/devices/system/clocksource/clocksource0/available_clocksource
  which strace perf ltrace; } 2>&1 | tee $OUT/clock.txt
for i in 1 2 3; do
  for m in cpu auto; do echo "tiny $m $(BLASROUTE_MODE=$m BLASROUTE_CACHE_DIR=/tmp/c-tiny LD_PRELOAD=$L .dev/bin/tiny-calls 2>&1 | tail -1)"; done
done | tee $OUT/tiny.txt
for i in 1 2 3 4 5 6 7; do
  stream 1024 getrf cpu
  stream 1024 getrf auto
  stream 1024 getrf auto BLASROUTE_THRESHOLD=100000
  stream 1024 getrf auto BLASROUTE_LEARN=0
done | tee $OUT/getrf1024.txt
rm -rf /tmp/c-r; mkdir -p $OUT/report
env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-r BLASROUTE_MODE=auto BLASROUTE_REPORT=1 \
  BLASROUTE_TRACE=$OUT/report/getrf1024-auto.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
  .dev/bin/lapack-stream 1024 getrf > $OUT/report/getrf1024-auto.txt 2>&1
for i in 1 2 3 4; do
  stream 8192 getrf cpu
  stream 8192 getrf auto
done | tee $OUT/getrf8192.txt
pack
