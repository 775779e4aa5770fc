# Session 30: reference dpotrf 2048 (--device cpu), cpu mode, auto mode at 1381fe8 (25 ms mark)
# and the same build with the 10 ms mark (/tmp/lib10.so), in turns (the order reversed every other round), one warm cache each, 40
# rounds. ORDER and W (the routine) from the environment.
run() { L=$1; shift; env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/abp-$(basename $L) BLASROUTE_DEVICE=cpu "$@" LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/lapack /work/main/lapack-stream ${ORDER:-2048} ${W:-potrf} 2>/dev/null | awk '{print $3}'; }
NEW=/work/main/.libs/libblasroute.so OLD=/tmp/lib10.so
rm -rf /tmp/abp-*
run $NEW BLASROUTE_MODE=auto > /dev/null; run $OLD BLASROUTE_MODE=auto > /dev/null
for i in $(seq 1 40); do
  if [ $((i % 2)) = 0 ]; then
    echo "cpu $(run $NEW BLASROUTE_MODE=cpu) auto25 $(run $NEW BLASROUTE_MODE=auto) auto10 $(run $OLD BLASROUTE_MODE=auto)"
  else
    a10=$(run $OLD BLASROUTE_MODE=auto); a25=$(run $NEW BLASROUTE_MODE=auto); c=$(run $NEW BLASROUTE_MODE=cpu)
    echo "cpu $c auto25 $a25 auto10 $a10"
  fi
done
