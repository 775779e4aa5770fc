#!/bin/bash
# Session 37, call 2 (carry .dev/bundle as call 1: .dev/lib = 42e4f5e, which opens the device
# at load on the program's memo; .dev/lib-old = 4965264, at the first device-sized calls), as
# call 1 for getrf and geqrf 8192, warm twice. On an H200 (the session's device time left for
# one short call): issue 22's figures beside cuBLAS (session 33's call 1). On an H100: getrf and geqrf 8192, the two builds in turns on caches of their own,
# cold (leaving blasroute-prepare compiling, as the suite does) then warm twice, cpu
# mode beside them; each run's routine time (lapack-stream's) and the whole process's
# (`wall`), verbose and traced.
source profiles/measured/2026-12-07-s29/setup.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  exit 0
fi
source profiles/measured/2026-12-07-s37/turns.sh
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
for w in getrf geqrf; do ab_turns $w cold warm1 warm2; done
