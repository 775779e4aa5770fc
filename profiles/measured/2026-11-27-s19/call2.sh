#!/bin/bash
# Session 19, call 2 (nvidia-h200; carry .dev/bundle: this build in .dev/lib, f01a94f's in
# .dev/lib/old; about 5 minutes). Issue 20: the first device-sized call of a process, before
# and after the kernel driver's guess waits until the calls have taken 25 ms and the CPU's
# model name is read once (warmup.c, calibrate.c).
#  1. first-weighed (first_weighed.c here, built into .dev/bin by
#     gcc -O2 -o .dev/bin/first-weighed first_weighed.c -l:libblas.so.3): 200 dgemm_ of
#     order 8, then dgemm_ 960 x 960 x 64 twice; the first's microseconds less the second's,
#     cpu mode and auto mode on an empty cache, each library, seven runs in turn.
#  2. Reference-LAPACK streams of order 1024 (getrf, gesv, potrf, geqrf): cpu mode, auto with
#     f01a94f's library, auto with this one, in turns, seven times, each on an empty cache.
#  3. The suite at order 1024 with this build (getrf, gesv, potrf, geqrf).
source profiles/measured/gpu-common.sh
OLD=$PWD/.dev/lib/old/libblasroute.so.0
# A host busy with something else (call 2's first try, 12:04: cpu mode's getrf 1024 0.03 to
# 0.24 s against 0.015 in call 1) is recorded and left.
{ uptime; top -b -n 1 | head -25; } > $OUT/load.txt 2>&1
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then cat $OUT/load.txt; pack; exit 0; fi
fw() { rm -rf /tmp/c-fw; env BLASROUTE_CACHE_DIR=/tmp/c-fw "${@:2}" LD_PRELOAD=$1 \
       LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/first-weighed 960 2; }
for i in 1 2 3 4 5 6 7; do
  echo "cpu $(fw $L BLASROUTE_MODE=cpu)"
  echo "auto-old $(fw $OLD BLASROUTE_MODE=auto)"
  echo "auto-new $(fw $L BLASROUTE_MODE=auto)"
done | tee $OUT/first-weighed.txt
for r in getrf gesv potrf geqrf; do
  for i in 1 2 3 4 5 6 7; do
    stream 1024 $r cpu
    L=$OLD stream 1024 $r auto OLD=1
    stream 1024 $r auto
  done
done | tee $OUT/streams1024.txt
suite s1024 300 --orders 1024 --workloads getrf,gesv,potrf,geqrf
pack
