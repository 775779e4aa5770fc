#!/bin/bash
# Issue 20, second session, fifth call: what slows dgeqrf 8192's device calls in auto mode
# (run4: the uploads of dlarfb's dgemm fell from about 40 GB/s to 12 from its 141st call on,
# in auto mode only). One traced run each: device mode; device mode with dtrmm kept on the CPU
# (as auto mode keeps it: OpenBLAS calls between the device calls); the same with OpenBLAS on 8
# threads; auto mode on an empty cache. Prints each run's upload rate of the T-N dgemm (A's
# 8 bytes x k x m moved) by eighths of the run. Carried: .gpu, .dev (run2's build).
#     bash profiles/measured/2026-11-25-issue20-memo/run5.sh   (from the checkout root)
source profiles/measured/gpu-common.sh
mkdir -p /tmp/t
printf '[general]\nmode = device\n[trmm]\nmode = cpu\n' > /tmp/trmm-cpu.policy
one() { # NAME VAR=VALUE...
  name=$1; shift
  rm -rf /tmp/c-$name
  env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-$name BLASROUTE_REPORT=1 "$@" \
      BLASROUTE_TRACE=/tmp/t/trace-$name.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      .dev/bin/lapack-stream 8192 geqrf 2> /tmp/t/report-$name.txt | sed "s/^/$name: /"
  python3 - /tmp/t/trace-$name.csv <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
tn = [(i, r) for i, r in enumerate(rows) if r["routine"] == "dgemm" and r["transa"] == "T"]
dev = [(i, r) for i, r in tn if r["where"] == "device"]
print(f"   {len(dev)} of {len(tn)} T-N dgemm on the device; upload GB/s by eighths of the run:")
line = []
for part in range(8):
    sel = [r for i, r in dev if part * len(rows) // 8 <= i < (part + 1) * len(rows) // 8]
    if sel:
        gb = sum(8.0 * int(r["m"]) * int(r["k"]) for r in sel) / 1e9
        line.append(f"{gb / sum(float(r['measured_s']) for r in sel):5.1f}")
    else:
        line.append("    -")
print("   " + " ".join(line))
PY
}
one device BLASROUTE_MODE=device
one trmm-cpu BLASROUTE_POLICY=/tmp/trmm-cpu.policy
one trmm-cpu-8 BLASROUTE_POLICY=/tmp/trmm-cpu.policy OPENBLAS_NUM_THREADS=8
one auto BLASROUTE_MODE=auto
tar czf $OUT/traces.tgz -C /tmp t
