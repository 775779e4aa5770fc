#!/bin/bash
# Issue 20, session 6, call 3 (nvidia-h200): the prepare helper (src/prepare.c) on numpy 4096,
# whose first run does not open the device: auto mode's first run (its helper started), its next
# run at once, another once the helper has marked its stamp done, then cpu, device cold and
# warm; and reference-LAPACK dgetrf 8192 in every mode (gpu-common.sh's modes), whose first run
# starts a helper too: is the program slowed by it? SkylakeX kernels (gpu-common.sh).
source profiles/measured/gpu-common.sh
export BLASROUTE_PREPARE=$PWD/.dev/bin/blasroute-prepare
# done_stamp CACHE: waits (up to 60 s) for the helper started from CACHE to say it is done.
done_stamp() {
  for i in $(seq 600); do grep -q '^done' $1/prepared-*.stamp 2> /dev/null && return 0; sleep 0.1; done
  return 1; }
c=/tmp/c-numpy-4096; rm -rf $c $c-c $c-d
traced numpy-4096 cold auto $c python3 scripts/workload_numpy.py 4096
traced numpy-4096 next auto $c python3 scripts/workload_numpy.py 4096
start=$(date +%s.%N); done_stamp $c; echo "helper done $(awk "BEGIN {print $(date +%s.%N) - $start}") s later"
traced numpy-4096 warm auto $c python3 scripts/workload_numpy.py 4096
traced numpy-4096 cpu cpu $c-c python3 scripts/workload_numpy.py 4096
traced numpy-4096 device device $c-d python3 scripts/workload_numpy.py 4096
traced numpy-4096 device-warm device $c-d python3 scripts/workload_numpy.py 4096
cp $c/prepared-*.stamp $c/opened-*.memo $OUT/numpy-4096/ 2> /dev/null
modes getrf 8192 .dev/bin/lapack-stream 8192 getrf
pack
