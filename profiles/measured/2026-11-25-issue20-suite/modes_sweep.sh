#!/bin/bash
# Issue 20's "Done when": blasroute-bench --modes cpu,device,auto over every routine and
# precision, square orders 64 to 8192 and skinny shapes, best of 3; auto within 5% of the
# better of the cpu and device columns in every row. Prepared 2026-11-25, not yet run (this
# session's device time went to the suite): run it on the H200 in two calls, one per pair of
# precisions (each about 5 to 10 minutes):
#     bash profiles/measured/2026-11-25-issue20-suite/modes_sweep.sh s,d
#     bash profiles/measured/2026-11-25-issue20-suite/modes_sweep.sh c,z
# Carried: .gpu, .dev (lib/libblasroute.so.0, bin/blasroute-bench built here, not the libtool
# wrapper: .libs/blasroute-bench). Writes modes-<precisions>.csv and the summary to $OUT.
set -u
source .gpu/env.sh > /dev/null
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
P=${1:-s,d}
D=profiles/measured/2026-11-25-issue20-suite
sizes=64,128,256,512,1024,2048,4096,8192,8192x8192x64,8192x64x8192,64x8192x8192,4096x4096x256
# The learned table and the program cache of one warm-up pass first, as a program that has
# run before would have them.
export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
.dev/bin/blasroute-bench --routine all --precision $P --sizes 512 --modes auto --repeat 1 \
    --no-clblast > /dev/null 2>&1
.dev/bin/blasroute-bench --routine all --precision $P --sizes $sizes \
    --modes cpu,device,auto --repeat 3 --pause 50 --no-clblast --csv \
    > $OUT/modes-${P/,/}.csv 2> $OUT/modes-${P/,/}.err
python3 $D/modes_summary.py $OUT/modes-${P/,/}.csv | tee $OUT/modes-${P/,/}-summary.txt
