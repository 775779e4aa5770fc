#!/bin/bash
# Session 37, call 1 (carry .dev/bundle: .dev/lib = the device opened at load on the program's
# memo; .dev/lib-old = 4965264, which opens it at the first device-sized calls). On an H200:
# issue 22's figures beside cuBLAS (session 33's call 1), then issue 20's suite at 8192 with the
# new build. On an H100: gesv and potrf 8192, the two builds in turns on caches of their own,
# cold (leaving blasroute-prepare compiling, as the suite does) then warm three times, cpu
# mode beside them; each run's routine time (lapack-stream's) and the whole process's
# (`wall`), verbose and traced.
source profiles/measured/2026-12-07-s29/setup.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  suite h200-8192 330 --orders 8192 --workloads getrf,potrf,gesv,geqrf --repeats 1 --aa
  (cd $OUT && tar cf runs-h200-8192.tar runs-h200-8192 && rm -rf runs-h200-8192)
  exit 0
fi
source profiles/measured/2026-12-07-s37/turns.sh
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
for w in gesv potrf; do ab_turns $w cold warm1 warm2 warm3; done
