#!/bin/bash
# Issue 20, fifth call: where auto mode's first factorization loses time with the opening at
# idle priority (run4: getrf 2048 auto 0.53-0.65 s against 0.24 in cpu mode, every call on the
# CPU). dgetrf 2048 five times in one process, traced: cpu mode; auto with the opening on the
# idle warm-up thread (memo present, cache warm); auto opening in the call (WARMUP=wait).
set -u
source .gpu/env.sh > /dev/null
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lapack:$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
D=profiles/measured/2026-11-25-issue20-suite
export BLASROUTE_CACHE_DIR=/tmp/brcache
S=".dev/bin/lapack-stream 2048 getrf getrf getrf getrf getrf"
LD_PRELOAD=$L BLASROUTE_MODE=auto $S > /dev/null 2>&1   # the cache and the memo filled
LD_PRELOAD=$L BLASROUTE_MODE=auto $S > /dev/null 2>&1
one() { name=$1; shift; echo "== $name: $*"
  env "$@" LD_PRELOAD=$L BLASROUTE_TRACE=$OUT/trace-$name.csv $S
  # per factorization (4094 Level-3 calls each): seconds in CPU calls, the slowest call
  python3 - $OUT/trace-$name.csv <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for f in range(5):
    part = rows[f * 4094:(f + 1) * 4094]
    t = [float(r["measured_s"]) for r in part]
    slow = max(range(len(t)), key=lambda i: t[i])
    print(f"  factorization {f + 1}: {sum(t):.4f} s in {len(t)} calls; slowest call {t[slow]:.4f} s"
          f" (#{slow}, {part[slow]['where']}: {part[slow]['reason']}); calls over 1 ms: "
          f"{sum(x > 1e-3 for x in t)}")
print("  reasons:", sorted(set(r["reason"] for r in rows)))
PY
  gzip -f $OUT/trace-$name.csv; }
{ one cpu BLASROUTE_MODE=cpu
  one auto BLASROUTE_MODE=auto
  one auto-again BLASROUTE_MODE=auto
  one wait BLASROUTE_MODE=auto BLASROUTE_WARMUP=wait
  ls -la /tmp/brcache; cat /tmp/brcache/opened-*.memo
} > $OUT/window.txt 2>&1
cat $OUT/window.txt
