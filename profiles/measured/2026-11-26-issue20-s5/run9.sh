#!/bin/bash
# Issue 20, session 5, call 10 (H200): call 9's numpy 4096 and dpotrf 8192 again (their traces
# did not come back: too many files), all in one archive.
source profiles/measured/gpu-common.sh
# (as run, a helper of its own renamed the directories after each workload's first run:
# NAME-ORDER held the cold run, cold-ORDER the warm, warm-ORDER cpu, cpu-ORDER device; and the
# device runs of every workload but the first shared one cache: those were not cold. The
# helper is now gpu-common.sh's modes, which also runs device mode warm.)
modes numpy 4096 python3 scripts/workload_numpy.py 4096
modes potrf 8192 .dev/bin/lapack-stream 8192 potrf
pack
