#!/bin/bash
# Session 18, call 6 (nvidia-h200, about 2 minutes; carry .gpu, .dev/lib, .dev/bin): issue 20,
# why auto's device calls of cherk n = 64, k = 8192 take longer than device mode's (call 5:
# every auto call on the device, 0.63 ms on average against 0.56, best 0.50 against 0.39; the
# row at 0.79 and 0.83 of device mode). Device mode beside auto, best of 3 rounds, with each of
# the things auto adds turned off in turn: learning, the thread sharing, the trace.
source profiles/measured/gpu-common.sh
row() { # NAME VAR=VALUE...: the row's device and auto columns, each setting in a fresh cache
  local name=$1; shift
  rm -rf /tmp/brc6; mkdir -p /tmp/brc6
  env BLASROUTE_CACHE_DIR=/tmp/brc6 "$@" timeout 100 .dev/bin/blasroute-bench --routine herk \
      --precision c --sizes 512 --modes auto --repeat 1 --no-cpu --no-clblast --no-nvblas \
      > /dev/null 2>&1
  env BLASROUTE_CACHE_DIR=/tmp/brc6 "$@" timeout 100 .dev/bin/blasroute-bench --routine herk \
      --precision c --sizes 64x64x8192,8192x8192x64 --modes device,auto --repeat 1 --rounds 3 \
      --pause 250 --no-cpu --no-clblast --no-nvblas 2> /dev/null |
      awk -v n="$name" '/^cherk/ {print n, $0}'
}
{
  row default
  row no-learning BLASROUTE_LEARN=0
  row keep-threads BLASROUTE_CPU_THREADS=keep
  row traced BLASROUTE_TRACE=$OUT/trace6.csv
  row default
} | tee $OUT/auto-overhead.txt
pack
