#!/bin/bash
# Session 23, nvidia-h200, about 9 minutes; carry .dev/bundle (6b4b661). First: the pip numpy
# script at 1024, traced, cpu and auto (cold, then warm on its cache) three times: call 2's
# suite had its 9 dgemm take 20.5 ms in auto mode against 15.8 in cpu mode (medians of 18
# runs, every call on the CPU). Then session 22's next-aa.sh: the suite at 4096 and 8192 with
# --aa on this build.
source profiles/measured/gpu-common.sh
for i in 1 2 3; do
  c=/tmp/c-np-$i; rm -rf $c $c-c
  traced numpy cpu$i cpu $c-c python3 scripts/workload_numpy.py 1024
  traced numpy cold$i auto $c python3 scripts/workload_numpy.py 1024
  traced numpy warm$i auto $c python3 scripts/workload_numpy.py 1024
done
BLASROUTE_VERBOSE=1 traced numpy verbose auto /tmp/c-np-1 python3 scripts/workload_numpy.py 1024
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
suite aa 520 --orders 4096,8192 --workloads geqrf,potrf,getrf,gesv --repeats 3 --aa
pack
