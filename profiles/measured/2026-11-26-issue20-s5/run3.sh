#!/bin/bash
# Issue 20, session 5, call 4 (H200), after the host copies' parts became claimed (not one per
# helper): run2's three processes again (auto; auto with OpenBLAS's threads sleeping at once;
# device), then reference-LAPACK dgeqrf 8192 from an empty cache in cpu, device and auto mode
# (its first device products copied at a third of their speed after the CPU's phase).
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-s5c
rm -rf $BLASROUTE_CACHE_DIR
bench() { .dev/bin/blasroute-bench --routine gemm --precision s,d --sizes 512,1024 --repeat 3 \
    --pause 0 --no-clblast --no-nvblas "$@" 2>&1 | grep '^[sd]gemm'; }
bench --modes auto > /dev/null   # the cache: the CPU's calibration, the programs
for run in auto:A auto:B device:C; do
  mode=${run%:*} name=${run#*:} extra=BLASROUTE_NOTHING=
  [ $name = B ] && extra=OPENBLAS_THREAD_TIMEOUT=4
  echo "== $name: $mode $extra"
  export $extra BLASROUTE_TRACE=$OUT/$name.csv; bench --modes $mode
  unset OPENBLAS_THREAD_TIMEOUT BLASROUTE_TRACE
done
echo "== dgeqrf 8192 (cold cache each), seconds"
for mode in cpu device auto; do stream 8192 geqrf $mode; done
cd $OUT && tar czf all.tgz *.csv && rm -f *.csv
