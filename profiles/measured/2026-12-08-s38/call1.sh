#!/bin/bash
# Session 38, call 1, unrun (no machine came; the next session's first call). Carry
# .dev/bundle: .dev/lib = a431f1b's build (session 37's CPU cells taught before the device
# opens; the warm-up's threads in warmup_threads.c), .dev/lib-old = 4965264. On an H200:
# issue 22's figures beside cuBLAS (session 33's call 1), then issue 20's suite at 8192 (getrf,
# potrf, gesv, geqrf; one repeat, cpu mode before and after auto) in what is left of the call.
# On an H100: session 37's call 3, gesv 8192 cold then warm three times on one cache with cpu
# mode beside it, traced: whether the memos still alternate.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 ||
  exec bash profiles/measured/2026-12-07-s37/call3.sh
source profiles/measured/2026-12-07-s29/setup.sh
bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
suite h200-8192 300 --orders 8192 --workloads getrf,potrf,gesv,geqrf --repeats 1 --aa
(cd $OUT && tar cf runs-h200-8192.tar runs-h200-8192 && rm -rf runs-h200-8192)
