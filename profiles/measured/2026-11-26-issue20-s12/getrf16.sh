#!/bin/bash
# Issue 20, twelfth session: reference dgetrf 16384 traced in auto (cold, warm), cpu and device
# mode, verbose: auto kept every call on the CPU and took 1.11 to 1.15 times cpu mode (its
# dgemm calls 7.84 s against 6.57), call 9.
#     bash profiles/measured/2026-11-26-issue20-s12/getrf16.sh
source profiles/measured/gpu-common.sh
export BLASROUTE_VERBOSE=1
n=16384; [ "${DRY:-0}" = 1 ] && n=512 && export BLASROUTE_DEVICE=cpu
c=/tmp/c-getrf16; rm -rf $c $c-c
traced getrf16 cold auto $c .dev/bin/lapack-stream $n getrf
traced getrf16 warm auto $c .dev/bin/lapack-stream $n getrf
traced getrf16 cpu cpu $c-c .dev/bin/lapack-stream $n getrf
for f in cold warm cpu; do
  echo "== $f"; grep -v "^blasroute report" $OUT/getrf16/$f.err | head -12
  grep "report: d" $OUT/getrf16/$f.err
  gzip $OUT/getrf16/$f.csv
done
pack
