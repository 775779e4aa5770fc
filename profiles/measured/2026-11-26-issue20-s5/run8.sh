#!/bin/bash
# Issue 20, session 5, call 9 (H200): as calls 7 and 8 (reference-LAPACK dgeqrf 8192 and 4096,
# dgetrf and dpotrf 8192, traced: auto cold and warm, cpu, device cold; the NVIDIA kernel cache
# in each run's cache directory) after a sweep counts only the savings after the device is
# ready (opened, compiled), per call site; and the numpy workload at 8192 and 4096.
source profiles/measured/gpu-common.sh
# (as run, a helper of its own renamed the directories after each workload's first run:
# NAME-ORDER held the cold run, cold-ORDER the warm, warm-ORDER cpu, cpu-ORDER device; and the
# device runs of every workload but the first shared one cache: those were not cold. The
# helper is now gpu-common.sh's modes, which also runs device mode warm.)
for r in geqrf getrf potrf; do one $r 8192 .dev/bin/lapack-stream 8192 $r; done
modes geqrf 4096 .dev/bin/lapack-stream 4096 geqrf
for n in 8192 4096; do one numpy $n python3 scripts/workload_numpy.py $n; done
cd $OUT && for d in */; do tar czf ${d%/}.tgz $d && rm -rf $d; done; true
