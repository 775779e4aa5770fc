#!/bin/bash
# Issue 20, second session, fourth call: traces of dgeqrf 8192 (device mode, auto mode cold
# and warm) to see why its first device calls in auto mode took six times their prediction
# (run3's learned table), tarred so that they come back; then the rest of run3's --modes
# sweep in double precision (trmm, trsm). Carried: .gpu, .dev (run2's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run4.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
mkdir -p /tmp/t
one() { # NAME CACHE MODE
  env LD_PRELOAD=$L BLASROUTE_MODE=$3 BLASROUTE_CACHE_DIR=/tmp/$2 BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=/tmp/t/trace-$1.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream 8192 geqrf 2> /tmp/t/report-$1.txt | sed "s/^/$1: /"; }
rm -rf /tmp/c-*
one device c-dev device
one auto-cold c-auto auto
one auto-warm c-auto auto
cp /tmp/c-auto/*.memo /tmp/c-auto/learned-* /tmp/t/ 2>/dev/null
python3 - /tmp/t <<'PY'
import csv, sys, os
for name in ("device", "auto-cold", "auto-warm"):
    rows = list(csv.DictReader(open(os.path.join(sys.argv[1], f"trace-{name}.csv"))))
    dev = [r for r in rows if r["routine"] == "dgemm" and r["where"] != "cpu"]
    print(f"== {name}: {len(rows)} calls, dgemm on the device {len(dev)}")
    shown = 0
    for i, r in enumerate(rows):
        if r["routine"] != "dgemm": continue
        if (r["where"] != "cpu" or i < 40) and shown < 45:
            shown += 1
            print(" ", i, r["m"], r["n"], r["k"], r["where"], r["reason"][:40], r["predicted_cpu_s"],
                  r["predicted_device_s"], r["measured_s"])
PY
tar czf $OUT/traces.tgz -C /tmp t
export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
timeout 170 .dev/bin/blasroute-bench --routine trmm,trsm --precision d \
    --sizes 256,1024,4096,64x8192,8192x64 --modes cpu,device,auto --repeat 3 \
    --pause 50 --no-clblast --csv > $OUT/modes-d-tr.csv 2> $OUT/modes-d-tr.err
python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-d-tr.csv | tee $OUT/modes-d-tr-summary.txt
