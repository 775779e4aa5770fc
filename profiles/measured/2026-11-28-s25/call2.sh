#!/bin/bash
# Session 25, about 3 minutes; carry .dev/bundle (1b20dcd). Where auto mode loses 2 to 6% on
# short reference-LAPACK programs whose every call stays on the CPU (call 1: geqrf 2048, syevd
# 1024, potrf 2048): each program run in rounds of cpu mode beside auto-mode variants, each
# variant turning one part off: the learning (BLASROUTE_LEARN=0), the thread management
# (BLASROUTE_CPU_THREADS=keep), the kernel driver's GPU list (no guess), and a cold cache.
source profiles/measured/gpu-common.sh
python3 - <<'PY' | tee $OUT/reads.txt
import time, glob
for p in ["/proc/cpuinfo"] + glob.glob("/proc/driver/nvidia/gpus/*/information"):
    ts = []
    for i in range(30):
        t = time.perf_counter(); open(p).read(); ts.append(time.perf_counter() - t)
    ts.sort(); print(p, "read ms: min %.3f median %.3f max %.3f" % (ts[0]*1e3, ts[15]*1e3, ts[-1]*1e3))
PY
one() { # NAME MODE CACHE VARS... ; prints NAME SECONDS DGEMM_SECONDS
  local name=$1 mode=$2 cache=$3; shift 3
  local out
  out=$(env LD_PRELOAD=$L BLASROUTE_MODE=$mode BLASROUTE_CACHE_DIR=$cache BLASROUTE_REPORT=1 \
        CUDA_CACHE_PATH=$cache/nvidia "$@" LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
        .dev/bin/lapack-stream $N $W 2>&1)
  echo "$W-$N $name $(echo "$out" | head -1 | awk '{print $3}') $(echo "$out" | awk -F, '/report: dgemm/ {print $5}')"; }
for wn in "potrf 2048" "geqrf 2048" "syevd 1024"; do
  set -- $wn; W=$1 N=$2
  rm -rf /tmp/cw; one prime auto /tmp/cw > /dev/null; one prime auto /tmp/cw > /dev/null
  for r in $(seq 1 25); do
    one cpu cpu /tmp/cc
    one warm auto /tmp/cw
    rm -rf /tmp/cold; one cold auto /tmp/cold
    one learn0 auto /tmp/cw BLASROUTE_LEARN=0
    one keep auto /tmp/cw BLASROUTE_CPU_THREADS=keep
    one noguess auto /tmp/cw BLASROUTE_TEST_NVIDIA_PROC=/nonexistent
    one cpu2 cpu /tmp/cc
  done
done > $OUT/variants.txt
python3 - $OUT/variants.txt <<'PY' | tee $OUT/variants-summary.txt
import sys, collections, statistics
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 3: d[(f[0], f[1])].append((float(f[2]), float(f[3]) if len(f) > 3 else 0))
for (w, v), xs in sorted(d.items()):
    t = sorted(x[0] for x in xs); g = sorted(x[1] for x in xs)
    print(f"{w:12} {v:8} best {t[0]:.4f} q1 {t[len(t)//4]:.4f} med {statistics.median(t):.4f}  dgemm best {g[0]:.4f} med {statistics.median(g):.4f}")
PY
cp -r /tmp/cw $OUT/cache-warm 2>/dev/null
pack
