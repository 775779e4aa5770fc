#!/bin/bash
# Session 18, call 5 (nvidia-h200, about 2 minutes; carry .gpu, .dev/lib, .dev/bin): call 3's
# rank-k rows again, now also with the first call of each path and precision counted in any
# mode (br_learn_path_used): in call 3 auto's first device try of dsyrk n = 8192, k = 64 was
# thrown away as a first call although device mode had run it, and all three of auto's timed
# calls of the row were device tries (0.61 of the CPU). Two sweeps: the second starts from
# what the first left in its cache (the CPU rates, the learned table).
source profiles/measured/gpu-common.sh
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
mkdir -p $OUT/second && OUT=$OUT/second bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
pack
