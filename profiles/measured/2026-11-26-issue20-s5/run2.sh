#!/bin/bash
# Issue 20, session 5, call 3 (H200): auto mode's device calls at sgemm 512 and 1024 took 2.4 to
# 3.0 ms (device mode 0.3 ms) for about 40 ms after the process's first sgemm (call 2, process
# 2). Where that time goes (BLASROUTE_TIMELINE), and whether OpenBLAS's spinning threads cause it
# (OPENBLAS_THREAD_TIMEOUT=4: its threads sleep at once after a call).
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-s5b
rm -rf $BLASROUTE_CACHE_DIR
bench() { .dev/bin/blasroute-bench --routine gemm --precision s,d --sizes 512,1024 --repeat 3 \
    --pause 0 --no-clblast --no-nvblas "$@" 2>&1 | grep '^[sd]gemm'; }
bench --modes auto > /dev/null   # the cache: the CPU's calibration, the programs
for run in auto:A auto:B device:C; do
  mode=${run%:*} name=${run#*:} extra=
  [ $name = B ] && extra=OPENBLAS_THREAD_TIMEOUT=4
  echo "== $name: $mode $extra"
  env $extra BLASROUTE_TRACE=$OUT/$name.csv BLASROUTE_TIMELINE=$OUT/$name-timeline.csv \
      .dev/bin/blasroute-bench --routine gemm --precision s,d --sizes 512,1024 --repeat 3 \
      --pause 0 --no-clblast --no-nvblas --modes $mode 2>&1 | grep '^[sd]gemm'
done
echo "== without the timeline (queues not profiled): this part did not run (env cannot call a function)"
for run in auto:A auto:B; do
  mode=${run%:*} name=${run#*:} extra=
  [ $name = B ] && extra=OPENBLAS_THREAD_TIMEOUT=4
  echo "== $name: $mode $extra"; env $extra BLASROUTE_TRACE=$OUT/$name-plain.csv bench --modes $mode
done
cd $OUT && tar czf all.tgz *.csv && rm -f *.csv
