#!/bin/bash
# Issue 20, third session, third call: why auto mode loses to device mode on the numpy
# script at 4096 (run2: auto 2.73 cold, 2.84 warm; device 2.14 warm; the 9 dgemm all on the
# CPU in auto, the sgemm on the device 7 times slower than in device mode). The script twice
# in auto mode (cold, then warm on the same cache) and once in device mode, each traced and
# verbose. Run twice (the first time the traces did not all come back: now in traces.tgz).
# Carried: .gpu, .dev.
#     bash profiles/measured/2026-11-25-issue20-threads/run3.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-numpy /tmp/c-numpy-dev
for run in auto-cold auto-warm device; do
  mode=${run%-*} cache=/tmp/c-numpy; [ $run = device ] && cache=/tmp/c-numpy-dev
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$cache BLASROUTE_MODE=$mode BLASROUTE_VERBOSE=1 \
      BLASROUTE_REPORT=1 BLASROUTE_TRACE=$OUT/trace-$run.csv \
      python3 scripts/workload_numpy.py 4096 > $OUT/numpy-$run.txt 2>&1
  head -n 1 $OUT/numpy-$run.txt; grep -c . $OUT/trace-$run.csv
done
cp /tmp/c-numpy/*.memo $OUT/ 2>/dev/null; ls /tmp/c-numpy > $OUT/cache-files.txt
cd $OUT && tar czf traces.tgz trace-*.csv && rm trace-*.csv
