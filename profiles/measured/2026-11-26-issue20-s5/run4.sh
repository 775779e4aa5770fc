#!/bin/bash
# Issue 20, session 5, call 5 (H200): reference-LAPACK dgeqrf 8192 in auto mode, traced, on an
# empty cache and again on the cache it left (run3: auto 9.66 s cold against device 6.51).
source profiles/measured/gpu-common.sh
rm -rf /tmp/c-geqrf
for run in cold warm; do
  traced geqrf $run auto /tmp/c-geqrf env BLASROUTE_VERBOSE=1 .dev/bin/lapack-stream 8192 geqrf
done
traced geqrf device device /tmp/c-geqrf-d .dev/bin/lapack-stream 8192 geqrf
cd $OUT && tar czf geqrf.tgz geqrf && rm -rf geqrf
