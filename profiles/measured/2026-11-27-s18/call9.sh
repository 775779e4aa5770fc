#!/bin/bash
# Session 18, call 9 (nvidia-h200, about 2 minutes; carry .gpu, .dev/lib (this build),
# .dev/bin9 (blasroute-bench, and old/ a460dc1's library): the waits watching the event before they
# block (engine/event_wait.c), against blocking at once, in turns in one machine: device mode,
# best of 3 rounds, small to large calls (cherk n = 64, k = 8192 alternated 0.42 and 0.52 ms in
# call 7 with the device's own span the same).
source profiles/measured/gpu-common.sh
rm -rf /tmp/brc9; mkdir -p /tmp/brc9
export BLASROUTE_CACHE_DIR=/tmp/brc9
bench() { # LIB-DIR ARGS...
  local lib=$1; shift
  LD_LIBRARY_PATH=$PWD/$lib:$LD_LIBRARY_PATH timeout 120 .dev/bin9/blasroute-bench "$@" \
      --modes device --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast --no-nvblas \
      2> /dev/null | awk -v l=$lib '/^[sdcz](gemm|herk|syrk)/ {print l, $0}'
}
bench .dev/lib --routine herk --precision c --sizes 512 > /dev/null   # programs compiled
for round in 1 2; do
  for lib in .dev/bin9/old .dev/lib; do
    bench $lib --routine herk --precision c --sizes 64x64x8192
    bench $lib --routine gemm --precision d --sizes 256,1024,4096
    bench $lib --routine syrk --precision s --sizes 8192x8192x64
  done
done | tee $OUT/wait.txt
pack
