#!/bin/bash
# Session 35, call 2 (carry .dev/bundle: .dev/lib = e6e50d8, a CPU try's cost includes its
# spin's; .dev/lib-old = 95fa230, the hysteresis alone): call 1's sweeps, the builds in turn,
# twice each. On an H200: issue 22's figures beside cuBLAS first, then one sweep a build.
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  source profiles/measured/2026-12-07-s29/setup.sh
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  SWEEPS="charge1:lib hyst1:lib-old" bash profiles/measured/2026-12-07-s34/call5.sh
else
  SWEEPS="charge1:lib hyst1:lib-old charge2:lib hyst2:lib-old" \
      bash profiles/measured/2026-12-07-s34/call5.sh
fi
