#!/bin/bash
# Session 17 (2026-11-27), call 7, nvidia-h200, about 2 minutes, from the checkout root; carry
# .gpu, .dev/lib, .dev/bin (this build: a rank-2k update's CPU rate at its rank-(2k) size, the
# trace's taught, taught_s and disturbed columns). Issue 20: the rank-k rows again, traced.
source profiles/measured/gpu-common.sh
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
pack
