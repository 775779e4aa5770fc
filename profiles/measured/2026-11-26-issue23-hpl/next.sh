#!/bin/bash
# Issue 24's next call on nvidia-h200-x2 (prepared 2026-11-26, not yet run): whether HPL's panel
# settings cut the time outside its Level-3 calls (9 to 10 s of 24 to 26 at N = 40000, the same
# on one rank and on each of two) and NB 1024 the host traffic, one rank against two, N = 40000:
#   - hpcc's defaults at NB 1024 on one rank (two ranks ran at 1943.1 GFLOP/s with them);
#   - NBMIN 32 (the recursion stops at 32 columns, whose Level-2 work fits the caches), on one
#     rank and two.
# Carried as hpl.sh says; about 8.5 minutes (HPL's own matrix generation and check: 81 + 90 s on
# one rank, half that on two). Next, if NBMIN 32 helps: left-looking recursion (rfact=0).
mkdir -p .dev/lapack && tar xJf .dev/mpi.tar.xz -C .dev
bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh runs blasroute:1x1:40000:1024 \
  blasroute:1x2:40000:1024:nbmin=32 blasroute:1x1:40000:1024:nbmin=32
