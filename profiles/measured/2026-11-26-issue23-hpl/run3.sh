#!/bin/bash
# Third call on nvidia-h200-x2 (2026-11-26): the README's plot (one H200), OpenBLAS alone at
# N = 40000, and two ranks at NB = 1024 (half the host traffic per flop of NB = 512); one rank
# at NB = 1024 only if two ranks reached 1.7 times one rank's 1633 GFLOP/s at NB = 512.
mkdir -p .dev/lapack && tar xJf .dev/mpi.tar.xz -C .dev
PLOT_LIMIT=150 bash profiles/measured/2026-11-26-issue23-plot/plot.sh d
mkdir -p $OUT/plot && mv $OUT/h200-dgemm* $OUT/plot/
bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh runs openblas:1x2:40000 blasroute:1x2:40000:1024
two=$(awk '/^blasroute 40000 1x2 1024/ {sub("Gflops=", "", $5); print $5}' $OUT/hpl-runs.txt)
if awk "BEGIN { exit !(${two:-0} >= 1.7 * 1633.5) }"; then
  mv $OUT/hpl-runs.txt $OUT/hpl-runs-1.txt
  bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh runs blasroute:1x1:40000:1024
fi
