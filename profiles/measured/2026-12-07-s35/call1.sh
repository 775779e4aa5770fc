#!/bin/bash
# Session 35, call 1 (carry .dev/bundle: .dev/lib = 95fa230, the decision hysteresis;
# .dev/lib-old = 6e2cc5e, before it): issue 20's modes sweep (session 33's call4.sh sweep:
# s and d GEMM, SYMM, rank-k, TRMM at 256 and 512 after a pass at 512, traced), the builds in
# turn, twice each. On an H200: issue 22's figures beside cuBLAS first (session 33's call1.sh),
# then one sweep a build. NEW and OLD name the two builds' sweeps (call2.sh sets them).
NEW=${NEW:-hyst} OLD=${OLD:-base}
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  source profiles/measured/2026-12-07-s29/setup.sh
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  SWEEPS="${NEW}1:lib ${OLD}1:lib-old" bash profiles/measured/2026-12-07-s34/call5.sh
else
  SWEEPS="${NEW}1:lib ${OLD}1:lib-old ${NEW}2:lib ${OLD}2:lib-old" \
      bash profiles/measured/2026-12-07-s34/call5.sh
fi
