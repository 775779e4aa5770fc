#!/bin/bash
# Issue 20, sixth call: the closing build (the device opened only when it pays). dgetrf 2048
# five times in one process in cpu mode, auto with an empty cache (no memo), auto again (the
# memo present), traced; the suite for getrf, potrf and gesv at 2048 and 4096 and numpy at
# 2048; tiny calls. Carried as run1.sh.
set -u
source .gpu/env.sh > /dev/null
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
D=profiles/measured/2026-11-25-issue20-suite
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc; } > $OUT/machine.txt 2>&1
S=".dev/bin/lapack-stream 2048 getrf getrf getrf getrf getrf"
one() { name=$1; shift; echo "== $name: $*"
  env "$@" LD_PRELOAD=$L BLASROUTE_TRACE=$OUT/trace-$name.csv \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH $S
  python3 - $OUT/trace-$name.csv <<'PY'
import csv, sys
from collections import Counter
rows = list(csv.DictReader(open(sys.argv[1])))
for f in range(5):
    t = [float(r["measured_s"]) for r in rows[f * 4094:(f + 1) * 4094]]
    print(f"  factorization {f + 1}: {sum(t):.4f} s in its Level-3 calls; slowest {max(t):.4f} s")
print("  where and why:", dict(Counter((r["where"], r["reason"]) for r in rows)))
PY
  gzip -f $OUT/trace-$name.csv; }
{ rm -rf /tmp/brcache; export BLASROUTE_CACHE_DIR=/tmp/brcache
  one cpu BLASROUTE_MODE=cpu
  one auto-first BLASROUTE_MODE=auto
  one auto-memo BLASROUTE_MODE=auto
  one auto-memo-again BLASROUTE_MODE=auto
  cat /tmp/brcache/opened-*.memo 2>/dev/null || echo "no memo"
  unset BLASROUTE_CACHE_DIR
} > $OUT/window.txt 2>&1
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
timeout 200 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python python3 --orders 2048,4096 --max-numpy 2048 \
    --repeats 2 --workloads getrf,potrf,gesv,numpy --out $OUT/suite.txt \
    --keep $OUT/runs > $OUT/suite-progress.txt 2>&1
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
cat $OUT/window.txt $OUT/tiny.txt $OUT/suite-progress.txt | tail -60
