L=/work/main/.libs/libblasroute.so
run() { env LD_PRELOAD=$L "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream 1024 gesv | awk '{print $3}'; }
for i in $(seq 1 60); do
  rm -rf /tmp/abcold
  echo "cpu $(run BLASROUTE_MODE=cpu BLASROUTE_CACHE_DIR=/tmp/abcpu)"
  echo "autocold $(run BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=/tmp/abcold)"
  echo "autowarm $(run BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=/tmp/abc)"
done
