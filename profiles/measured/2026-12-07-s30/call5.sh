#!/bin/bash
# Session 30, call 5 (H100's host, carry .dev/bundle: .dev/lib = 1381fe8): issue 20's tiny
# calls (tests/tiny_calls.c through .dev/bin/tiny-calls: 2 x 2 dgemm_ through blasroute against
# the CPU BLAS directly), five runs; then potrf and getrf 2048, auto against cpu in turns (8
# rounds, one warmed cache, as call 3 at 4096).
source profiles/measured/2026-12-07-s29/setup.sh
{ for i in 1 2 3 4 5; do LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH .dev/bin/tiny-calls; done; } 2>&1 | tee $OUT/call5.txt
one() { env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/cw CUDA_CACHE_PATH=/tmp/cw/nvidia \
        BLASROUTE_PREPARE=$PWD/.dev/bin/blasroute-prepare "$@" \
        LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream 2048 $W |
        awk '{print $3}'; }
rm -rf /tmp/cw
for W in potrf getrf; do one BLASROUTE_MODE=auto > /dev/null; done
for i in $(seq 1 60); do pgrep -f blasroute-prepare > /dev/null || break; sleep 1; done
for i in $(seq 1 8); do for W in potrf getrf; do
  echo "$W 2048 cpu $(one BLASROUTE_MODE=cpu) auto $(one BLASROUTE_MODE=auto)"; done; done 2>&1 | tee -a $OUT/call5.txt
pack
