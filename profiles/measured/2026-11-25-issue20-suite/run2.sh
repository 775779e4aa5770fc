#!/bin/bash
# Issue 20 on the GPU machine, second call, with the device opened on the warm-up thread:
# tiny calls; programs that exit while the warm-up thread is inside NVIDIA's driver (opening
# the device, building the program) must end normally; the workload suite at orders 2048 and
# 4096 with numpy and the Netlib stream. Carried as run1.sh, plus .dev/bin/repeat_dgemm.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
# Exit during the warm-up: a fresh cache each time (so the program is really built), auto mode.
{ for calls in 1 3 10 30 1 3 10 30; do
    rm -rf /tmp/exitcache
    start=$(date +%s.%N)
    LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=/tmp/exitcache \
      BLASROUTE_TRACE=/tmp/exit-trace.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/repeat_dgemm $calls 384 384 384 > /tmp/exit-out 2> /tmp/exit-err
    status=$?
    end=$(date +%s.%N)
    echo "calls $calls: status $status, $(echo "$end - $start" | bc) s, stdout $(wc -c < /tmp/exit-out) bytes, last reason: $(awk -F, 'END { print $10 ": " $11 }' /tmp/exit-trace.csv); $(awk -F, 'NR > 1 && $10 == "device"' /tmp/exit-trace.csv | wc -l) on the device"
    head -3 /tmp/exit-err
  done; } > $OUT/exit.txt 2>&1
timeout 420 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
    --orders 2048,4096 --max-syevd 2048 --max-numpy 4096 --repeats 2 --out $OUT/suite.txt \
    --keep $OUT/runs > $OUT/suite-progress.txt 2>&1
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
cat $OUT/tiny.txt $OUT/exit.txt $OUT/suite-progress.txt | tail -80
