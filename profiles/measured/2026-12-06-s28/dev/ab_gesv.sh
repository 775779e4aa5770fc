L=/work/main/.libs/libblasroute.so
run() { env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/abc "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream 1024 gesv | awk '{print $3}'; }
rm -rf /tmp/abc; run BLASROUTE_MODE=auto > /dev/null
for i in $(seq 1 15); do
  echo "cpu $(run BLASROUTE_MODE=cpu)"
  echo "auto $(run BLASROUTE_MODE=auto)"
  echo "nolearn $(run BLASROUTE_MODE=auto BLASROUTE_LEARN=0)"
  echo "thresh $(run BLASROUTE_MODE=auto BLASROUTE_THRESHOLD=100000)"
done
