#!/bin/bash
# Session 23, nvidia-h200, about 4 minutes; carry .dev/bundle (the build of 6b4b661: a first
# run's sweep projection from steady steps only). Reference dpotrf 8192, four rounds of a cpu
# run and a cold auto run (each on an empty cache, traced): in session 22 one cold run in three
# opened the device for the projection of its slow first steps and lost 0.9 s. Then dpotrf
# 16384, which the device wins: cpu, cold (it must still open), warm after the helper.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
for i in 1 2 3 4; do
  c=/tmp/c-p8-$i; rm -rf $c $c-c
  traced potrf8192 cpu$i cpu $c-c .dev/bin/lapack-stream 8192 potrf
  traced potrf8192 cold$i auto $c .dev/bin/lapack-stream 8192 potrf
done
c=/tmp/c-p16; rm -rf $c $c-c
traced potrf16384 cpu cpu $c-c .dev/bin/lapack-stream 16384 potrf
BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare \
  traced potrf16384 cold auto $c .dev/bin/lapack-stream 16384 potrf
for i in $(seq 100); do grep -qs "done = " $c/prepared-*.stamp && break; sleep 0.2; done
traced potrf16384 warm auto $c .dev/bin/lapack-stream 16384 potrf
traced potrf16384 cpu2 cpu $c-c .dev/bin/lapack-stream 16384 potrf
for f in $OUT/*/*.csv; do
  echo "$f $(awk -F, 'NR>1{w[$10]++} END{for(k in w) printf "%s %d ", k, w[k]}' $f)"; done
gzip -9 $OUT/*/*.csv
pack
