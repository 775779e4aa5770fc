#!/bin/bash
# Issue 20, session 5, call 7 (H200), build with the sweep projection (sweep.h), the tries'
# process budget and the CPU samples taken while the program builds: reference-LAPACK dgeqrf
# 8192 and 4096 in auto mode, traced, on an empty cache and again on the cache it left, beside
# cpu and device mode on empty caches; then dgetrf and dpotrf 8192 the same way.
source profiles/measured/gpu-common.sh
for order in 8192 4096; do
  for r in geqrf getrf potrf; do
    [ $order = 4096 ] && [ $r != geqrf ] && continue
    rm -rf /tmp/c-$r
    for run in cold warm; do
      traced $r-$order $run auto /tmp/c-$r .dev/bin/lapack-stream $order $r
    done
    traced $r-$order cpu cpu /tmp/c-$r-c .dev/bin/lapack-stream $order $r
    rm -rf /tmp/c-$r-d
    traced $r-$order device device /tmp/c-$r-d .dev/bin/lapack-stream $order $r
  done
done
cd $OUT && for d in */; do tar czf ${d%/}.tgz $d && rm -rf $d; done; true
