L=/work/main/.libs/libblasroute.so
run() { env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/abc2 BLASROUTE_DEVICE=cpu "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream 1024 gesv 2>/dev/null | awk '{print $3}'; }
for i in $(seq 1 20); do
  echo "auto $(run BLASROUTE_MODE=auto)"
  echo "cpu $(run BLASROUTE_MODE=cpu)"
  echo "cpu $(run BLASROUTE_MODE=cpu)"
  echo "auto $(run BLASROUTE_MODE=auto)"
  echo "autoT $(run BLASROUTE_MODE=auto BLASROUTE_THRESHOLD=100000)"
  echo "autoL $(run BLASROUTE_MODE=auto BLASROUTE_LEARN=0)"
done
