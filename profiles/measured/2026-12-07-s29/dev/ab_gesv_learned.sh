run() { L=$1; shift; env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/abc2 BLASROUTE_DEVICE=cpu "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream 1024 gesv 2>/dev/null | awk '{print $3}'; }
NEW=/work/main/.libs/libblasroute.so OLD=/work/main/.dev/lib/libblasroute.so.0
for i in $(seq 1 25); do
  echo "cpu $(run $NEW BLASROUTE_MODE=cpu)"
  echo "auto-new $(run $NEW BLASROUTE_MODE=auto)"
  echo "auto-old $(run $OLD BLASROUTE_MODE=auto)"
done
