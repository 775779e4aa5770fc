#!/bin/bash
# Session 30, call 3 (H100 or H200, carry .dev/bundle: .dev/lib = 1381fe8): issue 20, auto
# against cpu mode in turns on the reference LAPACK's potrf and getrf 4096 (call 2's suite had
# one or two runs a mode, cpu mode's own runs 0.158 to 0.277 s): 12 rounds, each mode once a
# round, auto on one cache warmed first (its helper waited for), seconds per line.
source profiles/measured/2026-12-07-s29/setup.sh
one() { env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/cw CUDA_CACHE_PATH=/tmp/cw/nvidia \
        BLASROUTE_PREPARE=$PWD/.dev/bin/blasroute-prepare "$@" \
        LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream $ORDER $W |
        awk '{print $3}'; }
rm -rf /tmp/cw
for W in potrf getrf; do ORDER=4096 one BLASROUTE_MODE=auto > /dev/null; done
for i in $(seq 1 60); do pgrep -f blasroute-prepare > /dev/null || break; sleep 1; done
{
  ls /tmp/cw
  for i in $(seq 1 12); do
    for W in potrf getrf; do
      ORDER=4096
      echo "$W cpu $(one BLASROUTE_MODE=cpu) auto $(one BLASROUTE_MODE=auto) auto-nolearn $(one BLASROUTE_MODE=auto BLASROUTE_LEARN=0)"
    done
  done
} 2>&1 | tee $OUT/call3.txt
pack
