#!/bin/bash
# Issue 20, session 6, call 2 (nvidia-h200, the same machine as call 1, warm): tiny calls, the
# path of a call that stays on the CPU against the CPU BLAS called directly, three runs.
source profiles/measured/gpu-common.sh > /dev/null
for i in 1 2 3; do .dev/bin/tiny-calls 2>&1 | tail -4; done
