#!/bin/bash
# Issue 20, session 10: the modes sweep's skinny rows and order 512 in s and d after 8a84a0c
# (tries of an unmeasured other path up to 3 times slower for non-square cells; CPU tries on
# the full thread count; the margin narrowing once both paths are measured), as modes.sh runs
# them (warm-up pass at 512, --rounds 3, 250 ms pauses), traced:
#     bash profiles/measured/2026-11-26-issue20-s10/skinny.sh
# Carried: .gpu, .dev/lib, .dev/bin (this build). About 4 minutes.
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
.dev/bin/blasroute-bench --routine all --precision s,d --sizes 512 --modes auto \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
BLASROUTE_TRACE=$OUT/trace-skinny.csv timeout 400 .dev/bin/blasroute-bench --routine all \
    --precision s,d --sizes 512,8192x8192x64,8192x64x8192,64x8192x8192,4096x4096x256 \
    --modes cpu,device,auto --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast \
    --no-nvblas --csv > $OUT/modes-skinny.csv 2> $OUT/modes-skinny.err
gzip $OUT/trace-skinny.csv
python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-skinny.csv \
    | tee $OUT/modes-skinny-summary.txt
pack
