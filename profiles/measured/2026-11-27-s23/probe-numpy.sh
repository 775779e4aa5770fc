#!/bin/bash
# Session 23, nvidia-h200, about 1 minute; carry .dev/bundle with .dev/lib/libblasroute-probe.so.0
# (6b4b661 with route.c timing, for its first 16 routed calls, choose(), the call itself and
# what follows it, printed at exit: a scratch build, not committed). Call 3 found the pip numpy
# script's first dgemm (1024) at 8.4 to 14.1 ms in auto mode against 5.5 to 7.8 in cpu mode.
source profiles/measured/gpu-common.sh
L=$PWD/.dev/lib/libblasroute-probe.so.0
for i in 1 2 3; do
  c=/tmp/c-np-$i; rm -rf $c $c-c
  traced numpy cpu$i cpu $c-c python3 scripts/workload_numpy.py 1024
  traced numpy cold$i auto $c python3 scripts/workload_numpy.py 1024
  traced numpy warm$i auto $c python3 scripts/workload_numpy.py 1024
done
for f in $OUT/numpy/*.err; do echo "== $f"; grep probe $f | head -6; done
pack
