#!/bin/bash
# Issue 20, fourth session, fourth call (build e361d8f: a device call that may meet the CPU
# BLAS's spin after a full-count CPU call is a disturbed sample for learning): dgeqrf 8192
# auto cold twice (traced), then close.sh's suite-8192. Carried: .gpu, .dev.
source profiles/measured/gpu-common.sh
mkdir -p $OUT/t
for i in 1 2; do
  rm -rf /tmp/t4
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/t4 BLASROUTE_MODE=auto BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=$OUT/t/geqrf-cold$i.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream 8192 geqrf 2> $OUT/t/geqrf-cold$i.err | head -1)
  echo "geqrf auto cold $i: $s"
done
( cd $OUT && tar czf t.tgz t && rm -rf t )
bash profiles/measured/2026-11-25-issue20-threads/close.sh suite-8192
