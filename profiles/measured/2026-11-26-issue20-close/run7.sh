#!/bin/bash
# Issue 20, fourth session, seventh call (build 0241db9: the first compile counts only in a
# program's first run): numpy 4096 in auto mode three times on one cache (first run, then runs
# with its memo) beside cpu and device mode, then the suite at 2048 (close.sh suite-2048).
# Carried: .gpu, .dev.
source profiles/measured/gpu-common.sh
rm -rf /tmp/t7*
for run in cpu device-cold device-warm auto-first auto-second auto-third; do
  mode=${run%%-*}
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/t7$mode BLASROUTE_MODE=$mode \
      python3 scripts/workload_numpy.py 4096 2>&1 | head -1)
  echo "numpy 4096 $run: $s"
done
bash profiles/measured/2026-11-25-issue20-threads/close.sh suite-2048
