#!/bin/bash
# Issue 20, second session, third call: why auto mode lost at 8192 in run2 (getrf 8192 with
# every call on the CPU 5.28 s against cpu mode's 4.44; geqrf 8192's dgemm moved back to the
# CPU after 25 calls on the device although device mode ran them 1.6 times faster). Traced
# runs in one process each, cpu and auto taken in turns; then a short --modes sweep in double
# precision. Carried: .gpu, .dev (run2's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run3.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
one() { # NAME CACHE MODE ROUTINE
  env LD_PRELOAD=$L BLASROUTE_MODE=$3 BLASROUTE_CACHE_DIR=/tmp/$2 BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=$OUT/trace-$1.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream 8192 $4 2> $OUT/report-$1.txt | sed "s/^/$1: /"
  gzip -f $OUT/trace-$1.csv; }
rm -rf /tmp/c-*
one getrf-cpu-1 c-cpu cpu getrf
one getrf-auto-cold c-auto auto getrf
one getrf-auto-warm c-auto auto getrf
one getrf-cpu-2 c-cpu cpu getrf
one getrf-auto-warm2 c-auto auto getrf
cat /tmp/c-auto/program-*.memo /tmp/c-auto/opened-*.memo > $OUT/memos-getrf.txt
one geqrf-cpu-1 c-cpu cpu geqrf
one geqrf-device c-dev device geqrf
one geqrf-auto-cold c-auto2 auto geqrf
one geqrf-auto-warm c-auto2 auto geqrf
cat /tmp/c-auto2/program-*.memo /tmp/c-auto2/learned-* > $OUT/memos-geqrf.txt
export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
timeout 200 .dev/bin/blasroute-bench --routine all --precision d \
    --sizes 256,1024,4096,8192x8192x64,64x8192x8192 --modes cpu,device,auto --repeat 3 \
    --pause 50 --no-clblast --csv > $OUT/modes-d.csv 2> $OUT/modes-d.err
python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-d.csv | tee $OUT/modes-d-summary.txt | tail -25
