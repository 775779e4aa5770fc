#!/bin/bash
# Session 18, call 3 (nvidia-h200, about 3 minutes; carry .gpu, .dev/lib, .dev/bin): issue 20's
# rank-k rows with the CPU rates from the program's calls kept per precision (an unseen one and
# its counterpart on the built-in rates, not on another precision's ratio). Call 1's sweep took
# single precision's ratio from its first four calls (ssyrk 512: 0.47 of the built-in rates) for
# the double rows too: dsyrk n = 8192, k = 64 predicted 26 ms on the CPU (15 taken), auto 0.85.
source profiles/measured/gpu-common.sh
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
pack
