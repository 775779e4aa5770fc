#!/bin/bash
# Issue 20, thirteenth session: the wake-up window (br_cpu_threads_warming) on the H200: the
# small rows of small.sh, then the c/z sweep of cz.sh, in one device call.
#     bash profiles/measured/2026-11-26-issue20-s13/verify.sh
# Carried: .gpu, .dev. Dry run: DRY=1 OUT=dir.
bash profiles/measured/2026-11-26-issue20-s13/small.sh > /dev/null 2>&1
mv $OUT/all.tgz $OUT/small.tgz; tar xzOf $OUT/small.tgz small.txt
bash profiles/measured/2026-11-26-issue20-s12/focus.sh cz 2>&1 | tail -45
