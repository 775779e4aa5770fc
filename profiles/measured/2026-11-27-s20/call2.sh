#!/bin/bash
# Session 20 call 2, nvidia-h200, about 9 minutes; carry .dev/bundle (bd138e0's build).
# 1. numpy 2048 (call 1: auto 1.04 to 1.20 of cpu mode with no call on the device): five rounds
#    of cpu, auto on a warm cache, auto with BLASROUTE_WARMUP=savings (no opening on a thread),
#    each timed by the script; auto traced and verbose (does it open the device, and when).
# 2. The cells not yet measured with this build: the suite at 4096 (getrf, gesv, potrf, geqrf;
#    --min-seconds 6), numpy 4096, the Netlib programs.
source profiles/measured/gpu-common.sh
quiet=$(for i in 1 2 3; do stream 1024 getrf cpu; done | awk '{print $NF}' | sort -n | head -1)
echo "getrf 1024 cpu best of 3: $quiet"
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.02) }'; then uptime > $OUT/load.txt; pack; exit 0; fi
mkdir -p $OUT/numpy
c=/tmp/c-numpy; rm -rf $c
env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$c BLASROUTE_MODE=auto python3 scripts/workload_numpy.py 2048 > /dev/null 2>&1
for r in 1 2 3 4 5; do
  a=$(env LD_PRELOAD=$L BLASROUTE_MODE=cpu BLASROUTE_CACHE_DIR=/tmp/c-cpu python3 scripts/workload_numpy.py 2048 | awk '{print $3}')
  b=$(env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=$OUT/numpy/auto-$r.csv python3 scripts/workload_numpy.py 2048 2> $OUT/numpy/auto-$r.err | awk '{print $3}')
  s=$(env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=$c BLASROUTE_WARMUP=savings \
      python3 scripts/workload_numpy.py 2048 | awk '{print $3}')
  echo "round $r: cpu $a auto $b auto-savings $s"
done | tee $OUT/numpy/rounds.txt
grep -h "open\|device:" $OUT/numpy/auto-1.err | head -20
suite s4096 330 --orders 4096 --workloads getrf,gesv,potrf,geqrf --repeats 3 --min-seconds 6
suite numpy4096 150 --orders 4096 --workloads numpy --repeats 3
suite netlib 60 --workloads netlib --repeats 3
pack
