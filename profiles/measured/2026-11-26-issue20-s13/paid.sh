#!/bin/bash
# Issue 20, thirteenth session: the helper started at the exit of a run the device would have
# paid for (BLASROUTE_PREPARE=paid, the default now): numpy 4096 in auto mode on an empty
# cache, a pause for the helper (idle time, as between a user's runs), then two more auto
# runs; cpu mode and device mode (cold, warm) beside. The helper is the build's, named by
# BLASROUTE_TEST_PREPARE_HELPER (the library's installed path does not exist here).
#     bash profiles/measured/2026-11-26-issue20-s13/paid.sh
# Carried: .gpu, .dev (with bin/blasroute-prepare). Dry run: DRY=1 OUT=dir (order 512, PoCL).
source profiles/measured/gpu-common.sh
p=4096; [ "${DRY:-0}" = 1 ] && p=512 && export BLASROUTE_DEVICE=cpu
export BLASROUTE_VERBOSE=1 BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
c=/tmp/c-paid; rm -rf $c $c-c $c-d
traced paid run1 auto $c python3 scripts/workload_numpy.py $p
for i in $(seq 30); do pgrep -f blasroute-prepare > /dev/null || break; sleep 1; done
echo "helper gone after about $i s; stamp: $(cat $c/prepared-*.stamp 2>/dev/null | tr '\n' ' ')"
traced paid run2 auto $c python3 scripts/workload_numpy.py $p
traced paid run3 auto $c python3 scripts/workload_numpy.py $p
traced paid cpu cpu $c-c python3 scripts/workload_numpy.py $p
traced paid device device $c-d python3 scripts/workload_numpy.py $p
traced paid device-warm device $c-d python3 scripts/workload_numpy.py $p
cp $c/*.memo $c/*.stamp $OUT/paid/ 2>/dev/null
for f in $OUT/*/*.csv; do gzip $f; done
pack
