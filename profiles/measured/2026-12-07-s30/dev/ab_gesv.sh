# Session 30: reference dgesv 1024 (the suite's --device cpu), cpu and auto mode in turns, one
# warm cache, 30 rounds; auto with 1381fe8's value_after_seconds of 25 ms.
run() { env LD_PRELOAD=/work/main/.libs/libblasroute.so BLASROUTE_CACHE_DIR=/tmp/abc4 BLASROUTE_DEVICE=cpu "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream ${ORDER:-1024} ${W:-gesv} 2>/dev/null | awk '{print $3}'; }
run BLASROUTE_MODE=auto > /dev/null
for i in $(seq 1 30); do
  echo "cpu $(run BLASROUTE_MODE=cpu) auto $(run BLASROUTE_MODE=auto)"
done
